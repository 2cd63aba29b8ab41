#pragma once
// An oracle for the excess tests that shares nothing with the ray cast: membership in a cutter
// core (a frustum of revolution) ⊕ a segment ⊕ a sphere, from the distance of the point to the
// core's (r, z) trapezoid, minimised over the segment's parameter by ternary search (the
// distance from a point moving on a line to a convex set is convex in the parameter).
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "convex/frustum_core.hpp"
#include "convex/path_piece.hpp"
#include "excess/cutting_sweep.hpp"

namespace gougechek::test {

inline double segmentDistance2d(double px, double pz, double ax, double az, double bx, double bz) {
  const double dx = bx - ax, dz = bz - az;
  const double len2 = dx * dx + dz * dz;
  const double t = len2 > 0 ? std::clamp(((px - ax) * dx + (pz - az) * dz) / len2, 0.0, 1.0) : 0;
  return std::hypot(px - ax - t * dx, pz - az - t * dz);
}

/// Distance from q (tool frame: tip at the origin, axis +Z) to the solid frustum core.
inline double coreDistance(const FrustumCore& core, const Vec3& q) {
  const double r = std::hypot(q.x, q.y), z = q.z;
  const double height = core.z_top - core.z_bottom;
  const double t = height > 0 ? (z - core.z_bottom) / height : 0;
  const double radius_here = core.radius_bottom + t * (core.radius_top - core.radius_bottom);
  if (z >= core.z_bottom && z <= core.z_top && r <= radius_here) return 0;
  const std::array<std::array<double, 2>, 4> corner{{{0, core.z_bottom},
                                                     {core.radius_bottom, core.z_bottom},
                                                     {core.radius_top, core.z_top},
                                                     {0, core.z_top}}};
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < 4; ++i) {
    const auto& a = corner[i];
    const auto& b = corner[(i + 1) % 4];
    best = std::min(best, segmentDistance2d(r, z, a[0], a[1], b[0], b[1]));
  }
  return best;
}

/// Distance from p to core ⊕ segment (from, to).
inline double sweepCoreDistance(const FrustumCore& core, const Vec3& from, const Vec3& to,
                                const Vec3& p) {
  auto at = [&](double s) { return coreDistance(core, p - (from + (to - from) * s)); };
  double lo = 0, hi = 1;
  for (int i = 0; i < 100; ++i) {
    const double a = lo + (hi - lo) / 3, b = hi - (hi - lo) / 3;
    if (at(a) <= at(b))
      hi = b;
    else
      lo = a;
  }
  return std::min({at(0), at(1), at(0.5 * (lo + hi))});
}

inline bool insideSweep(const FrustumCore& core, const Vec3& from, const Vec3& to, const Vec3& p,
                        double slack = 0) {
  return sweepCoreDistance(core, from, to, p) <= core.margin + slack;
}

/// The first entry of origin + t·direction, t ∈ [0, max], by marching in `step` (through the
/// sweep's bounding sphere only) and bisecting; ∞ when no marched point is inside.
inline double marchedEntry(const FrustumCore& core, const Vec3& from, const Vec3& to,
                           const Vec3& origin, const Vec3& direction, double max, double step) {
  if (insideSweep(core, from, to, origin)) return 0;
  const Vec3 centre = (from + to) * 0.5 + Vec3{0, 0, 0.5 * (core.z_bottom + core.z_top)};
  const double radius = 0.5 * norm(to - from) + std::max(core.radius_bottom, core.radius_top) +
                        0.5 * (core.z_top - core.z_bottom) + core.margin + 1e-6;
  const double along = dot(centre - origin, direction);
  const double off2 = norm2(centre - origin) - along * along;
  if (off2 > radius * radius) return std::numeric_limits<double>::infinity();
  const double half = std::sqrt(radius * radius - off2);
  const double first = std::max(0.0, along - half), last = std::min(max, along + half);
  for (double t = first; t <= last + step; t += step) {
    const double here = std::min(t, last);
    if (!insideSweep(core, from, to, origin + direction * here)) continue;
    double out = std::max(first, here - step), in = here;
    if (insideSweep(core, from, to, origin + direction * out)) return out;  // at t = 0 only
    for (int i = 0; i < 60; ++i) {
      const double mid = 0.5 * (out + in);
      (insideSweep(core, from, to, origin + direction * mid) ? in : out) = mid;
    }
    return in;
  }
  return std::numeric_limits<double>::infinity();
}

}  // namespace gougechek::test
