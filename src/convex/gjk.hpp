#pragma once
// GJK distance between a support-mapped convex shape A (a swept cutter core) and a small
// polytope B (a triangle or a point), after van den Bergen's numerical GJK: it keeps an upper
// bound ‖v‖ and a lower bound v·w/‖v‖ on the distance, stops as soon as they agree to the
// tolerance, on a repeated support point, or as soon as the lower bound proves the shapes
// farther apart than the caller cares about.
#include <algorithm>
#include <cmath>
#include <limits>

#include "convex/path_piece.hpp"
#include "convex/simplex.hpp"

namespace gougechek {

struct GjkQuery {
  Vec3 initial_direction;  ///< any nonzero vector; a previous separating axis is a good guess
  /// Stop once the distance is proven ≥ this (the result is then `far`).
  double stop_above = std::numeric_limits<double>::infinity();
  double tolerance = 1e-9;  ///< absolute gap between the bounds at which the answer is final
  /// Stop once the distance is proven ≤ this (the result is then near, `distance` an upper
  /// bound): for callers that only ask whether the shapes come within some distance.
  double stop_below = -std::numeric_limits<double>::infinity();
};

struct GjkResult {
  bool far = false;     ///< proven distance ≥ stop_above; `distance` is then a lower bound
  double distance = 0;  ///< 0 when the shapes touch or intersect; an upper bound when
                        ///< stop_below ended the search
  Vec3 on_a, on_b;      ///< closest points (witnesses) on A and on B
  double s = 0;         ///< path parameter of on_a (where along the move)
  Vec3 axis;            ///< last search direction: from B toward A when separated
};

template <class ShapeA>
GjkResult gjkDistance(const ShapeA& a, const Vec3* b, int b_count, const GjkQuery& query) {
  auto support_b = [&](const Vec3& d) {
    int best = 0;
    double best_value = dot(d, b[0]);
    for (int i = 1; i < b_count; ++i) {
      const double value = dot(d, b[i]);
      if (value > best_value) best_value = value, best = i;
    }
    return b[best];
  };
  auto witnesses = [](const Simplex& simplex, GjkResult& r) {
    r.on_a = r.on_b = Vec3{};
    r.s = 0;
    for (int i = 0; i < simplex.size; ++i) {
      r.on_a += simplex.vertex[i].on_a * simplex.weight[i];
      r.on_b += simplex.vertex[i].on_b * simplex.weight[i];
      r.s += simplex.vertex[i].s * simplex.weight[i];
    }
  };

  Vec3 v = query.initial_direction;
  if (norm2(v) == 0) v = {1, 0, 0};
  Simplex simplex;
  double lower = 0;
  GjkResult result;
  constexpr int kMaxIterations = 200;
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const PathPoint pa = a.support(-v);
    const Vec3 pb = support_b(v);
    const Vec3 w = pa.point - pb;
    const double v_norm = norm(v);
    const double vw = dot(v, w);
    if (vw > 0) {
      lower = std::max(lower, vw / v_norm);
      if (lower >= query.stop_above) {
        result.far = true;
        result.distance = lower;
        result.axis = v;
        return result;
      }
    }
    if (simplex.size > 0) {
      bool repeated = false;
      for (int i = 0; i < simplex.size; ++i) repeated |= simplex.vertex[i].w == w;
      // No progress possible: v is the closest point to within rounding.
      if (repeated || v_norm - vw / v_norm <= query.tolerance) break;
    }
    const Simplex previous = simplex;
    simplex.vertex[simplex.size++] = {w, pa.point, pb, pa.s};
    const Vec3 next = simplex.reduceToClosest();
    // In exact arithmetic ‖v‖ strictly decreases; when rounding stops that, the previous
    // simplex is the best answer there is.
    if (previous.size > 0 && norm2(next) >= norm2(v)) {
      simplex = previous;
      break;
    }
    v = next;
    double largest2 = 0;
    for (int i = 0; i < simplex.size; ++i)
      largest2 = std::max(largest2, norm2(simplex.vertex[i].w));
    if (simplex.size == 4 || norm2(v) <= 1e-24 * largest2) {
      witnesses(simplex, result);
      result.distance = 0;
      result.axis = v;
      return result;
    }
    const double upper = norm(v);
    if (upper <= query.stop_below || upper - lower <= query.tolerance) break;
  }
  witnesses(simplex, result);
  result.distance = norm(v);
  result.axis = v;
  return result;
}

}  // namespace gougechek
