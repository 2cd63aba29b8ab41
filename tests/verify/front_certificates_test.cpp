// Front tracking carries separation certificates from one query to the next, discounted by how
// far the swept cutter has travelled since (arcs included, and reset when the cutter changes).
// Whatever the front skips must be what the plain query rejects: a wandering program of lines
// and helical arcs, two cutters, over a terrain, gives the same report with and without it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"
#include "verify/depth_accuracy.hpp"
#include "verify/tuning.hpp"

namespace gougechek {
namespace {

constexpr double kSize = 40, kRadius = 3;

// Moves whose tip follows the terrain from 0.03 mm below to 0.4 mm above, so some
// cut into it by known small depths and most come close: the front's certificates matter most
// there. Tool 1 (ball) and tool 2 (bull) alternate every 40 moves.
std::vector<Move> wanderingProgram(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1), dip(-0.03, 0.4), step(-1.5, 1.5);
  std::vector<Move> moves;
  // The tool tip on the terrain (its top is z = terrainHeight).
  auto height = [&](double x, double y) { return test::terrainHeight(x, y); };
  Vec3 at{20, 20, height(20, 20)};
  for (int i = 0; i < 600; ++i) {
    Move m;
    m.tool = 1 + (i / 40) % 2;
    m.line = static_cast<std::uint32_t>(i + 1);
    m.from = at;
    if (i % 3 == 0) {
      // A helical arc about a centre a few mm away, up to three quarters of a turn.
      m.kind = MoveKind::Arc;
      const double radius = 1 + 5 * unit(rng);
      const double start = 2 * std::numbers::pi * unit(rng);
      const double sweep = 1.5 * std::numbers::pi * unit(rng);
      const bool ccw = unit(rng) < 0.5;
      m.center = at - Vec3{radius * std::cos(start), radius * std::sin(start), 0};
      m.axis = {0, 0, ccw ? 1.0 : -1.0};
      const double end = start + (ccw ? sweep : -sweep);
      m.to = m.center + Vec3{radius * std::cos(end), radius * std::sin(end), 0};
      m.center.z = at.z;
      m.to.x = std::clamp(m.to.x, 1.0, kSize - 1);  // stay over the part: recompute if moved
      m.to.y = std::clamp(m.to.y, 1.0, kSize - 1);
      if (std::abs(norm(Vec3{m.to.x - m.center.x, m.to.y - m.center.y, 0}) - radius) > 1e-9) {
        m.kind = MoveKind::Feed;  // clamped off the circle: go straight instead
      }
      m.to.z = height(m.to.x, m.to.y) + dip(rng);
    } else {
      m.kind = unit(rng) < 0.1 ? MoveKind::Rapid : MoveKind::Feed;
      const double x = std::clamp(at.x + step(rng), 1.0, kSize - 1);
      const double y = std::clamp(at.y + step(rng), 1.0, kSize - 1);
      m.to = {x, y, height(x, y) + dip(rng)};
    }
    moves.push_back(m);
    at = m.to;
  }
  return moves;
}

TEST(FrontCertificates, SameReportWithAndWithoutFrontTracking) {
  std::mt19937 rng(31);
  const Mesh part = test::terrainBlock(60, kSize);
  const std::vector<Move> moves = wanderingProgram(rng);
  ToolLibrary tools;
  tools.by_number[1] = ToolSpec{CutterType::Ball, 2 * kRadius, kRadius, 0, 12, 2 * kRadius, 0};
  tools.by_number[2] = ToolSpec{CutterType::Bull, 2 * kRadius, 1, 0, 12, 2 * kRadius, 0};
  TunedSettings settings;
  settings.start = moves.front().from;
  settings.threads = 1;
  std::size_t arcs = 0;
  for (const Move& m : moves) arcs += m.kind == MoveKind::Arc;
  ASSERT_GT(arcs, 100u);
  for (const int kdop : {6, 18}) {
    settings.kdop = kdop;
    settings.front_tracking = true;
    const CountedResult tracked = verify(part, moves, tools, settings, "wander.nc");
    settings.front_tracking = false;
    const CountedResult plain = verify(part, moves, tools, settings, "wander.nc");
    ASSERT_EQ(tracked.violations.size(), plain.violations.size()) << "k = " << kdop;
    for (std::size_t i = 0; i < plain.violations.size(); ++i) {
      EXPECT_EQ(tracked.violations[i].move, plain.violations[i].move);
      EXPECT_EQ(tracked.violations[i].kind, plain.violations[i].kind);
      // Tied triangles may come off the depth search in another order (its nodes taken whole
      // or not): both cutters are rounded, their depths exact, the same within kExactTie.
      EXPECT_NEAR(tracked.violations[i].depth, plain.violations[i].depth, kExactTie + 1e-9);
    }
    EXPECT_GT(plain.violations.size(), 50u);
    EXPECT_LT(plain.violations.size(), moves.size() - 100);
    EXPECT_LT(tracked.stats.node_tests, plain.stats.node_tests);
  }
}

}  // namespace
}  // namespace gougechek
