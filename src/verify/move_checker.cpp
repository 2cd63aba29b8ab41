#include "verify/move_checker.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "convex/core_distance.hpp"
#include "verify/move_path.hpp"

namespace gougechek {
namespace {

// Core distances below this count as contact: the core itself reached the surface.
constexpr double kTouch = 1e-9;
// GJK stops when its bounds agree this closely: docs/checking-rules.md's exact depths are good to
// 1e-6 mm.
constexpr double kGjkTolerance = 1e-9;
// A run is at most this many moves and path pieces, spanning at most this many cutter
// diameters: short finishing moves share one cull, long moves and long arcs go alone.
constexpr std::size_t kRunMoves = 8;
constexpr std::size_t kRunPieces = 16;
constexpr double kRunSpanInDiameters = 1.0;
// After a run whose moves cut nothing, the next run's move ends lie within this many
// tolerances of the chord from its start to its last end: their hull, the run's region, then
// passes at most a tolerance beyond the path's. A cutter riding the surface would otherwise
// have every triangle below a chord across a hill as a candidate, which no move comes near.
// Where moves cut (a wrong tool), the triangles under the cutter are candidates anyway, and a
// longer run shares one tree query among more moves.
constexpr double kRunBendInTolerances = 0.5;
// At most this many (group, triangle) pairs, no nodes, are bounded fully at once and sorted.
constexpr std::size_t kSortedPairs = 1024;
// The k-DOP slab along +Z.
constexpr int kZSlab = 2;
// Tree nodes no larger than this fraction of the cutter's radius are gathered whole.
constexpr double kWholeNodeSize = 1.0;
// A long arc's pieces are bounded against each triangle this many at a time first.
constexpr std::size_t kGroupPieces = 8;

/// Deepest bound first, and at equal bounds (a cutter buried to its full height, bounded by
/// its half height over every triangle across it) the pair whose own cuts reach deeper, the
/// likelier to be that deep; ties in a fixed order, so results never depend on the sort.
template <class Reach>
bool deeperFirst(const Reach& a, const Reach& b) {
  if (a.bound != b.bound) return a.bound > b.bound;
  if (a.own != b.own) return a.own > b.own;
  return a.triangle != b.triangle ? a.triangle < b.triangle : a.piece < b.piece;
}

/// The depth search's queue order (a heap's "less": `a` comes off after `b`): deepest bound
/// first (never above that of what the entry leads to); at equal bounds a fully bounded
/// triangle first, so that where many entries share the half width as their bound (a buried
/// cutter) the first triangle whose full bound stays there is measured at once, and its depth,
/// near that bound, ends the search (before: every tied node split and every tied triangle
/// bounded fully first). Then the deepest own bound, and a fixed order, so the order is a
/// function of the triangles queued, never of the nodes they came in. A function object, so
/// the heap's calls are inlined.
struct PopsLater {
  template <class Queued>
  bool operator()(const Queued& a, const Queued& b) const {
    if (a.bound != b.bound) return a.bound < b.bound;
    const bool a_full = a.stage == Queued::kFull, b_full = b.stage == Queued::kFull;
    if (a_full != b_full) return b_full;
    if (a.own != b.own) return a.own < b.own;
    return std::tie(a.index, a.group, a.stage) > std::tie(b.index, b.group, b.stage);
  }
};

/// True if every one of `points` lies within `distance` of the segment from `from` to `to`.
bool nearChord(std::span<const Vec3> points, const Vec3& from, const Vec3& to, double distance) {
  const Vec3 chord = to - from;
  const double length2 = norm2(chord);
  return std::all_of(points.begin(), points.end(), [&](const Vec3& p) {
    const double t = length2 > 0 ? std::clamp(dot(p - from, chord) / length2, 0.0, 1.0) : 0.0;
    return norm2(from + chord * t - p) <= distance * distance;
  });
}

/// The farthest any point of the hull of `points` and `arcs` lies from `p`: attained at a
/// point, or at a corner of an arc piece's axis-aligned box.
double farthestFrom(const Vec3& p, std::span<const Vec3> points, std::span<const PathPiece> arcs) {
  double farthest = 0;
  for (const Vec3& q : points) farthest = std::max(farthest, norm(q - p));
  for (const PathPiece& arc : arcs) {
    const auto [lo, hi] = arc.bounds();
    const Vec3 corner{std::max(hi.x - p.x, p.x - lo.x), std::max(hi.y - p.y, p.y - lo.y),
                      std::max(hi.z - p.z, p.z - lo.z)};
    farthest = std::max(farthest, norm(corner));
  }
  return farthest;
}

/// Appends what a SweptRegion over `pieces` is made of: the pieces of one arc as that arc (its
/// hull is theirs), other pieces as points around them (a scan of dot products rather than an
/// arc's support per piece per query: the region grows by about a sagitta, which costs
/// nothing), and arcs too long for that as themselves.
void appendRegion(std::span<const PathPiece> pieces, std::vector<Vec3>& points,
                  std::vector<PathPiece>& arcs) {
  if (const std::optional<PathPiece> arc = PathPiece::joined(pieces)) {
    arcs.push_back(*arc);
    return;
  }
  for (const PathPiece& piece : pieces)
    if (!piece.enclosingPoints(points)) arcs.push_back(piece);
}

}  // namespace

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
  // A node small beside a cutter with a flat or frustum core is bounded as one by the depth
  // search, which measures (and so drops) any of its triangles beyond reach; one by one, each
  // would cost a node test in every run that reaches it. Not for a ball's core, a segment: a
  // finish touching the surface everywhere keeps few triangles within its reach, and the
  // nodes' others would each need measuring once nothing is found.
  const FrustumCore& core = *region_.core;
  const double size =
      std::max({node.hi[0] - node.lo[0], node.hi[1] - node.lo[1], node.hi[2] - node.lo[2]});
  if (std::min(core.radius_bottom, core.radius_top) > 0 &&
      size <= kWholeNodeSize * (std::max(core.radius_bottom, core.radius_top) + core.margin))
    return true;
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

template <int K>
MoveChecker<K>::MoveChecker(const Mesh& part, const KdopTree<K>& tree,
                            const TunedSettings& settings)
    : part_(part), tree_(tree), settings_(settings) {}

template <int K>
std::array<Vec3, 3> MoveChecker<K>::triangle(std::uint32_t index) const {
  return triangleCorners(part_, index);
}

template <int K>
template <class Shape>
Kdop<K> MoveChecker<K>::sweptBox(const Shape& sweep, double grow) const {
  Kdop<K> box = sweptKdop<K>(sweep);
  box.grow(grow + kBoxSlack);
  return box;
}

template <int K>
double MoveChecker<K>::clearance(const CutterPart& part, const Move& move) const {
  if (!part.cutting) return settings_.holder_clearance;
  return move.kind == MoveKind::Rapid ? settings_.rapid_clearance : 0.0;
}

template <int K>
double MoveChecker<K>::reportBelow(const CutterPart& part, const Move& move) const {
  // Core distances below this matter: a gouge (or holder contact) needs depth > tolerance; a
  // part with a clearance c must keep its skin c away.
  const double c = clearance(part, move);
  return std::max(c > 0 ? part.core.margin + c : part.core.margin - settings_.tolerance, kTouch);
}

template <int K>
void MoveChecker<K>::gather(const FrustumCore& core, std::span<const PathPiece> pieces,
                            double reach, TrackedFront& tracked, std::vector<Candidate>& out,
                            std::vector<std::uint32_t>* whole) {
  out.clear();
  if (whole) whole->clear();
  // Certificates hold for the core they were found with.
  if (!(tracked.core == core)) {
    tracked.front.reset();
    tracked.core = core;
  }
  auto collect = [&](std::span<const PathPiece> region_pieces) {
    region_points_.clear();
    region_arcs_.clear();
    appendRegion(region_pieces, region_points_, region_arcs_);
    region_chords_.clear();
    for (const PathPiece& piece : region_pieces)
      region_chords_.push_back({piece.start(), piece.end()});
    std::sort(region_points_.begin(), region_points_.end(), [](const Vec3& a, const Vec3& b) {
      return std::tie(a.x, a.y, a.z) < std::tie(b.x, b.y, b.z);
    });
    region_points_.erase(std::unique(region_points_.begin(), region_points_.end()),
                         region_points_.end());
    const SweptRegion region{&core, region_points_, region_arcs_};
    if (tracked.front.nodes.empty())
      tracked.travel = 0;
    else
      tracked.travel += farthestFrom(tracked.last_point, region_points_, region_arcs_);
    tracked.last_point = region_pieces.back().end();
    const SweptRegionQuery<K> query(region, region_chords_, sweptBox(region, reach),
                                    reach + kBoxSlack, tracked.travel, whole != nullptr);
    auto on_triangle = [&](std::uint32_t index) {
      const auto corners = triangle(index);
      Kdop<K> box = Kdop<K>::empty();
      for (const Vec3& p : corners) box.add(p);
      const Vec3 n = cross(corners[1] - corners[0], corners[2] - corners[0]);
      const double length = norm(n);
      out.push_back({index, box, length > 0 ? slabAlong(n / length, corners) : NormalSlab{}});
    };
    if (settings_.front_tracking) {
      const std::uint64_t certified = tracked.front.certified;
      if (whole)
        tree_.query(
            query, tracked.front, on_triangle, [&](std::uint32_t node) { whole->push_back(node); },
            stats.node_tests);
      else
        tree_.query(query, tracked.front, on_triangle, stats.node_tests);
      stats.certified_nodes += tracked.front.certified - certified;
    } else {
      tree_.query(query, on_triangle, stats.node_tests);
    }
  };
  if (pieces.size() <= kRunPieces) {
    collect(pieces);
    return;
  }
  // A long arc: a run's worth of pieces at a time, each triangle once.
  for (std::size_t i = 0; i < pieces.size(); i += kRunPieces)
    collect(pieces.subspan(i, std::min(kRunPieces, pieces.size() - i)));
  std::sort(out.begin(), out.end(),
            [](const Candidate& a, const Candidate& b) { return a.triangle < b.triangle; });
  out.erase(
      std::unique(out.begin(), out.end(),
                  [](const Candidate& a, const Candidate& b) { return a.triangle == b.triangle; }),
      out.end());
  // A node taken whole by two of the queries is one node (its triangles may still come twice,
  // one query taking them singly: a repeated pair measures alike, so nothing changes).
  if (whole) {
    std::sort(whole->begin(), whole->end());
    whole->erase(std::unique(whole->begin(), whole->end()), whole->end());
  }
}

template <int K>
bool MoveChecker<K>::mayReach(const Candidate& candidate, const Kdop<K>& box,
                              const SweptCore& sweep, double report_below) const {
  return candidate.box.overlaps(box) && slabSeparation(sweep, candidate.plane) <= report_below;
}

template <int K>
void MoveChecker<K>::queueGroups(const FrustumCore& core, std::span<const PathPiece> pieces,
                                 const std::vector<Candidate>& candidates,
                                 const std::vector<std::uint32_t>& whole, double report_below,
                                 double floor, bool plane_first) {
  depth_searches_.clear();
  piece_boxes_.clear();
  for (const PathPiece& piece : pieces) {
    depth_searches_.emplace_back(core, piece);
    piece_boxes_.push_back(sweptBox(SweptCore{&core, &piece}, report_below));
  }
  // The regions' spans point into group_points_ and group_arcs_, reserved so they never move.
  group_points_.clear();
  group_arcs_.clear();
  group_points_.reserve(pieces.size() * PathPiece::kMaxEnclosingPoints);
  group_arcs_.reserve(pieces.size());
  groups_.clear();
  for (std::size_t first = 0; first < pieces.size(); first += kGroupPieces) {
    const std::size_t count = std::min(kGroupPieces, pieces.size() - first);
    if (count == 1) {
      groups_.push_back({first, 1, std::nullopt, piece_boxes_[first]});
      continue;
    }
    const std::size_t points = group_points_.size(), arcs = group_arcs_.size();
    appendRegion(pieces.subspan(first, count), group_points_, group_arcs_);
    const SweptRegion region{&core, std::span<const Vec3>(group_points_).subspan(points),
                             std::span<const PathPiece>(group_arcs_).subspan(arcs)};
    groups_.push_back({first, count,
                       DepthBounds<SweptRegion>(
                           region, core.margin, SweptCore{&core, &pieces[first]}.interiorPoint(),
                           SweptCore{&core, &pieces[first + count - 1]}.interiorEndPoint()),
                       sweptBox(region, report_below)});
  }

  // The slab cuts' bound first, from the boxes alone: most pairs of a large cutter never need
  // more. Along ±Z only (the cutter's end and top, which the full bound holds too) for a few
  // pairs, which are then bounded fully at once; along every k-DOP direction (its side too)
  // for many, which the queue takes deepest first.
  queue_sorted_ = whole.empty() && candidates.size() * groups_.size() <= kSortedPairs;
  for (PieceGroup& group : groups_) {
    for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
      group.along[j] = group.against[j] = INFINITY;
      if (queue_sorted_ && j != kZSlab) continue;
      const Vec3 v = KdopDirections<K>::kDirs[j] * KdopDirections<K>::kInverseNorms[j];
      group.along[j] =
          group.bounds ? group.bounds->along(v).c : depth_searches_[group.first].along(v).c;
      group.against[j] =
          group.bounds ? group.bounds->along(-v).c : depth_searches_[group.first].along(-v).c;
      group.half_width = std::min(group.half_width, 0.5 * (group.along[j] + group.against[j]));
    }
    // What the search measures is each piece's own depth (examine), never the group's: no
    // finding lies deeper than the deepest of its pieces' half heights, which along a helix or
    // ramp is below the half width of the group's taller hull.
    if (group.bounds) {
      double pieces_half = -INFINITY;
      for (std::size_t p = group.first; p < group.first + group.count; ++p)
        pieces_half = std::max(pieces_half, depth_searches_[p].halfHeight());
      group.half_width = std::min(group.half_width, pieces_half);
    }
  }
  queue_.clear();
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const auto group = static_cast<std::uint32_t>(g);
    for (const Candidate& candidate : candidates)
      queueTriangle(candidate.triangle, candidate.box, group, floor);
    for (const std::uint32_t node : whole) {
      const Kdop<K> box = tree_.kdop(node);
      if (!box.overlaps(groups_[g].box)) continue;
      const double own = boxBound(groups_[g], box);
      const double bound = std::min(own, groups_[g].half_width);
      if (bound >= floor) queue_.push_back({bound, own, Queued::kNode, node, group});
    }
  }
  // A few pairs, each likely needed (a cutter near the surface, not deep in it): bounded at
  // once and sorted, rather than kept in a heap. With `plane_first`, by the plane cuts alone:
  // the aimed cuts cost about what a distance query does, so they wait until a finding gives
  // them a use (advance).
  if (queue_sorted_) {
    std::size_t kept = 0;
    for (const Queued& axial : queue_) {
      const double own =
          fullBound(groups_[axial.group], triangle(axial.index), plane_first ? INFINITY : floor);
      const double bound = std::min(own, groups_[axial.group].half_width);
      if (bound >= floor)
        queue_[kept++] = {bound, own, plane_first ? Queued::kAxial : Queued::kFull, axial.index,
                          axial.group};
    }
    queue_.resize(kept);
    std::sort(queue_.begin(), queue_.end(), PopsLater{});  // the next to come off last
    return;
  }
  std::make_heap(queue_.begin(), queue_.end(), PopsLater{});
}

