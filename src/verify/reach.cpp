#include "verify/reach.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "convex/core_distance.hpp"
#include "verify/move_path.hpp"

namespace gougechek {
namespace {

constexpr double kMinRegistrationMarginMm = 1.0;
constexpr double kMmPerInch = 25.4;
/// Extents this many times 25.4 apart, or less, or as many times closer, read as a units slip:
/// a finish spans the part give or take a cutter, a roughing pass a little more.
constexpr double kUnitsRatioSlack = 1.25;
/// Triangles measured exactly for one move at most: past them the move counts as within reach
/// on its bound alone. A cutter hovering just beyond the reach over a dense, steep surface
/// would otherwise measure thousands per move, and such a move is near the part anyway.
constexpr int kMaxMeasuredTriangles = 256;

std::string mm(double value) {
  char text[48];
  std::snprintf(text, sizeof text, "%.3f mm", value);
  return text;
}

std::string point(const Vec3& p) {
  char text[96];
  std::snprintf(text, sizeof text, "(%.3f, %.3f, %.3f)", p.x, p.y, p.z);
  return text;
}

/// The k-DOP of `core` swept along all of `pieces`.
template <int K>
Kdop<K> sweptKdop(const FrustumCore& core, const std::vector<PathPiece>& pieces) {
  Kdop<K> box = Kdop<K>::empty();
  for (const PathPiece& piece : pieces) box.add(sweptKdop<K>(SweptCore{&core, &piece}));
  return box;
}

/// A lower bound on the distance between any point of `a` and any of `b`: their widest gap
/// along one of the k-DOP's directions (≤ 0 when they overlap).
template <int K>
double gapBetween(const Kdop<K>& a, const Kdop<K>& b) {
  double gap = -INFINITY;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j)
    gap = std::max(
        gap, std::max(a.lo[j] - b.hi[j], b.lo[j] - a.hi[j]) * KdopDirections<K>::kInverseNorms[j]);
  return gap;
}

/// Tree query for "some triangle within reach": the swept k-DOP grown by the reach, and no
/// node once one is found.
template <int K>
struct WithinQuery {
  Kdop<K> box;
  const bool* found;
  const Kdop<K>& kdop() const { return box; }
  bool overlaps(const Kdop<K>& node, const PatchBox&) const {
    return !*found && node.overlaps(box);
  }
};

/// Tree query for the nearest triangle: the swept k-DOP grown by how far the search looks, and
/// only nodes that may be nearer than the nearest found so far.
template <int K>
struct NearestQuery {
  Kdop<K> box;
  Kdop<K> swept;
  const double* nearest;
  const Kdop<K>& kdop() const { return box; }
  bool overlaps(const Kdop<K>& node, const PatchBox&) const {
    return node.overlaps(box) && gapBetween(node, swept) <= *nearest;
  }
};

GjkResult distanceTo(const FrustumCore& core, const PathPiece& piece,
                     const std::array<Vec3, 3>& tri, double stop_above, double stop_below) {
  GjkQuery query;
  query.initial_direction = gjkStart(core, piece, tri);
  query.stop_above = stop_above;
  query.stop_below = stop_below;
  return coreDistance(core, piece, tri.data(), 3, query);
}

}  // namespace

double registrationMargin(const CutterModel& cutter) {
  return std::max(kMinRegistrationMarginMm, cutter.cuttingRadius());
}

std::optional<std::string> unitsWarning(double part_extent, double program_extent) {
  if (!(part_extent > 0) || !(program_extent > 0)) return std::nullopt;
  const bool program_larger = program_extent > part_extent;
  const double ratio = program_larger ? program_extent / part_extent : part_extent / program_extent;
  if (ratio < kMmPerInch / kUnitsRatioSlack || ratio > kMmPerInch * kUnitsRatioSlack)
    return std::nullopt;
  char times[32];
  std::snprintf(times, sizeof times, ", %.1f times less: ", ratio);
  // The larger extent first; then the slips that shrink the other one 25.4 times.
  if (program_larger)
    return "the feed moves span " + mm(program_extent) + " across, the part " + mm(part_extent) +
           times +
           "is the part in inches (an STL in inches needs --part-units in), or the program in "
           "millimetres read as inches (G20 where G21 belongs)?";
  return "the part spans " + mm(part_extent) + " across, the feed moves " + mm(program_extent) +
         times +
         "is the program in inches without G20, or the part in millimetres read as inches "
         "(--part-units in where mm belongs)?";
}

