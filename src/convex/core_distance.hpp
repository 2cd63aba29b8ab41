#pragma once
// Distance from a swept cutter core to a triangle or point, to the precision docs/checking-rules.md
// promises. A cylindrical core (bull, flat, shank) is a disk ⊕ axial segment, and the side of a
// cylinder is a ruled surface whose support ties between the top and bottom rims: GJK on it creeps
// and stalls micrometres off. So the axial segment moves to the other side of the pair: d(disk ⊕
// seg ⊕ path, T) = d(disk ⊕ path, T ⊕ −seg), and T ⊕ −seg is a polytope (the triangle and its copy
// shifted down), leaving GJK a strictly convex disk against a polytope.
#include <array>

#include "convex/gjk.hpp"
#include "convex/swept_core.hpp"

namespace gougechek {

/// GJK distance between `core` swept along `path` and the polytope of the `count` ≤ 3 points
/// `b`. `s` is the path parameter of the closest approach. For a cylindrical core the witness
/// points on_a and on_b are shifted by the same axial offset (their difference stays exact).
inline GjkResult coreDistance(const FrustumCore& core, const PathPiece& path, const Vec3* b,
                              int count, const GjkQuery& query) {
  const double height = core.z_top - core.z_bottom;
  const bool cylinder =
      core.radius_bottom == core.radius_top && core.radius_bottom > 0 && height > 0;
  if (!cylinder) return gjkDistance(SweptCore{&core, &path}, b, count, query);
  FrustumCore disk = core;
  disk.z_top = core.z_bottom;
  std::array<Vec3, 6> shifted;
  for (int i = 0; i < count; ++i) {
    shifted[2 * i] = b[i];
    shifted[2 * i + 1] = b[i] - Vec3{0, 0, height};
  }
  return gjkDistance(SweptCore{&disk, &path}, shifted.data(), 2 * count, query);
}

}  // namespace gougechek
