#include "verify/swept_region_query.hpp"

#include <algorithm>
#include <cmath>

namespace gougechek {
namespace {

// Tree nodes no larger than this fraction of the cutter's radius are gathered whole.
constexpr double kWholeNodeSize = 1.0;
// A cone whose height is at most this fraction of its radius (its flank within 10° of level)
// rests on a surface as a flat end does, holding most of a small node's triangles within reach.
constexpr double kFlatCone = 0.1763;
}  // namespace

void appendRegion(std::span<const PathPiece> pieces, std::vector<Vec3>& points,
                  std::vector<PathPiece>& arcs) {
  if (const std::optional<PathPiece> arc = PathPiece::joined(pieces)) {
    arcs.push_back(*arc);
    return;
  }
  for (const PathPiece& piece : pieces)
    if (!piece.enclosingPoints(points)) arcs.push_back(piece);
}

namespace {

/// Narrows [lo, hi] to the positions t along `chord` at which the cylinder of radius r about
/// the axis of `core`, between its end heights, holds x (lo > hi: none).
void narrowToCylinder(const FrustumCore& core, double r, const Chord& chord, const Vec3& x,
                      double& lo, double& hi) {
  // x's height above the tip within the core's, and x within r of the axis.
  const Vec3 d = chord.to - chord.from, e = x - chord.from;
  if (d.z != 0) {
    const double t1 = (e.z - core.z_top) / d.z, t2 = (e.z - core.z_bottom) / d.z;
    lo = std::max(lo, std::min(t1, t2));
    hi = std::min(hi, std::max(t1, t2));
  } else if (e.z < core.z_bottom || e.z > core.z_top) {
    hi = -INFINITY;
    return;
  }
  // |e − t d| ≤ r in the plane: a quadratic a t² − 2 b t + c ≤ 0.
  const double a = d.x * d.x + d.y * d.y, b = e.x * d.x + e.y * d.y;
  const double c = e.x * e.x + e.y * e.y - r * r;
  if (a == 0) {
    if (c > 0) hi = -INFINITY;
    return;
  }
  const double discriminant = b * b - a * c;
  if (discriminant < 0) {
    hi = -INFINITY;
    return;
  }
  const double root = std::sqrt(discriminant);
  lo = std::max(lo, (b - root) / a);
  hi = std::min(hi, (b + root) / a);
}

}  // namespace

bool innerCylinderReaches(const FrustumCore& core, const Chord& chord,
                          const std::array<Vec3, 8>& corners) {
  // The cylinder of radius r between the core's end heights lies inside the frustum core; the
  // box point nearest the middle of the chord's axis is the one most likely inside it.
  const double r = std::min(core.radius_bottom, core.radius_top);
  const Vec3 lift{0, 0, 0.5 * (core.z_bottom + core.z_top)};
  const Vec3 middle = (chord.from + chord.to) / 2 + lift;
  Vec3 x = corners[0];
  for (const int corner : {1, 2, 4}) {
    const Vec3 edge = corners[corner] - corners[0];
    const double length2 = norm2(edge);
    if (length2 > 0) x += edge * std::clamp(dot(middle - corners[0], edge) / length2, 0.0, 1.0);
  }
  double lo = 0, hi = 1;
  narrowToCylinder(core, r, chord, x, lo, hi);
  return lo <= hi;
}

bool cylinderHolds(const FrustumCore& core, double radius, const Chord& chord,
                   const std::array<Vec3, 8>& corners) {
  double lo = 0, hi = 1;
  for (const Vec3& x : corners) {
    narrowToCylinder(core, radius, chord, x, lo, hi);
    if (!(lo <= hi)) return false;
  }
  return true;
}

template <int K>
double SweptRegionQuery<K>::kdopGap(const Kdop<K>& node) const {
  // box_ is the region's k-DOP grown by the reach: a gap g along direction d_j puts the node
  // g/|d_j| beyond the reach.
  double gap = -INFINITY;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j)
    gap = std::max(gap, std::max(node.lo[j] - box_.hi[j], box_.lo[j] - node.hi[j]) *
                            KdopDirections<K>::kInverseNorms[j]);
  return gap;
}

template <int K>
double SweptRegionQuery<K>::distanceTo(const Vec3* points, int count) const {
  GjkQuery query;
  query.initial_direction = axis_;
  query.stop_above = reach_;
  query.stop_below = reach_;  // within reach: the node overlaps, however near it comes
  query.tolerance = 1e-3 * reach_;
  const GjkResult r = gjkDistance(region_, points, count, query);
  if (r.far) axis_ = r.axis;
  return r.far ? r.distance : std::min(r.distance, reach_);
}

