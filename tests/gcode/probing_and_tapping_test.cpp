// G33.1 rigid tapping and G38.x probing, without LinuxCNC (linuxcnc_compare_test.cpp compares
// both with rs274 where it is installed).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::expectNear;
using testing_support::run;

TEST(RigidTap, GoesDownAndBackOutOnItsLine) {
  const Program p = run("G21 G0 X1 Y2 Z5 S100 M3\nG33.1 Z-3 K1\nG1 X4 F100\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[1].kind, MoveKind::Feed);
  EXPECT_EQ(p.moves[1].from, Vec3(1, 2, 5));
  EXPECT_EQ(p.moves[1].to, Vec3(1, 2, -3));
  EXPECT_EQ(p.moves[2].kind, MoveKind::Feed);
  EXPECT_EQ(p.moves[2].to, Vec3(1, 2, 5));
  EXPECT_EQ(p.moves[1].line, 2u);
  EXPECT_EQ(p.moves[2].line, 2u);
  EXPECT_EQ(p.moves[3].from, Vec3(1, 2, 5));  // the tap left the tool where it started
}

TEST(RigidTap, NeedsPitchSpindleAndNoFeedWord) {
  EXPECT_THAT(errorOf("S100 M3\nG33.1 Z-3\n"), HasSubstr("t.nc:2:1: G33.1 needs K"));
  EXPECT_THAT(errorOf("G33.1 Z-3 K1\n"), HasSubstr("spindle turning"));
  EXPECT_THAT(errorOf("S100 M3\nG33.1 Z-3 K1 F10\n"), HasSubstr("2:14: G33.1 takes no F word"));
  EXPECT_THAT(errorOf("S100 M3\nG33.1 K1\n"), HasSubstr("G33.1 needs an axis word"));
  EXPECT_THAT(errorOf("S100 M3\nG53 G33.1 Z-1 K1\n"), HasSubstr("G53 works with G0 and G1"));
}

TEST(Probe, StopsBackedOffFromTheTargetAndReportsItInParameters) {
  // G55 and G92 shift the program frame: #5061..#5063 are the target in it.
  const Program p =
      run("G21 G10 L2 P2 X10 Y20 Z30\nG55 G0 X1 Y2 Z5\nG92 X0\nG38.2 Z-3 F100\n"
          "G0 X#5061 Y#5062 Z[#5063 + #5070]\n");
  ASSERT_EQ(p.moves.size(), 3u);
  const Move& probe = p.moves[1];
  EXPECT_EQ(probe.kind, MoveKind::Probe);
  EXPECT_EQ(probe.line, 4u);
  EXPECT_EQ(probe.from, Vec3(11, 22, 35));
  EXPECT_EQ(probe.to, Vec3(11, 22, 27));
  // As rs274 simulates it: 0.254 mm back toward the start.
  expectNear(p.moves[2].from, Vec3(11, 22, 27.254));
  expectNear(p.moves[2].to, Vec3(11, 22, 28));  // #5063 = -3, #5070 = 1 (tripped)
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].line, 4u);
  EXPECT_THAT(p.warnings[0].message, HasSubstr("not checked for gouges"));
}

TEST(Probe, InInchesBacksOffAHundredthOfAnInchAndReportsInches) {
  const Program p = run("G20 G0 Z1\nG38.3 X3 Y4 Z1 F10\nG1 X#5061 Y#5062 Z#5063\n");
  ASSERT_EQ(p.moves.size(), 3u);
  expectNear(p.moves[2].from, Vec3(3 - 0.006, 4 - 0.008, 1) * 25.4);
  expectNear(p.moves[2].to, Vec3(3, 4, 1) * 25.4);
}

TEST(Probe, IsModalAndWarnsOnce) {
  const Program p = run("G21 G0 Z5\nG38.2 Z-1 F50\nZ-2\nG38.4 X3\n");
  ASSERT_EQ(p.moves.size(), 4u);
  for (std::size_t i = 1; i < 4; ++i) EXPECT_EQ(p.moves[i].kind, MoveKind::Probe);
  EXPECT_EQ(p.warnings.size(), 1u);
}

TEST(Probe, RejectsWhatLinuxcncRejects) {
  EXPECT_THAT(errorOf("G0 Z5\nG38.2 Z-3\n"), HasSubstr("t.nc:2:1: G38.2: cannot probe with zero"));
  EXPECT_THAT(errorOf("G0 Z5 F10\nG38.2\n"), HasSubstr("G38.2 needs an axis word"));
  EXPECT_THAT(errorOf("G0 Z5 F10\nG41\nG38.2 Z1\n"), HasSubstr("cutter radius compensation"));
  EXPECT_THAT(errorOf("G0 Z5 F10\nG95 G38.2 Z1\n"), HasSubstr("feed per revolution"));
  EXPECT_THAT(errorOf("G0 Z5 F10\nG38.4 Z5\n"), HasSubstr("G38.4: the probe target is the start"));
  // G38.3 and G38.5 may end without contact: a probe to where the tool stands is no error.
  EXPECT_EQ(errorOf("G0 Z5 F10\nG38.3 Z5\nG38.5 Z5\n"), "");
}

}  // namespace
}  // namespace gougechek
