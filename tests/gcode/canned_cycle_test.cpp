// Canned cycles: the moves they expand into and their errors. The comparison with LinuxCNC
// (linuxcnc_compare_test.cpp, programs/cycles_*.ngc) covers every cycle, plane and mode; these
// tests pin down the details a reader checks by hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::expectNear;
using testing_support::run;

TEST(CannedCycle, DrillFeedsDownAndRapidsBackToR) {
  const Program p = run("G21 F100\nG0 Z10\nG81 X5 Y5 Z-3 R2\n");
  ASSERT_EQ(p.moves.size(), 5u);
  EXPECT_EQ(p.moves[1].kind, MoveKind::Rapid);
  expectNear(p.moves[1].to, {5, 5, 10});
  expectNear(p.moves[2].to, {5, 5, 2});
  EXPECT_EQ(p.moves[3].kind, MoveKind::Feed);
  expectNear(p.moves[3].to, {5, 5, -3});
  EXPECT_EQ(p.moves[4].kind, MoveKind::Rapid);
  expectNear(p.moves[4].to, {5, 5, 2});
  for (std::size_t i = 1; i < p.moves.size(); ++i) EXPECT_EQ(p.moves[i].line, 3u);
}

TEST(CannedCycle, PeckDrillComesBackToJustAboveThePreviousDepth) {
  // G83: after each peck, rapid out to R and back down to 0.254 mm (0.010 inch) above it.
  const Program p = run("G21 F100\nG0 Z5\nG83 X0 Y0 Z-2 R1 Q1.5\n");
  ASSERT_EQ(p.moves.size(), 7u);
  expectNear(p.moves[1].to, {0, 0, 1});
  expectNear(p.moves[2].to, {0, 0, -0.5});
  expectNear(p.moves[3].to, {0, 0, 1});
  expectNear(p.moves[4].to, {0, 0, -0.5 + 0.254});
  expectNear(p.moves[5].to, {0, 0, -2});
}

TEST(CannedCycle, IncrementalRepeatsStepInThePlaneFromTheInitialLevel) {
  // G91: R is relative to the initial level (Z10), Z to R, X/Y step once per repeat.
  const Program p = run("G21 F100\nG0 Z10\nG91 G81 X5 Z-4 R-3 L3\n");
  ASSERT_EQ(p.moves.size(), 11u);
  expectNear(p.moves[1].to, {5, 0, 10});
  expectNear(p.moves[2].to, {5, 0, 7});
  expectNear(p.moves[3].to, {5, 0, 3});
  expectNear(p.moves[5].to, {10, 0, 7});
  expectNear(p.moves[8].to, {15, 0, 7});
}

TEST(CannedCycle, G98ReturnsToTheInitialLevelAndAxisWordsRepeatTheCycle) {
  const Program p = run("G21 F100\nG0 Z10\nG98 G81 X1 Z-1 R2\nX2\n");
  ASSERT_EQ(p.moves.size(), 9u);
  expectNear(p.moves[4].to, {1, 0, 10});
  expectNear(p.moves[8].to, {2, 0, 10});
  EXPECT_EQ(p.moves[8].line, 4u);
  EXPECT_EQ(errorOf("G21 F100\nG81 X1 Z-1 R2\nG80\nX3\n"),
            "t.nc:4:1: axis words without a motion mode (G0, G1, G2 or G3)");
}

TEST(CannedCycle, ErrorsNameTheLineAndColumn) {
  EXPECT_EQ(errorOf("F100\nG0 Z5\nG81 X1 Z-1 R-2\n"),
            "t.nc:3:1: G81: R less than Z in cycle in XY plane");
  EXPECT_EQ(errorOf("F100\nG81 X1 Z-1 R1\nG82 X2 P1\n"),
            "t.nc:3:1: G82: R clearance plane unspecified in canned cycle");
  EXPECT_EQ(errorOf("F100\nG19 G81 Y1 R1\n"),
            "t.nc:2:5: G81: X value unspecified in YZ plane canned cycle");
  EXPECT_EQ(errorOf("F100\nG83 X1 Z-1 R1 Q0\n"), "t.nc:2:15: G83: negative or zero Q value used");
  EXPECT_EQ(errorOf("F100\nG81 X1 Z-1 R1 L0\n"),
            "t.nc:2:15: G81: L (repeats) must be a whole number from 1 to 1000000");
  EXPECT_EQ(errorOf("F100\nG86 X1 Z-1 R1 P1\n"), "t.nc:2:1: G86: spindle not turning");
  EXPECT_EQ(errorOf("F100\nG89 X1 Z-1 R1\n"), "t.nc:2:1: G89: dwell time P word missing");
  EXPECT_EQ(errorOf("G81 X1 Z-1 R1\n"),
            "t.nc:1:1: G81: cannot feed with zero feed rate (no F word before it)");
  EXPECT_THAT(errorOf("F1 M3\nG18 G84 X1 Y-1 R1\n"),
              HasSubstr("t.nc:2:5: G84: supported in the G17"));
  EXPECT_THAT(errorOf("F1\nG83 Z-1000 R0 Q0.0001\n"), HasSubstr("more than 1000000 pecks"));
}

}  // namespace
}  // namespace gougechek
