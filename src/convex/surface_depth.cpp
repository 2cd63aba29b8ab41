#include "convex/surface_depth.hpp"

#include <algorithm>
#include <cmath>

#include "convex/core_distance.hpp"

namespace gougechek {
namespace {

// Measurements before the search gives up with the bounds it has; far above what it needs
// (a handful on flat faces, a few dozen on curved ones).
constexpr int kMaxMeasurements = 200;
// Below this a point counts as on the core's boundary, where the GJK witnesses give no usable
// direction; EPA gives the boundary's normal there instead.
constexpr double kOnBoundary = 1e-9;

}  // namespace

Cut SurfaceDepthSearch::cutAlong(const Vec3& v) const {
  return {v, sweep_.core->margin + dot(v, sweep_.support(v).point)};
}

int SurfaceDepthSearch::firstCuts(const std::array<Vec3, 3>& triangle, std::array<Cut, 5>& cuts) {
  if (!has_axial_cuts_) {
    axial_cuts_ = {cutAlong({0, 0, 1}), cutAlong({0, 0, -1})};
    has_axial_cuts_ = true;
  }
  cuts[0] = axial_cuts_[0];
  cuts[1] = axial_cuts_[1];
  const Vec3 normal = cross(triangle[1] - triangle[0], triangle[2] - triangle[0]);
  const double length = norm(normal);
  if (length == 0) return 2;
  const Vec3 n = normal / length;
  cuts[2] = cutAlong(n);
  cuts[3] = cutAlong(-n);
  const Vec3 centroid = (triangle[0] + triangle[1] + triangle[2]) / 3;
  const Vec3 away = centroid - sweep_.interiorPoint();
  const Vec3 along = away - n * dot(away, n);
  if (const double l = norm(along); l > 0) {
    cuts[4] = cutAlong(along / l);
    return 5;
  }
  return 4;
}

double SurfaceDepthSearch::bound(const std::array<Vec3, 3>& triangle) {
  std::array<Cut, 5> cuts;
  const int count = firstCuts(triangle, cuts);
  // The least of the cuts' maxima over the triangle (each at a corner) bounds the maximum of
  // their minimum.
  double least = INFINITY;
  for (int i = 0; i < count; ++i)
    least = std::min(least, std::max({cuts[i].at(triangle[0]), cuts[i].at(triangle[1]),
                                      cuts[i].at(triangle[2])}));
  return least;
}

SurfaceDepth SurfaceDepthSearch::deepest(const std::array<Vec3, 3>& triangle, double tolerance,
                                         double relative, double floor) {
  const FrustumCore& core = *sweep_.core;
  const double m = core.margin;

  CutEnvelope envelope(triangle);
  std::array<Cut, 5> cuts;
  const int count = firstCuts(triangle, cuts);
  for (int i = 0; i < count; ++i) envelope.add(cuts[i]);

  SurfaceDepth result{-INFINITY, INFINITY, triangle[0], 0, 0};
  while (result.measurements < kMaxMeasurements) {
    const CutEnvelope::Top top = envelope.top();
    result.bound = top.value;
    if (result.bound <= floor ||
        result.bound - result.depth <= std::max(tolerance, relative * result.depth))
      break;

    const Vec3& x = top.point;
    ++result.measurements;
    GjkQuery query;
    query.initial_direction = sweep_.interiorPoint() - x;
    query.tolerance = 0.1 * tolerance;
    const GjkResult r = coreDistance(core, *sweep_.path, &x, 1, query);
    double value;
    Vec3 direction;
    if (r.distance > kOnBoundary) {
      value = m - r.distance;
      direction = (r.on_b - r.on_a) / norm(r.on_b - r.on_a);
    } else {
      const DepthBracket inside = interior_.at(x, 0.5 * tolerance);
      if (norm2(inside.direction) == 0) {
        // K has no interior, so g ≤ m everywhere, and x reaches it.
        result = {m, m, x, r.s, result.measurements};
        break;
      }
      value = m + inside.lower;
      direction = inside.direction;
    }
    if (value > result.depth) {
      result.depth = value;
      result.point = x;
      result.s = r.s;
    }
    envelope.add(cutAlong(direction));
  }
  return result;
}

}  // namespace gougechek
