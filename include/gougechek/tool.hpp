#pragma once
// Cutter descriptions as the user gives them (`--tool ball:6,flute=24`, tool tables).
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gougechek {

enum class CutterType { Ball, Flat, Bull, Taper };

/// One piece of a tool assembly (flutes, neck, shank, extension, holder): a convex solid of
/// revolution about the spindle axis, heights in mm above the tool tip. It is a core, the
/// frustum from radius_bottom at z_bottom to radius_top at z_top (a disc, a piece of the axis
/// or a point where those coincide), grown by a sphere of radius `rounding`: a ball end is the
/// core {R, L, 0, 0} rounded by R, a bull nose the core {r, L, R−r, R−r} rounded by r. With
/// rounding 0 the rims are sharp (the checker rounds them by a skin far below the tolerance).
/// A profile that is not convex (a lollipop, a stepped holder) is a stack of pieces, each
/// checked alike: docs/checking-rules.md "Tool assemblies".
struct ToolSegment {
  std::string name;      ///< what the reports call it: "flutes", "shank", "holder: nut", ...
  bool cutting = false;  ///< contact is a gouge or rapid collision; else a holder collision
  double z_bottom = 0, z_top = 0;            ///< of the core, z_bottom ≤ z_top
  double radius_bottom = 0, radius_top = 0;  ///< of the core, ≥ 0
  double rounding = 0;                       ///< ≥ 0
  bool operator==(const ToolSegment&) const = default;
};

struct ToolSpec {
  CutterType type = CutterType::Ball;
  double diameter = 0;         ///< D: full diameter (taper: diameter at the tip's widest point)
  double corner_radius = 0;    ///< r: ball D/2, flat 0
  double taper_angle_deg = 0;  ///< taper: flank half-angle A from the axis, degrees
  double flute_length = 0;     ///< L: cutting length from the tip
  double shank_diameter = 0;   ///< DS: non-cutting cylinder above the flutes
  double overall_length = 0;   ///< LT: tip to holder face; 0 = shank not checked
  double length_offset = 0;    ///< tool table Z: the tool length offset G43 applies (mm)
  /// Extension and holder pieces above the shank, heights from the tool tip, bottom first.
  std::vector<ToolSegment> holder{};
  std::string holder_name{};  ///< the holder as its library or family names it; empty: none
  bool operator==(const ToolSpec&) const = default;
};

/// The whole assembly, tip first: the cutting pieces of `tool`'s type, the shank (from the
/// flutes to the holder face, when overall_length is longer than the flutes), then `holder`.
std::vector<ToolSegment> toolAssembly(const ToolSpec& tool);

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
