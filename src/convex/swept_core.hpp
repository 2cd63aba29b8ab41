#pragma once
// A cutter core swept along one path piece: SweptCore = core ⊕ path. The support function of a
// Minkowski sum is the sum of the support functions, so the swept volume needs no mesh.
#include "convex/frustum_core.hpp"
#include "convex/path_piece.hpp"

namespace gougechek {

struct SweptCore {
  const FrustumCore* core = nullptr;
  const PathPiece* path = nullptr;

  PathPoint support(const Vec3& v) const {
    PathPoint p = path->support(v);
    p.point += core->support(v);
    return p;
  }
  /// A point inside the swept core (used to seed searches): the middle of the core's axis at
  /// the path's start.
  Vec3 interiorPoint() const {
    return path->start() + Vec3{0, 0, 0.5 * (core->z_bottom + core->z_top)};
  }
  /// Where interiorPoint() ends up at the path's end: the two span the core's spine (for an
  /// arc, its chord, which lies inside the core swept over the arc's hull, as support() has it).
  Vec3 interiorEndPoint() const {
    return path->end() + Vec3{0, 0, 0.5 * (core->z_bottom + core->z_top)};
  }
};

}  // namespace gougechek
