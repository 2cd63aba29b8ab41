#pragma once
// Checks the moves of one block for one worker (move_checker.cpp: runs and moves; depth_search.cpp:
// the depth search; buried_test.cpp: the buried test). Consecutive short moves with the same tool
// are taken as a run: the part's tree is culled once for the run's swept region (its exact k-DOP,
// refined by a GJK distance test per node, starting from the previous run's front), and each
// move then measures the run's candidate triangles that its own k-DOP keeps, with GJK and, where
// a core reaches the surface, the surface-depth search. The deepest finding per (move, kind) is
// kept. Results depend only on the move, never on the runs, the worker or the order of work.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "convex/depth_bounds.hpp"
#include "convex/gjk.hpp"
#include "convex/surface_depth.hpp"
#include "convex/swept_core.hpp"
#include "gougechek/verify.hpp"
#include "verify/cutter_model.hpp"
#include "verify/depth_accuracy.hpp"
#include "verify/move_path.hpp"
#include "verify/swept_region_query.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

template <int K>
class MoveChecker {
 public:
  MoveChecker(const Mesh& part, const KdopTree<K>& tree, const TunedSettings& settings);

  /// Checks moves [begin, end), move i starting at starts[i] with cutters.at(move.tool);
  /// appends each move's violations (at most one per kind) to found[i].
  void checkBlock(const std::vector<Move>& moves, const std::vector<Vec3>& starts,
                  std::size_t begin, std::size_t end, const std::map<int, CutterModel>& cutters,
                  std::vector<std::vector<Violation>>& found);

  VerifyStats stats;

 private:
  struct Finding {
    bool found = false;  // some triangle came within the reporting distance
    double depth = 0;
    Vec3 at;
    bool severe = false;
    std::uint32_t triangle = 0;
    std::uint32_t piece = 0;  // index into the move's pieces
    double s = 0;             // path parameter of `at` along that piece
  };
  struct Candidate {
    std::uint32_t triangle;
    Kdop<K> box;       // the triangle's own k-DOP
    NormalSlab plane;  // the triangle's plane (a slab of zero thickness)
  };
  /// A piece of the move that may reach a triangle, with an upper bound on the depth there:
  /// the least of the bound of the cuts for that triangle, `own`, and the region's half width.
  struct Reach {
    double bound;
    double own;
    std::uint32_t triangle;
    std::uint32_t piece;    // index into the move's pieces
    bool measured = false;  // every piece of the group that reaches it measured (and far)
  };
  /// An entry of the depth search's queue, for one group of pieces: a node of the tree whose
  /// triangles are all candidates, or a triangle, bounded by the group's slab cuts over its
  /// k-DOP; or a triangle with the least of that and the group's full bound. Each bound is at least
  /// those of what it leads to, so the fully bounded triangles come off the queue deepest bound
  /// first. `bound` is the least of `own`, the bound of those cuts, and the group's half width.
  struct Queued {
    enum Stage : std::uint8_t { kNode, kAxial, kFull };
    double bound;
    double own;
    Stage stage;
    std::uint32_t index;       // node or triangle
    std::uint32_t group;       // index into groups_
    std::uint32_t pushed = 0;  // when it went on the heap after the first entries (0: one of
                               // those; UINT32_MAX: the previous finding's triangle, first)
  };
  /// The winding number of the part around the core's lowest axis point at the end of the last
  /// move checked, kept while that move touched nothing: a path that meets no triangle cannot
  /// change it, so the next move starting there needs no ray cast.
  struct WindingCarry {
    bool known = false;
    Vec3 probe;  // the point it belongs to
    int winding = 0;
  };
  /// A tree front for one cutter core, with what its separation certificates need: the core
  /// they hold for and the travel of the queries since the front was empty.
  struct TrackedFront {
    Front front;
    FrustumCore core;
    double travel = 0;
    Vec3 last_point;  // end of the previous query's path
  };
  /// Consecutive pieces of a move, bounded together: their region's first cuts (none for a
  /// single piece, whose own search bounds it) and k-DOP.
  struct PieceGroup {
    std::size_t first, count;
    std::optional<DepthBounds<SweptRegion>> bounds;
    Kdop<K> box;
    /// The offsets of the cuts along and against each k-DOP direction (DepthBounds::along),
    /// +∞ for those not made: each bounds the depth over a k-DOP from one of its slabs.
    std::array<double, Kdop<K>::kSlabs> along{}, against{};
    /// The least mean of a pair of them: the skin plus half the region's width along that
    /// direction, which no point lies deeper than, whatever box it is in.
    double half_width = INFINITY;
    /// The path of a point of the core's axis along the group (DepthBounds' spine).
    Vec3 spine_from{}, spine_to{};
  };
  /// Where one move's pieces sit in pieces_.
  struct MovePieces {
    std::size_t first, count;
  };
  /// What the check of one piece of the tool assembly (a CutterSection) keeps from run to run and
  /// within a run.
  struct SectionState {
    TrackedFront front;
    WindingCarry winding;
    std::vector<Candidate> candidates;  // of the current run
    std::vector<std::uint32_t> whole;   // nodes of the tree whose triangles all are candidates
    /// The triangle of the section's last finding (on any earlier move of this checker's task,
    /// whatever tool): measured first on the next move, ahead of entries tied at its bound.
    std::optional<std::uint32_t> last_deepest;
    double reach = 0;    // the run's largest reporting distance
    bool apart = false;  // along the run, its box misses the workpiece's (no query made)
  };
  /// The deepest finding of one section of the tool along one move, if it is to be reported.
  struct SectionFinding {
    Finding finding;
    std::size_t section = 0;
  };

