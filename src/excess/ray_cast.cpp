#include "excess/ray_cast.hpp"

#include <algorithm>
#include <cmath>

#include "convex/gjk.hpp"
#include "convex/simplex.hpp"

namespace gougechek {
namespace {

// The cast stops when the point reached is within this of the sweep, mm.
constexpr double kConverged = 1e-8;
// Rounding in the support values and the plane steps (coordinates ≤ 1e3 mm): lo is lowered by
// this so that it stays a bound.
constexpr double kRounding = 1e-9;
// A support point can recur and ‖v‖ is not monotone across advances (van den Bergen): a cap.
constexpr int kMaxIterations = 200;

struct Advance {
  bool missed = false;
  double lambda = 0;
  Vec3 clip_normal;          // the last supporting plane's normal (zero: never clipped)
  double remaining_gap = 0;  // upper bound of the distance from the point reached to the sweep
};

// The lower-bound half of the cast: advance along the ray plane by plane.
Advance advance(const CuttingSweep& sweep, const Vec3& origin, const Vec3& direction,
                double max_length) {
  const double margin = sweep.core.margin;
  Advance a;
  Vec3 x = origin;
  Vec3 v = x - sweep.interiorPoint();
  Simplex simplex;
  a.remaining_gap = std::numeric_limits<double>::infinity();
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const double v_norm = norm(v);
    a.remaining_gap = std::max(v_norm - margin, 0.0);
    if (a.remaining_gap <= kConverged) break;
    const Vec3 p = sweep.support(v).point;
    const double gap = dot(v, x - p) - margin * v_norm;  // > 0: the plane separates x
    if (gap > 0) {
      const double toward = dot(v, direction);
      if (toward >= 0)
        return Advance{.missed = true, .lambda = 0, .clip_normal = {}, .remaining_gap = 0};
      a.lambda -= gap / toward;
      if (a.lambda > max_length)
        return Advance{.missed = true, .lambda = 0, .clip_normal = {}, .remaining_gap = 0};
      x = origin + direction * a.lambda;
      a.clip_normal = v / v_norm;
      // The simplex holds points of the sweep: measure them from the new x (van den Bergen's
      // algorithm keeps them; flushing them makes the cast zigzag toward flat faces).
      for (int i = 0; i < simplex.size; ++i) simplex.vertex[i].w = x - simplex.vertex[i].on_a;
    } else {
      bool repeated = false;
      for (int i = 0; i < simplex.size; ++i) repeated |= simplex.vertex[i].on_a == p;
      if (repeated) break;  // no progress left: v is as close as rounding allows
    }
    simplex.vertex[simplex.size++] = {x - p, p, {}, 0};
    v = simplex.reduceToClosest();
    if (simplex.size == 4) {
      a.remaining_gap = 0;
      break;
    }
  }
  return a;
}

}  // namespace

bool provenInside(const CuttingSweep& sweep, const Vec3& point) {
  GjkQuery query;
  query.initial_direction = sweep.interiorPoint() - point;
  query.stop_below = sweep.core.margin;
  query.tolerance = 1e-12;
  const GjkResult r = gjkDistance(sweep, &point, 1, query);
  return !r.far && r.distance <= sweep.core.margin;
}

RayEntry castRay(const CuttingSweep& sweep, const Vec3& origin, const Vec3& direction,
                 double max_length) {
  const Advance a = advance(sweep, origin, direction, max_length);
  if (a.missed) return {};
  RayEntry entry;
  entry.lo = std::max(a.lambda - kRounding, 0.0);
  // The point reached is within remaining_gap of the sweep; along the ray that is about
  // gap/|direction·normal| (grazing rays need more): try steps of growing length.
  const double incidence = std::max(std::abs(dot(direction, a.clip_normal)), 1e-3);
  double step = std::max(a.remaining_gap, kConverged) / incidence + kRounding;
  if (a.lambda == 0 && provenInside(sweep, origin)) step = 0;
  for (int attempt = 0; attempt < 8; ++attempt, step *= 4) {
    if (provenInside(sweep, origin + direction * (a.lambda + step))) {
      entry.hi = a.lambda + step;
      break;
    }
  }
  return entry;
}

}  // namespace gougechek
