#pragma once
// SPEC.md's gouge depth for one triangle when the cutter's core reaches it: the largest
// distance from a point of the triangle inside the swept cutter S = K ⊕ sphere(m) to S's
// boundary. That distance, m − signed distance to K, is concave over the triangle (the signed
// distance to a convex set is convex), so a nested golden-section search over the triangle's
// barycentric coordinates finds its maximum; it is 1-Lipschitz, so stopping once the bracketing
// intervals are shorter than the tolerance bounds the error.
#include <array>
#include <cmath>

#include "convex/gjk.hpp"
#include "convex/interior_depth.hpp"
#include "convex/swept_core.hpp"

namespace gougechek {

struct SurfaceDepth {
  double depth = 0;  ///< largest depth found (a lower bound within `tolerance` of the truth)
  Vec3 point;        ///< where on the triangle
  double s = 0;      ///< path parameter of a core position containing (or nearest to) `point`
};

/// Signed depth of x in core ⊕ sphere(margin): margin − signed distance from x to the core.
inline double skinDepth(const SweptCore& core, double margin, const Vec3& x, double tolerance,
                        double* s, InteriorDepth<SweptCore>& interior) {
  GjkQuery query;
  query.initial_direction = core.interiorPoint() - x;
  query.tolerance = 0.1 * tolerance;
  const GjkResult r = gjkDistance(core, &x, 1, query);
  if (s) *s = r.s;
  if (r.distance > 0) return margin - r.distance;
  return margin + interior.at(x, 0.5 * tolerance).lower;
}

template <class Shape>
SurfaceDepth deepestPointOnTriangle(const Shape& core, double margin,
                                    const std::array<Vec3, 3>& triangle, double tolerance) {
  const Vec3 a = triangle[0], ab = triangle[1] - a, ac = triangle[2] - a;
  const double longest = std::max({norm(ab), norm(ac), norm(triangle[2] - triangle[1])});
  constexpr double kGolden = 0.6180339887498949;
  const double stop = 0.5 * tolerance;

  // Golden-section maximum of a concave function on [lo, hi] scaled by `span` millimetres.
  auto maximise = [&](auto&& f, double lo, double hi, double span) {
    double x1 = hi - kGolden * (hi - lo), x2 = lo + kGolden * (hi - lo);
    double f1 = f(x1), f2 = f(x2);
    while ((hi - lo) * span > stop) {
      if (f1 < f2) {
        lo = x1, x1 = x2, f1 = f2, x2 = lo + kGolden * (hi - lo), f2 = f(x2);
      } else {
        hi = x2, x2 = x1, f2 = f1, x1 = hi - kGolden * (hi - lo), f1 = f(x1);
      }
    }
    // The ends are candidates too: the maximum of a concave function may sit on the boundary.
    double best_x = f1 >= f2 ? x1 : x2, best = std::max(f1, f2);
    for (double end : {lo, hi}) {
      const double value = f(end);
      if (value > best) best = value, best_x = end;
    }
    return std::pair{best_x, best};
  };

  SurfaceDepth result{-INFINITY, a, 0};
  InteriorDepth<Shape> interior(core);
  auto depth_at = [&](double alpha, double beta) {
    const Vec3 x = a + ab * alpha + ac * beta;
    double s = 0;
    const double d = skinDepth(core, margin, x, tolerance, &s, interior);
    if (d > result.depth) result = {d, x, s};
    return d;
  };
  auto best_on_row = [&](double alpha) {
    return maximise([&](double beta) { return depth_at(alpha, beta); }, 0.0, 1.0 - alpha, longest)
        .second;
  };
  maximise(best_on_row, 0.0, 1.0, longest);
  return result;
}

}  // namespace gougechek
