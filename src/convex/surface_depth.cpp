#include "convex/surface_depth.hpp"

#include <algorithm>
#include <cmath>

#include "convex/core_distance.hpp"

namespace gougechek {
namespace {

// Measurements before the search gives up with the bounds it has; far above what it needs
// (a handful on flat faces, a few dozen on curved ones).
constexpr int kMaxMeasurements = 200;
// The search for the deepest core position along a piece stops after this many golden-section
// steps at most (its bracket is then 1e-13 of the piece).
constexpr int kPositionSteps = 64;

/// How deep y (tool frame) lies inside the frustum `core` (negative outside), and the outward
/// normal of the boundary nearest to it: a disk's, or the flank's through y's meridian.
struct FrustumDepth {
  double depth;
  Vec3 normal;
};
FrustumDepth frustumDepth(const FrustumCore& core, const Vec3& y) {
  const double slope = (core.radius_top - core.radius_bottom) / (core.z_top - core.z_bottom);
  const double secant = std::sqrt(1 + slope * slope);
  const double r = std::sqrt(y.x * y.x + y.y * y.y);
  const Vec3 out = r > 0 ? Vec3{y.x / r, y.y / r, 0} : Vec3{1, 0, 0};
  FrustumDepth best{y.z - core.z_bottom, {0, 0, -1}};
  if (const double top = core.z_top - y.z; top < best.depth) best = {top, {0, 0, 1}};
  const double radius_here = core.radius_bottom + (y.z - core.z_bottom) * slope;
  if (const double flank = (radius_here - r) / secant; flank < best.depth)
    best = {flank, Vec3{out.x, out.y, -slope} / secant};
  return best;
}

/// The deepest single core position along the path for the point x: its depth there.
/// `spacing`: how closely (mm) the position is searched for; the depth is then found to within
/// as much.
FrustumDepth deepestPosition(const FrustumCore& core, const PathPiece& path, const Vec3& x,
                             double spacing) {
  // The depth in one core position is concave along a segment (and nearly so along a short
  // arc piece), so golden-section search finds the deepest; any position gives a lower bound.
  auto at = [&](double s) { return frustumDepth(core, x - path.at(s)); };
  constexpr double kGolden = 0.6180339887498949;
  // The depth changes no faster than the position, which moves at most about twice the
  // piece's chord per unit of s (pieces are at most quarter turns).
  const double speed = 2 * norm(path.at(1) - path.start());
  const int steps =
      speed <= spacing ? 0
                       : static_cast<int>(std::ceil(std::log(spacing / speed) / std::log(kGolden)));
  double lo = 0, hi = 1;
  double s1 = hi - kGolden, s2 = lo + kGolden;
  double d1 = at(s1).depth, d2 = at(s2).depth;
  for (int i = 0; i < std::min(steps, kPositionSteps); ++i) {
    if (d1 < d2)
      lo = s1, s1 = s2, d1 = d2, s2 = lo + kGolden * (hi - lo), d2 = at(s2).depth;
    else
      hi = s2, s2 = s1, d2 = d1, s1 = hi - kGolden * (hi - lo), d1 = at(s1).depth;
  }
  FrustumDepth best = at(0);
  for (const double s : {1.0, s1})
    if (const FrustumDepth d = at(s); d.depth > best.depth) best = d;
  return best;
}

}  // namespace

DepthBracket SurfaceDepthSearch::insideDepth(const Vec3& x, double tolerance) {
  // The deepest single core position gives a lower bound, and its nearest boundary a cut that
  // is tight wherever the swept core's boundary there is that position's (a cutter moving
  // sideways, say); else EPA, which always converges but costs far more.
  const FrustumCore& core = *sweep_.core;
  if (core.z_top > core.z_bottom && (core.radius_bottom > 0 || core.radius_top > 0)) {
    const FrustumDepth position = deepestPosition(core, *sweep_.path, x, 0.1 * tolerance);
    if (position.depth > 0) {
      DepthBracket bracket{position.depth, INFINITY, {}};
      const std::array<Cut, 2>& axial = bounds_.axialCuts();
      for (const Cut& cut : {bounds_.along(position.normal), axial[0], axial[1]})
        if (const double upper = cut.at(x) - core.margin; upper < bracket.upper)
          bracket.upper = upper, bracket.direction = cut.v;
      if (bracket.upper - bracket.lower <= tolerance) return bracket;
    }
  }
  return interior_.at(x, tolerance);
}

SurfaceDepth SurfaceDepthSearch::deepest(const std::array<Vec3, 3>& triangle, double tolerance,
                                         double relative, double floor) {
  const FrustumCore& core = *sweep_.core;
  const double m = core.margin;

  CutEnvelope envelope(triangle);
  std::array<Cut, DepthBounds<SweptCore>::kMaxFirstCuts> cuts;
  const int count = bounds_.firstCuts(triangle, cuts);
  for (int i = 0; i < count; ++i) envelope.add(cuts[i]);

  SurfaceDepth result{-INFINITY, INFINITY, triangle[0], 0, 0};
  while (result.measurements < kMaxMeasurements) {
    const CutEnvelope::Top top = envelope.top();
    result.bound = top.value;
    if (result.bound <= floor ||
        result.bound - result.depth <= std::max(tolerance, relative * result.depth))
      break;

    const Vec3& x = top.point;
    ++result.measurements;
    GjkQuery query;
    query.initial_direction = sweep_.interiorPoint() - x;
    query.tolerance = 0.1 * tolerance;
    const GjkResult r = coreDistance(core, *sweep_.path, &x, 1, query);
    // GJK settles for any distance within its tolerance: a point that close may lie deep
    // inside the core, so only a larger distance proves it outside.
    double value = m - r.distance;
    Vec3 direction = r.on_b - r.on_a;
    if (r.distance <= query.tolerance) {
      const DepthBracket inside = insideDepth(x, 0.5 * tolerance);
      if (norm2(inside.direction) == 0) {
        // K has no interior, so g ≤ m everywhere, and x reaches it.
        result = {m, m, x, r.s, result.measurements};
        break;
      }
      value = std::max(value, m + inside.lower);
      direction = inside.direction;
    }
    if (value > result.depth) {
      result.depth = value;
      result.point = x;
      result.s = r.s;
    }
    // A cut that does not pass below the envelope's top at x cannot make progress (rounding
    // at the scale of the tolerance): the bounds are as close as they will come.
    const Cut cut = bounds_.along(direction / norm(direction));
    if (cut.at(x) >= top.value) break;
    envelope.add(cut);
  }
  return result;
}

}  // namespace gougechek
