#pragma once
// The convex core of a cutter (or of its shank), in the tool's frame: tool tip at the origin,
// axis +Z. Every cutter docs/checking-rules.md names is a solid of revolution whose core is a
// frustum between two heights (a cylinder when the radii agree, an axial segment when both are 0);
// the cutter is core ⊕ sphere(margin), the "sphere-swept skin" kept outside GJK.
#include <cmath>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct FrustumCore {
  double z_bottom = 0;       ///< height of the lower disk
  double z_top = 0;          ///< height of the upper disk
  double radius_bottom = 0;  ///< radius of the lower disk
  double radius_top = 0;     ///< radius of the upper disk
  double margin = 0;         ///< radius of the sphere swept over the core

  /// A point of the core extreme in direction v (the farther rim of the better disk).
  Vec3 support(const Vec3& v) const {
    if (radius_bottom == 0 && radius_top == 0)  // an axial segment (ball core)
      return {0, 0, z_top > z_bottom && v.z >= 0 ? z_top : z_bottom};
    // sqrt, not hypot: millimetre values cannot overflow, and this is the hottest call.
    const double horizontal = std::sqrt(v.x * v.x + v.y * v.y);
    const double bottom = radius_bottom * horizontal + z_bottom * v.z;
    const double top = radius_top * horizontal + z_top * v.z;
    const bool use_top = top > bottom || (top == bottom && v.z >= 0);
    const double radius = use_top ? radius_top : radius_bottom;
    const double z = use_top ? z_top : z_bottom;
    if (horizontal == 0) return {0, 0, z};
    const double scale = radius / horizontal;
    return {v.x * scale, v.y * scale, z};
  }

  bool operator==(const FrustumCore&) const = default;

  /// Largest radius of the cutter (core plus skin), for "buried" depths.
  double outerRadius() const { return std::max(radius_bottom, radius_top) + margin; }
};

}  // namespace gougechek
