// The move checker's buried test (MoveChecker::buried): a core that came near no surface along
// a move is buried if it lies inside the material (the part's winding number about a point of
// it, carried from move to move while nothing is touched) and touches no triangle at all.
#include "verify/move_checker.hpp"

namespace gougechek {

template <int K>
bool MoveChecker<K>::mayReach(const Candidate& candidate, const Kdop<K>& box,
                              const SweptCore& sweep, double report_below) const {
  return candidate.box.overlaps(box) && slabSeparation(sweep, candidate.plane) <= report_below;
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

#define GOUGECHEK_BURIED_TEST(K)                                                \
  template bool MoveChecker<K>::buried(                                         \
      const FrustumCore&, std::span<const PathPiece>, const Vec3&, const Vec3&, \
      typename MoveChecker<K>::TrackedFront&, typename MoveChecker<K>::WindingCarry&);
GOUGECHEK_BURIED_TEST(6)
GOUGECHEK_BURIED_TEST(14)
GOUGECHEK_BURIED_TEST(18)
GOUGECHEK_BURIED_TEST(26)
#undef GOUGECHEK_BURIED_TEST

}  // namespace gougechek