  /// Candidates: the triangles that may lie within `reach` of `core` swept along `pieces`;
  /// with `whole`, nodes of the tree wholly within reach go there instead of their triangles.
  void gather(const FrustumCore& core, std::span<const PathPiece> pieces, double reach,
              TrackedFront& tracked, std::vector<Candidate>& out,
              std::vector<std::uint32_t>* whole = nullptr);
  /// Deepest finding of `core` along one move's `pieces` among `candidates` and the triangles
  /// of the `whole` nodes, the triangle `first` (the previous move's deepest) measured first.
  Finding deepest(const FrustumCore& core, std::span<const PathPiece> pieces,
                  const std::vector<Candidate>& candidates, const std::vector<std::uint32_t>& whole,
                  const DepthLimits& limits, std::optional<std::uint32_t> first);
  /// One depth search: what it looks for, its rules, and the deepest finding so far.
  struct Search {
    const FrustumCore& core;
    std::span<const PathPiece> pieces;
    const DepthLimits& limits;
    DepthAccuracy accuracy;
    Finding best;
    DeepestSoFar deepestSoFar() const { return {best.found, best.depth, best.severe}; }
    /// Keeps `f` if it is deeper than the deepest so far.
    void consider(const Finding& f);
  };
  /// Measures one (piece, triangle) pair: GJK, and where the core reached the triangle the
  /// surface-depth search, to the search's accuracy.
  void examine(Search& search, const Reach& c);
  /// Where nothing matters: the first examined or queued pair within reach at all, if any.
  void findAnyWithinReach(Search& search, double pair_floor, double reach_floor);
  /// Depth first below the tree node `node`: the first of its triangles within reach of a piece
  /// of group `group`, into search.best; true if one was.
  bool anyBelow(Search& search, std::uint32_t node, std::uint32_t group, double pair_floor,
                double reach_floor);
  /// The first piece of the pair's group within reach of its triangle, if any, into search.best.
  void withinReach(Search& search, const Reach& group_reach, double reach_floor);
  /// True if `core` along `pieces` comes within its skin of one of `candidates`.
  bool touches(const FrustumCore& core, std::span<const PathPiece> pieces,
               const std::vector<Candidate>& candidates);
  /// Splits the pieces into groups and queues each (group, candidate or whole node) pair that
  /// may reach below `floor` with its axial bound. A few pairs, sorted at once, are bounded by
  /// their plane cuts, and by the aimed ones too where the plane cuts put them at `aim_floor`
  /// or deeper (infinite: by their plane cuts alone, where their order changes no finding).
  void queueGroups(const FrustumCore& core, std::span<const PathPiece> pieces,
                   const std::vector<Candidate>& candidates,
                   const std::vector<std::uint32_t>& whole, double report_below, bool natural_skin,
                   double floor, double aim_floor);
  /// The move's pieces' depth searches and boxes, and their groups' regions and boxes.
  void makeGroups(const FrustumCore& core, std::span<const PathPiece> pieces, double report_below,
                  bool rounded);
  /// Each group's slab cuts (along ±Z only where the queue is sorted) and half width.
  void cutGroups();
  /// Queues `triangle` fully bounded for each group whose box it meets, ahead of every entry
  /// bounded as deep (a likely deepest: a cutter buried along a wall meets it move after move).
  void queueFirst(std::uint32_t triangle, double floor);
  /// Queues a triangle with the axial bound of `group` (triangleBound, no deeper than `cap`:
  /// the bound of the node it came from) if its box meets the group's and the bound reaches
  /// `floor`.
  void queueTriangle(std::uint32_t triangle, const Kdop<K>& box, std::uint32_t group, double floor,
                     double cap = INFINITY);
  /// Takes the top entry off the queue: a node's children or triangles, or a triangle's full
  /// bound, go back on it (if they reach `floor`); a fully bounded triangle is returned. Of a
  /// few sorted pairs bounded by their plane cuts (queueGroups), the top one is returned as it
  /// is where `measure_first` (nothing found yet: a distance query decides as fast as the full
  /// bound would), else with its full bound.
  std::optional<Reach> advance(double floor, bool measure_first);
  /// The bound of the group's slab cuts over a k-DOP and, unless `rim_cut` is false, of its rim
  /// cut (DepthBounds::rimCut; not made where the slabs already put it below `floor`); and the
  /// full bound (DepthBounds).
  double boxBound(const PieceGroup& group, const Kdop<K>& box, double floor,
                  bool rim_cut = true) const;
  /// boxBound over the triangle's k-DOP `box`, with the rim cut at its corners.
  double triangleBound(const PieceGroup& group, const std::array<Vec3, 3>& tri, const Kdop<K>& box,
                       double floor) const;
  /// boxBound, and the cuts toward the middle of the node's box from the core's side (square to
  /// its axis) and, for a sloped core, its flank (convex/side_cut).
  double nodeBound(const PieceGroup& group, const Kdop<K>& box, double floor) const;
  double fullBound(PieceGroup& group, const std::array<Vec3, 3>& tri, double floor);
  /// The pieces of one group that may reach its triangle (bound at least `reach_floor`), into
  /// piece_reaches_, deepest bound first; those whose half height `cannot_matter` (a bound's
  /// test, monotone: no finding there changes the result) left out unbounded. False if any
  /// was left out so.
  template <class Test>
  bool pieceReaches(const Reach& group_reach, double reach_floor, const Test& cannot_matter);
  /// GJK distance from `core` along `piece` to `tri`, `far` beyond `report_below`; the same
  /// answer whatever this worker measured before.
  GjkResult measure(const FrustumCore& core, const PathPiece& piece, const std::array<Vec3, 3>& tri,
                    double report_below);
  /// Path parameter of a position along `piece` where `core` meets `tri`, which it overlaps:
  /// the same answer whatever this worker measured before.
  double contact(const FrustumCore& core, const PathPiece& piece, const std::array<Vec3, 3>& tri);
  /// The cheap tests that let most candidates go without a distance query.
  bool mayReach(const Candidate& candidate, const Kdop<K>& box, const SweptCore& sweep,
                double report_below) const;
  /// True if `core` swept along `pieces` (from tool-tip position `from` to `to`), which came
  /// within its reporting distance of no triangle, lies wholly inside the material.
  bool buried(const FrustumCore& core, std::span<const PathPiece> pieces, const Vec3& from,
              const Vec3& to, TrackedFront& front, WindingCarry& carry);
  /// Forms the run starting at move `begin` into pieces_ and run_ (each piece's reach into
  /// sections_): consecutive moves of one tool, few pieces, within about a cutter diameter, their
  /// ends within `bend_limit` of the chord from its start. Returns the move after it.
  std::size_t formRun(const std::vector<Move>& moves, const std::vector<Vec3>& starts,
                      std::size_t begin, std::size_t end, const CutterModel& cutter,
                      double bend_limit);
  /// Gathers each piece of the tool's candidates for the run (none where its box along the run
  /// misses the workpiece's).
  void cullRun(const CutterModel& cutter);
  void checkMove(const Move& move, const Vec3& from, std::uint32_t ordinal,
                 std::span<const PathPiece> pieces, const CutterModel& cutter,
                 std::vector<Violation>& out);
  /// The finding of section `index` of `cutter` along one move that makes a violation, if any;
  /// `deepest_so_far`: the deepest finding of another section of its kind (−∞ if none).
  std::optional<SectionFinding> checkSection(const Move& move, const Vec3& from,
                                             std::span<const PathPiece> pieces,
                                             const CutterModel& cutter, std::size_t index,
                                             double deepest_so_far);
  /// The section's clearance on this move: rapid clearance for cutting sections on rapids, holder
  /// clearance for the rest (0: only penetration beyond the tolerance counts).
  double clearance(const CutterSection& section, const Move& move) const;
  double reportBelow(const CutterSection& section, const Move& move) const;
  template <class Shape>
  Kdop<K> sweptBox(const Shape& sweep, double grow) const {
    Kdop<K> box = sweptKdop<K>(sweep);
    box.grow(grow + kBoxSlack);
    return box;
  }
  std::array<Vec3, 3> triangle(std::uint32_t index) const { return triangleCorners(part_, index); }

