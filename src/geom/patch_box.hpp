#pragma once
// An oriented box around a patch of surface, its first axis the patch's mean normal: the
// normal slab (geom/normal_slab.hpp) closed off sideways by two tangent slabs. A tilted patch's
// axis-aligned box is as thick as the patch is wide; this box stays as thin as the patch is
// curved, so a distance test against it prunes where the axis-aligned one cannot.
#include <array>
#include <cmath>

#include "geom/normal_slab.hpp"

namespace gougechek {

struct PatchBox {
  NormalSlab slab;              ///< along the normal; bounds nothing for an incoherent patch
  NormalSlab across, along;     ///< along two tangents completing the normal's frame

  bool bounds() const { return slab.bounds(); }

  /// The empty box along the unit `normal`.
  static PatchBox empty(const Vec3& normal) {
    // Any tangent will do; crossing with the axis least aligned with the normal keeps it
    // well conditioned.
    const Vec3 n = {std::fabs(normal.x), std::fabs(normal.y), std::fabs(normal.z)};
    const Vec3 axis = n.x <= n.y && n.x <= n.z ? Vec3{1, 0, 0}
                      : n.y <= n.z             ? Vec3{0, 1, 0}
                                               : Vec3{0, 0, 1};
    const Vec3 tangent = normalized(cross(normal, axis));
    return {NormalSlab::empty(normal), NormalSlab::empty(tangent),
            NormalSlab::empty(cross(normal, tangent))};
  }

  void add(const Vec3& p) {
    slab.add(p);
    across.add(p);
    along.add(p);
  }

  std::array<Vec3, 8> corners() const {
    std::array<Vec3, 8> c;
    for (int i = 0; i < 8; ++i)
      c[i] = slab.normal * (i & 1 ? slab.hi : slab.lo) +
             across.normal * (i & 2 ? across.hi : across.lo) +
             along.normal * (i & 4 ? along.hi : along.lo);
    return c;
  }
};

}  // namespace gougechek
