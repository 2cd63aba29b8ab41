// Issue 21: a finish that touches the part everywhere must cost no more than the ball's own
// contact needs. A ball riding a convex hill comes within its reach of no triangle, but the hull
// of several moves' path (a run's region) cuts a chord under the arc it follows, into the hill:
// with eight 0.2 mm moves over a 23 mm radius that is 0.014 mm, more than the tolerance, and
// every triangle below the chord became a candidate of every move of the run. Held to bounds
// on the distance tests and the tree's node tests a move: 8.5 and 41.6 with runs of eight
// moves, 0 and 6.5 with runs kept within half a tolerance of their chord.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"
#include "verify/tuning.hpp"

namespace gougechek {
namespace {

TEST(TouchingFinish, BallRidingAHillMeasuresFewTriangles) {
  // A block on [0, 16]² whose top is a cylinder of radius 20 about the line x = 8, z = -15.
  const double size = 16, radius = 20, axis_x = 8, axis_z = -15;
  const int n = 128;
  auto hill = [&](double x) {
    return axis_z + std::sqrt(radius * radius - (x - axis_x) * (x - axis_x));
  };
  const Mesh part = test::latticeBox(n, [&](int i, int j, int k) {
    const double x = i * (size / n), y = j * (size / n);
    return Vec3{x, y, k == n ? hill(x) : -1.0 + k * ((hill(x) + 1.0) / n)};
  });
  // A 6 mm ball whose centre keeps radius + 3 from the cylinder's axis: it touches the true
  // cylinder along the path, and the facets, inside it, not at all.
  const double ball = 3;
  auto tip = [&](double x, double y) {
    const double dx = x - axis_x;
    const double centre = std::sqrt((radius + ball) * (radius + ball) - dx * dx);
    return Vec3{x, y, axis_z + centre - ball};
  };
  std::vector<Move> moves;
  Vec3 at = tip(1, 4);
  for (const double y : {4.0, 8.0, 12.0}) {
    const bool forward = y != 8.0;
    for (int step = 0; step <= 70; ++step) {
      const double x = forward ? 1 + 0.2 * step : 15 - 0.2 * step;
      const Vec3 to = tip(x, y);
      if (to == at) continue;
      Move move;
      move.kind = MoveKind::Feed;
      move.from = at;
      move.to = to;
      move.tool = 1;
      move.line = static_cast<int>(moves.size()) + 1;
      moves.push_back(move);
      at = to;
    }
  }
  ToolLibrary tools;
  tools.fallback = {CutterType::Ball, 2 * ball, ball, 0, 12, 2 * ball, 0};
  TunedSettings settings;
  settings.threads = 1;
  settings.start = tip(1, 4);
  const CountedResult result = verify(part, moves, tools, settings, "hill_finish.nc");
  EXPECT_TRUE(result.violations.empty());
  const double distance_tests = static_cast<double>(result.stats.triangle_tests) / moves.size();
  const double node_tests = static_cast<double>(result.stats.node_tests) / moves.size();
  RecordProperty("distance_tests_per_move", std::to_string(distance_tests));
  RecordProperty("node_tests_per_move", std::to_string(node_tests));
  EXPECT_LT(distance_tests, 2);
  EXPECT_LT(node_tests, 20);
}

}  // namespace
}  // namespace gougechek
