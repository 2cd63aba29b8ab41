// deepestPointOnTriangle on cases with a known gouge depth, and for ball and bull cutters whose
// core stays clear of the triangle, against margin − brute-force distance.
#include "convex/surface_depth.hpp"

#include <gtest/gtest.h>

#include "brute_force_distance.hpp"
#include "convex/swept_core.hpp"
#include "cutter_cores.hpp"
#include "random_geometry.hpp"

namespace gougechek {
namespace {

constexpr double kTolerance = 0.01;  // docs/checking-rules.md's default gouge tolerance
/// The accuracy the move checker asks for: half of docs/checking-rules.md's ε = 0.1 · tolerance.
constexpr double kAccuracy = 0.05 * kTolerance;

SurfaceDepth deepest(const FrustumCore& core, const PathPiece& path, const test::Triangle& t) {
  return SurfaceDepthSearch(core, path).deepest(t, kAccuracy);
}

/// deepestPointOnTriangle's contract: a lower bound within its accuracy of the true depth.
void expectDepth(double depth, double truth) {
  EXPECT_LE(depth, truth + 1e-7);
  EXPECT_GE(depth, truth - kAccuracy);
}

TEST(SurfaceDepth, FlatCutterBottomBelowAHorizontalFace) {
  // flat:6 with its bottom 0.3 below a large horizontal face: every point of the face over the
  // end (0.3 from its rim or more) lies 0.3 deep.
  const FrustumCore flat = test::flatCore();
  const test::Triangle face{{Vec3{-50, -50, 0}, Vec3{50, -50, 0}, Vec3{0, 60, 0}}};
  for (const auto& [from, to] : {std::pair{Vec3{1, 2, -0.3}, Vec3{1, 2, -0.3}},
                                 std::pair{Vec3{-10, 0, -0.3}, Vec3{10, 4, -0.3}}}) {
    const PathPiece path = PathPiece::segment(from, to);
    const SurfaceDepth d = deepest(flat, path, face);
    expectDepth(d.depth, 0.3);
    EXPECT_NEAR(d.point.z, 0, 1e-12);
    EXPECT_LE(test::distanceToSweptCore(flat, from, to, d.point), flat.margin + 1e-9);
    EXPECT_GE(d.s, 0);
    EXPECT_LE(d.s, 1);
  }
}

TEST(SurfaceDepth, FlatCutterSideIntoAVerticalWall) {
  // The wall x = 5; the cutter's axis 2.8 from it, so its side (R = 3) cuts 0.2 in.
  const FrustumCore flat = test::flatCore();
  const test::Triangle wall{{Vec3{5, -40, -20}, Vec3{5, 40, -20}, Vec3{5, 0, 40}}};
  for (const auto& [from, to] : {std::pair{Vec3{2.2, 0, -5}, Vec3{2.2, 0, -5}},
                                 std::pair{Vec3{2.2, -8, -5}, Vec3{2.2, 8, -5}}}) {
    const PathPiece path = PathPiece::segment(from, to);
    const SurfaceDepth d = deepest(flat, path, wall);
    expectDepth(d.depth, 0.2);
    EXPECT_NEAR(d.point.x, 5, 1e-12);
  }
}

TEST(SurfaceDepth, ClearOfAFaceIsNegative) {
  const FrustumCore flat = test::flatCore();
  const test::Triangle face{{Vec3{-50, -50, 0}, Vec3{50, -50, 0}, Vec3{0, 60, 0}}};
  const PathPiece path = PathPiece::segment({0, 0, 0.5}, {3, 0, 0.5});
  expectDepth(deepest(flat, path, face).depth, -0.5);
}

TEST(SurfaceDepth, NaturalSkinCuttersMatchMarginMinusDistance) {
  // While the core stays clear of the triangle, the deepest point is m − distance(core, triangle).
  test::RandomGeometry random(41);
  int checked = 0;
  for (const FrustumCore& core : {test::ballCore(), test::bullCore(), test::roundTaperCore()}) {
    for (int i = 0; i < 60; ++i) {
      std::string move_kind, triangle_kind;
      const test::Move move = random.move(move_kind);
      const Vec3 near = move.from + Vec3{0, 0, core.z_bottom};
      const test::Triangle t =
          random.triangle(near, core.outerRadius(), move.to - move.from, triangle_kind);
      const double distance = test::distanceToSweptCore(core, move.from, move.to, t);
      if (distance <= 1e-3) continue;
      ++checked;
      const PathPiece path = PathPiece::segment(move.from, move.to);
      const double depth = deepest(core, path, t).depth;
      SCOPED_TRACE(move_kind + ", " + triangle_kind);
      expectDepth(depth, core.margin - distance);
    }
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace gougechek
