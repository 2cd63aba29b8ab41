#pragma once
// A cut across a cutter's side over a box (a node of the part's tree): where a cutter's side is
// buried in a wall, the k-DOP's few side directions bound the wall's nodes by up to 8 % of the
// radius too deep (K = 18: an octagon about the circle), while the cut square to the core's
// axis toward the box is exact there (convex/depth_bounds: every unit direction v bounds the
// depth by the affine m + h_K(v) − v·x).
#include <algorithm>
#include <cmath>
#include <optional>

#include "convex/cut_envelope.hpp"
#include "convex/frustum_core.hpp"

namespace gougechek {

/// The unit direction square to the Z axis from the point of the spine [from, to] nearest the
/// middle of the box [lo, hi] toward that middle; none where that point lies within the box's
/// extent across Z (the cut could not bound the box below the skin there).
inline std::optional<Vec3> sideCutDirection(const Vec3& from, const Vec3& to, const Vec3& lo,
                                            const Vec3& hi) {
  const Vec3 middle = (lo + hi) / 2, spine = to - from;
  const double length2 = norm2(spine);
  const double t = length2 > 0 ? std::clamp(dot(middle - from, spine) / length2, 0.0, 1.0) : 0.0;
  const Vec3 nearest = from + spine * t;
  if (nearest.x >= lo.x && nearest.x <= hi.x && nearest.y >= lo.y && nearest.y <= hi.y)
    return std::nullopt;
  const Vec3 toward = middle - nearest;
  const double length = std::sqrt(toward.x * toward.x + toward.y * toward.y);
  return Vec3{toward.x / length, toward.y / length, 0};
}

/// The unit normal of a sloped core's flank (radius growing or shrinking with height) on the
/// side `side` (unit, square to the Z axis) points: the cut along it is exact for a wall the
/// flank is buried in (a chamfer mill's, a drill's point), where `side`'s cut bounds by the
/// flank's widest radius. None for a cylinder or a disc.
inline std::optional<Vec3> flankCutDirection(const Vec3& side, const FrustumCore& core) {
  if (!(core.z_top > core.z_bottom) || core.radius_top == core.radius_bottom) return std::nullopt;
  const double slope = (core.radius_top - core.radius_bottom) / (core.z_top - core.z_bottom);
  const double scale = 1 / std::sqrt(1 + slope * slope);
  return Vec3{side.x * scale, side.y * scale, -slope * scale};
}

/// The highest value of the cut x ↦ c − v·x over the box [lo, hi]: where v·x is least.
inline double highestOverBox(const Cut& cut, const Vec3& lo, const Vec3& hi) {
  const Vec3& v = cut.v;
  return cut.c - (v.x * (v.x > 0 ? lo.x : hi.x) + v.y * (v.y > 0 ? lo.y : hi.y) +
                  v.z * (v.z > 0 ? lo.z : hi.z));
}

}  // namespace gougechek
