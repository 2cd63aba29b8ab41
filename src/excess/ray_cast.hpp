#pragma once
// Where a ray first enters one cutting sweep: van den Bergen's GJK ray cast ("Ray casting
// against general convex objects", 2004) on the sweep's support map, its margin (the cutter's
// skin) handled exactly by offsetting every supporting plane. Each advance stops on a plane
// that supports the sweep, so the parameter reached is a lower bound of the entry; an inside
// test a little further on gives the upper bound (docs/checking-rules.md "Excess").
#include <limits>

#include "excess/cutting_sweep.hpp"

namespace gougechek {

/// Bracket [lo, hi] of the entry parameter of a ray into a sweep: lo ≤ entry ≤ hi. A proven
/// miss (within the allowed length) has lo = ∞; a hit that could not be confirmed has hi = ∞.
struct RayEntry {
  double lo = std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  bool missed() const { return lo == std::numeric_limits<double>::infinity(); }
};

/// The ray origin + λ·direction (unit direction), 0 ≤ λ ≤ max_length, against `sweep`.
/// λ = 0 when the origin lies inside it.
RayEntry castRay(const CuttingSweep& sweep, const Vec3& origin, const Vec3& direction,
                 double max_length);

/// True when `point` is proven to lie in the sweep (GJK's upper bound of its distance to
/// core ⊕ path is within the margin).
bool provenInside(const CuttingSweep& sweep, const Vec3& point);

}  // namespace gougechek
