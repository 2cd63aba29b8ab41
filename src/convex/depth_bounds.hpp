#pragma once
// Upper bounds on how deep a convex shape S = K ⊕ sphere(m) reaches into a triangle, from a few
// support queries. The signed distance to K is the largest v·x − h_K(v) over unit v, so each
// direction v bounds the depth g(x) = m − sd(x) by the affine m + h_K(v) − v·x (a "cut").
// The first cuts: along the tool axis (the cutter's end and top), both sides of the
// triangle's plane (how far S reaches past it, which alone is exact for a cutter plunged into
// a face), and along the plane from the path of K's axis toward the triangle's point nearest
// it (where the cutter's side crosses the triangle: the distance to that side, exact for a
// cutter moving beside a face whose edge it overhangs).
#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <span>

#include "convex/closest_points.hpp"
#include "convex/cut_envelope.hpp"
#include "convex/frustum_core.hpp"

namespace gougechek {

template <class Shape>
class DepthBounds {
 public:
  static constexpr int kMaxFirstCuts = 6;

  /// `spine_from`, `spine_to`: a segment inside K along its path (the path of a point of its
  /// axis), from which the in-plane cut is aimed. `rounded`: the skin is the cutter's own
  /// rounding (a bull's corner), so the rim cuts are made (rimCut).
  DepthBounds(const Shape& shape, double margin, const Vec3& spine_from, const Vec3& spine_to,
              bool rounded = false)
      : shape_(shape),
        margin_(margin),
        spine_from_(spine_from),
        spine_to_(spine_to),
        flank_slope_(flankSlope(*shape.core)),
        rim_cuts_(rounded && (shape.core->radius_bottom > 0 || shape.core->radius_top > 0)) {}

  /// The cut along the unit direction v.
  Cut along(const Vec3& v) const { return {v, margin_ + dot(v, shape_.support(v).point)}; }

  /// The cuts along +Z and −Z (the cutter's top and end), the same for every triangle.
  const std::array<Cut, 2>& axialCuts() {
    if (!has_axial_) {
      axial_ = {along({0, 0, 1}), along({0, 0, -1})};
      has_axial_ = true;
    }
    return axial_;
  }

  /// Writes the first cuts for `triangle`; returns how many (the axial ones only for a
  /// triangle without area).
  int firstCuts(const std::array<Vec3, 3>& triangle, std::array<Cut, kMaxFirstCuts>& cuts) {
    const int count = planeCuts(triangle, cuts);
    return count < kPlaneCuts ? count : aimedCuts(triangle, cuts[2].v, cuts, count);
  }

  /// The skin plus half the shape's height, the mean of the axial cuts, which their least is
  /// never above: no point lies deeper, whatever the triangle (a cutter buried to its full
  /// flute length is that deep over every triangle across its height).
  double halfHeight() {
    const std::array<Cut, 2>& axial = axialCuts();
    return 0.5 * (axial[0].c + axial[1].c);
  }

  /// The least of the first cuts' maxima over the triangle (each at a corner): at least the
  /// maximum of their minimum, so at least the depth. Infinite for a triangle without area
  /// beside the cutter's ends. Where the rim, axial and plane cuts alone put it below `floor`,
  /// the rest are not made (a caller with no use for depths below `floor`).
  double bound(const std::array<Vec3, 3>& triangle, double floor = -INFINITY) {
    // The rim cut first: one support query, and for a rounded core mostly the tightest.
    double least = INFINITY;
    if (const std::optional<Cut> rim = rimCut((triangle[0] + triangle[1] + triangle[2]) / 3)) {
      least = leastMaximum(triangle, std::span(&*rim, 1));
      if (least < floor) return least;
    }
    std::array<Cut, kMaxFirstCuts> cuts;
    const int count = planeCuts(triangle, cuts);
    least = std::min(least, leastMaximum(triangle, std::span(cuts).first(count)));
    if (count < kPlaneCuts || least < floor) return least;
    const int all = aimedCuts(triangle, cuts[2].v, cuts, count);
    return std::min(least, leastMaximum(triangle, std::span(cuts).subspan(count, all - count)));
  }

  /// The cut from the core's point nearest `target` toward it, with the core halfway along
  /// the spine. Where a rounded core's rim faces a triangle or box about `target` (a bull's
  /// torus), that is close to the direction that separates them, and the cut nearly exact: the
  /// depth is the least over directions, and a direction a small angle off adds only about
  /// the square of that angle. Any direction gives a valid cut. None unless `rounded` with a
  /// core of some radius (a ball's aimed cuts hold it), nor for a target inside the core.
  std::optional<Cut> rimCut(const Vec3& target) const {
    if (!rim_cuts_) return std::nullopt;
    const Vec3 toward = target - nearestCorePoint(target);
    const double length = norm(toward);
    if (!(length > 0)) return std::nullopt;
    return along(toward / length);
  }