  const Mesh& part_;
  const KdopTree<K>& tree_;
  const TunedSettings& settings_;
  std::vector<PathPiece> pieces_;  // the pieces of the moves of the current run
  std::vector<MovePieces> run_;    // per move of the run
  std::vector<Candidate> buried_candidates_;
  /// The entry that comes off the queue next.
  const Queued& queueTop() const { return queue_sorted_ ? queue_.back() : queue_.front(); }

  std::vector<Queued> queue_;  // a heap (PopsLater), or all fully bounded and sorted
  bool queue_sorted_ = false;
  std::uint32_t pushes_ = 0;                  // entries pushed onto the heap by this search
  const FrustumCore* search_core_ = nullptr;  // the core of the depth search under way
  std::vector<Reach> examined_;  // the fully bounded (group, triangle) pairs taken off it
  std::vector<Reach> piece_reaches_;
  std::vector<PieceGroup> groups_;
  std::vector<Vec3> group_points_;  // the groups' regions
  std::vector<PathPiece> group_arcs_;
  std::vector<Kdop<K>> piece_boxes_;
  std::vector<SurfaceDepthSearch> depth_searches_;  // per piece of the move being checked
  std::vector<PathPiece> move_pieces_;              // scratch for splitMovePath
  std::vector<Vec3> region_points_;                 // scratch for gather's regions
  std::vector<PathPiece> region_arcs_;
  std::vector<Chord> region_chords_;
  std::vector<SectionState> sections_;  // per section of the current run's cutter
  Vec3 warm_axis_{0, 0, 1};
};

// Instantiated for K = 6, 14, 18 and 26 where each is defined (move_checker.cpp,
// depth_search.cpp, buried_test.cpp).

}  // namespace gougechek
