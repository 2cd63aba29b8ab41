#pragma once
// Small meshes the render tests draw: boxes (optionally turned about their vertical axis),
// appended into one mesh in a chosen order, and a single square.
#include <cmath>

#include "gougechek/mesh.hpp"

namespace gougechek::render {

/// Appends the box [lo, hi], turned by `turn` radians about the vertical line through its
/// centre, counter-clockwise from outside.
inline void addBox(Mesh& mesh, const Vec3& lo, const Vec3& hi, double turn = 0) {
  const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
  const Vec3 centre = (lo + hi) * 0.5;
  const double c = std::cos(turn), s = std::sin(turn);
  for (int i = 0; i < 8; ++i) {
    const Vec3 p{i & 1 ? hi.x : lo.x, i & 2 ? hi.y : lo.y, i & 4 ? hi.z : lo.z};
    const Vec3 d = p - centre;
    mesh.vertices.push_back(centre + Vec3{c * d.x - s * d.y, s * d.x + c * d.y, d.z});
  }
  constexpr std::uint32_t kFaces[12][3] = {{0, 2, 3}, {0, 3, 1}, {4, 5, 7}, {4, 7, 6},
                                           {0, 1, 5}, {0, 5, 4}, {2, 6, 7}, {2, 7, 3},
                                           {0, 4, 6}, {0, 6, 2}, {1, 3, 7}, {1, 7, 5}};
  for (const auto& f : kFaces) mesh.triangles.push_back({first + f[0], first + f[1], first + f[2]});
}

inline Mesh box(const Vec3& lo, const Vec3& hi) {
  Mesh mesh;
  addBox(mesh, lo, hi);
  return mesh;
}

/// The square [lo.x, hi.x] × [lo.y, hi.y] at height z, its outward side up or down: an open
/// surface.
inline Mesh square(const Vec3& lo, const Vec3& hi, double z, bool facing_up) {
  Mesh mesh;
  mesh.vertices = {{lo.x, lo.y, z}, {hi.x, lo.y, z}, {hi.x, hi.y, z}, {lo.x, hi.y, z}};
  if (facing_up) {
    mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
  } else {
    mesh.triangles = {{0, 2, 1}, {0, 3, 2}};
  }
  return mesh;
}

}  // namespace gougechek::render