template <int K>
void MoveChecker<K>::queueTriangle(std::uint32_t triangle, const Kdop<K>& box, std::uint32_t group,
                                   double floor) {
  if (!box.overlaps(groups_[group].box)) return;
  const double own = boxBound(groups_[group], box);
  const double bound = std::min(own, groups_[group].half_width);
  if (bound >= floor) queue_.push_back({bound, own, Queued::kAxial, triangle, group});
}

template <int K>
double MoveChecker<K>::boxBound(const PieceGroup& group, const Kdop<K>& box) const {
  // The cut along unit v = d/|d| is highest over the box where d·x is least, and against it
  // where d·x is greatest. Along ±Z (kZSlab, d = (0, 0, 1)) these are the end and top cuts as
  // the full bound makes them, to the last bit: so the full bound never exceeds this one.
  double least = INFINITY;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
    const double inverse = KdopDirections<K>::kInverseNorms[j];
    least = std::min(least, std::min(group.along[j] - box.lo[j] * inverse,
                                     group.against[j] + box.hi[j] * inverse));
  }
  return least;
}

template <int K>
double MoveChecker<K>::fullBound(PieceGroup& group, const std::array<Vec3, 3>& tri, double floor) {
  ++stats.bounded_pairs;
  // The bound proves out of reach every triangle the slab test would (its plane cuts are that
  // test), and more.
  return group.bounds ? group.bounds->bound(tri, floor)
                      : depth_searches_[group.first].bound(tri, floor);
}

