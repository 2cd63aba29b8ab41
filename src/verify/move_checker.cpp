// The move checker's runs: consecutive moves of one tool culled together against the part's
// tree (gather, SweptRegionQuery), each move then checked piece of the tool by piece: its depth
// search (depth_search.cpp) and, where it touched nothing, its buried test (buried_test.cpp).
#include "verify/move_checker.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "verify/swept_region_query.hpp"

namespace gougechek {
namespace {

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

/// How deep a section reaches across a level move at most: its skin plus half its core's height
/// (DepthBounds::halfHeight), and never beyond its radius.
double levelReach(const CutterSection& section) {
  const FrustumCore& core = section.core;
  return std::min(section.radius, core.margin + 0.5 * (core.z_top - core.z_bottom));
}

/// True for a sharp cutting section that reaches less deep across a level move than another
/// cutting section (a drill's point, 0.55 mm tall under its flutes; a chamfer mill's flank
/// under its side flutes): the move checker measures it last, only for what could beat the
/// others' findings. An order only: any order finds the same violations, each depth to the
/// same accuracy.
bool shallowSection(const CutterModel& cutter, std::size_t index) {
  const CutterSection& section = cutter.sections[index];
  if (!section.cutting || section.natural_skin) return false;
  return std::any_of(cutter.sections.begin(), cutter.sections.end(),
                     [&](const CutterSection& other) {
                       return other.cutting && levelReach(other) > levelReach(section);
                     });
}
}  // namespace

template <int K>
MoveChecker<K>::MoveChecker(const Mesh& part, const KdopTree<K>& tree,
                            const TunedSettings& settings)
    : part_(part), tree_(tree), settings_(settings) {}

template <int K>
double MoveChecker<K>::clearance(const CutterSection& section, const Move& move) const {
  if (!section.cutting) return settings_.holder_clearance;
  return move.kind == MoveKind::Rapid ? settings_.rapid_clearance : 0.0;
}

template <int K>
double MoveChecker<K>::reportBelow(const CutterSection& section, const Move& move) const {
  // Core distances below this matter: a gouge (or holder contact) needs depth > tolerance; a
  // section with a clearance c must keep its skin c away.
  const double c = clearance(section, move);
  return std::max(c > 0 ? section.core.margin + c : section.core.margin - settings_.tolerance,
                  kTouch);
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
std::optional<typename MoveChecker<K>::SectionFinding> MoveChecker<K>::checkSection(
    const Move& move, const Vec3& from, std::span<const PathPiece> pieces,
    const CutterModel& cutter, std::size_t index, double deepest_so_far) {
  const CutterSection& section = cutter.sections[index];
  SectionState& state = sections_[index];
  // Nothing within reach, and the core's axis point outside the workpiece's box: not buried
  // either.
  if (state.apart) return std::nullopt;
  // A section with a clearance must keep its skin that far away; otherwise contact needs a depth
  // beyond the tolerance.
  const double c = clearance(section, move);
  DepthLimits limits{reportBelow(section, move), c > 0 ? -c : settings_.tolerance, section.radius,
                     section.natural_skin};
  // A sharp section without a clearance: a finding short of what another section of its kind
  // found changes nothing (one that ties it may, if this section lies nearer the tip), so
  // depths below it need not be measured. Whether the section came within reach at all is
  // still found (findAnyWithinReach), so the buried test runs as before.
  if (c == 0 && !section.natural_skin)
    limits.relevant_above =
        std::max(limits.relevant_above, std::nextafter(deepest_so_far, -INFINITY));
  Finding f =
      deepest(section.core, pieces, state.candidates, state.whole, limits, state.last_deepest);
  if (f.found) state.last_deepest = f.triangle;
  const bool violates = f.found && f.depth > limits.relevant_above;
  // A finding within the clearance but short of the surface (negative depth) touched nothing
  // either: the part may still be buried, which is what it then is.
  if (f.found && f.depth >= 0)
    state.winding.known = false;
  else if (buried(section.core, pieces, from, move.to, state.front, state.winding))
    f = {true, section.radius, from, true, 0};
  if (f.found && (violates || f.severe)) return SectionFinding{f, index};
  return std::nullopt;
}

template <int K>
void MoveChecker<K>::checkMove(const Move& move, const Vec3& from, std::uint32_t ordinal,
                               std::span<const PathPiece> pieces, const CutterModel& cutter,
                               std::vector<Violation>& out) {
  // One violation per kind: the deepest finding over the parts of that kind (equal depths to
  // the part nearer the tip), severe if any part's finding is (a crash is not hidden by a
  // deeper graze elsewhere). Shallow sections (a drill's point under its flutes) come last,
  // each searched only for what could beat the deepest finding so far.
  std::optional<SectionFinding> cut, holder;
  bool cut_severe = false, holder_severe = false;
  for (const bool shallow : {false, true})
    for (std::size_t i = 0; i < cutter.sections.size(); ++i) {
      const bool cutting = cutter.sections[i].cutting;
      // A probe stops where it touches, so its cutting tip reaching into the part is no finding.
      if ((cutting && move.kind == MoveKind::Probe) || shallow != shallowSection(cutter, i))
        continue;
      std::optional<SectionFinding>& best = cutting ? cut : holder;
      const std::optional<SectionFinding> f =
          checkSection(move, from, pieces, cutter, i, best ? best->finding.depth : -INFINITY);
      if (!f) continue;
      (cutting ? cut_severe : holder_severe) |= f->finding.severe;
      if (!best || f->finding.depth > best->finding.depth ||
          (f->finding.depth == best->finding.depth && f->section < best->section))
        best = f;
    }
  auto report = [&](ViolationKind kind, const SectionFinding& f, bool severe) {
    Violation v;
    v.kind = kind;
    v.line = move.line;
    v.move = ordinal;
    v.tool = move.tool;
    v.depth = f.finding.depth;
    v.at = f.finding.at;
    v.severe = severe;
    v.segment = static_cast<std::uint32_t>(cutter.sections[f.section].segment);
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
std::size_t MoveChecker<K>::formRun(const std::vector<Move>& moves, const std::vector<Vec3>& starts,
                                    std::size_t begin, std::size_t end, const CutterModel& cutter,
                                    double bend_limit) {
  // Consecutive moves of one tool, few pieces, within about a cutter diameter, nearly
  // straight.
  const double span_limit = kRunSpanInDiameters * 2 * cutter.cuttingRadius();
  if (sections_.size() < cutter.sections.size()) sections_.resize(cutter.sections.size());
  for (std::size_t p = 0; p < cutter.sections.size(); ++p) sections_[p].reach = 0;
  pieces_.clear();
  run_.clear();
  Kdop<6> span = Kdop<6>::empty();
  std::array<Vec3, kRunMoves> run_ends;
  std::size_t j = begin;
  for (; j < end && run_.size() < kRunMoves && moves[j].tool == moves[begin].tool; ++j) {
    splitMovePath(moves[j], starts[j], settings_.tolerance, move_pieces_);
    Kdop<6> grown = span;
    for (const PathPiece& piece : move_pieces_) {
      grown.add(piece.start());
      grown.add(piece.at(1));
    }
    const double extent =
        std::max({grown.hi[0] - grown.lo[0], grown.hi[1] - grown.lo[1], grown.hi[2] - grown.lo[2]});
    const Vec3 end_point = move_pieces_.back().end();
    const bool fits =
        pieces_.size() + move_pieces_.size() <= kRunPieces && extent <= span_limit &&
        nearChord(std::span(run_ends).first(run_.size()), starts[begin], end_point, bend_limit);
    if (!run_.empty() && !fits) break;
    span = grown;
    run_ends[run_.size()] = end_point;
    run_.push_back({pieces_.size(), move_pieces_.size()});
    pieces_.insert(pieces_.end(), move_pieces_.begin(), move_pieces_.end());
    for (std::size_t p = 0; p < cutter.sections.size(); ++p)
      sections_[p].reach = std::max(sections_[p].reach, reportBelow(cutter.sections[p], moves[j]));
    if (!fits) return j + 1;  // a long move or arc goes alone
  }
  return j;
}

template <int K>
void MoveChecker<K>::cullRun(const CutterModel& cutter) {
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
  for (std::size_t p = 0; p < cutter.sections.size(); ++p) {
    const FrustumCore& core = cutter.sections[p].core;
    const double grow = core.margin + sections_[p].reach + kBoxSlack;
    const double side = std::max(core.radius_bottom, core.radius_top) + grow;
    const std::array<double, 3> part_lo{lo[0] - side, lo[1] - side, lo[2] + core.z_bottom - grow};
    const std::array<double, 3> part_hi{hi[0] + side, hi[1] + side, hi[2] + core.z_top + grow};
    bool misses = false;
    for (int axis = 0; axis < 3; ++axis)
      misses = misses || part_hi[axis] < root.lo[axis] || part_lo[axis] > root.hi[axis];
    sections_[p].apart = misses;
    if (misses) {
      sections_[p].candidates.clear();
      sections_[p].whole.clear();
    } else {
      gather(core, pieces_, sections_[p].reach, sections_[p].front, sections_[p].candidates,
             &sections_[p].whole);
    }
  }
}

template <int K>
void MoveChecker<K>::checkBlock(const std::vector<Move>& moves, const std::vector<Vec3>& starts,
                                std::size_t begin, std::size_t end,
                                const std::map<int, CutterModel>& cutters,
                                std::vector<std::vector<Violation>>& found) {
  bool last_run_clear = true;
  for (std::size_t i = begin; i < end;) {
    const CutterModel& cutter = cutters.at(moves[i].tool);
    const double bend_limit =
        last_run_clear ? kRunBendInTolerances * settings_.tolerance : INFINITY;
    const std::size_t next = formRun(moves, starts, i, end, cutter, bend_limit);
    cullRun(cutter);
    last_run_clear = true;
    for (std::size_t k = 0; k < run_.size(); ++k) {
      const std::size_t m = i + k;
      const std::span<const PathPiece> pieces(pieces_.data() + run_[k].first, run_[k].count);
      const std::size_t violations = found[m].size();
      checkMove(moves[m], starts[m], static_cast<std::uint32_t>(m + 1), pieces, cutter, found[m]);
      last_run_clear = last_run_clear && found[m].size() == violations;
    }
    i = next;
  }
}

template class MoveChecker<6>;
template class MoveChecker<14>;
template class MoveChecker<18>;
template class MoveChecker<26>;

}  // namespace gougechek
