// A sharp cutter's move is severe once any triangle is cut R deep, even where a shallower
// triangle with a looser bound was measured first and the skip allowance (up to 0.9·ε) would
// otherwise dismiss the deeper one as unable to beat it by enough.
#include <gtest/gtest.h>

#include "gougechek/verify.hpp"

namespace gougechek {
namespace {

TEST(SevereNotSkipped, ATriangleCutRDeepMakesTheMoveSevereAfterAShallowerOne) {
  // flat:6 standing with its tip at the origin (R = 3, flutes to z = 30).
  // A: the face z = x + 2.98, 45° under the cutter's bottom rim: deepest at x = 0.01, where
  //    the side and the end are both 2.99 away. Its first bounds reach past 4 (the rim corner's
  //    depth past the plane), so it is measured first: 2.99, short of severe.
  // B: the wall y = 0 through the axis: 3.0 = R deep, bounded tightly at 3.0.
  constexpr double c = 2.98;
  Mesh part;
  part.vertices = {{-20, -30, -20 + c}, {20, -30, 20 + c}, {0, 30, c},
                   {-50, 0, -10},       {50, 0, -10},      {0, 0, 60}};
  part.triangles = {{0, 1, 2}, {3, 4, 5}};
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Flat, 6, 0, 0, 30, 0, 0, 0};
  VerifySettings settings;
  settings.threads = 1;
  Move stand;
  stand.kind = MoveKind::Feed;
  stand.to = {0, 0, 0};
  stand.tool = 1;
  stand.line = 1;
  const VerifyResult result = verify(part, {stand}, tools, settings, "stand.nc");
  ASSERT_EQ(result.violations.size(), 1u);
  EXPECT_TRUE(result.violations[0].severe);
  EXPECT_NEAR(result.violations[0].depth, 3.0, 0.01 * 3.0);
}

}  // namespace
}  // namespace gougechek