template <int K>
std::optional<typename MoveChecker<K>::Reach> MoveChecker<K>::advance(double floor,
                                                                      bool measure_first) {
  if (queue_sorted_) {
    const Queued top = queue_.back();
    queue_.pop_back();
    if (top.stage == Queued::kFull || measure_first)
      return Reach{top.bound, top.own, top.index, top.group};
    const double own = std::min(top.own, fullBound(groups_[top.group], triangle(top.index), floor));
    const double bound = std::min(own, groups_[top.group].half_width);
    if (bound < floor) return std::nullopt;
    return Reach{bound, own, top.index, top.group};
  }
  std::pop_heap(queue_.begin(), queue_.end(), PopsLater{});
  const Queued top = queue_.back();
  queue_.pop_back();
  auto push = [&](const Queued& entry) {
    queue_.push_back(entry);
    std::push_heap(queue_.begin(), queue_.end(), PopsLater{});
  };
  switch (top.stage) {
    case Queued::kFull:
      return Reach{top.bound, top.own, top.index, top.group};
    case Queued::kAxial: {
      const double own =
          std::min(top.own, fullBound(groups_[top.group], triangle(top.index), floor));
      const double bound = std::min(own, groups_[top.group].half_width);
      if (bound < floor) return std::nullopt;
      const Queued full{bound, own, Queued::kFull, top.index, top.group};
      // Still ahead of everything queued (as it mostly is): it would come straight off again.
      if (queue_.empty() || PopsLater{}(queue_.front(), full))
        return Reach{bound, own, top.index, top.group};
      push(full);
      return std::nullopt;
    }
    case Queued::kNode:
      break;
  }
  if (tree_.isLeaf(top.index)) {
    tree_.forEachTriangle(top.index, [&](std::uint32_t t) {
      Kdop<K> box = Kdop<K>::empty();
      for (const Vec3& corner : triangle(t)) box.add(corner);
      const std::size_t size = queue_.size();
      queueTriangle(t, box, top.group, floor);
      if (queue_.size() > size) std::push_heap(queue_.begin(), queue_.end(), PopsLater{});
    });
    return std::nullopt;
  }
  for (const std::uint32_t child : tree_.children(top.index)) {
    const Kdop<K> box = tree_.kdop(child);
    if (!box.overlaps(groups_[top.group].box)) continue;
    const double own = boxBound(groups_[top.group], box);
    const double bound = std::min(own, groups_[top.group].half_width);
    if (bound >= floor) push({bound, own, Queued::kNode, child, top.group});
  }
  return std::nullopt;
}