std::string unreachedMessage(const ClosestApproach& approach,
                             const std::vector<InputWarning>& warnings) {
  const std::string moves = approach.rapids ? "rapid or probe move" : "feed move";
  std::string message =
      (approach.rapids ? "the program has no feed move, and no rapid or probe move"
                       : "no feed move") +
      std::string(" comes within reach of the part (") + mm(approach.reach) +
      ": the tolerance and a margin of max(1 mm, the cutter's radius), the cutter grown by the "
      "stock to leave): " +
      (approach.rapids ? "the check says nothing about the part" : "the program cuts none of it") +
      "; the closest is line " + std::to_string(approach.line) + " (move " +
      std::to_string(approach.move) + ", tool " + std::to_string(approach.tool) + "), ";
  if (approach.exact)
    message += mm(approach.distance) + " from the part";
  else
    message += "at most " + mm(approach.distance) + " from the part (every other " + moves +
               " at least " + mm(approach.others_beyond) + ")";
  message += ", tool tip at " + point(approach.at) +
             ". Is the program placed on the part? Check the work offset (G54-G59, G92, G52), "
             "the units (G20/G21, --part-units) and where the part sits in its file";
  for (const InputWarning& warning : warnings) message += "; " + warning.message;
  return message;
}

template <int K>
ReachTracker<K>::ReachTracker(const Mesh& part, const KdopTree<K>& tree, double tolerance)
    : part_(part), tree_(tree), tolerance_(tolerance) {}

template <int K>
void ReachTracker<K>::add(const Move& move, const Vec3& start, std::size_t ordinal,
                          const CutterModel& cutter) {
  // Before any feed move, rapids and probe moves (G38, which go to the part to touch it) are
  // looked at: a program with none holds to them.
  if ((move.kind == MoveKind::Rapid || move.kind == MoveKind::Probe) && !feeds_.any)
    look(rapids_, move, start, ordinal, cutter);
  if (move.kind != MoveKind::Feed && move.kind != MoveKind::Arc) return;
  if (!feeds_.any) rapids_ = Search{};  // the feed moves count from now on
  feeds_.any = true;
  addExtent(move, start);
  look(feeds_, move, start, ordinal, cutter);
}

template <int K>
void ReachTracker<K>::look(Search& search, const Move& move, const Vec3& start, std::size_t ordinal,
                           const CutterModel& cutter) {
  search.any = true;
  if (search.reached) return;
  splitMovePath(move, start, tolerance_, pieces_);
  double bound = 0;
  if (reaches(pieces_, cutter, bound)) {
    search.reached = true;
    search.candidates.clear();
    return;
  }
  keep(search, bound, move, start, static_cast<std::uint32_t>(ordinal));
}

template <int K>
bool ReachTracker<K>::reaches(const std::vector<PathPiece>& pieces, const CutterModel& cutter,
                              double& bound) {
  const double allowance = tolerance_ + registrationMargin(cutter);
  bound = INFINITY;
  for (const CutterSection& section : cutter.sections) {
    if (!section.cutting) continue;
    const Kdop<K> swept = sweptKdop<K>(section.core, pieces);
    const double part_bound = gapBetween(swept, tree_.rootBox()) - section.core.margin;
    bound = std::min(bound, part_bound);
    if (part_bound > allowance) continue;
    // Core distances: the cutter is the core grown by its skin.
    const double within = section.core.margin + allowance;
    bool found = false;
    int measured = 0;
    Kdop<K> box = swept;
    box.grow(within + kBoxSlack);
    std::uint64_t node_tests = 0;
    tree_.query(
        WithinQuery<K>{box, &found},
        [&](std::uint32_t t) {
          found = found || ++measured > kMaxMeasuredTriangles;
          const std::array<Vec3, 3> tri = triangleCorners(part_, t);
          for (const PathPiece& piece : pieces) {
            if (found) return;
            const GjkResult r = distanceTo(section.core, piece, tri, within, within);
            found = !r.far && r.distance <= within;
          }
        },
        node_tests);
    if (found) return true;
  }
  return false;
}