 private:
  static constexpr int kPlaneCuts = 4;  // the axial cuts and both sides of the plane

  /// The point of the core halfway along the spine nearest `target`, as for a cylinder: its
  /// height clamped to the core's, its distance from the axis to the core's radius there.
  Vec3 nearestCorePoint(const Vec3& target) const {
    const FrustumCore& core = *shape_.core;
    const Vec3 axis =
        (spine_from_ + spine_to_) * 0.5 - Vec3{0, 0, 0.5 * (core.z_bottom + core.z_top)};
    const Vec3 y = target - axis;
    const double z = std::clamp(y.z, core.z_bottom, core.z_top);
    const double radius = core.radius_bottom + (z - core.z_bottom) * flank_slope_;
    const double r = std::sqrt(y.x * y.x + y.y * y.y);
    const double scale = r > radius ? radius / r : 1.0;
    return axis + Vec3{y.x * scale, y.y * scale, z};
  }

  /// The cuts along ±Z and both sides of the triangle's plane (cuts[2].v its unit normal);
  /// returns how many (2 for a triangle without area).
  int planeCuts(const std::array<Vec3, 3>& triangle, std::array<Cut, kMaxFirstCuts>& cuts) {
    cuts[0] = axialCuts()[0];
    cuts[1] = axialCuts()[1];
    const Vec3 normal = cross(triangle[1] - triangle[0], triangle[2] - triangle[0]);
    const double length = norm(normal);
    if (length == 0) return 2;
    const Vec3 n = normal / length;
    cuts[2] = along(n);
    cuts[3] = along(-n);
    return kPlaneCuts;
  }

  /// Appends, after `count` cuts, those aimed at where the triangle (unit normal n) comes
  /// nearest the spine; returns the new count.
  int aimedCuts(const std::array<Vec3, 3>& triangle, const Vec3& n,
                std::array<Cut, kMaxFirstCuts>& cuts, int count) const {
    // In the plane, toward where the triangle comes nearest the spine; from the spine's start
    // toward the triangle's centre where the spine meets the triangle or lies square above it.
    const ClosestPair near = closestSegmentTriangle(spine_from_, spine_to_, triangle);
    const Vec3 toward_centre = (triangle[0] + triangle[1] + triangle[2]) / 3 - spine_from_;
    // Directions shorter than this are rounding (a spine touching the triangle in its plane
    // comes out a few 1e-14 of the triangle's size off it), not a direction.
    const double noise2 = kRounding * kRounding *
                          (norm2(triangle[1] - triangle[0]) + norm2(triangle[2] - triangle[0]) +
                           norm2(toward_centre));
    Vec3 toward = near.on_triangle - near.on_segment;
    if (norm2(toward) <= noise2) toward = toward_centre;
    Vec3 in_plane = inPlane(toward, n);
    if (norm2(in_plane) <= noise2) in_plane = inPlane(toward_centre, n);
    if (const double l = norm(in_plane); l > 0) cuts[count++] = along(in_plane / l);
    // Square to the core's flank, toward the same point: where the cutter's side, not its
    // end, bounds the depth (a sloping face; a wall along a taper's flank, deeper up the
    // flank). Left out where it would repeat the normal's cut.
    const Vec3 across = inPlane(toward, {0, 0, 1});
    if (const double l = norm(across); norm2(across) > noise2) {
      const Vec3 flank = normalized(across / l - Vec3{0, 0, flank_slope_});
      if (std::abs(dot(flank, n)) < kSameCut) cuts[count++] = along(flank);
    }
    return count;
  }

  /// The least over `cuts` of each cut's maximum over the triangle.
  static double leastMaximum(const std::array<Vec3, 3>& triangle, std::span<const Cut> cuts) {
    double least = INFINITY;
    for (const Cut& cut : cuts)
      least = std::min(least,
                       std::max({cut.at(triangle[0]), cut.at(triangle[1]), cut.at(triangle[2])}));
    return least;
  }

  // Relative size of rounding in the closest points of a spine and a triangle.
  static constexpr double kRounding = 1e-12;
  // Cuts whose directions' cosine exceeds this bound nearly alike.
  static constexpr double kSameCut = 0.995;

  /// dr/dz of the core's flank: its outward normal leans down by this against the radial.
  static double flankSlope(const FrustumCore& core) {
    return core.z_top > core.z_bottom
               ? (core.radius_top - core.radius_bottom) / (core.z_top - core.z_bottom)
               : 0.0;
  }

  static Vec3 inPlane(const Vec3& v, const Vec3& n) { return v - n * dot(v, n); }

  Shape shape_;
  double margin_;
  Vec3 spine_from_, spine_to_;
  double flank_slope_;
  bool rim_cuts_;
  std::array<Cut, 2> axial_;  // along ±Z, the same for every triangle: made when first needed
  bool has_axial_ = false;
};

}  // namespace gougechek