template <int K>
double SweptRegionQuery<K>::separation(const Kdop<K>& node, const PatchBox& node_patch) const {
  if (const double gap = kdopGap(node); gap > 0) return reach_ + gap;
  const double slab_gap = slabSeparation(region_, node_patch.slab());
  if (slab_gap > reach_) return slab_gap;
  std::array<Vec3, 8> corners;
  if (node_patch.bounds())
    corners = node_patch.corners();
  else
    for (int i = 0; i < 8; ++i)
      corners[i] = {i & 1 ? node.hi[0] : node.lo[0], i & 2 ? node.hi[1] : node.lo[1],
                    i & 4 ? node.hi[2] : node.lo[2]};
  if (const double inner = std::min(region_.core->radius_bottom, region_.core->radius_top);
      inner > 0) {
    // A chord whose inner cylinder's box misses the corners' box cannot reach them: not asked
    // (most of a run's chords, for a node near one of them).
    Vec3 lo = corners[0], hi = corners[0];
    for (const Vec3& c : corners) {
      lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
      hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
    }
    for (const Chord& chord : chords_) {
      const Vec3 low = {std::min(chord.from.x, chord.to.x) - inner,
                        std::min(chord.from.y, chord.to.y) - inner,
                        std::min(chord.from.z, chord.to.z) + region_.core->z_bottom};
      const Vec3 high = {std::max(chord.from.x, chord.to.x) + inner,
                         std::max(chord.from.y, chord.to.y) + inner,
                         std::max(chord.from.z, chord.to.z) + region_.core->z_top};
      if (low.x > hi.x || low.y > hi.y || low.z > hi.z || high.x < lo.x || high.y < lo.y ||
          high.z < lo.z)
        continue;
      if (innerCylinderReaches(*region_.core, chord, corners)) return 0;
    }
  }
  return distanceTo(corners.data(), 8);
}

template <int K>
double SweptRegionQuery<K>::separation(const std::array<Vec3, 3>& triangle) const {
  Kdop<K> box = Kdop<K>::empty();
  for (const Vec3& p : triangle) box.add(p);
  if (const double gap = kdopGap(box); gap > 0) return reach_ + gap;
  const Vec3 n = cross(triangle[1] - triangle[0], triangle[2] - triangle[0]);
  if (const double length = norm(n); length > 0) {
    const double slab_gap = slabSeparation(region_, slabAlong(n / length, triangle));
    if (slab_gap > reach_) return slab_gap;
  }
  if (innerCylinderHolds(triangle)) return 0;
  return distanceTo(triangle.data(), 3);
}

template <int K>
bool SweptRegionQuery<K>::innerCylinderHolds(std::span<const Vec3> points) const {
  const FrustumCore& core = *region_.core;
  const double r = std::min(core.radius_bottom, core.radius_top);
  if (!(r > 0)) return false;
  for (const Chord& chord : chords_)
    for (const Vec3& x : points) {
      double lo = 0, hi = 1;
      narrowToCylinder(core, r, chord, x, lo, hi);
      if (lo <= hi) return true;
    }
  return false;
}

template <int K>
bool SweptRegionQuery<K>::takesWhole(const Kdop<K>& node, const PatchBox& node_patch) const {
  if (!whole_nodes_) return false;
  // A node small beside a cutter with a flat or frustum core, or a nearly flat cone (a drill's
  // 175° point), is bounded as one by the depth search, which measures (and so drops) any of
  // its triangles beyond reach; one by one, each would cost a node test in every run that
  // reaches it. Not for a ball's core, a segment, nor a pointed cone: a finish touching the
  // surface everywhere keeps few triangles within its reach, and the nodes' others would each
  // need measuring once nothing is found.
  const FrustumCore& core = *region_.core;
  const double size =
      std::max({node.hi[0] - node.lo[0], node.hi[1] - node.lo[1], node.hi[2] - node.lo[2]});
  const double widest = std::max(core.radius_bottom, core.radius_top);
  const bool flat = std::min(core.radius_bottom, core.radius_top) > 0 ||
                    core.z_top - core.z_bottom <= kFlatCone * widest;
  if (widest > 0 && flat && size <= kWholeNodeSize * (widest + core.margin)) return true;
  // Points within `radius` of the axis, between the core's end heights, lie within the reach of
  // its inner cylinder (kBoxSlack to spare for rounding). A box wider or taller than that
  // cylinder, or reaching above or below its heights along the chords, cannot fit.
  const double radius = std::min(core.radius_bottom, core.radius_top) + reach_ - 2 * kBoxSlack;
  if (node.hi[0] - node.lo[0] > 2 * radius || node.hi[1] - node.lo[1] > 2 * radius ||
      node.lo[2] < lowest_ || node.hi[2] > highest_ ||
      node.hi[2] - node.lo[2] > core.z_top - core.z_bottom)
    return false;
  // The node's axis-aligned box, else its patch box (thinner along a sloping patch).
  std::array<Vec3, 8> corners;
  for (int i = 0; i < 8; ++i)
    corners[i] = {i & 1 ? node.hi[0] : node.lo[0], i & 2 ? node.hi[1] : node.lo[1],
                  i & 4 ? node.hi[2] : node.lo[2]};
  auto held = [&] {
    return std::any_of(chords_.begin(), chords_.end(), [&](const Chord& chord) {
      return cylinderHolds(core, radius, chord, corners);
    });
  };
  if (held()) return true;
  if (!node_patch.bounds()) return false;
  corners = node_patch.corners();
  return held();
}

template class SweptRegionQuery<6>;
template class SweptRegionQuery<14>;
template class SweptRegionQuery<18>;
template class SweptRegionQuery<26>;

}  // namespace gougechek
