// An arc ending a rounding error past its start is checked as the full circle LinuxCNC cuts
// (geom/arc_sweep.hpp), not as a sliver at the start that would leave the circle unchecked.
#include <gtest/gtest.h>

#include <cmath>

#include "gougechek/verify.hpp"

namespace gougechek {
namespace {

TEST(ArcFullCircle, EndARoundingErrorAheadOfTheStartIsCheckedAsTheFullCircle) {
  // A wall x = −11 across the far side of a circle of radius 10 about the origin: ball Ø6 at
  // (−10, 0, 0) cuts it 2 deep.
  Mesh part;
  part.vertices = {{-11, -5, -5}, {-11, 5, -5}, {-11, 0, 5}};
  part.triangles = {{0, 1, 2}};
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Ball, 6, 3, 0, 30, 0, 0, 0};
  VerifySettings settings;
  settings.threads = 1;
  for (const double ahead : {0.0, 1e-13, 1e-9}) {
    Move circle;
    circle.kind = MoveKind::Arc;
    circle.from = {10, 0, 0};
    circle.to = {10 * std::cos(ahead), 10 * std::sin(ahead), 0};
    circle.center = {0, 0, 0};
    circle.axis = {0, 0, 1};
    circle.tool = 1;
    circle.line = 1;
    const VerifyResult result = verify(part, {circle}, tools, settings, "circle.nc");
    ASSERT_EQ(result.violations.size(), 1u) << "end " << ahead << " rad ahead";
    EXPECT_NEAR(result.violations[0].depth, 2.0, 0.01) << "end " << ahead << " rad ahead";
  }
}

}  // namespace
}  // namespace gougechek
