// Issue 21: a wrong tool must be caught as fast as the right one. A face mill far wider than the
// part, run along a finish of it, holds every triangle within its reach at once; the check
// must not test each of them for every run of moves. Held to a bound on the tree's node tests a
// move (triangle by triangle, as before whole nodes: 582 here; node by node: 4), and the
// depths to the face mill's exact ones: its flat end, level, cuts the terrain's highest point
// under it (the whole top lies within its radius), as deep as that stands above the tip.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"
#include "verify/tuning.hpp"

namespace gougechek {
namespace {

TEST(WrongTool, FaceMillOverTheWholePartIsBoundedNodeByNode) {
  const double size = 16;
  const Mesh part = test::terrainBlock(64, size);
  double top = -INFINITY;
  for (const Vec3& v : part.vertices) top = std::max(top, v.z);
  // A raster 0.3 below the highest point, 0.25 mm steps: every move cuts, by top - z.
  std::vector<Move> moves;
  const double z = top - 0.3;
  for (int line = 0; line < 4; ++line) {
    const double y = 2 + 4 * line;
    for (int step = 0; step < 64; ++step) {
      Move move;
      move.kind = MoveKind::Feed;
      move.from = {0.25 * step, y, z};
      move.to = {0.25 * (step + 1), y, z};
      move.tool = 1;
      move.line = static_cast<int>(moves.size()) + 1;
      moves.push_back(move);
    }
  }
  ToolLibrary tools;
  tools.fallback = {CutterType::Flat, 100, 0, 0, 12, 100, 0};
  TunedSettings settings;
  settings.threads = 1;
  settings.start = moves.front().from;
  const CountedResult result = verify(part, moves, tools, settings, "face_mill.nc");
  ASSERT_EQ(result.violations.size(), moves.size());
  for (const Violation& v : result.violations) EXPECT_NEAR(v.depth, top - z, 0.01 * (top - z));
  const double per_move = static_cast<double>(result.stats.node_tests) / moves.size();
  RecordProperty("node_tests_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 50);
}

}  // namespace
}  // namespace gougechek
