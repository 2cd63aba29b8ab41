// The stock stage (src/stock/): removal, collisions and air cuts on programs read as the CLI
// reads them, against analytic values.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/program.hpp"
#include "stock/stock_check.hpp"
#include "stock/stock_shape.hpp"
#include "stock_test_support.hpp"

namespace gougechek::stock {
namespace {

using test::boxSettings;
using test::movesOf;
using test::runProgram;

// Issue 23's sample: the retract height (Z26) is below the top of a 28 mm block, and the rapid
// on line 7 runs the cutter through it.
TEST(StockStage, IssueSampleRapidThroughTheBlockIsCaught) {
  const std::string program =
      "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z26\nG0 X50 Y40\n"
      "G1 Z24 F600\nG1 X60 F2000\nG0 Z40\nM30\n";
  const StockOutcome out =
      runProgram(program, boxSettings({0, 0, 0}, {100, 80, 28}), "ball:6,flute=12");
  ASSERT_FALSE(out.collisions.empty());
  const StockCollision& first = out.collisions.front();
  EXPECT_EQ(first.kind, StockCollisionKind::Rapid);
  EXPECT_EQ(first.line, 7u);
  EXPECT_EQ(first.move, 4u);
  EXPECT_NEAR(first.depth, 2.0, 1e-3);  // the ball's tip 2 mm under the top
  EXPECT_EQ(out.collisions.size(), 1u);
  EXPECT_TRUE(out.removed_any);
  EXPECT_TRUE(out.air.empty());
}

TEST(StockStage, RetractAboveTheBlockIsClean) {
  const std::string program =
      "G21 G90 G17\nT1 M6\nG0 Z40\nG0 X50 Y40\nG0 Z30\nG1 Z24 F600\nG1 X60 F2000\nG0 Z40\nM30\n";
  const StockOutcome out =
      runProgram(program, boxSettings({0, 0, 0}, {100, 80, 28}), "ball:6,flute=12");
  EXPECT_TRUE(out.collisions.empty());
  EXPECT_TRUE(out.removed_any);
  // The plunge from Z30 to Z24 cuts only its last 4 mm: not an air cut; neither is the slot.
  EXPECT_TRUE(out.air.empty());
}

TEST(StockStage, SlotRemovesTheStadiumVolume) {
  // A flat 6 mm cutter slots 3 mm deep from (20, 40) to (60, 40): a stadium 40 long, 6 wide.
  const std::string program =
      "G21 G90\nT1 M6\nG0 Z40\nG0 X20 Y40\nG1 Z25 F300\nG1 X60 F1000\nG0 Z40\nM30\n";
  const double h = 0.1;
  StockSettings settings = boxSettings({0, 0, 0}, {100, 80, 28});
  settings.resolution = h;
  const StockOutcome out = runProgram(program, settings, "flat:6,flute=20");
  const double area = 40 * 6 + std::numbers::pi * 9, perimeter = 2 * 40 + 2 * std::numbers::pi * 3;
  EXPECT_NEAR(out.volume_removed, area * 3, perimeter * h * 3);
  EXPECT_NEAR(out.volume_before, 100 * 80 * 28, 1e-6);
  EXPECT_TRUE(out.collisions.empty());
  EXPECT_EQ(out.columns, 1000u * 800u);
  EXPECT_LE(out.bytes, out.columns * 4 + 64 * 1024);
}

TEST(StockStage, AirCutsAreMeasured) {
  const std::string program =
      "G21 G90\nT1 M6\nG0 Z40\nG0 X-20 Y-20\nG1 Z10 F600\nG1 X-10 F600\nG1 X20 Y40\nG0 Z40\nM30\n";
  const StockOutcome out =
      runProgram(program, boxSettings({0, 0, 0}, {100, 80, 28}), "flat:6,flute=30");
  // The plunge and the first feed are in the air; the diagonal enters the block.
  ASSERT_EQ(out.air.size(), 2u);
  EXPECT_EQ(out.air[0].line, 5u);
  EXPECT_NEAR(out.air[0].length, 30, 1e-9);
  EXPECT_NEAR(out.air[0].time, 3.0, 1e-9);  // 30 mm at 600 mm/min
  EXPECT_EQ(out.air[1].line, 6u);
  EXPECT_TRUE(out.removed_any);
}

TEST(StockStage, ProgramThatNeverCutsRemovesNothing) {
  const std::string program = "G21 G90\nT1 M6\nG0 Z40\nG0 X-20 Y-20\nG1 Z10 F600\nG1 X-10\nM30\n";
  const StockOutcome out =
      runProgram(program, boxSettings({0, 0, 0}, {100, 80, 28}), "flat:6,flute=30");
  EXPECT_FALSE(out.removed_any);
  EXPECT_EQ(out.volume_removed, 0);
}

/// A slot along X at Y40 with the tip at `z` in the 28 mm block (line 6), reached and left by
/// rapids (the retract is line 7).
StockOutcome slotAt(double z, const std::string& tool) {
  std::ostringstream program;
  program << "G21 G90\nT1 M6\nG0 Z40\nG0 X-10 Y40\nG0 Z" << z << "\nG1 X50 F600\nG0 Z60\nM30\n";
  return runProgram(program.str(), boxSettings({0, 0, 0}, {100, 80, 28}), tool);
}

TEST(StockStage, ShankAboveTheFlutesAndHolderRub) {
  // Flutes 10 long, shank to 40: a slot 15 deep in a 28 mm block buries the shank's first 5 mm.
  const StockOutcome out = slotAt(13, "flat:6,flute=10,length=40");
  ASSERT_EQ(out.collisions.size(), 2u);
  EXPECT_EQ(out.collisions[0].kind, StockCollisionKind::AboveFlutes);
  EXPECT_EQ(out.collisions[0].line, 6u);
  EXPECT_NEAR(out.collisions[0].depth, 5, 1e-3);
  EXPECT_EQ(out.collisions[0].segment, 1u);
  // The shank stands in the material it rubbed: the retract drags it out.
  EXPECT_EQ(out.collisions[1].kind, StockCollisionKind::Rapid);
  EXPECT_EQ(out.collisions[1].line, 7u);
  EXPECT_NEAR(out.collisions[1].depth, 5, 1e-3);
}

TEST(StockStage, FlutesExceededWithoutTheToolsLength) {
  // No length given: the shank is taken to go on above the 12 mm flutes, so a slot 15 deep
  // buries its first 3 mm, as a shank of any real length would be. (The ball's flutes are a
  // capsule: their cut reaches a little above 12 mm off the slot's edges, up to 15 on its
  // middle, so the deepest column lies just inside the edge.)
  const StockOutcome out = slotAt(13, "ball:6,flute=12");
  ASSERT_EQ(out.collisions.size(), 2u);
  const StockCollision& exceeded = out.collisions[0];
  EXPECT_EQ(exceeded.kind, StockCollisionKind::AboveFlutes);
  EXPECT_EQ(exceeded.line, 6u);
  EXPECT_GT(exceeded.depth, 2.7);
  EXPECT_LE(exceeded.depth, 3 + 1e-3);
  EXPECT_EQ(exceeded.segment, 1u);
  EXPECT_EQ(out.collisions[1].kind, StockCollisionKind::Rapid);
  // Within the flutes nothing is found.
  EXPECT_TRUE(slotAt(17, "ball:6,flute=12").collisions.empty());
}

/// A plunge 2 mm into the block at (50, 40): `blind`, which cannot cut at its centre, meets
/// the material there; `cutting` plunges freely.
void expectThePlungeMeetsTheDeadCentre(const std::string& blind, const std::string& cutting) {
  const auto plunge = [](const std::string& tool) {
    return runProgram("G21 G90\nT1 M6\nG0 Z40\nG0 X50 Y40\nG0 Z30\nG1 Z26 F200\nM30\n",
                      boxSettings({0, 0, 0}, {100, 80, 28}), tool);
  };
  const StockOutcome out = plunge(blind);
  ASSERT_EQ(out.collisions.size(), 1u) << blind;
  EXPECT_EQ(out.collisions[0].kind, StockCollisionKind::CentrePlunge);
  EXPECT_NEAR(out.collisions[0].depth, 2, 1e-3);
  EXPECT_TRUE(plunge(cutting).collisions.empty()) << cutting;
}

TEST(StockStage, ChamferMillWithATipFlatCannotPlunge) {
  expectThePlungeMeetsTheDeadCentre("chamfer:10:2:45", "ball:6");  // a ball cuts at its centre
}

TEST(StockStage, AnEndMillThatIsNotCentreCuttingCannotPlunge) {
  // The tool data says the end's middle, 3 mm wide, does not cut.
  expectThePlungeMeetsTheDeadCentre("flat:10,flute=20,centre=3", "flat:10,flute=20");
}

TEST(StockStage, CylinderStockVolume) {
  StockSettings settings;
  settings.shape.kind = StockShape::Kind::Cylinder;
  settings.shape.base = {50, 40, 0};
  settings.shape.radius = 30;
  settings.shape.height = 20;
  settings.resolution = 0.1;
  const std::string program = "G21 G90\nT1 M6\nG0 Z40\nG0 X50 Y40\nG1 Z15 F300\nG0 Z40\nM30\n";
  const StockOutcome out = runProgram(program, settings, "flat:10,flute=30");
  EXPECT_NEAR(out.volume_before, std::numbers::pi * 900 * 20, 2 * std::numbers::pi * 30 * 0.1 * 20);
  EXPECT_NEAR(out.volume_removed, std::numbers::pi * 25 * 5, 2 * std::numbers::pi * 5 * 0.1 * 5);
}

TEST(StockStage, BudgetRefusalNamesAResolutionThatFits) {
  StockSettings settings = boxSettings({0, 0, 0}, {2000, 2000, 10});
  settings.resolution = 0.01;
  try {
    const ToolLibrary tools;
    StockStage stage(settings, tools);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("use 0.13 mm or coarser"), std::string::npos) << e.message();
  }
  // The default widens to fit.
  const double h = chooseResolution(0, 2000, 2000);
  EXPECT_NEAR(h, 0.13, 1e-9);
  EXPECT_LE(std::ceil(2000 / h) * std::ceil(2000 / h), double(kMaxColumns));
  EXPECT_EQ(chooseResolution(0, 100, 80), kDefaultResolution);
}

}  // namespace
}  // namespace gougechek::stock
