#pragma once
// Checks one move after another for one worker: culls the part's triangles with the swept
// core's exact k-DOP (from the previous move's front), measures each survivor with GJK and,
// where a core reaches the surface, with the surface-depth search; keeps the deepest finding
// per (move, kind). A worker owns its fronts and warm-start axis; results depend only on the
// move, never on which worker checked it or in which order.
#include <cstdint>
#include <optional>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "convex/swept_core.hpp"
#include "gougechek/verify.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {

/// The tree query for one swept core: its k-DOP (grown by the reporting distance), refined by
/// an exact GJK distance from the core to each node's axis-aligned box, which prunes the large
/// nodes under a cutter resting on the surface that the k-DOP slabs alone cannot.
template <int K>
class SweptCoreQuery {
 public:
  SweptCoreQuery(const SweptCore& sweep, const Kdop<K>& box, double reach)
      : sweep_(sweep), box_(box), reach_(reach) {}
  const Kdop<K>& kdop() const { return box_; }
  bool overlaps(const Kdop<K>& node) const;

 private:
  SweptCore sweep_;
  Kdop<K> box_;
  double reach_;
  mutable Vec3 axis_{0, 0, 1};
};

template <int K>
class MoveChecker {
 public:
  MoveChecker(const Mesh& part, const KdopTree<K>& tree, const VerifySettings& settings);

  /// Checks `move` (starting at `from`) with `cutter`; appends at most one violation per kind.
  void check(const Move& move, const Vec3& from, std::uint32_t ordinal, const CutterModel& cutter,
             std::vector<Violation>& out);

  /// Starts the fronts afresh (a new block of moves far from the last one).
  void resetFronts();

  VerifyStats stats;

 private:
  struct Finding {
    bool found = false;   // some triangle came within the reporting distance
    double depth = 0;
    Vec3 at;
    bool severe = false;
    std::uint32_t triangle = 0;
  };

  /// Deepest finding of `core` along the current pieces, counting only triangles whose core
  /// distance is below `report_below`.
  Finding deepest(const FrustumCore& core, double report_below, bool natural_skin, double radius,
                  Front& front);
  /// True if `core` swept along the pieces lies wholly inside the material, touching no
  /// triangle.
  bool buried(const FrustumCore& core, Front& front);
  /// An upper bound on how deep any point of `tri` lies in the swept cutter.
  double depthBound(const SweptCore& sweep, const std::array<Vec3, 3>& tri) const;
  /// Measures the triangles the core itself reached (cores_reached_), best bound first.
  template <class Consider>
  void measureCoresReached(const FrustumCore& core, bool natural_skin, double radius,
                           const Finding& best, Consider&& consider);
  Kdop<K> sweptBox(const SweptCore& sweep, double grow) const;
  std::array<Vec3, 3> triangle(std::uint32_t index) const;

  const Mesh& part_;
  const KdopTree<K>& tree_;
  const VerifySettings& settings_;
  struct CoreContact {
    double bound;             // depthBound of the triangle
    std::uint32_t triangle;
    std::uint32_t piece;      // index into pieces_
  };

  std::vector<PathPiece> pieces_;
  std::vector<CoreContact> cores_reached_;
  Front cutting_front_, shank_front_;
  Vec3 warm_axis_{0, 0, 1};
};

extern template class MoveChecker<6>;
extern template class MoveChecker<14>;
extern template class MoveChecker<18>;
extern template class MoveChecker<26>;

}  // namespace gougechek
