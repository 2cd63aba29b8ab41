// The stage against the brute-force voxel stock (stock_oracle.hpp) on generated programs: every
// collision finding (move and kind) agrees, depths within the voxels' height.
#include "stock_oracle.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "stock_test_support.hpp"

namespace gougechek::stock {
namespace {

constexpr double kColumn = 0.5, kVoxel = 0.05, kTolerance = 0.01;
const Vec3 kLo{0, 0, 0}, kHi{20, 20, 15};

Move straight(MoveKind kind, Vec3 from, Vec3 to, int tool = 1) {
  Move move;
  move.kind = kind;
  move.from = from;
  move.to = to;
  move.tool = tool;
  move.line = 0;
  return move;
}

/// Appends a move from where the last one ended.
void go(std::vector<Move>& moves, MoveKind kind, Vec3 to, int tool = 1) {
  moves.push_back(straight(kind, moves.back().to, to, tool));
}

void expectAgreement(const std::vector<Move>& moves, const ToolLibrary& tools) {
  StockSettings settings = test::boxSettings(kLo, kHi);
  settings.resolution = kColumn;
  settings.tolerance = kTolerance;
  settings.start = moves.front().from;
  const StockOutcome stage = test::runMoves(moves, settings, tools);
  test::VoxelStock oracle(kLo, kHi, kColumn, kVoxel);
  const std::vector<test::OracleFinding> expected = oracle.run(moves, tools, kTolerance);
  // A finding within two voxels of the tolerance may fall either side of it.
  const double band = kTolerance + 2 * kVoxel;
  for (const StockCollision& c : stage.collisions) {
    const auto found = std::find_if(expected.begin(), expected.end(), [&](const auto& o) {
      return o.move == c.move && o.kind == c.kind;
    });
    if (found == expected.end()) {
      EXPECT_LE(c.depth, band) << "stage only: move " << c.move << " kind " << int(c.kind);
      continue;
    }
    EXPECT_NEAR(c.depth, found->depth, 2 * kVoxel) << "move " << c.move << " kind " << int(c.kind);
  }
  for (const test::OracleFinding& o : expected) {
    const bool found =
        std::any_of(stage.collisions.begin(), stage.collisions.end(),
                    [&](const auto& c) { return c.move == o.move && c.kind == o.kind; });
    if (!found) {
      EXPECT_LE(o.depth, band) << "oracle only: move " << o.move << " kind " << int(o.kind);
    }
  }
  EXPECT_FALSE(expected.empty()) << "a case with no finding proves little";
}

ToolLibrary tools(std::initializer_list<std::pair<int, std::string>> specs) {
  ToolLibrary library;
  for (const auto& [number, text] : specs) library.by_number[number] = parseToolSpec(text, "test");
  return library;
}

// Rapids and feeds between random places, some through the block: a shank wider than the flutes.
TEST(StockOracle, RapidsIntoStock) {
  for (unsigned seed = 1; seed <= 6; ++seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> xy(-2, 22), z(9, 18);
    std::vector<Move> moves{straight(MoveKind::Rapid, {-5, -5, 20}, {xy(random), xy(random), 17})};
    for (int i = 0; i < 6; ++i)
      go(moves, i % 2 ? MoveKind::Feed : MoveKind::Rapid, {xy(random), xy(random), z(random)});
    SCOPED_TRACE(seed);
    expectAgreement(moves, tools({{1, "flat:4,flute=6,shank=6,length=20"}}));
  }
}

// A pocket taken down in steps; once deep enough the holder rubs the stock beside it.
TEST(StockOracle, HolderRubBesidePocket) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> centre(8, 12), step(2, 3);
    ToolLibrary library = tools({{1, "flat:6,flute=5,length=8"}});
    library.by_number[1].holder.push_back({"holder", false, 8, 30, 8, 8, 0});
    const double cx = centre(random), cy = centre(random);
    std::vector<Move> moves{straight(MoveKind::Rapid, {cx, cy, 20}, {cx, cy, 16})};
    for (double depth = step(random); depth < 11; depth += step(random)) {
      go(moves, MoveKind::Feed, {cx, cy, 15 - depth});
      for (const auto& [dx, dy] : {std::pair{2.0, 0.0}, {2.0, 2.0}, {-2.0, 2.0}, {-2.0, -2.0}})
        go(moves, MoveKind::Feed, {cx + dx, cy + dy, 15 - depth});
      go(moves, MoveKind::Feed, {cx, cy, 15 - depth});
    }
    go(moves, MoveKind::Rapid, {cx, cy, 40});
    SCOPED_TRACE(seed);
    expectAgreement(moves, library);
  }
}

// A large cutter roughs a square pocket, leaving its corners round; a small long-reach tool goes
// down into a corner and its shank meets the rest material.
TEST(StockOracle, RestToolMeetsRestMaterial) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> depth(5, 8), corner(4.2, 5);
    const double d = depth(random), c = corner(random);
    std::vector<Move> moves{straight(MoveKind::Rapid, {10, 10, 20}, {10, 10, 16})};
    go(moves, MoveKind::Feed, {10, 10, 15 - d});
    for (const auto& [x, y] :
         {std::pair{8.0, 8.0}, {12.0, 8.0}, {12.0, 12.0}, {8.0, 12.0}, {8.0, 8.0}})
      go(moves, MoveKind::Feed, {x, y, 15 - d});
    go(moves, MoveKind::Rapid, {10, 10, 20});
    go(moves, MoveKind::Rapid, {3 + 5 - c, 3 + 5 - c, 20}, 2);
    go(moves, MoveKind::Feed, {3 + 5 - c, 3 + 5 - c, 15 - d}, 2);
    go(moves, MoveKind::Rapid, {3 + 5 - c, 3 + 5 - c, 40}, 2);
    SCOPED_TRACE(seed);
    expectAgreement(moves,
                    tools({{1, "flat:10,flute=12"}, {2, "flat:2,flute=3,shank=6,length=25"}}));
  }
}

// A slot, then a lollipop undercuts its wall (columns of two intervals) until its neck rubs, and
// is pulled straight up under the overhang.
TEST(StockOracle, LollipopUndercut) {
  for (unsigned seed = 1; seed <= 5; ++seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> depth(6, 9), reach(2, 4);
    const double z = 15 - depth(random), side = reach(random);
    std::vector<Move> moves{straight(MoveKind::Rapid, {10, 2, 20}, {10, 2, 16})};
    go(moves, MoveKind::Feed, {10, 2, z});
    go(moves, MoveKind::Feed, {10, 18, z});
    go(moves, MoveKind::Rapid, {10, 18, 20});
    go(moves, MoveKind::Rapid, {10, 10, 20}, 2);
    go(moves, MoveKind::Feed, {10, 10, z}, 2);
    go(moves, MoveKind::Feed, {10 + side, 10, z}, 2);
    go(moves, MoveKind::Rapid, {10 + side, 10, 30}, 2);
    SCOPED_TRACE(seed);
    expectAgreement(moves, tools({{1, "flat:8,flute=20"}, {2, "lollipop:6,neck=2.5,flute=20"}}));
  }
}

}  // namespace
}  // namespace gougechek::stock
