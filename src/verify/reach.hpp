#pragma once
// Registration (docs/checking-rules.md, "Registration"): a program whose feed moves never bring
// the cutter within reach of the part cuts nothing of it, so its check proves nothing; nor does
// that of a program of rapids (and probe moves) only none of which comes within reach. The feed
// moves (the rapids and probe moves, until a feed move comes) are looked at in program order only
// until one comes within reach (the first plunge of a normal program); until then each far one
// keeps a cheap lower bound on its distance, and the few nearest by it are kept, so that the exact
// closest approach is measured only when no move ever reaches (the error's path).
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "convex/path_piece.hpp"
#include "gougechek/verify.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {

/// How far beyond the tolerance a feed move's cutter (grown by the stock to leave) may pass
/// from the part and still count as meeting it: max(1 mm, the cutter's radius). Stock a
/// roughing pass leaves without --stock stays well inside it; a wrong work offset or unit
/// moves a program by far more.
double registrationMargin(const CutterModel& cutter);

/// The input error's message for a program that never comes within reach; `warnings` are the
/// result's (a units hint, if any, is added to it).
std::string unreachedMessage(const ClosestApproach& approach,
                             const std::vector<InputWarning>& warnings);

/// The warning for a part and feed moves whose largest horizontal extents are about 25.4
/// times apart, if they are: an STL in inches read as mm, or a program's G20/G21.
std::optional<std::string> unitsWarning(double part_extent, double program_extent);

template <int K>
class ReachTracker {
 public:
  ReachTracker(const Mesh& part, const KdopTree<K>& tree, double tolerance);

  /// Looks at the next move of the program, its ordinal `ordinal`, starting at `start`, cut
  /// with `cutter`: a feed move counts for the units extent, and until one comes within reach,
  /// whether it does; so does a rapid or a probe move, until the first feed move.
  void add(const Move& move, const Vec3& start, std::size_t ordinal, const CutterModel& cutter);

  /// After the last block: where the feed moves came closest to the part, if there were
  /// some and none came within reach (measured now); in a program with no feed move, where its
  /// rapids and probe moves did, if none came within reach.
  std::optional<ClosestApproach> unreached(const std::map<int, CutterModel>& cutters) const;

  /// The units warning for the feed moves seen and the part.
  std::optional<std::string> unitsWarning() const;

 private:
  /// A move out of reach, with a lower bound on its distance to the part, and its pieces for
  /// measuring the distance if no move reaches.
  struct Candidate {
    double bound;
    Move move;  // `from`: where the check took it to start
    std::uint32_t ordinal;
    std::vector<PathPiece> pieces;
    bool operator<(const Candidate& other) const { return bound < other.bound; }
  };
  /// The distance from one cutting piece along `pieces` to the part, when below `limit`.
  struct Nearest {
    double distance;
    Vec3 at;
  };

  /// The moves of one kind looked at (feed moves, or rapids and probe moves): whether one came
  /// within reach,
  /// else the nearest kept.
  struct Search {
    bool any = false;  // a move of the kind was seen
    bool reached = false;
    std::vector<Candidate> candidates;  // a max-heap by bound
    double dropped_bound = INFINITY;    // least bound among the candidates dropped
  };

  /// Looks at `move` for `search`, until one of its moves comes within reach.
  void look(Search& search, const Move& move, const Vec3& start, std::size_t ordinal,
            const CutterModel& cutter);
  /// True if the move's cutting pieces come within reach; else `bound` is a lower bound on
  /// their distance to the part.
  bool reaches(const std::vector<PathPiece>& pieces, const CutterModel& cutter, double& bound);
  std::optional<Nearest> nearest(const CutterSection& section, const std::vector<PathPiece>& pieces,
                                 double limit) const;
  /// Keeps the move whose pieces are in pieces_ in `search` if it is among the nearest by
  /// `bound`.
  void keep(Search& search, double bound, const Move& move, const Vec3& start,
            std::uint32_t ordinal);
  void addExtent(const Move& move, const Vec3& from);

  /// Candidates kept: the nearest by bound. Enough that the nearest by distance is nearly
  /// always among them (the bounds of nearby moves order them as their distances do).
  static constexpr std::size_t kCandidates = 16;

  const Mesh& part_;
  const KdopTree<K>& tree_;
  double tolerance_;
  Search feeds_;
  Search rapids_;                  // rapids and probe moves, until the first feed move
  std::vector<PathPiece> pieces_;  // the pieces of the move looked at
  double lo_[2] = {INFINITY, INFINITY}, hi_[2] = {-INFINITY, -INFINITY};  // feed moves, x y
};

extern template class ReachTracker<6>;
extern template class ReachTracker<14>;
extern template class ReachTracker<18>;
extern template class ReachTracker<26>;

}  // namespace gougechek
