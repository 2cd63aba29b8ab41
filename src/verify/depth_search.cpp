// The move checker's depth search (MoveChecker::deepest): for one core along one move's
// pieces, the deepest finding among its candidate triangles and whole nodes, by branch and
// bound over (group of pieces, node or triangle) pairs, to the accuracy of DepthAccuracy.
#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>

#include "convex/core_distance.hpp"
#include "convex/side_cut.hpp"
#include "geom/kdop_least_along.hpp"
#include "verify/move_checker.hpp"
#include "verify/swept_region_query.hpp"

namespace gougechek {
namespace {

// GJK stops when its bounds agree this closely: docs/checking-rules.md's exact depths are good to
// 1e-6 mm.
constexpr double kGjkTolerance = 1e-9;  // At most this many (group, triangle) pairs, no nodes, are
                                        // bounded fully at once and sorted.
constexpr std::size_t kSortedPairs = 1024;
// The k-DOP slab along +Z.
constexpr int kZSlab = 2;
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
/// near that bound, ends the search. Then the entry pushed last: among tied nodes the search
/// goes down the node it split last to a triangle, in about the tree's height of steps (taking
/// the oldest first split every tied node level by level: 300-500 steps a move under a chamfer
/// mill buried in boss_block, 10 now). Then the deepest own bound, and a fixed order. The order
/// depends on the move and on the earlier moves of its task (a range of at most 512 moves,
/// split alike whatever the thread count: verify.cpp's simple partitioner), so results are the
/// same for any thread count. A function object, so the heap's calls are
/// inlined.
struct PopsLater {
  template <class Queued>
  bool operator()(const Queued& a, const Queued& b) const {
    if (a.bound != b.bound) return a.bound < b.bound;
    const bool a_full = a.stage == Queued::kFull, b_full = b.stage == Queued::kFull;
    if (a_full != b_full) return b_full;
    if (a.pushed != b.pushed) return a.pushed < b.pushed;
    if (a.own != b.own) return a.own < b.own;
    return std::tie(a.index, a.group, a.stage) > std::tie(b.index, b.group, b.stage);
  }
};
}  // namespace

template <int K>
void MoveChecker<K>::makeGroups(const FrustumCore& core, std::span<const PathPiece> pieces,
                                double report_below, bool rounded) {
  search_core_ = &core;
  depth_searches_.clear();
  piece_boxes_.clear();
  for (const PathPiece& piece : pieces) {
    depth_searches_.emplace_back(core, piece, rounded);
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
    const Vec3 spine_from = SweptCore{&core, &pieces[first]}.interiorPoint();
    const Vec3 spine_to = SweptCore{&core, &pieces[first + count - 1]}.interiorEndPoint();
    if (count == 1) {
      groups_.push_back({first, 1, std::nullopt, piece_boxes_[first]});
      groups_.back().spine_from = spine_from;
      groups_.back().spine_to = spine_to;
      continue;
    }
    const std::size_t points = group_points_.size(), arcs = group_arcs_.size();
    appendRegion(pieces.subspan(first, count), group_points_, group_arcs_);
    const SweptRegion region{&core, std::span<const Vec3>(group_points_).subspan(points),
                             std::span<const PathPiece>(group_arcs_).subspan(arcs)};
    groups_.push_back({first, count,
                       DepthBounds<SweptRegion>(region, core.margin, spine_from, spine_to, rounded),
                       sweptBox(region, report_below)});
    groups_.back().spine_from = spine_from;
    groups_.back().spine_to = spine_to;
  }
}

template <int K>
void MoveChecker<K>::cutGroups() {
  // The slab cuts' bound first, from the boxes alone: most pairs of a large cutter never need
  // more. Along ±Z only (the cutter's end and top, which the full bound holds too) for a few
  // pairs, which are then bounded fully at once; along every k-DOP direction (its side too)
  // for many, which the queue takes deepest first.
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
}

template <int K>
void MoveChecker<K>::queueGroups(const FrustumCore& core, std::span<const PathPiece> pieces,
                                 const std::vector<Candidate>& candidates,
                                 const std::vector<std::uint32_t>& whole, double report_below,
                                 bool natural_skin, double floor, double aim_floor) {
  makeGroups(core, pieces, report_below, natural_skin);
  queue_sorted_ = whole.empty() && candidates.size() * groups_.size() <= kSortedPairs;
  cutGroups();
  queue_.clear();
  pushes_ = 0;
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const auto group = static_cast<std::uint32_t>(g);
    for (const Candidate& candidate : candidates)
      queueTriangle(candidate.triangle, candidate.box, group, floor);
    for (const std::uint32_t node : whole) {
      const Kdop<K> box = tree_.kdop(node);
      if (!box.overlaps(groups_[g].box)) continue;
      const double own = nodeBound(groups_[g], box, floor);
      const double bound = std::min(own, groups_[g].half_width);
      if (bound >= floor) queue_.push_back({bound, own, Queued::kNode, node, group});
    }
  }
  // A few pairs, each likely needed (a cutter near the surface, not deep in it): bounded at
  // once and sorted, rather than kept in a heap. With an infinite `aim_floor`, by the plane
  // cuts alone: the aimed cuts cost about what a distance query does, so they wait until a
  // finding gives them a use (advance).
  if (queue_sorted_) {
    const bool plane_first = aim_floor == INFINITY;
    std::size_t kept = 0;
    for (const Queued& axial : queue_) {
      const double own = fullBound(groups_[axial.group], triangle(axial.index), aim_floor);
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
void MoveChecker<K>::queueFirst(std::uint32_t triangle, double floor) {
  const auto tri = this->triangle(triangle);
  Kdop<K> box = Kdop<K>::empty();
  for (const Vec3& corner : tri) box.add(corner);
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    PieceGroup& group = groups_[g];
    if (!box.overlaps(group.box)) continue;
    const double own =
        std::min(triangleBound(group, tri, box, floor), fullBound(group, tri, floor));
    const double bound = std::min(own, group.half_width);
    if (bound < floor) continue;
    queue_.push_back({bound, own, Queued::kFull, triangle, static_cast<std::uint32_t>(g),
                      std::numeric_limits<std::uint32_t>::max()});
    std::push_heap(queue_.begin(), queue_.end(), PopsLater{});
  }
}

template <int K>
void MoveChecker<K>::queueTriangle(std::uint32_t triangle, const Kdop<K>& box, std::uint32_t group,
                                   double floor, double cap) {
  if (!box.overlaps(groups_[group].box)) return;
  const double own =
      std::min(cap, triangleBound(groups_[group], this->triangle(triangle), box, floor));
  const double bound = std::min(own, groups_[group].half_width);
  if (bound >= floor) queue_.push_back({bound, own, Queued::kAxial, triangle, group});
}

template <int K>
double MoveChecker<K>::boxBound(const PieceGroup& group, const Kdop<K>& box, double floor,
                                bool rim_cut) const {
  // The cut along unit v = d/|d| is highest over the box where d·x is least, and against it
  // where d·x is greatest. Along ±Z (kZSlab, d = (0, 0, 1)) these are the end and top cuts as
  // the full bound makes them, to the last bit: so the full bound never exceeds this one.
  double least = INFINITY;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
    const double inverse = KdopDirections<K>::kInverseNorms[j];
    least = std::min(least, std::min(group.along[j] - box.lo[j] * inverse,
                                     group.against[j] + box.hi[j] * inverse));
  }
  // A rounded core's rim cut toward the box's centre: near the depth where the corner's torus
  // faces the box. Not made for a box the slabs already put below `floor`.
  if (least < floor || !rim_cut) return least;
  const Vec3 centre =
      Vec3{box.lo[0] + box.hi[0], box.lo[1] + box.hi[1], box.lo[2] + box.hi[2]} * 0.5;
  const std::optional<Cut> rim =
      group.bounds ? group.bounds->rimCut(centre) : depth_searches_[group.first].rimCut(centre);
  return rim ? std::min(least, rim->c - leastAlong(box, rim->v)) : least;
}

template <int K>
double MoveChecker<K>::triangleBound(const PieceGroup& group, const std::array<Vec3, 3>& tri,
                                     const Kdop<K>& box, double floor) const {
  const double least = boxBound(group, box, floor, false);
  if (least < floor) return least;
  // The rim cut toward the triangle's centre, at its corners (as DepthBounds::bound has it).
  const Vec3 centre = (tri[0] + tri[1] + tri[2]) / 3;
  const std::optional<Cut> rim =
      group.bounds ? group.bounds->rimCut(centre) : depth_searches_[group.first].rimCut(centre);
  return rim ? std::min(least, std::max({rim->at(tri[0]), rim->at(tri[1]), rim->at(tri[2])}))
             : least;
}

template <int K>
double MoveChecker<K>::nodeBound(const PieceGroup& group, const Kdop<K>& box, double floor) const {
  // A node along a wall the cutter's side or flank is buried in: the k-DOP's side cuts bound it
  // too deep, and it would be split to its triangles for that (convex/side_cut). Made where the
  // end or top cut bounds it too: a face mill's side 4 mm from a boss beside its top cut's 4.9
  // mm, a chamfer mill's flank beside its end's 2 mm.
  const double own = boxBound(group, box, floor);
  if (own < floor) return own;
  const Vec3 lo{box.lo[0], box.lo[1], box.lo[2]}, hi{box.hi[0], box.hi[1], box.hi[2]};
  const std::optional<Vec3> v = sideCutDirection(group.spine_from, group.spine_to, lo, hi);
  if (!v) return own;
  auto highest = [&](const Vec3& direction) {
    const Cut cut = group.bounds ? group.bounds->along(direction)
                                 : depth_searches_[group.first].along(direction);
    return highestOverBox(cut, lo, hi);
  };
  double bound = std::min(own, highest(*v));
  if (const std::optional<Vec3> flank = flankCutDirection(*v, *search_core_))
    bound = std::min(bound, highest(*flank));
  return bound;
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
  ++stats.queue_steps;
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
    queue_.back().pushed = ++pushes_;
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
      // Compared as it would be pushed: still ahead of everything queued (as it mostly is), it
      // would come straight off again.
      const Queued full{bound, own, Queued::kFull, top.index, top.group, pushes_ + 1};
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
      queueTriangle(t, box, top.group, floor, top.own);
      if (queue_.size() == size) return;
      queue_.back().pushed = ++pushes_;
      std::push_heap(queue_.begin(), queue_.end(), PopsLater{});
    });
    return std::nullopt;
  }
  for (const std::uint32_t child : tree_.children(top.index)) {
    const Kdop<K> box = tree_.kdop(child);
    if (!box.overlaps(groups_[top.group].box)) continue;
    // Never above the node's own: a rim cut aimed at a child may bound it less tightly.
    const double own = std::min(top.own, nodeBound(groups_[top.group], box, floor));
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
                                                         const DepthLimits& limits,
                                                         std::optional<std::uint32_t> first) {
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
  // Pairs whose plane cuts leave them too shallow to matter need no aimed cuts: their order
  // only says which is measured first where nothing matters (findAnyWithinReach).
  const double aim_floor = search.accuracy.onlyMeasuredFindingsMatter()
                               ? std::max(pair_floor, limits.relevant_above - kBoundSlack)
                               : INFINITY;
  queueGroups(core, pieces, candidates, whole, limits.report_below, limits.natural_skin, pair_floor,
              aim_floor);
  // A few sorted pairs are measured in their order anyway.
  if (first && !queue_sorted_) queueFirst(*first, pair_floor);
  examined_.clear();
  auto cannot_matter = [&](double bound) {
    return search.accuracy.cannotMatter(bound, search.deepestSoFar());
  };
  // The queue's top bounds all it holds: once that cannot matter, nothing left can.
  while (!queue_.empty() && !cannot_matter(queueTop().bound)) {
    // Entries bounded no deeper than what cannot matter are dropped as they are made, and
    // bounds stop as soon as they are below it.
    const double irrelevant = search.accuracy.irrelevantUpTo(search.deepestSoFar());
    const std::optional<Reach> group_reach =
        advance(std::max(pair_floor, irrelevant), !search.best.found);
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
  // GJK may stop as soon as its lower bound on the distance shows the triangle no deeper than
  // a depth that cannot matter, rather than pinning a distance nobody uses down to 1e-9.
  const double irrelevant = search.accuracy.irrelevantUpTo(search.deepestSoFar());
  const GjkResult r =
      measure(core, piece, tri, std::min(search.limits.report_below, core.margin - irrelevant));
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
  // touching nothing may be buried). Any such finding is too shallow to report, so the order
  // changes no result: the pairs taken off the queue and not yet measured, then the rest, a
  // queued node searched depth first (the queue's order would split every node tied at a
  // buried cutter's half width before its first triangle).
  for (std::size_t g = 0; !search.best.found && (g < examined_.size() || !queue_.empty());) {
    if (g == examined_.size()) {
      if (!queue_sorted_ && queue_.front().stage == Queued::kNode) {
        std::pop_heap(queue_.begin(), queue_.end(), PopsLater{});
        const Queued top = queue_.back();
        queue_.pop_back();
        ++stats.queue_steps;
        anyBelow(search, top.index, top.group, pair_floor, reach_floor);
        continue;
      }
      const std::optional<Reach> group_reach = advance(pair_floor, true);
      if (!group_reach) continue;
      examined_.push_back(*group_reach);
    }
    if (examined_[g].measured) {
      ++g;
      continue;
    }
    withinReach(search, examined_[g++], reach_floor);
  }
}

template <int K>
bool MoveChecker<K>::anyBelow(Search& search, std::uint32_t node, std::uint32_t group,
                              double pair_floor, double reach_floor) {
  const PieceGroup& pieces = groups_[group];
  if (tree_.isLeaf(node)) {
    tree_.forEachTriangle(node, [&](std::uint32_t t) {
      if (search.best.found) return;
      Kdop<K> box = Kdop<K>::empty();
      for (const Vec3& corner : triangle(t)) box.add(corner);
      if (!box.overlaps(pieces.box)) return;
      const double own = std::min(triangleBound(pieces, triangle(t), box, pair_floor),
                                  fullBound(groups_[group], triangle(t), pair_floor));
      const double bound = std::min(own, pieces.half_width);
      if (bound >= pair_floor) withinReach(search, {bound, own, t, group}, reach_floor);
    });
    return search.best.found;
  }
  // The child that may reach deeper first: the likelier to hold a triangle within reach.
  std::array<std::pair<double, std::uint32_t>, 2> children;
  for (int i = 0; i < 2; ++i) {
    const std::uint32_t child = tree_.children(node)[i];
    const Kdop<K> box = tree_.kdop(child);
    children[i] = {box.overlaps(pieces.box) ? boxBound(pieces, box, pair_floor) : -INFINITY, child};
  }
  if (children[1].first > children[0].first) std::swap(children[0], children[1]);
  for (const auto& [own, child] : children)
    if (std::min(own, pieces.half_width) >= pair_floor &&
        anyBelow(search, child, group, pair_floor, reach_floor))
      return true;
  return false;
}

template <int K>
void MoveChecker<K>::withinReach(Search& search, const Reach& group_reach, double reach_floor) {
  const FrustumCore& core = search.core;
  pieceReaches(group_reach, reach_floor, [](double) { return false; });
  for (const Reach& c : piece_reaches_) {
    const PathPiece& piece = search.pieces[c.piece];
    const GjkResult r = measure(core, piece, triangle(c.triangle), search.limits.report_below);
    if (r.far) continue;
    search.best = {
        true, core.margin - std::max(r.distance, 0.0), piece.at(r.s), false, c.triangle, c.piece,
        r.s};
    return;
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

// The depth search's entry points, for each k-DOP the checker is built with; what they call
// here is instantiated with them.
#define GOUGECHEK_DEPTH_SEARCH(K)                                                                \
  template typename MoveChecker<K>::Finding MoveChecker<K>::deepest(                             \
      const FrustumCore&, std::span<const PathPiece>,                                            \
      const std::vector<typename MoveChecker<K>::Candidate>&, const std::vector<std::uint32_t>&, \
      const DepthLimits&, std::optional<std::uint32_t>);                                         \
  template GjkResult MoveChecker<K>::measure(const FrustumCore&, const PathPiece&,               \
                                             const std::array<Vec3, 3>&, double);
GOUGECHEK_DEPTH_SEARCH(6)
GOUGECHEK_DEPTH_SEARCH(14)
GOUGECHEK_DEPTH_SEARCH(18)
GOUGECHEK_DEPTH_SEARCH(26)
#undef GOUGECHEK_DEPTH_SEARCH

}  // namespace gougechek
