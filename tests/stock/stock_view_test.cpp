// The stock's mesh for the report's 3D view (StockStage::view): merged rectangles that still
// enclose exactly the field's material, coarsened only when over the triangle budget.
#include <gtest/gtest.h>

#include <stdexcept>

#include "stock_test_support.hpp"

namespace gougechek::stock::test {
namespace {

/// The volume a closed, outward-facing mesh encloses (divergence theorem), mm³.
double enclosedVolume(const Mesh& mesh) {
  double six = 0;
  for (const Triangle& t : mesh.triangles)
    six += dot(mesh.vertices[t[0]], cross(mesh.vertices[t[1]], mesh.vertices[t[2]]));
  return six / 6;
}

// The sample: a rapid at Z26 into a 28 mm block, then a slot at Z24.
const char* const kRapidLow =
    "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z26\nG0 X50 Y40\nG1 Z24 F600\n"
    "G1 X60 F2000\nG0 Z40\nM30\n";

TEST(StockView, AnUncutBlockIsOneBox) {
  StockStage stage(boxSettings({0, 0, 0}, {100, 80, 28}), library("ball:6,flute=12"));
  const StockView view = stage.view(30000);
  EXPECT_DOUBLE_EQ(view.spacing, 0.1);
  EXPECT_EQ(view.mesh.triangles.size(), 12u);
  EXPECT_EQ(view.mesh.vertices.size(), 8u);  // the corners shared
  const auto box = bounds(view.mesh);
  EXPECT_NEAR(box[0].x, 0, 1e-9);
  EXPECT_NEAR(box[1].x, 100, 1e-9);
  EXPECT_NEAR(box[1].y, 80, 1e-9);
  EXPECT_NEAR(box[1].z, 28, 1e-9);
  EXPECT_NEAR(enclosedVolume(view.mesh), 100 * 80 * 28, 1e-6);
}

TEST(StockView, ASlotAlongXEnclosesTheFieldsMaterialInFewTriangles) {
  StockStage stage(boxSettings({0, 0, 0}, {100, 80, 28}), library("ball:6,flute=12"));
  stage.run(movesOf("G21 G90\nT1 M6\nG0 Z40\nG0 X-10 Y40\nG1 Z24 F600\nG1 X110 F2000\nG0 Z40\n"));
  const StockOutcome outcome = stage.finish();
  const StockView view = stage.view(30000);
  ASSERT_GT(outcome.volume_removed, 100.0);
  EXPECT_DOUBLE_EQ(view.spacing, 0.1);  // within the budget at the field's own spacing
  // One prism a column would take millions (the STL has 3.4 million triangles); merged, each
  // row of equal columns along the slot is one rectangle.
  EXPECT_LT(view.mesh.triangles.size(), 2000u);
  EXPECT_NEAR(enclosedVolume(view.mesh), outcome.volume_before - outcome.volume_removed,
              1e-6 * outcome.volume_before);
}

// The sample cuts diagonally across the columns: at 0.1 mm its rows of equal columns are
// short, so the view takes cells of several columns.
TEST(StockView, OverTheBudgetCellsGrowAndHoldTheirColumnsMaterial) {
  StockStage stage(boxSettings({0, 0, 0}, {100, 80, 28}), library("ball:6,flute=12"));
  stage.run(movesOf(kRapidLow));
  const StockOutcome outcome = stage.finish();
  const StockView fine = stage.view(1000000);
  const StockView coarse = stage.view(20000);
  EXPECT_DOUBLE_EQ(fine.spacing, 0.1);
  EXPECT_GT(fine.mesh.triangles.size(), 20000u);
  EXPECT_NEAR(enclosedVolume(fine.mesh), outcome.volume_before - outcome.volume_removed,
              1e-6 * outcome.volume_before);
  EXPECT_DOUBLE_EQ(coarse.spacing, 0.4);
  EXPECT_LE(coarse.mesh.triangles.size(), 20000u);
  // Each cell is its columns' envelope: never less material than there is, never more than
  // the block.
  const double volume = enclosedVolume(coarse.mesh);
  EXPECT_GE(volume, outcome.volume_before - outcome.volume_removed - 1e-6);
  EXPECT_LE(volume, 100 * 80 * 28 + 1e-6);
  EXPECT_THROW((void)stage.view(11), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek::stock::test
