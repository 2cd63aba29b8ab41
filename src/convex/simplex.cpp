#include "convex/simplex.hpp"

#include <algorithm>
#include <limits>

#include "convex/closest_points.hpp"

namespace gougechek {

Vec3 Simplex::reduceToClosest() {
  std::array<double, 4> w{0, 0, 0, 0};
  switch (size) {
    case 1:
      w[0] = 1;
      break;
    case 2: {
      const Vec3 e = vertex[1].w - vertex[0].w;
      const double len2 = norm2(e);
      const double t = len2 > 0 ? std::clamp(-dot(vertex[0].w, e) / len2, 0.0, 1.0) : 0.0;
      w = {1 - t, t, 0, 0};
      break;
    }
    case 3: {
      const auto b = closestOnTriangle(vertex[0].w, vertex[1].w, vertex[2].w);
      w = {b[0], b[1], b[2], 0};
      break;
    }
    case 4: {
      // The origin is inside when its barycentric weights (ratios of signed volumes) are all
      // non-negative. Otherwise the closest point lies on a face: the nearest of all four. No
      // face is ruled out by which side of it the opposite vertex lies: on the slivers GJK
      // builds near convergence those side tests are rounding noise.
      const Vec3 &a = vertex[0].w, &b = vertex[1].w, &c = vertex[2].w, &d = vertex[3].w;
      const double total = dot(b - a, cross(c - a, d - a));
      if (total != 0) {
        const double w1 = dot(-a, cross(c - a, d - a)) / total;
        const double w2 = dot(b - a, cross(-a, d - a)) / total;
        const double w3 = dot(b - a, cross(c - a, -a)) / total;
        const double w0 = 1 - w1 - w2 - w3;
        if (w0 >= 0 && w1 >= 0 && w2 >= 0 && w3 >= 0) {
          weight = {w0, w1, w2, w3};
          return {0, 0, 0};
        }
      }
      static constexpr int kFaces[4][3] = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}};
      double best_d2 = std::numeric_limits<double>::infinity();
      for (const auto& f : kFaces) {
        const auto t = closestOnTriangle(vertex[f[0]].w, vertex[f[1]].w, vertex[f[2]].w);
        const Vec3 p = vertex[f[0]].w * t[0] + vertex[f[1]].w * t[1] + vertex[f[2]].w * t[2];
        if (norm2(p) < best_d2) {
          best_d2 = norm2(p);
          w = {0, 0, 0, 0};
          for (int i = 0; i < 3; ++i) w[f[i]] = t[i];
        }
      }
      break;
    }
    default:
      return {0, 0, 0};
  }
  // Keep only the vertices with positive weight, in order.
  int kept = 0;
  Vec3 closest{0, 0, 0};
  for (int i = 0; i < size; ++i) {
    if (w[i] <= 0) continue;
    vertex[kept] = vertex[i];
    weight[kept] = w[i];
    closest += vertex[i].w * w[i];
    ++kept;
  }
  size = kept;
  return closest;
}

}  // namespace gougechek
