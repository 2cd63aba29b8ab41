#pragma once
// One cutter core swept along several consecutive path pieces: the convex hull of their swept
// cores. A run of short finishing moves is culled against the part once as a region instead
// of once per move. Straight pieces enter as their end points (the hull of segments is the
// hull of their ends), so the support is a short scan of dot products plus the core's.
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
    for (const Vec3& p : points) {
      const double value = dot(v, p);
      if (value > best_value) best = p, best_value = value;
    }
    for (const PathPiece& arc : arcs) {
      const Vec3 p = arc.support(v).point;
      const double value = dot(v, p);
      if (value > best_value) best = p, best_value = value;
    }
    return {best + core->support(v), 0};
  }
};

}  // namespace gougechek
