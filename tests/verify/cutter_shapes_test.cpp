// The shapes beyond ball, flat, bull and taper (docs/tools.md) checked end to end: each is a
// stack of convex pieces, its depth the deepest piece's (docs/checking-rules.md), contact of a
// non-cutting piece a holder collision. Depths from the geometry, by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {
namespace {

constexpr double kTolerance = 0.01;

/// A closed box [lo, hi].
Mesh box(const Vec3& lo, const Vec3& hi) {
  return test::latticeBox(2, [&](int i, int j, int k) {
    return Vec3{lo.x + (hi.x - lo.x) * i / 2, lo.y + (hi.y - lo.y) * j / 2,
                lo.z + (hi.z - lo.z) * k / 2};
  });
}

/// One feed move from `from` to `to` with the tool `spec` (a --tool text).
VerifyResult feed(const Mesh& part, const std::string& spec, const Vec3& from, const Vec3& to) {
  ToolLibrary tools;
  tools.fallback = parseToolSpec(spec, "--tool");
  VerifySettings settings;
  settings.tolerance = kTolerance;
  settings.start = from;
  settings.threads = 1;
  Move move;
  move.kind = MoveKind::Feed;
  move.from = from;
  move.to = to;
  move.tool = 1;
  move.line = 1;
  return verify(part, {move}, tools, settings, "shapes.nc");
}

double epsilon(double depth) {
  return std::max(0.1 * kTolerance, 0.01 * depth);
}

TEST(CutterShapes, DrillPointPlungedIntoAFaceCutsAsDeepAsItsCone) {
  // A 118° point plunged 1 mm into the top face z = 0: the face's point on the axis, 1 mm above
  // the tip, lies 1·sin(59°) from the cone's flank, the deepest point of the face inside it.
  const Mesh part = box({-20, -20, -10}, {20, 20, 0});
  const VerifyResult result = feed(part, "drill:6:118", {0, 0, 5}, {0, 0, -1});
  ASSERT_EQ(result.violations.size(), 1u);
  const Violation& v = result.violations[0];
  EXPECT_EQ(v.kind, ViolationKind::Gouge);
  const double truth = std::sin(59 * std::numbers::pi / 180);
  EXPECT_NEAR(v.depth, truth, epsilon(truth));
  EXPECT_FALSE(v.severe);
}

TEST(CutterShapes, ChamferConeAlongAnEdgeCutsItsDepthAcrossTheEdge) {
  // A 90° chamfer mill (flanks at 45°, a point at the tip) run along the block's top edge
  // x = 0, z = 0 with its tip 1 mm below the top and its axis 0.5 mm outside the wall: 1 mm
  // above the tip the flank is 1 from the axis, past the edge by 0.5, which lies 0.5·cos 45°
  // from the flank, the deepest of the block's points inside it.
  const Mesh part = box({0, -20, -10}, {20, 20, 0});
  const VerifyResult result = feed(part, "chamfer:12:0:45", {-0.5, -5, -1}, {-0.5, 5, -1});
  ASSERT_EQ(result.violations.size(), 1u);
  const double truth = 0.5 * std::cos(std::numbers::pi / 4);
  EXPECT_EQ(result.violations[0].kind, ViolationKind::Gouge);
  EXPECT_NEAR(result.violations[0].depth, truth, epsilon(truth));
}

TEST(CutterShapes, LollipopNeckUnderALedgeIsAHolderCollisionNotAGouge) {
  // A 6 mm lollipop on a 3 mm neck undercutting a ledge (z 7 to 10, x ≥ 0): the sphere (up to
  // z = 6) clears it; the neck, its axis on the ledge's face x = 0, runs 1.5 mm into it.
  const Mesh part = box({0, -20, 7}, {20, 20, 10});
  const VerifyResult result = feed(part, "lollipop:6,neck=3,flute=20", {0, -5, 0}, {0, 5, 0});
  ASSERT_EQ(result.violations.size(), 1u);
  const Violation& v = result.violations[0];
  EXPECT_EQ(v.kind, ViolationKind::HolderCollision);
  const std::vector<ToolSegment> pieces = toolAssembly(parseToolSpec("lollipop:6,neck=3", "t"));
  ASSERT_LT(v.segment, pieces.size());
  EXPECT_EQ(pieces[v.segment].name, "neck");
  EXPECT_NEAR(v.depth, 1.5, epsilon(1.5));
}

TEST(CutterShapes, LollipopNeckStartsWhereItLeavesTheSphere) {
  // Below R + √(R² − n²) the neck lies inside the sphere: it can meet nothing the sphere has
  // not cut. A sphere sunk 4 mm into a floor, its centre 1 mm under it (neck 4 mm, no wall),
  // is a gouge and nothing else: the neck leaves the sphere 1.24 mm above the floor.
  const Mesh part = box({-20, -20, -10}, {20, 20, 0});
  const VerifyResult result = feed(part, "lollipop:6,neck=4,flute=20", {0, -5, -4}, {0, 5, -4});
  ASSERT_EQ(result.violations.size(), 1u);
  EXPECT_EQ(result.violations[0].kind, ViolationKind::Gouge);
  const std::vector<ToolSegment> pieces = toolAssembly(parseToolSpec("lollipop:6,neck=4", "t"));
  EXPECT_DOUBLE_EQ(pieces[1].z_bottom, 3 + std::sqrt(5.0));
}

TEST(CutterShapes, LollipopSphereUnderALedgeGougesIt) {
  // The same undercut 1.5 mm higher: the sphere's top (z = 7.5) now cuts 0.5 mm into the
  // ledge's underside, exactly (a rounded piece): a gouge, and the neck's holder collision.
  const Mesh part = box({-20, -20, 7}, {20, 20, 10});
  const VerifyResult result = feed(part, "lollipop:6,neck=3,flute=20", {0, -5, 1.5}, {0, 5, 1.5});
  bool gouge = false;
  for (const Violation& v : result.violations)
    if (v.kind == ViolationKind::Gouge) {
      gouge = true;
      EXPECT_NEAR(v.depth, 0.5, 1e-6);
    }
  EXPECT_TRUE(gouge);
}

TEST(CutterShapes, DovetailUndercutsAWallWithItsWideBottom) {
  // A dovetail widest (D 10) at its tip, narrowing by 30° up to 4 mm, its axis 4.5 mm from the
  // wall x = 0 of a block x ≤ 0 and its tip level with z = 0: its bottom rim is 0.5 mm into the
  // wall. A wall point z above the tip lies z from the bottom and (0.5 − z·tan 30°)·cos 30° =
  // 0.433 − z/2 from the flank: deepest where those agree, z = 0.433/1.5.
  const Mesh part = box({-20, -20, -10}, {0, 20, 10});
  const VerifyResult result =
      feed(part, "dovetail:10:30:4,neck=4,flute=20", {4.5, -5, 0}, {4.5, 5, 0});
  ASSERT_EQ(result.violations.size(), 1u);
  EXPECT_EQ(result.violations[0].kind, ViolationKind::Gouge);
  const double truth = 0.5 * std::cos(std::numbers::pi / 6) / 1.5;
  EXPECT_NEAR(result.violations[0].depth, truth, epsilon(truth));
}

}  // namespace
}  // namespace gougechek
