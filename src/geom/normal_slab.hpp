#pragma once
// The slab a patch of surface fills along its mean normal: the points x with lo ≤ n·x ≤ hi.
// A smooth patch is thin along its normal however it is tilted, where its axis-aligned box is
// as thick as the patch is wide. A cutter resting on the surface sits just outside its
// patches' slabs, so one dot product per side proves a whole patch out of reach where the box
// alone would need the patch opened down to its triangles.
#include <algorithm>
#include <cmath>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct NormalSlab {
  Vec3 normal;  ///< unit length; the zero vector when the slab bounds nothing
  double lo = -INFINITY;
  double hi = INFINITY;

  bool bounds() const { return normal != Vec3{}; }

  /// The empty slab along the unit `normal`: the first point added makes it that point's plane.
  static NormalSlab empty(const Vec3& normal) { return {normal, INFINITY, -INFINITY}; }

  void add(const Vec3& p) {
    const double s = dot(normal, p);
    lo = std::min(lo, s);
    hi = std::max(hi, s);
  }
};

/// The slab of points along the unit `normal` from `points` (any range of Vec3).
template <class Points>
NormalSlab slabAlong(const Vec3& normal, const Points& points) {
  NormalSlab slab = NormalSlab::empty(normal);
  for (const Vec3& p : points) slab.add(p);
  return slab;
}

/// A lower bound on the distance between the convex `shape` (anything with a support function
/// returning `.point`) and `slab`: how far the shape's interval along the normal, from two
/// support points, lies beyond one face of the slab (≤ 0 where they overlap along it; −∞ for
/// a slab that bounds nothing). The side the shape usually sits on (above the surface) is
/// tried first, and the second support is needed only when it is not there.
template <class Shape>
double slabSeparation(const Shape& shape, const NormalSlab& slab) {
  if (!slab.bounds()) return -INFINITY;
  const double above = dot(slab.normal, shape.support(-slab.normal).point) - slab.hi;
  if (above > 0) return above;
  return slab.lo - dot(slab.normal, shape.support(slab.normal).point);
}

}  // namespace gougechek