template <int K>
template <class Test>
bool MoveChecker<K>::pieceReaches(const Reach& group_reach, double reach_floor,
                                  const Test& cannot_matter) {
  piece_reaches_.clear();
  PieceGroup& group = groups_[group_reach.piece];
  if (!group.bounds) {
    piece_reaches_.push_back({group_reach.bound, group_reach.own, group_reach.triangle,
                              static_cast<std::uint32_t>(group.first)});
    return true;
  }
  bool complete = true;
  const auto tri = triangle(group_reach.triangle);
  Kdop<K> box = Kdop<K>::empty();
  for (const Vec3& corner : tri) box.add(corner);
  for (std::size_t p = group.first; p < group.first + group.count; ++p) {
    if (!box.overlaps(piece_boxes_[p])) continue;
    const double half_height = depth_searches_[p].halfHeight();
    if (cannot_matter(half_height)) {
      complete = false;
      continue;
    }
    ++stats.bounded_pairs;
    const double own = depth_searches_[p].bound(tri, reach_floor - kBoundSlack);
    const double bound = std::min(own, half_height);
    if (bound < reach_floor - kBoundSlack) continue;
    piece_reaches_.push_back({bound, own, group_reach.triangle, static_cast<std::uint32_t>(p)});
  }
  std::sort(piece_reaches_.begin(), piece_reaches_.end(), deeperFirst<Reach>);
  return complete;
}

