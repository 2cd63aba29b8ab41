// Memory for violations is bounded: a result keeps the first ones in program order and counts
// the rest, by kind and with their deepest penetration.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {
namespace {

Move feed(const Vec3& from, const Vec3& to, std::uint32_t line) {
  Move move;
  move.kind = MoveKind::Feed;
  move.from = from;
  move.to = to;
  move.tool = 1;
  move.line = line;
  return move;
}

TEST(ViolationCap, KeepsTheFirstAndCountsTheRest) {
  const Mesh cube = test::subdividedCube(4);  // [0,1]^3
  ToolLibrary tools;
  tools.by_number[1] = ToolSpec{CutterType::Ball, 0.2, 0.1, 0, 1, 0.2, 0};
  // Moves along the top face, each deeper than the last: 0.01, 0.02, … 0.05 mm; the lines
  // count down, so program order and report order (by line) differ.
  std::vector<Move> moves;
  Vec3 at{0.2, 0.5, 1.1};
  for (int i = 1; i <= 5; ++i) {
    const Vec3 to{i % 2 ? 0.8 : 0.2, 0.5, 1 - 0.01 * i - 0.005};
    moves.push_back(feed(at, to, static_cast<std::uint32_t>(100 - i)));
    at = to;
  }
  VerifySettings settings;
  settings.start = moves.front().from;
  settings.tolerance = 0.001;
  const VerifyResult all = verify(cube, moves, tools, settings, "deeper.nc");
  ASSERT_EQ(all.violations.size(), 5u);
  EXPECT_EQ(all.unlisted.total(), 0u);

  settings.max_listed_violations = 2;
  const VerifyResult capped = verify(cube, moves, tools, settings, "deeper.nc");
  ASSERT_EQ(capped.violations.size(), 2u);
  std::vector<std::uint32_t> listed;
  for (const Violation& v : capped.violations) listed.push_back(v.move);
  EXPECT_EQ(listed, (std::vector<std::uint32_t>{2, 1}));  // the first two moves, by line
  EXPECT_EQ(capped.unlisted.gouges, 3u);
  EXPECT_EQ(capped.unlisted.total(), 3u);
  const auto deepest =
      std::max_element(all.violations.begin(), all.violations.end(),
                       [](const Violation& a, const Violation& b) { return a.depth < b.depth; });
  EXPECT_EQ(capped.unlisted.max_depth, deepest->depth);
  EXPECT_EQ(deepest->move, 5u);
}

}  // namespace
}  // namespace gougechek
