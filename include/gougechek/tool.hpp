#pragma once
// Cutter descriptions as the user gives them (`--tool ball:6,flute=24`, tool tables).
#include <istream>
#include <map>
#include <optional>
#include <string>

namespace gougechek {

enum class CutterType { Ball, Flat, Bull, Taper };

struct ToolSpec {
  CutterType type = CutterType::Ball;
  double diameter = 0;         ///< D: full diameter (taper: diameter at the tip's widest point)
  double corner_radius = 0;    ///< r: ball D/2, flat 0
  double taper_angle_deg = 0;  ///< taper: flank half-angle A from the axis, degrees
  double flute_length = 0;     ///< L: cutting length from the tip
  double shank_diameter = 0;   ///< DS: non-cutting cylinder above the flutes
  double overall_length = 0;   ///< LT: tip to holder face; 0 = shank not checked
  double length_offset = 0;    ///< tool table Z: the tool length offset G43 applies (mm)
};

/// Which cutter each tool number uses. `fallback` serves tool numbers not in `by_number`.
struct ToolLibrary {
  std::map<int, ToolSpec> by_number;
  std::optional<ToolSpec> fallback;
  /// The spec for `number`, or nullptr when no cutter is known for it.
  const ToolSpec* find(int number) const;
};

/// Parses `ball:D`, `flat:D`, `bull:D:r`, `taper:D:r:A` with optional `,flute=L`, `,shank=DS`,
/// `,length=LT`. Fills defaults (flute 4·D, shank D). Throws InputError naming `origin`.
ToolSpec parseToolSpec(const std::string& text, const std::string& origin);

/// Reads the LinuxCNC tool table at `path` (`T1 P1 D6.0 Z+50.0 ;ball flute=24`, README "Tool
/// tables"); throws InputError(path, line, column, ...) on any fault, with the system's reason
/// when the file cannot be opened or read, and for a directory.
ToolLibrary readToolTable(const std::string& path);

/// Reads a tool table from `in`; `file_name` is used in messages.
ToolLibrary readToolTable(std::istream& in, const std::string& file_name);

/// The name docs/cli.md uses for the type: "ball", "flat", "bull", "taper".
const char* cutterTypeName(CutterType type);

}  // namespace gougechek