template <int K>
typename MoveChecker<K>::Finding MoveChecker<K>::deepest(const FrustumCore& core,
                                                         std::span<const PathPiece> pieces,
                                                         const std::vector<Candidate>& candidates,
                                                         const std::vector<std::uint32_t>& whole,
                                                         const DepthLimits& limits) {
  // Branch and bound: every (group of pieces, triangle or whole node) the box test keeps, with
  // the bound of the axial cuts over its box; then the most promising first, a node split into
  // its children, a triangle bounded by the group's first cuts (a few support queries) and
  // then split into its pieces, each measured (GJK, and where the core reached the triangle
  // the surface-depth search), until the bounds left show that none of the rest can change the
  // result. A cutter far larger than the part holds thousands of triangles, of which only
  // those near its deepest need more than a box. Groups let a long arc rule a triangle out
  // once rather than once per piece. No candidate, no finding: a piece far from the part (a
  // holder, mostly) costs nothing here.
  if (candidates.empty() && whole.empty()) return {};
  Search search{core, pieces, limits, DepthAccuracy(settings_.tolerance, limits, core.margin), {}};
  const double reach_floor = core.margin - limits.report_below;
  // Pairs bounded below this are out of reach (with kBoundSlack to spare).
  const double pair_floor = reach_floor - kBoundSlack;
  queueGroups(core, pieces, candidates, whole, limits.report_below, pair_floor,
              !search.accuracy.onlyMeasuredFindingsMatter());
  examined_.clear();
  auto cannot_matter = [&](double bound) {
    return search.accuracy.cannotMatter(bound, search.deepestSoFar());
  };
  // The queue's top bounds all it holds: once that cannot matter, nothing left can.
  while (!queue_.empty() && !cannot_matter(queueTop().bound)) {
    const std::optional<Reach> group_reach = advance(pair_floor, !search.best.found);
    if (!group_reach) continue;
    examined_.push_back(*group_reach);
    // Measured: every piece that may reach the triangle was measured (and found far).
    bool measured = pieceReaches(*group_reach, reach_floor, cannot_matter);
    for (const Reach& c : piece_reaches_) {
      if (cannot_matter(c.bound)) {
        measured = false;
        break;
      }
      examine(search, c);
    }
    examined_.back().measured = measured;
  }
  if (!search.best.found) findAnyWithinReach(search, pair_floor, reach_floor);
  return search.best;
}

