#pragma once
// Exact distances between flat convex polygons in 3-D, by enumerating features: the reference
// for a ball-end cutter, whose core swept along a line is a parallelogram. Independent of the
// GJK code it checks.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek::reference {

inline double pointSegment(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double len2 = norm2(ab);
  const double t = len2 > 0 ? std::clamp(dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
  return norm(p - (a + ab * t));
}

/// Segment–segment distance by minimising over the clamped parameter square's candidates.
inline double segmentSegment(const Vec3& p0, const Vec3& p1, const Vec3& q0, const Vec3& q1) {
  double best = std::min({pointSegment(p0, q0, q1), pointSegment(p1, q0, q1),
                          pointSegment(q0, p0, p1), pointSegment(q1, p0, p1)});
  const Vec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
  const double a = dot(d1, d1), e = dot(d2, d2), b = dot(d1, d2), c = dot(d1, r), f = dot(d2, r);
  const double denom = a * e - b * b;
  if (denom > 1e-14 * a * e) {  // interior–interior candidate of non-parallel segments
    const double s = (b * f - c * e) / denom, t = (a * f - b * c) / denom;
    if (s > 0 && s < 1 && t > 0 && t < 1) best = std::min(best, norm(p0 + d1 * s - (q0 + d2 * t)));
  }
  return best;
}

/// Distance from p to the triangle (a, b, c); a zero-area triangle counts as its edges.
inline double pointTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = cross(b - a, c - a);
  const double n2 = norm2(n);
  double best = std::min({pointSegment(p, a, b), pointSegment(p, b, c), pointSegment(p, c, a)});
  if (n2 <= 1e-24 * std::max(norm2(b - a), norm2(c - a)) || n2 == 0) return best;
  const double h = dot(p - a, n) / n2;
  const Vec3 q = p - n * h;  // projection onto the plane
  const bool inside = dot(cross(b - a, q - a), n) >= 0 && dot(cross(c - b, q - b), n) >= 0 &&
                      dot(cross(a - c, q - c), n) >= 0;
  if (inside) best = std::min(best, std::abs(h) * std::sqrt(n2));
  return best;
}

/// True if segment [p, q] crosses or touches the triangle (a, b, c).
inline bool segmentHitsTriangle(const Vec3& p, const Vec3& q, const Vec3& a, const Vec3& b,
                                const Vec3& c) {
  const Vec3 n = cross(b - a, c - a);
  const double dp = dot(p - a, n), dq = dot(q - a, n);
  if ((dp > 0 && dq > 0) || (dp < 0 && dq < 0) || dp == dq) return false;
  const Vec3 x = p + (q - p) * (dp / (dp - dq));
  return dot(cross(b - a, x - a), n) >= 0 && dot(cross(c - b, x - b), n) >= 0 &&
         dot(cross(a - c, x - c), n) >= 0;
}

/// Distance between two convex planar polygons given by their vertices in order (2 vertices:
/// a segment; 1: a point). Polygons of 4 vertices are split into two triangles.
inline double polygonPolygon(const std::vector<Vec3>& p, const std::vector<Vec3>& q) {
  auto triangles = [](const std::vector<Vec3>& v) {
    std::vector<std::array<Vec3, 3>> t;
    for (std::size_t i = 1; i + 1 < v.size(); ++i) t.push_back({v[0], v[i], v[i + 1]});
    return t;
  };
  auto edges = [](const std::vector<Vec3>& v) {
    std::vector<std::array<Vec3, 2>> e;
    if (v.size() == 1) e.push_back({v[0], v[0]});
    for (std::size_t i = 0; i < v.size() && v.size() > 1; ++i)
      e.push_back({v[i], v[(i + 1) % v.size()]});
    return e;
  };
  double best = std::numeric_limits<double>::infinity();
  const auto ep = edges(p), eq = edges(q);
  for (const auto& a : ep)
    for (const auto& b : eq) best = std::min(best, segmentSegment(a[0], a[1], b[0], b[1]));
  for (const auto& t : triangles(q)) {
    for (const Vec3& v : p) best = std::min(best, pointTriangle(v, t[0], t[1], t[2]));
    for (const auto& e : ep)
      if (segmentHitsTriangle(e[0], e[1], t[0], t[1], t[2])) return 0;
  }
  for (const auto& t : triangles(p)) {
    for (const Vec3& v : q) best = std::min(best, pointTriangle(v, t[0], t[1], t[2]));
    for (const auto& e : eq)
      if (segmentHitsTriangle(e[0], e[1], t[0], t[1], t[2])) return 0;
  }
  return best;
}

}  // namespace gougechek::reference
