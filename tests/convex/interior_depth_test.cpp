// interiorDepth on cores whose depth is known in closed form: inside a frustum of revolution
// the distance to the boundary is the least of the distances to the two disks' planes and to
// the flank's tangent plane through the point's meridian.
#include "convex/interior_depth.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "convex/swept_core.hpp"
#include "random_geometry.hpp"

namespace gougechek {
namespace {

/// Depth of y (tool frame) inside the frustum, assuming y is inside.
double analyticDepth(const FrustumCore& core, const Vec3& y) {
  const double slope = (core.radius_top - core.radius_bottom) / (core.z_top - core.z_bottom);
  const double radius_here = core.radius_bottom + (y.z - core.z_bottom) * slope;
  const double to_flank = (radius_here - std::hypot(y.x, y.y)) / std::sqrt(1 + slope * slope);
  return std::min({y.z - core.z_bottom, core.z_top - y.z, to_flank});
}

void expectBracketsTheDepth(const FrustumCore& core, const Vec3& at, test::RandomGeometry& random) {
  const PathPiece path = PathPiece::segment(at, at);
  const SweptCore swept{&core, &path};
  constexpr double kTolerance = 1e-3;
  for (int i = 0; i < 400; ++i) {
    const double z = random.uniform(core.z_bottom, core.z_top);
    const double t = (z - core.z_bottom) / (core.z_top - core.z_bottom);
    const double radius = core.radius_bottom + t * (core.radius_top - core.radius_bottom);
    const double angle = random.uniform(0, 2 * std::numbers::pi);
    const double rho = radius * std::sqrt(random.uniform(0, 1));
    const Vec3 y{rho * std::cos(angle), rho * std::sin(angle), z};
    const double truth = analyticDepth(core, y);
    const DepthBracket bracket = interiorDepth(swept, at + y, kTolerance);
    std::ostringstream what;
    what << "point (" << y.x << ", " << y.y << ", " << y.z << ") depth " << truth;
    EXPECT_LE(bracket.lower, truth + 1e-12) << what.str();
    EXPECT_GE(bracket.upper, truth - 1e-12) << what.str();
    EXPECT_LE(bracket.upper - bracket.lower, kTolerance) << what.str();
  }
}

TEST(InteriorDepth, CylinderCore) {
  test::RandomGeometry random(31);
  expectBracketsTheDepth({0, 10, 3, 3, 0}, {0, 0, 0}, random);
  expectBracketsTheDepth({1, 20, 4, 4, 1}, {12.5, -3, 7}, random);
}

TEST(InteriorDepth, FrustumCores) {
  test::RandomGeometry random(32);
  expectBracketsTheDepth({0, 8, 1, 4, 0}, {0, 0, 0}, random);     // widening upward
  expectBracketsTheDepth({2, 6, 5, 0.5, 0}, {-4, 9, 1}, random);  // narrowing upward
}

TEST(InteriorDepth, OutsideAndFlatShapesHaveNoDepth) {
  const FrustumCore cylinder{0, 10, 3, 3, 0};
  const PathPiece path = PathPiece::segment({0, 0, 0}, {0, 0, 0});
  const SweptCore swept{&cylinder, &path};
  const DepthBracket outside = interiorDepth(swept, {5, 0, 5}, 1e-3);
  EXPECT_EQ(outside.lower, 0);
  EXPECT_EQ(outside.upper, 0);
  const FrustumCore disk{2, 2, 3, 3, 0};
  const SweptCore flat{&disk, &path};
  const DepthBracket on_disk = interiorDepth(flat, {1, 0, 2}, 1e-3);
  EXPECT_EQ(on_disk.lower, 0);
  EXPECT_EQ(on_disk.upper, 0);
}

TEST(InteriorDepth, CylinderSweptAlongItsAxis) {
  // A cylinder of radius 3 from 0 to 10 moved up 5 sweeps one from 0 to 15.
  const FrustumCore cylinder{0, 10, 3, 3, 0};
  const PathPiece path = PathPiece::segment({0, 0, 0}, {0, 0, 5});
  const SweptCore swept{&cylinder, &path};
  const FrustumCore swept_shape{0, 15, 3, 3, 0};
  test::RandomGeometry random(33);
  for (int i = 0; i < 300; ++i) {
    const Vec3 y{random.uniform(-2, 2), random.uniform(-2, 2), random.uniform(0, 15)};
    if (std::hypot(y.x, y.y) >= 3) continue;
    const double truth = analyticDepth(swept_shape, y);
    const DepthBracket bracket = interiorDepth(swept, y, 1e-3);
    EXPECT_LE(bracket.lower, truth + 1e-12);
    EXPECT_GE(bracket.upper, truth - 1e-12);
    EXPECT_LE(bracket.upper - bracket.lower, 1e-3);
  }
}

TEST(InteriorDepth, ALongShankSweptSidewaysConverges) {
  // A shank 1,000 mm long and 3 mm in radius (a fixture check's implied shank, with the
  // engine's skin) swept 0.5 mm along x, falling 0.3 µm: its generators are nearly coplanar
  // support points, which once made the polytope's visible faces a ragged set, its faces
  // multiply at every point and one query run for ever. The point sits just off the start's
  // axis, far from both disks: the nearest boundary is the flat side y = 68 + 2.998. Being
  // about as deep in every direction around the axis, it needs the whole circle rounded: to
  // 1e-3 within the expansions one query may make; to 7.5e-5 not, but the bracket is true.
  const FrustumCore shank{12.002, 1011.998, 2.998, 2.998, 0.002};
  const PathPiece path = PathPiece::segment({9, 68, 18.808}, {9.5, 68, 18.8077});
  const SweptCore swept{&shank, &path};
  const Vec3 x{9.0000772968097227, 68.00000063070955, 70};
  const double truth = 2.998 - (x.y - 68);
  for (const double tolerance : {1e-3, 7.5e-5}) {
    const DepthBracket bracket = interiorDepth(swept, x, tolerance);
    EXPECT_LE(bracket.lower, truth + 1e-9) << tolerance;
    EXPECT_GE(bracket.upper, truth - 1e-9) << tolerance;
    EXPECT_LE(bracket.upper - bracket.lower, 1e-3) << tolerance;
  }
}

}  // namespace
}  // namespace gougechek