template <int K>
void MoveChecker<K>::Search::consider(const Finding& f) {
  // Ties go to the place first reached along the move (a cutter buried R deep for a stretch is
  // reported where it enters), then to the first triangle, so the finding does not depend on
  // the order the bounds put them in.
  if (!best.found || f.depth > best.depth ||
      (f.depth == best.depth &&
       std::tie(f.piece, f.s, f.triangle) < std::tie(best.piece, best.s, best.triangle)))
    best = f;
}

template <int K>
void MoveChecker<K>::examine(Search& search, const Reach& c) {
  const FrustumCore& core = search.core;
  const PathPiece& piece = search.pieces[c.piece];
  const auto tri = triangle(c.triangle);
  const GjkResult r = measure(core, piece, tri, search.limits.report_below);
  if (r.far) return;
  if (r.distance > kTouch) {
    search.consider(
        {true, core.margin - r.distance, piece.at(r.s), false, c.triangle, c.piece, r.s});
    return;
  }
  const DepthAccuracy& accuracy = search.accuracy;
  const double stop_below = accuracy.stopBelow(c.bound, search.deepestSoFar());
  ++stats.deep_tests;
  const SurfaceDepth d = depth_searches_[c.piece].deepest(tri, accuracy.absolute(),
                                                          DepthAccuracy::kRelative, stop_below);
  stats.depth_measurements += static_cast<std::uint64_t>(d.measurements);
  // A natural skin's core reached the triangle, so the depth is at least the margin, where
  // the core touches (r.s) if the search, stopped early, found nothing deeper.
  const bool natural_skin = search.limits.natural_skin;
  const bool at_contact = natural_skin && !(d.depth > core.margin);
  const double depth = at_contact ? core.margin : d.depth;
  const double s = at_contact ? contact(core, piece, tri) : d.s;
  search.consider(
      {true, depth, piece.at(s), natural_skin || accuracy.severe(depth), c.triangle, c.piece, s});
}

template <int K>
void MoveChecker<K>::findAnyWithinReach(Search& search, double pair_floor, double reach_floor) {
  // Nothing that matters: whether anything came within reach at all still does (a cutter
  // touching nothing may be buried). Any such finding is too shallow to report. The pairs in
  // deepest-bound order again: those taken off the queue and not yet measured, then the rest.
  const FrustumCore& core = search.core;
  for (std::size_t g = 0; !search.best.found && (g < examined_.size() || !queue_.empty());) {
    if (g == examined_.size()) {
      const std::optional<Reach> group_reach = advance(pair_floor, true);
      if (!group_reach) continue;
      examined_.push_back(*group_reach);
    }
    if (examined_[g].measured) {
      ++g;
      continue;
    }
    pieceReaches(examined_[g++], reach_floor, [](double) { return false; });
    for (const Reach& c : piece_reaches_) {
      const PathPiece& piece = search.pieces[c.piece];
      const GjkResult r = measure(core, piece, triangle(c.triangle), search.limits.report_below);
      if (r.far) continue;
      search.best = {
          true, core.margin - std::max(r.distance, 0.0), piece.at(r.s), false, c.triangle, c.piece,
          r.s};
      break;
    }
  }
}

template <int K>
GjkResult MoveChecker<K>::measure(const FrustumCore& core, const PathPiece& piece,
                                  const std::array<Vec3, 3>& tri, double report_below) {
  ++stats.triangle_tests;
  GjkQuery query;
  query.initial_direction = warm_axis_;
  query.stop_above = report_below;
  query.tolerance = kGjkTolerance;
  const GjkResult r = coreDistance(core, piece, tri.data(), 3, query);
  if (r.far) {
    warm_axis_ = r.axis;
    return r;
  }
  // Overlapping shapes are found so from every start. Otherwise measured again from a start
  // that depends only on the piece and the triangle, so the answer does not depend on what
  // this worker measured before.
  if (r.distance == 0) return r;
  query.initial_direction = gjkStart(core, piece, tri);
  return coreDistance(core, piece, tri.data(), 3, query);
}

template <int K>
double MoveChecker<K>::contact(const FrustumCore& core, const PathPiece& piece,
                               const std::array<Vec3, 3>& tri) {
  GjkQuery query;
  query.initial_direction = gjkStart(core, piece, tri);
  query.tolerance = kGjkTolerance;
  return coreDistance(core, piece, tri.data(), 3, query).s;
}

template <int K>
bool MoveChecker<K>::touches(const FrustumCore& core, std::span<const PathPiece> pieces,
                             const std::vector<Candidate>& candidates) {
  // The skin's thickness is the reporting distance: within it, the cutter meets the triangle.
  for (const PathPiece& piece : pieces) {
    const SweptCore sweep{&core, &piece};
    const Kdop<K> box = sweptBox(sweep, core.margin);
    for (const Candidate& candidate : candidates) {
      if (!mayReach(candidate, box, sweep, core.margin)) continue;
      if (!measure(core, piece, triangle(candidate.triangle), core.margin).far) return true;
    }
  }
  return false;
}

