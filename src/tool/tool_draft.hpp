#pragma once
// What both cutter syntaxes (`--tool ball:6,flute=24` and tool-table lines) have in common:
// the values the user wrote, before defaults and checks. One validation serves both, so a
// cutter is accepted or rejected the same way wherever it is described.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "gougechek/tool.hpp"

namespace gougechek {

/// Where a cutter description came from, for error messages: a file (or option name) and line.
struct ToolOrigin {
  std::string file;
  std::size_t line = 0;  ///< 0 for a command-line option
};

/// Values as given; unset optionals take their defaults in finishToolSpec.
struct ToolDraft {
  CutterType type = CutterType::Flat;
  double diameter = 0;
  std::optional<double> corner_radius;
  std::optional<double> taper_angle_deg;
  std::optional<double> flute_length;
  std::optional<double> shank_diameter;
  std::optional<double> overall_length;
  std::optional<double> tip_diameter;     ///< chamfer d
  std::optional<double> point_angle_deg;  ///< drill P, included
  std::optional<double> neck_diameter;    ///< lollipop, dovetail
  std::optional<double> cutting_height;   ///< dovetail h
  std::optional<double> dead_centre;      ///< centre=: the end's middle that does not cut
  std::optional<std::string> holder;      ///< a holder family or profile file (holder=)
};

/// Joins the parts of a message. Appending to one string, rather than chaining `"..." + str`,
/// also keeps GCC 12's false -Wrestrict warning on that pattern away.
template <typename... Parts>
std::string concat(const Parts&... parts) {
  std::string text;
  (text.append(std::string_view(parts)), ...);
  return text;
}

[[noreturn]] void throwToolError(const ToolOrigin& origin, const std::string& message);

/// "ball", "flat", "bull", "taper", "chamfer", "drill", "lollipop", "dovetail" → the type;
/// anything else → nullopt.
std::optional<CutterType> cutterTypeFromName(std::string_view name);

/// A finite decimal number making up all of `text` (a leading '+' is allowed).
double parseToolNumber(std::string_view text, std::string_view what, const ToolOrigin& origin);

/// Applies `key=value` for the keys both syntaxes share: flute, shank, length. Returns false
/// for any other key; throws when the key was already given.
bool applyLengthOption(ToolDraft& draft, std::string_view key, double value,
                       const ToolOrigin& origin);

/// Applies `key=value` for the shape keys of the tool table comment: r (bull corner, taper
/// tip radius), angle (taper, chamfer, dovetail half-angle), tip (chamfer tip diameter), point
/// (drill included angle), neck (lollipop, dovetail), h (dovetail cutting height). Returns false
/// for a key that does not apply to the draft's type; throws when it was already given.
bool applyShapeOption(ToolDraft& draft, std::string_view key, double value,
                      const ToolOrigin& origin);

/// Checks the draft against the cutter rules of docs/checking-rules.md and docs/tools.md and
/// fills the defaults; a holder= is placed at the overall length (holderSegments).
ToolSpec finishToolSpec(const ToolDraft& draft, const ToolOrigin& origin);

/// `text` with ASCII letters in lower case: types, keys and extensions are read in any case.
std::string lowercase(std::string_view text);

/// The holder a `--tool` text names with `,holder=NAME` (a family or a profile file), if any.
std::optional<std::string> holderNamedIn(const std::string& tool_text);

/// The decimal text of `value`, shortest that reads back the same.
std::string formatNumber(double value);

/// The largest size accepted, mm: every size of a cutter (diameter, corner radius, flute, shank,
/// overall length, given or defaulted) and of a holder. Far beyond any real cutter (a 100 m
/// ball), yet small enough that every distance the check measures with it keeps double
/// precision to well below 1e-6 mm of the depth: at 1e17 mm a ball misses a 1 mm plunge.
inline constexpr double kMaxCutterSize = 1e5;

}  // namespace gougechek
