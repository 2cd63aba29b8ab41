#pragma once
// The tree query of a run of moves (MoveChecker::gather): which nodes of the part's tree the
// core, swept along the run's path pieces, may come within reach of.
#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "convex/gjk.hpp"
#include "convex/path_piece.hpp"
#include "convex/swept_region.hpp"
#include "verify/move_path.hpp"

namespace gougechek {

/// Appends what a SweptRegion over `pieces` is made of: the pieces of one arc as that arc (its
/// hull is theirs), other pieces as points around them (a scan of dot products rather than an
/// arc's support per piece per query: the region grows by about a sagitta, which costs
/// nothing), and arcs too long for that as themselves.
void appendRegion(std::span<const PathPiece> pieces, std::vector<Vec3>& points,
                  std::vector<PathPiece>& arcs);

/// A straight path inside a swept region: the chord of one of its pieces.
struct Chord {
  Vec3 from, to;
};

/// True if the inner cylinder of `core` (its least radius, between its end heights), moved
/// along `chord`, meets the box of these corners (the box of PatchBox::corners: 1, 2 and 4
/// neighbour corner 0). A sufficient test only: it tries the one box point nearest the middle
/// of the chord's axis.
bool innerCylinderReaches(const FrustumCore& core, const Chord& chord,
                          const std::array<Vec3, 8>& corners);

/// True if, at one position along `chord`, the cylinder of radius `radius` about the axis of
/// `core`, between its end heights, holds all of these corners (and so their hull).
bool cylinderHolds(const FrustumCore& core, double radius, const Chord& chord,
                   const std::array<Vec3, 8>& corners);

/// The tree query for a swept region: its k-DOP grown by the reach, refined first by the node's
/// normal slab (two support queries) and then by an exact GJK distance from the region to the
/// node's patch box (or, for a node without one, its axis-aligned box). Both prune the many
/// nodes under a cutter resting on the surface that the k-DOP slabs alone keep. Each test
/// yields a lower bound on the distance, which the front keeps as a separation certificate.
/// Where a cutter cuts deep, most nodes it meets lie partly inside it, which GJK proves only
/// slowly: a node whose box the core's widest inner cylinder reaches along one of `chords`
/// overlaps, with no GJK.
template <int K>
class SweptRegionQuery {
 public:
  /// `travel`: how far the swept core has moved, in all, since its front was empty.
  /// `whole_nodes`: whether takesWhole() may take any node.
  SweptRegionQuery(const SweptRegion& region, std::span<const Chord> chords, const Kdop<K>& box,
                   double reach, double travel, bool whole_nodes)
      : region_(region),
        chords_(chords),
        box_(box),
        reach_(reach),
        travel_(travel),
        whole_nodes_(whole_nodes) {
    for (const Chord& chord : chords) {
      lowest_ = std::min({lowest_, chord.from.z, chord.to.z});
      highest_ = std::max({highest_, chord.from.z, chord.to.z});
    }
    lowest_ += region.core->z_bottom;
    highest_ += region.core->z_top;
  }
  const Kdop<K>& kdop() const { return box_; }
  double reach() const { return reach_; }
  double travel() const { return travel_; }
  /// A lower bound on the distance from the region to the node's triangles; exact enough to
  /// decide whether it exceeds the reach.
  double separation(const Kdop<K>& node_box, const PatchBox& node_patch) const;
  /// The same for one triangle (a one-triangle leaf), from the triangle itself: exact, and
  /// with no patch box to build for it.
  double separation(const std::array<Vec3, 3>& triangle) const;
  /// True if the node's triangles are best gathered as the node (KdopTree::query): it is small
  /// beside the cutter, or its box lies wholly within reach (inside the cylinder about the
  /// core's axis, the reach wider than its least radius, at one position along one chord).
  bool takesWhole(const Kdop<K>& node_box, const PatchBox& node_patch) const;

 private:
  /// How far the node's k-DOP lies beyond box_ (the reach): a lower bound on its distance
  /// beyond the reach where positive.
  double kdopGap(const Kdop<K>& node_box) const;
  /// True if one of `points` lies inside the core's inner cylinder along one of the chords.
  bool innerCylinderHolds(std::span<const Vec3> points) const;
  /// The GJK distance from the region to the hull of `points`, exact enough to decide whether
  /// it exceeds the reach (the reach where it does not).
  double distanceTo(const Vec3* points, int count) const;

  SweptRegion region_;
  std::span<const Chord> chords_;
  Kdop<K> box_;
  double reach_;
  double travel_;
  bool whole_nodes_;
  // The lowest and highest heights of the core along the chords: a box it encloses lies
  // between them.
  double lowest_ = INFINITY, highest_ = -INFINITY;
  mutable Vec3 axis_{0, 0, 1};
};

extern template class SweptRegionQuery<6>;
extern template class SweptRegionQuery<14>;
extern template class SweptRegionQuery<18>;
extern template class SweptRegionQuery<26>;

}  // namespace gougechek
