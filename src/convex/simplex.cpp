#include "convex/simplex.hpp"

#include <algorithm>
#include <limits>

namespace gougechek {
namespace {

// Closest point to the origin on the triangle (a, b, c) as barycentric weights (Ericson,
// Real-Time Collision Detection §5.1.5). A zero-area triangle falls back to its best edge.
// The signed areas va, vb, vc are taken as n·(b × c) etc. rather than Ericson's differences of
// products of dot products: on the slivers GJK meets near convergence those cancel and put the
// closest point off by up to 1e-8 of the vertices' size.
std::array<double, 3> closestOnTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a;
  const Vec3 n = cross(ab, ac);
  const double d1 = -dot(ab, a), d2 = -dot(ac, a);
  if (d1 <= 0 && d2 <= 0) return {1, 0, 0};
  const double d3 = -dot(ab, b), d4 = -dot(ac, b);
  if (d3 >= 0 && d4 <= d3) return {0, 1, 0};
  const double vc = dot(n, cross(a, b));
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double t = d1 / (d1 - d3);
    return {1 - t, t, 0};
  }
  const double d5 = -dot(ab, c), d6 = -dot(ac, c);
  if (d6 >= 0 && d5 <= d6) return {0, 0, 1};
  const double vb = dot(n, cross(c, a));
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double t = d2 / (d2 - d6);
    return {1 - t, 0, t};
  }
  const double va = dot(n, cross(b, c));
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    return {0, 1 - t, t};
  }
  const double sum = va + vb + vc;
  if (sum > 0) return {va / sum, vb / sum, vc / sum};
  // Degenerate (collinear) triangle reached the face case: take the closest of its edges.
  std::array<double, 3> best{1, 0, 0};
  double best_d2 = norm2(a);
  const Vec3* p[3] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) {
    const Vec3& u = *p[i];
    const Vec3& w = *p[(i + 1) % 3];
    const Vec3 e = w - u;
    const double len2 = norm2(e);
    const double t = len2 > 0 ? std::clamp(-dot(u, e) / len2, 0.0, 1.0) : 0.0;
    const double d2e = norm2(u + e * t);
    if (d2e < best_d2) {
      best_d2 = d2e;
      best = {0, 0, 0};
      best[i] = 1 - t;
      best[(i + 1) % 3] = t;
    }
  }
  return best;
}

}  // namespace

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
