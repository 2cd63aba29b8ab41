#include "convex/simplex.hpp"

#include <algorithm>
#include <limits>

namespace gougechek {
namespace {

// Closest point to the origin on the triangle (a, b, c) as barycentric weights (Ericson,
// Real-Time Collision Detection §5.1.5). A zero-area triangle falls back to its best edge.
std::array<double, 3> closestOnTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a;
  const double d1 = -dot(ab, a), d2 = -dot(ac, a);
  if (d1 <= 0 && d2 <= 0) return {1, 0, 0};
  const double d3 = -dot(ab, b), d4 = -dot(ac, b);
  if (d3 >= 0 && d4 <= d3) return {0, 1, 0};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double t = d1 / (d1 - d3);
    return {1 - t, t, 0};
  }
  const double d5 = -dot(ab, c), d6 = -dot(ac, c);
  if (d6 >= 0 && d5 <= d6) return {0, 0, 1};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double t = d2 / (d2 - d6);
    return {1 - t, 0, t};
  }
  const double va = d3 * d6 - d5 * d4;
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
      // The origin is inside unless it lies strictly beyond one of the faces; then the closest
      // point is on the nearest such face.
      static constexpr int kFaces[4][4] = {{0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 3, 1}, {1, 2, 3, 0}};
      double best_d2 = std::numeric_limits<double>::infinity();
      bool outside_any = false;
      for (const auto& f : kFaces) {
        const Vec3 &a = vertex[f[0]].w, &b = vertex[f[1]].w, &c = vertex[f[2]].w;
        const Vec3 n = cross(b - a, c - a);
        const double origin_side = -dot(n, a);
        const double opposite_side = dot(n, vertex[f[3]].w - a);
        if (origin_side * opposite_side > 0) continue;  // same side as the opposite vertex
        outside_any = true;
        const auto t = closestOnTriangle(a, b, c);
        const Vec3 p = a * t[0] + b * t[1] + c * t[2];
        if (norm2(p) < best_d2) {
          best_d2 = norm2(p);
          w = {0, 0, 0, 0};
          for (int i = 0; i < 3; ++i) w[f[i]] = t[i];
        }
      }
      if (!outside_any) {
        // Barycentric weights of the origin from signed volumes, so witnesses stay meaningful.
        const Vec3 &a = vertex[0].w, &b = vertex[1].w, &c = vertex[2].w, &d = vertex[3].w;
        const double total = dot(b - a, cross(c - a, d - a));
        if (total != 0) {
          weight[1] = dot(-a, cross(c - a, d - a)) / total;
          weight[2] = dot(b - a, cross(-a, d - a)) / total;
          weight[3] = dot(b - a, cross(c - a, -a)) / total;
          weight[0] = 1 - weight[1] - weight[2] - weight[3];
        } else {
          weight = {0.25, 0.25, 0.25, 0.25};
        }
        return {0, 0, 0};
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
