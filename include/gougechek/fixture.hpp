#pragma once
// What stands in the machine beside the part, and how the machine moves on a rapid: fixtures
// (vises, clamps, the table) as protected bodies no piece of the tool may come near, and the
// path a rapid (G0) really takes (docs/checking-rules.md "Fixtures", "Rapid paths").
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gougechek/export.hpp"
#include "gougechek/mesh.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek {

/// The path of a rapid: one straight line (the axes interpolated together), or the dog-leg of a
/// machine whose axes each move at their own rapid rate until each reaches its end.
enum class RapidPath : std::uint8_t { Linear, Dogleg };

/// "linear" or "dogleg", as --rapid-path takes it (inline: the reports name it without
/// linking the fixture stage).
inline const char* rapidPathName(RapidPath path) {
  return path == RapidPath::Dogleg ? "dogleg" : "linear";
}

/// The path of a --rapid-path value, if it names one.
GOUGECHEK_API std::optional<RapidPath> rapidPathFromName(std::string_view name);

enum class SettingNames : std::uint8_t;  // gougechek/verify.hpp

/// The path `name` names; throws InputError (no file) naming the setting as `names` spell it
/// ("--rapid-path: 'zigzag' is neither linear nor dogleg") when it names none.
GOUGECHEK_API RapidPath rapidPathNamed(std::string_view name, SettingNames names);

/// Where a dog-leg rapid from `from` to `to` turns, in order (none to two corners): each axis
/// moves at its own rate (mm/min, each > 0) from the start until it reaches its end, so the
/// path is up to three straight legs, one ending as each axis stops.
GOUGECHEK_API std::vector<Vec3> doglegCorners(const Vec3& from, const Vec3& to, const Vec3& rates);

/// A rigid placement: p ↦ rotation·p + shift.
struct Placement {
  std::array<Vec3, 3> rows{Vec3{1, 0, 0}, Vec3{0, 1, 0}, Vec3{0, 0, 1}};  ///< the rotation
  Vec3 shift{0, 0, 0};
  /// `point` placed.
  Vec3 apply(const Vec3& point) const;
};

/// Reads a --fixture-transform: steps applied in order, separated by spaces, each
/// `translate X,Y,Z` (mm) or `rotate-x|rotate-y|rotate-z DEG` (counter-clockwise seen from the
/// axis' positive end, about the origin); empty or `none`: the identity. Quarter turns are
/// exact. Throws InputError (no file) naming `option` and what is wrong.
GOUGECHEK_API Placement parsePlacement(const std::string& text, const std::string& option);

/// A fixture as checked: its mesh, in mm, placed.
struct Fixture {
  std::string file;       ///< as given
  std::string placement;  ///< its --fixture-transform as given ("" for none)
  Mesh mesh;
};

/// What the machine holds and how it moves: the fixtures with their clearance, and the path
/// rapids take. The default is the check of the part alone, rapids straight.
struct MachineSetup {
  std::vector<Fixture> fixtures;
  double fixture_clearance = 0;  ///< mm every piece keeps from every fixture (0: no contact)
  RapidPath rapid_path = RapidPath::Linear;
  Vec3 rapid_rates{0, 0, 0};  ///< mm/min per axis, for RapidPath::Dogleg
};

}  // namespace gougechek