template <int K>
bool MoveChecker<K>::buried(const FrustumCore& core, std::span<const PathPiece> pieces,
                            const Vec3& from, const Vec3& to, TrackedFront& front,
                            WindingCarry& carry) {
  const Vec3 probe = from + Vec3{0, 0, core.z_bottom};
  int winding = 0;
  if (carry.known && carry.probe == probe) {
    winding = carry.winding;
  } else {
    const Kdop<K>& root = tree_.rootBox();
    bool inside_root = true;
    for (int axis = 0; axis < 3; ++axis)
      inside_root = inside_root && probe[axis] >= root.lo[axis] && probe[axis] <= root.hi[axis];
    winding = inside_root ? tree_.windingNumber(probe, stats.ray_node_tests) : 0;
  }
  // The core's axis point moved along the path, inside the swept core, which met no triangle.
  carry = {true, to + Vec3{0, 0, core.z_bottom}, winding};
  if (winding == 0) return false;
  // Inside the material: buried only if the cutter touches no surface at all.
  gather(core, pieces, core.margin, front, buried_candidates_);
  return !touches(core, pieces, buried_candidates_);
}

template <int K>
std::optional<typename MoveChecker<K>::PartFinding> MoveChecker<K>::checkPart(
    const Move& move, const Vec3& from, std::span<const PathPiece> pieces,
    const CutterModel& cutter, std::size_t index) {
  const CutterPart& part = cutter.parts[index];
  PartState& state = parts_[index];
  // Nothing within reach, and the core's axis point outside the workpiece's box: not buried
  // either.
  if (state.apart) return std::nullopt;
  // A part with a clearance must keep its skin that far away; otherwise contact needs a depth
  // beyond the tolerance.
  const double c = clearance(part, move);
  const DepthLimits limits{reportBelow(part, move), c > 0 ? -c : settings_.tolerance, part.radius,
                           part.natural_skin};
  Finding f = deepest(part.core, pieces, state.candidates, state.whole, limits);
  const bool violates = f.found && f.depth > limits.relevant_above;
  // A finding within the clearance but short of the surface (negative depth) touched nothing
  // either: the part may still be buried, which is what it then is.
  if (f.found && f.depth >= 0)
    state.winding.known = false;
  else if (buried(part.core, pieces, from, move.to, state.front, state.winding))
    f = {true, part.radius, from, true, 0};
  if (f.found && (violates || f.severe)) return PartFinding{f, index};
  return std::nullopt;
}

template <int K>
void MoveChecker<K>::checkMove(const Move& move, const Vec3& from, std::uint32_t ordinal,
                               std::span<const PathPiece> pieces, const CutterModel& cutter,
                               std::vector<Violation>& out) {
  // One violation per kind: the deepest finding over the parts of that kind (equal depths to
  // the part nearer the tip), severe if any part's finding is (a crash is not hidden by a
  // deeper graze elsewhere).
  std::optional<PartFinding> cut, holder;
  bool cut_severe = false, holder_severe = false;
  for (std::size_t i = 0; i < cutter.parts.size(); ++i) {
    const bool cutting = cutter.parts[i].cutting;
    // A probe stops where it touches, so its cutting tip reaching into the part is no finding.
    if (cutting && move.kind == MoveKind::Probe) continue;
    const std::optional<PartFinding> f = checkPart(move, from, pieces, cutter, i);
    if (!f) continue;
    std::optional<PartFinding>& best = cutting ? cut : holder;
    (cutting ? cut_severe : holder_severe) |= f->finding.severe;
    if (!best || f->finding.depth > best->finding.depth) best = f;
  }
  auto report = [&](ViolationKind kind, const PartFinding& f, bool severe) {
    Violation v;
    v.kind = kind;
    v.line = move.line;
    v.move = ordinal;
    v.tool = move.tool;
    v.depth = f.finding.depth;
    v.at = f.finding.at;
    v.severe = severe;
    v.segment = static_cast<std::uint32_t>(cutter.parts[f.part].segment);
    v.path = move;
    v.path.from = from;
    out.push_back(v);
  };
  if (cut)
    report(move.kind == MoveKind::Rapid ? ViolationKind::RapidCollision : ViolationKind::Gouge,
           *cut, cut_severe);
  if (holder) report(ViolationKind::HolderCollision, *holder, holder_severe);
}

