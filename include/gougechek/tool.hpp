#pragma once
// Cutter descriptions as the user gives them (`--tool ball:6,flute=24`, tool tables).
#include <optional>
#include <string>

namespace gougechek {

enum class CutterType { Ball, Flat, Bull, Taper };

struct ToolSpec {
  CutterType type = CutterType::Ball;
  double diameter = 0;          ///< D: full diameter (taper: diameter at the tip's widest point)
  double corner_radius = 0;     ///< r: ball D/2, flat 0
  double taper_angle_deg = 0;   ///< taper: flank half-angle A from the axis, degrees
  double flute_length = 0;      ///< L: cutting length from the tip
  double shank_diameter = 0;    ///< DS: non-cutting cylinder above the flutes
  double overall_length = 0;    ///< LT: tip to holder face; 0 = shank not checked
};

/// Parses `ball:D`, `flat:D`, `bull:D:r`, `taper:D:r:A` with optional `,flute=L`, `,shank=DS`,
/// `,length=LT`. Fills defaults (flute 4·D, shank D). Throws InputError naming `origin`.
ToolSpec parseToolSpec(const std::string& text, const std::string& origin);

/// The name SPEC.md uses for the type: "ball", "flat", "bull", "taper".
const char* cutterTypeName(CutterType type);

}  // namespace gougechek
