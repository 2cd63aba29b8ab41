#include "convex/closest_points.hpp"

#include <algorithm>
#include <cmath>

namespace gougechek {
namespace {

/// Closest points between the segments [p1, q1] and [p2, q2] (Ericson §5.1.9).
ClosestPair closestSegments(const Vec3& p1, const Vec3& q1, const Vec3& p2, const Vec3& q2) {
  const Vec3 d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2;
  const double a = norm2(d1), e = norm2(d2), f = dot(d2, r);
  double s = 0, t = 0;
  if (a == 0 && e == 0) return {p1, p2};
  if (a == 0) {
    t = std::clamp(f / e, 0.0, 1.0);
  } else {
    const double c = dot(d1, r);
    if (e == 0) {
      s = std::clamp(-c / a, 0.0, 1.0);
    } else {
      const double b = dot(d1, d2), denominator = a * e - b * b;
      // Parallel segments (denominator 0): any s gives a closest pair; take s = 0.
      s = denominator > 0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
      t = (b * s + f) / e;
      if (t < 0) {
        t = 0;
        s = std::clamp(-c / a, 0.0, 1.0);
      } else if (t > 1) {
        t = 1;
        s = std::clamp((b - c) / a, 0.0, 1.0);
      }
    }
  }
  return {p1 + d1 * s, p2 + d2 * t};
}

Vec3 closestOnTriangleTo(const Vec3& x, const std::array<Vec3, 3>& tri) {
  const auto w = closestOnTriangle(tri[0] - x, tri[1] - x, tri[2] - x);
  return tri[0] * w[0] + tri[1] * w[1] + tri[2] * w[2];
}

}  // namespace

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

ClosestPair closestSegmentTriangle(const Vec3& p, const Vec3& q,
                                   const std::array<Vec3, 3>& triangle) {
  // Where the segment crosses the triangle's plane inside the triangle, they meet.
  const Vec3 n = cross(triangle[1] - triangle[0], triangle[2] - triangle[0]);
  const double dp = dot(n, p - triangle[0]), dq = dot(n, q - triangle[0]);
  if (norm2(n) > 0 && ((dp <= 0 && dq >= 0) || (dp >= 0 && dq <= 0)) && dp != dq) {
    const Vec3 crossing = p + (q - p) * (dp / (dp - dq));
    bool inside = true;
    for (int i = 0; i < 3; ++i)
      inside =
          inside && dot(n, cross(triangle[(i + 1) % 3] - triangle[i], crossing - triangle[i])) >= 0;
    if (inside) return {crossing, crossing};
  }
  // Otherwise the closest pair has an end of the segment or a point of an edge in it.
  ClosestPair best{p, closestOnTriangleTo(p, triangle)};
  auto consider = [&](const ClosestPair& pair) {
    if (norm2(pair.on_triangle - pair.on_segment) < norm2(best.on_triangle - best.on_segment))
      best = pair;
  };
  consider({q, closestOnTriangleTo(q, triangle)});
  for (int i = 0; i < 3; ++i) consider(closestSegments(p, q, triangle[i], triangle[(i + 1) % 3]));
  return best;
}

}  // namespace gougechek