template <int K>
auto ReachTracker<K>::nearest(const CutterSection& section, const std::vector<PathPiece>& pieces,
                              double limit) const -> std::optional<Nearest> {
  if (part_.triangles.empty()) return std::nullopt;
  // In core distances; every triangle within `look` of the swept core is measured, `look`
  // growing from the bound until the nearest one found lies within it.
  const double core_limit = limit + section.core.margin;
  const Kdop<K> swept = sweptKdop<K>(section.core, pieces);
  const double lower = std::max(gapBetween(swept, tree_.rootBox()), 0.0);
  double best = core_limit;
  std::optional<Nearest> found;
  double look = std::min(lower + std::max(1.0, 0.1 * lower), core_limit);
  for (;;) {
    Kdop<K> box = swept;
    box.grow(look + kBoxSlack);
    std::uint64_t node_tests = 0;
    tree_.query(
        NearestQuery<K>{box, swept, &best},
        [&](std::uint32_t t) {
          const std::array<Vec3, 3> tri = triangleCorners(part_, t);
          for (const PathPiece& piece : pieces) {
            const GjkResult r = distanceTo(section.core, piece, tri, best, -INFINITY);
            if (!r.far && r.distance < best) {
              best = r.distance;
              found = Nearest{r.distance - section.core.margin, piece.at(r.s)};
            }
          }
        },
        node_tests);
    if (best <= look || look >= core_limit) break;
    look = found ? best : std::min(2 * look + 1, core_limit);
  }
  return found;
}

template <int K>
void ReachTracker<K>::keep(Search& search, double bound, const Move& move, const Vec3& start,
                           std::uint32_t ordinal) {
  // A move no nearer by its bound than every candidate kept is not kept: only its bound is.
  std::vector<Candidate>& candidates = search.candidates;
  const bool full = candidates.size() == kCandidates;
  if (full && !(bound < candidates.front().bound)) {
    search.dropped_bound = std::min(search.dropped_bound, bound);
    return;
  }
  if (full) {
    std::pop_heap(candidates.begin(), candidates.end());
    search.dropped_bound = std::min(search.dropped_bound, candidates.back().bound);
    candidates.pop_back();
  }
  Candidate candidate{bound, move, ordinal, std::move(pieces_)};
  candidate.move.from = start;
  candidates.push_back(std::move(candidate));
  std::push_heap(candidates.begin(), candidates.end());
}

template <int K>
void ReachTracker<K>::addExtent(const Move& move, const Vec3& from) {
  auto add = [this](double x, double y) {
    lo_[0] = std::min(lo_[0], x), hi_[0] = std::max(hi_[0], x);
    lo_[1] = std::min(lo_[1], y), hi_[1] = std::max(hi_[1], y);
  };
  add(from.x, from.y);
  add(move.to.x, move.to.y);
  if (move.kind == MoveKind::Arc) {  // the circle's bounding square, whatever its plane
    const double radius = norm(move.from - move.center);
    add(move.center.x - radius, move.center.y - radius);
    add(move.center.x + radius, move.center.y + radius);
  }
}

template <int K>
std::optional<ClosestApproach> ReachTracker<K>::unreached(
    const std::map<int, CutterModel>& cutters) const {
  const Search& search = feeds_.any ? feeds_ : rapids_;
  if (search.reached || !search.any) return std::nullopt;
  std::vector<const Candidate*> nearest_first;
  for (const Candidate& candidate : search.candidates) nearest_first.push_back(&candidate);
  std::sort(nearest_first.begin(), nearest_first.end(),
            [](const Candidate* a, const Candidate* b) { return *a < *b; });
  std::optional<ClosestApproach> closest;
  for (const Candidate* kept : nearest_first) {
    const Candidate& candidate = *kept;
    const double limit = closest ? closest->distance : INFINITY;
    if (candidate.bound >= limit) break;  // neither this move nor the rest can be nearer
    const CutterModel& cutter = cutters.at(candidate.move.tool);
    for (const CutterSection& section : cutter.sections) {
      if (!section.cutting) continue;
      const auto near = nearest(section, candidate.pieces, closest ? closest->distance : INFINITY);
      if (!near) continue;
      closest = ClosestApproach{};
      closest->rapids = !feeds_.any;
      closest->line = candidate.move.line;
      closest->move = candidate.ordinal;
      closest->tool = candidate.move.tool;
      closest->distance = near->distance;
      closest->reach = tolerance_ + registrationMargin(cutter);
      closest->at = near->at;
    }
  }
  if (closest) {
    closest->exact = closest->distance <= search.dropped_bound;
    if (!closest->exact) closest->others_beyond = search.dropped_bound;
  }
  return closest;
}

template <int K>
std::optional<std::string> ReachTracker<K>::unitsWarning() const {
  if (!feeds_.any || part_.triangles.empty()) return std::nullopt;
  const Kdop<K>& part = tree_.rootBox();  // its first two directions are x and y
  const double part_extent = std::max(part.hi[0] - part.lo[0], part.hi[1] - part.lo[1]);
  const double program_extent = std::max(hi_[0] - lo_[0], hi_[1] - lo_[1]);
  return gougechek::unitsWarning(part_extent, program_extent);
}

template class ReachTracker<6>;
template class ReachTracker<14>;
template class ReachTracker<18>;
template class ReachTracker<26>;

}  // namespace gougechek
