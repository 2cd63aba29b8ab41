#pragma once
// Triangles at a chosen exact distance from a core swept along a segment, built from the swept
// shape's extreme point in a direction n (computed here from the profile, not with the code
// under test): every point of the shape lies below the plane n·x = h(n), so a triangle in the
// half-space n·x ≥ h(n) + d that contains the extreme point + d·n is exactly d away.
#include <cmath>
#include <string>

#include "convex/frustum_core.hpp"
#include "random_geometry.hpp"

namespace gougechek::test {

/// The point of core ⊕ segment[from, to] farthest in direction n (unit).
inline Vec3 extremePoint(const FrustumCore& core, const Move& move, const Vec3& n) {
  const Vec3 on_path = dot(n, move.to) > dot(n, move.from) ? move.to : move.from;
  const double horizontal = std::hypot(n.x, n.y);
  const Vec3 outward = horizontal > 0 ? Vec3{n.x / horizontal, n.y / horizontal, 0} : Vec3{};
  const Vec3 bottom = outward * core.radius_bottom + Vec3{0, 0, core.z_bottom};
  const Vec3 top = outward * core.radius_top + Vec3{0, 0, core.z_top};
  return on_path + (dot(n, top) > dot(n, bottom) ? top : bottom);
}

/// A triangle exactly `gap` away from core ⊕ segment, touching (at that gap) with a vertex, an
/// edge or its face, lying in the offset tangent plane or tilted away from the shape.
inline Triangle tangentTriangle(RandomGeometry& random, const FrustumCore& core, const Move& move,
                                const Vec3& n, double gap, std::string& kind) {
  const Vec3 touch = extremePoint(core, move, n) + n * gap;
  const Vec3 u = random.perpendicular(n), w = normalized(cross(n, u));
  auto in_plane = [&] { return u * random.uniform(-5, 5) + w * random.uniform(-5, 5); };
  auto away = [&] { return in_plane() + n * random.uniform(0, 3); };
  switch (random.below(3)) {
    case 0:
      kind = "touching with a vertex";
      return {touch, touch + away(), touch + away()};
    case 1: {
      kind = "touching with an edge";
      const Vec3 e = in_plane();
      return {touch + e, touch - e * random.uniform(0.1, 2), touch + away()};
    }
    default: {
      kind = "touching with its face";
      const Vec3 e0 = in_plane(), e1 = in_plane();
      const double w0 = random.uniform(0.1, 1), w1 = random.uniform(0.1, 1);
      const double w2 = random.uniform(0.1, 1);
      return {touch + e0, touch + e1, touch - (e0 * w0 + e1 * w1) / w2};
    }
  }
}

}  // namespace gougechek::test
