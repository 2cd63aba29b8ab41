#pragma once
// An oracle for the narrow phase that shares no code with it: distances to a cutter core swept
// along a move, computed from the core's closed-form profile and nested golden-section searches
// instead of support maps and simplices.
//
// The core is a solid of revolution, so the distance from a point to it is the distance, in the
// meridian half-plane through the point, from (radial, z) to the core's profile (a trapezoid).
// Every other minimisation below is of a convex function over an interval (the distance to a
// convex set composed with an affine map, or its partial minimum over a convex domain), which
// golden-section search solves to any precision. The only non-convex one, the position along an
// arc, is sampled densely and refined around each sampled local minimum.
#include <algorithm>
#include <array>
#include <cmath>

#include "convex/frustum_core.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek::test {

/// Search intervals stop shrinking once they span less than this many millimetres.
inline constexpr double kOracleResolution = 1e-9;

/// The least value of a convex f over [lo, hi] (both ends included), to `resolution` in x.
template <class F>
double goldenMinimum(F&& f, double lo, double hi, double resolution) {
  constexpr double kGolden = 0.6180339887498949;
  double x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo);
  double f1 = f(x1), f2 = f(x2);
  while (hi - lo > resolution) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1, x1 = hi - kGolden * (hi - lo), f1 = f(x1);
    } else {
      lo = x1, x1 = x2, f1 = f2, x2 = lo + kGolden * (hi - lo), f2 = f(x2);
    }
  }
  return std::min({f1, f2, f(lo), f(hi)});
}

/// Distance in the plane from (px, pz) to the segment from (ax, az) to (bx, bz).
inline double planarSegmentDistance(double px, double pz, double ax, double az, double bx,
                                    double bz) {
  const double ex = bx - ax, ez = bz - az, length2 = ex * ex + ez * ez;
  const double t =
      length2 > 0 ? std::clamp(((px - ax) * ex + (pz - az) * ez) / length2, 0.0, 1.0) : 0.0;
  const double dx = px - ax - t * ex, dz = pz - az - t * ez;
  return std::sqrt(dx * dx + dz * dz);
}

/// Distance from y (tool frame) to the core: 0 inside the trapezoid {z_bottom ≤ z ≤ z_top,
/// 0 ≤ ρ ≤ r(z)}, else the distance to its nearest edge.
inline double distanceToCore(const FrustumCore& core, const Vec3& y) {
  const double rho = std::sqrt(y.x * y.x + y.y * y.y), z = y.z;
  const double zb = core.z_bottom, zt = core.z_top, rb = core.radius_bottom, rt = core.radius_top;
  if (zt > zb && z >= zb && z <= zt && rho <= rb + (z - zb) * (rt - rb) / (zt - zb)) return 0;
  return std::min(
      {planarSegmentDistance(rho, z, 0, zb, rb, zb), planarSegmentDistance(rho, z, rb, zb, rt, zt),
       planarSegmentDistance(rho, z, rt, zt, 0, zt), planarSegmentDistance(rho, z, 0, zt, 0, zb)});
}

/// Distance from x to core ⊕ segment[p0, p1]: min over t of dist(x − p0 − t(p1 − p0), core).
inline double distanceToSweptCore(const FrustumCore& core, const Vec3& p0, const Vec3& p1,
                                  const Vec3& x) {
  const Vec3 delta = p1 - p0;
  const double length = norm(delta);
  auto at = [&](double t) { return distanceToCore(core, x - p0 - delta * t); };
  if (length == 0) return at(0);
  return goldenMinimum(at, 0.0, 1.0, kOracleResolution / length);
}

/// min over x in the triangle of point_distance(x), for a convex point_distance: nested golden
/// search over barycentric coordinates (the inner minimum is convex in the outer coordinate).
template <class PointDistance>
double minimumOverTriangle(const std::array<Vec3, 3>& triangle, PointDistance&& point_distance) {
  const Vec3 a = triangle[0], ab = triangle[1] - a, ac = triangle[2] - a;
  const double span = std::max({norm(ab), norm(ac), norm(triangle[2] - triangle[1])});
  if (span == 0) return point_distance(a);
  const double resolution = kOracleResolution / span;
  auto best_on_row = [&](double alpha) {
    auto on_row = [&](double beta) { return point_distance(a + ab * alpha + ac * beta); };
    return goldenMinimum(on_row, 0.0, 1.0 - alpha, resolution);
  };
  return goldenMinimum(best_on_row, 0.0, 1.0, resolution);
}

/// Distance from the triangle to core ⊕ segment[p0, p1].
inline double distanceToSweptCore(const FrustumCore& core, const Vec3& p0, const Vec3& p1,
                                  const std::array<Vec3, 3>& triangle) {
  return minimumOverTriangle(triangle,
                             [&](const Vec3& x) { return distanceToSweptCore(core, p0, p1, x); });
}

/// min over θ ∈ [0, angle] of distance_at(θ), for a smooth but not convex distance_at: sampled,
/// then refined by golden search around every sampled local minimum. `speed` is how many
/// millimetres the path moves per radian.
template <class DistanceAt>
double minimumAlongArc(double angle, double speed, DistanceAt&& distance_at) {
  constexpr int kSamples = 96;
  std::array<double, kSamples + 1> value;
  for (int i = 0; i <= kSamples; ++i) value[i] = distance_at(angle * i / kSamples);
  double best = *std::min_element(value.begin(), value.end());
  const double resolution = kOracleResolution / speed;
  for (int i = 0; i <= kSamples; ++i) {
    const bool local =
        (i == 0 || value[i] <= value[i - 1]) && (i == kSamples || value[i] <= value[i + 1]);
    if (!local) continue;
    const double lo = angle * std::max(i - 1, 0) / kSamples;
    const double hi = angle * std::min(i + 1, kSamples) / kSamples;
    best = std::min(best, goldenMinimum(distance_at, lo, hi, resolution));
  }
  return best;
}

}  // namespace gougechek::test