template <int K>
void MoveChecker<K>::checkBlock(const std::vector<Move>& moves, const std::vector<Vec3>& starts,
                                std::size_t begin, std::size_t end,
                                const std::map<int, CutterModel>& cutters,
                                std::vector<std::vector<Violation>>& found) {
  bool last_run_clear = true;
  for (std::size_t i = begin; i < end;) {
    // Form a run: consecutive moves of one tool, few pieces, within about a cutter diameter,
    // nearly straight.
    const CutterModel& cutter = cutters.at(moves[i].tool);
    const double span_limit = kRunSpanInDiameters * 2 * cutter.cuttingRadius();
    if (parts_.size() < cutter.parts.size()) parts_.resize(cutter.parts.size());
    for (std::size_t p = 0; p < cutter.parts.size(); ++p) parts_[p].reach = 0;
    pieces_.clear();
    run_.clear();
    Kdop<6> span = Kdop<6>::empty();
    std::array<Vec3, kRunMoves> run_ends;
    const double bend_limit =
        last_run_clear ? kRunBendInTolerances * settings_.tolerance : INFINITY;
    std::size_t j = i;
    for (; j < end && run_.size() < kRunMoves && moves[j].tool == moves[i].tool; ++j) {
      splitMovePath(moves[j], starts[j], settings_.tolerance, move_pieces_);
      Kdop<6> grown = span;
      for (const PathPiece& piece : move_pieces_) {
        grown.add(piece.start());
        grown.add(piece.at(1));
      }
      const double extent = std::max(
          {grown.hi[0] - grown.lo[0], grown.hi[1] - grown.lo[1], grown.hi[2] - grown.lo[2]});
      const Vec3 end_point = move_pieces_.back().end();
      const bool fits =
          pieces_.size() + move_pieces_.size() <= kRunPieces && extent <= span_limit &&
          nearChord(std::span(run_ends).first(run_.size()), starts[i], end_point, bend_limit);
      if (!run_.empty() && !fits) break;
      span = grown;
      run_ends[run_.size()] = end_point;
      run_.push_back({pieces_.size(), move_pieces_.size()});
      pieces_.insert(pieces_.end(), move_pieces_.begin(), move_pieces_.end());
      for (std::size_t p = 0; p < cutter.parts.size(); ++p)
        parts_[p].reach = std::max(parts_[p].reach, reportBelow(cutter.parts[p], moves[j]));
      if (!fits) {  // a long move or arc goes alone
        ++j;
        break;
      }
    }

    // A piece of the tool whose box along the run misses the workpiece's box has no
    // candidates: no tree query (a holder high above the surface costs this test), and its
    // front is kept as it was, its certificates still measured from where it was last queried.
    std::array<double, 3> lo{INFINITY, INFINITY, INFINITY}, hi{-INFINITY, -INFINITY, -INFINITY};
    for (const PathPiece& piece : pieces_) {
      const auto [piece_lo, piece_hi] = piece.bounds();
      for (int axis = 0; axis < 3; ++axis) {
        lo[axis] = std::min(lo[axis], piece_lo[axis]);
        hi[axis] = std::max(hi[axis], piece_hi[axis]);
      }
    }
    const Kdop<K>& root = tree_.rootBox();
    for (std::size_t p = 0; p < cutter.parts.size(); ++p) {
      const FrustumCore& core = cutter.parts[p].core;
      const double grow = core.margin + parts_[p].reach + kBoxSlack;
      const double side = std::max(core.radius_bottom, core.radius_top) + grow;
      const std::array<double, 3> part_lo{lo[0] - side, lo[1] - side, lo[2] + core.z_bottom - grow};
      const std::array<double, 3> part_hi{hi[0] + side, hi[1] + side, hi[2] + core.z_top + grow};
      bool misses = false;
      for (int axis = 0; axis < 3; ++axis)
        misses = misses || part_hi[axis] < root.lo[axis] || part_lo[axis] > root.hi[axis];
      parts_[p].apart = misses;
      if (misses) {
        parts_[p].candidates.clear();
        parts_[p].whole.clear();
      } else {
        gather(core, pieces_, parts_[p].reach, parts_[p].front, parts_[p].candidates,
               &parts_[p].whole);
      }
    }
    last_run_clear = true;
    for (std::size_t k = 0; k < run_.size(); ++k) {
      const std::size_t m = i + k;
      const std::span<const PathPiece> pieces(pieces_.data() + run_[k].first, run_[k].count);
      const std::size_t violations = found[m].size();
      checkMove(moves[m], starts[m], static_cast<std::uint32_t>(m + 1), pieces, cutter, found[m]);
      last_run_clear = last_run_clear && found[m].size() == violations;
    }
    i = j;
  }
}

template class SweptRegionQuery<6>;
template class SweptRegionQuery<14>;
template class SweptRegionQuery<18>;
template class SweptRegionQuery<26>;
template class MoveChecker<6>;
template class MoveChecker<14>;
template class MoveChecker<18>;
template class MoveChecker<26>;

}  // namespace gougechek
