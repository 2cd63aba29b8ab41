#pragma once
// The closest point to the origin of the convex hull of up to four points, and the smallest
// subset whose hull contains it: GJK's sub-algorithm, written as Voronoi-region tests
// (the geometric form of Johnson's algorithm) because it degrades gracefully on degenerate,
// nearly flat simplices.
#include <array>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct SimplexVertex {
  Vec3 w;        ///< point of the CSO A − B
  Vec3 on_a;     ///< its support point on A
  Vec3 on_b;     ///< its support point on B
  double s = 0;  ///< path parameter of on_a
};

struct Simplex {
  std::array<SimplexVertex, 4> vertex;
  std::array<double, 4> weight{};  ///< barycentric weights of the closest point
  int size = 0;

  /// Replaces the simplex by the smallest face containing its point closest to the origin and
  /// returns that point. With 4 points and the origin inside, size stays 4.
  Vec3 reduceToClosest();
};

}  // namespace gougechek
