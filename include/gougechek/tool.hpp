#pragma once
// Cutter descriptions as the user gives them (`--tool ball:6,flute=24`, tool tables).
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/export.hpp"

namespace gougechek {

/// Ball, flat, bull and taper end mills; Chamfer (chamfer mill, V-bit, spot drill: a cone from
/// a tip diameter widening to D); Drill (a point of included angle, then a cylinder); Lollipop
/// (a cutting sphere on a non-cutting neck); Dovetail (a cutting cone narrowing upward, on a neck).
/// docs/tools.md draws each.
enum class CutterType { Ball, Flat, Bull, Taper, Chamfer, Drill, Lollipop, Dovetail };

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

/// A cutter and what holds it, as `--tool`, a tool table or a tool library describes it
/// (docs/tools.md); lengths in mm.
struct ToolSpec {
  CutterType type = CutterType::Ball;  ///< the cutting shape
  double diameter = 0;       ///< D: full diameter (taper: diameter at the tip's widest point)
  double corner_radius = 0;  ///< r: ball D/2, flat 0
  /// taper and chamfer: flank half-angle A from the axis, widening upward; dovetail: narrowing
  double taper_angle_deg = 0;
  double flute_length = 0;    ///< L: cutting length from the tip (lollipop, dovetail: the reach)
  double shank_diameter = 0;  ///< DS: non-cutting cylinder above the flutes
  double overall_length = 0;  ///< LT: tip to holder face; 0 = shank not checked
  double length_offset = 0;   ///< tool table Z: the tool length offset G43 applies (mm)
  /// Extension and holder pieces above the shank, heights from the tool tip, bottom first.
  std::vector<ToolSegment> holder{};
  std::string holder_name{};   ///< the holder as its library or family names it; empty: none
  double tip_diameter = 0;     ///< chamfer: d, the cone's diameter at the tip (0: a point)
  double point_angle_deg = 0;  ///< drill: the point's included angle P, degrees
  double neck_diameter = 0;    ///< lollipop, dovetail: the non-cutting neck above the head
  double cutting_height = 0;   ///< dovetail: h, the cutting cone's height
  /// centre=d: the diameter of the end's middle that does not cut (an end mill that is not
  /// centre-cutting); a plunge into the raw stock meets material there. 0: cuts at its centre.
  double dead_centre_diameter = 0;
  bool operator==(const ToolSpec&) const = default;
};

/// The whole assembly, tip first: the cutting pieces of `tool`'s type, the shank (from the
/// flutes to the holder face, when overall_length is longer than the flutes), then `holder`.
GOUGECHEK_API std::vector<ToolSegment> toolAssembly(const ToolSpec& tool);

/// A tool a library lists whose shape gougechek cannot model (a thread mill, a tap, a form
/// tool): refused when a program uses it, never replaced by another shape.
struct RefusedTool {
  std::string file;    ///< the library that lists it
  std::string reason;  ///< names the tool and what is not supported
  bool operator==(const RefusedTool&) const = default;
};

/// Which cutter each tool number uses. `fallback` serves tool numbers in neither map.
struct ToolLibrary {
  std::map<int, ToolSpec> by_number;   ///< the cutters listed, by tool number
  std::map<int, RefusedTool> refused;  ///< tools listed whose shape is not supported
  std::map<int, std::string> files;    ///< the file each listed number comes from, if any
  std::optional<ToolSpec> fallback;
  /// The spec for `number`, or nullptr when no cutter is known for it. Throws InputError for a
  /// refused tool.
  GOUGECHEK_API const ToolSpec* find(int number) const;
};

/// Parses `ball:D`, `flat:D`, `bull:D:r`, `taper:D:r:A`, `chamfer:D:d:A`, `vbit:D:V`, `spot:D:V`,
/// `drill:D:P`, `lollipop:D`, `dovetail:D:A:h` with optional `,flute=L`, `,shank=DS`,
/// `,length=LT`, `,neck=d` and `,holder=NAME` (docs/tools.md). Fills defaults (flute 4·D, shank
/// D). Throws InputError naming `origin`.
GOUGECHEK_API ToolSpec parseToolSpec(const std::string& text, const std::string& origin);

/// Reads the LinuxCNC tool table at `path` (`T1 P1 D6.0 Z+50.0 ;ball flute=24`, docs/cli.md,
/// "Tool tables"); throws InputError(path, line, column, ...) on any fault, with the system's
/// reason when the file cannot be opened or read, and for a directory.
GOUGECHEK_API ToolLibrary readToolTable(const std::string& path);

/// Reads a tool table from `in`; `file_name` is used in messages.
GOUGECHEK_API ToolLibrary readToolTable(std::istream& in, const std::string& file_name);

/// Reads a tool library, the format told by its content and extension: a FreeCAD library
/// (`.fctl`, its ToolBits beside it), a Fusion 360 tool library (`.json` with "data"), else a
/// LinuxCNC tool table; a lone ToolBit (`.fctb`, no tool number) is an InputError. A tool whose
/// shape gougechek cannot model is kept as refused: find() then throws InputError naming the file
/// and the tool (docs/tools.md "Tool libraries").
GOUGECHEK_API ToolLibrary readToolLibrary(const std::string& path);

/// Adds `more` to `into`; a tool number both define is an InputError naming both files.
GOUGECHEK_API void mergeToolLibrary(ToolLibrary& into, const ToolLibrary& more);

/// The holder family `name` (`ER32`, `shrink:6`, `sidelock:6`) or a holder profile file, as
/// segments from `stickout` mm above the tip up (docs/tools.md "Holders"). Throws InputError
/// naming `origin`.
GOUGECHEK_API std::vector<ToolSegment> holderSegments(const std::string& name, double stickout,
                                                      const std::string& origin,
                                                      std::string* holder_name);

/// The name docs/cli.md uses for the type: "ball", "flat", "bull", "taper", "chamfer", "drill",
/// "lollipop", "dovetail".
GOUGECHEK_API const char* cutterTypeName(CutterType type);

}  // namespace gougechek
