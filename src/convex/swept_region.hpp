#pragma once
// One cutter core swept along several consecutive path pieces: the convex hull of their swept
// cores. A run of short finishing moves is culled against the part once as a region instead
// of once per move. Straight pieces enter as their end points (the hull of segments is the
// hull of their ends), so the support is a short scan of dot products plus the core's.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "convex/frustum_core.hpp"
#include "convex/path_piece.hpp"

namespace gougechek {

struct SweptRegion {
  const FrustumCore* core = nullptr;
  std::span<const Vec3> points;     ///< ends of the straight pieces
  std::span<const PathPiece> arcs;  ///< arc pieces; points and arcs are not both empty

  PathPoint support(const Vec3& v) const {
    Vec3 best;
    double best_value = -INFINITY;
    if (!points.empty()) {
      const std::size_t i = farthestPoint(v);
      best = points[i];
      best_value = dot(v, best);
    }
    for (const PathPiece& arc : arcs) {
      const Vec3 p = arc.support(v).point;
      const double value = dot(v, p);
      if (value > best_value) best = p, best_value = value;
    }
    return {best + core->support(v), 0};
  }

 private:
  /// The first of the points farthest along v. Four interleaved scans: one scan's chain of
  /// compare-and-keep steps, not the dot products, would set the pace.
  std::size_t farthestPoint(const Vec3& v) const {
    constexpr std::size_t kLanes = 4;
    std::array<double, kLanes> lane_value;
    lane_value.fill(-INFINITY);
    std::array<std::size_t, kLanes> lane_index{};
    std::size_t i = 0;
    for (; i + kLanes <= points.size(); i += kLanes)
      for (std::size_t l = 0; l < kLanes; ++l) {
        const double value = dot(v, points[i + l]);
        lane_index[l] = value > lane_value[l] ? i + l : lane_index[l];
        lane_value[l] = std::max(value, lane_value[l]);
      }
    for (; i < points.size(); ++i) {
      const double value = dot(v, points[i]);
      lane_index[0] = value > lane_value[0] ? i : lane_index[0];
      lane_value[0] = std::max(value, lane_value[0]);
    }
    std::size_t best = 0;
    for (std::size_t l = 1; l < kLanes; ++l)
      if (lane_value[l] > lane_value[best] ||
          (lane_value[l] == lane_value[best] && lane_index[l] < lane_index[best]))
        best = l;
    return lane_index[best];
  }
};

}  // namespace gougechek
