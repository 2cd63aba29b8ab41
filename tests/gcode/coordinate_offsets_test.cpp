// Work offsets, G92/G52, homes and tool length offsets through readProgram (compared with
// LinuxCNC too: tests/gcode/programs/offsets_*.ngc with their .var and .tbl files).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::run;

Program runWith(const std::string& text, const ProgramOptions& options) {
  std::istringstream in(text);
  return readProgram(in, "t.nc", options);
}

TEST(CoordinateOffsets, WorkOffsetsFromTheParameterFileInMachineUnits) {
  ProgramOptions options;
  options.machine_unit_mm = 25.4;
  options.parameters = {{5161, 0.5}, {5221, 0.0}, {5241, 1.0}, {5242, 2.0}};
  const Program p = runWith("G21 G55 G0 X1 Y1\nG54 G0 X1\nG28\n", options);
  ASSERT_EQ(p.moves.size(), 3u);
  EXPECT_EQ(p.moves[0].to, Vec3(26.4, 51.8, 0));
  EXPECT_EQ(p.moves[1].to, Vec3(1, 51.8, 0));
  EXPECT_EQ(p.moves[2].to, Vec3(12.7, 0, 0));
  EXPECT_TRUE(p.warnings.empty());
}

std::string errorWith(const std::string& text, const ProgramOptions& options) {
  try {
    runWith(text, options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(CoordinateOffsets, ARotaryOffsetOrHomeOffZeroIsRefused) {
  // With an A offset, A0 turns the axis to the offset: not the still axis the check assumes.
  ProgramOptions options;
  options.parameters = {{5224, 90.0}};
  EXPECT_EQ(errorWith("G0 X1\nG0 X2 A0\n", options),
            "t.nc:2:7: A axis: its offset #5224 is not 0, so A0 would move it off its start; "
            "only X, Y and Z move (3-axis)");
  EXPECT_EQ(errorWith("G55 G0 X2 A0\n", options), "");  // G54's offset is not in use
  EXPECT_EQ(errorOf("#5225 = 5\nG0 X2 B0\n"),
            "t.nc:2:7: B axis: its offset #5225 is not 0, so B0 would move it off its start; only "
            "X, Y and Z move (3-axis)");
  options.parameters = {{5210, 1.0}, {5214, 10.0}};  // a G92 A offset in the .var file
  EXPECT_THAT(errorWith("G0 X2 A0\n", options), HasSubstr("its offset #5214 is not 0"));
  options.parameters = {{5164, 45.0}};  // G28 homes A too
  EXPECT_EQ(errorWith("G0 Z5\nG28\n", options),
            "t.nc:2:1: G28: the home position #5164 of a rotary or extra axis is not 0, and only "
            "X, Y and Z move (3-axis)");
  options.parameters = {{5186, 1.0}};
  EXPECT_THAT(errorWith("G0 Z5\nG30\n", options), HasSubstr("G30: the home position #5186"));
}

TEST(CoordinateOffsets, G10SetsOffsetsAndTheParameters) {
  const Program p =
      run("G0 X10 Y10\nG10 L20 P1 X0 Y0\nG0 X1 Y1\nG10 L2 P2 X5\nG55 G0 X[#5241 + 1] Y0\nM2\n");
  ASSERT_EQ(p.moves.size(), 3u);
  EXPECT_EQ(p.moves[1].to, Vec3(11, 11, 0));
  EXPECT_EQ(p.moves[2].to, Vec3(11, 0, 0));
  EXPECT_TRUE(p.warnings.empty());  // G55 was set by G10 before it was selected
}

TEST(CoordinateOffsets, G92FamilyAndG52) {
  const Program p =
      run("G0 X5\nG92 X0\nG0 X1\nG92.2\nG0 X1\nG92.3\nG0 X2\nG92.1\nG0 X1\nG52 X3\nG0 X1\n");
  ASSERT_EQ(p.moves.size(), 6u);
  EXPECT_EQ(p.moves[1].to.x, 6.0);
  EXPECT_EQ(p.moves[2].to.x, 1.0);
  EXPECT_EQ(p.moves[3].to.x, 7.0);
  EXPECT_EQ(p.moves[4].to.x, 1.0);
  EXPECT_EQ(p.moves[5].to.x, 4.0);
}

TEST(CoordinateOffsets, ToolLengthMovesTheCurrentPointNotTheTargets) {
  ProgramOptions options;
  options.tool_lengths_mm = {{1, 20.0}};
  const Program p = runWith("T1 M6\nG0 Z50\nG43 H1\nG91 G0 X1\nG90 G0 Z5\nG49\nG0 X0\n", options);
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[1].from, Vec3(0, 0, 30));  // the tip of the 20 mm tool
  EXPECT_EQ(p.moves[1].to, Vec3(1, 0, 30));
  EXPECT_EQ(p.moves[2].to, Vec3(1, 0, 5));
  EXPECT_EQ(p.moves[3].from, Vec3(1, 0, 25));
}

TEST(CoordinateOffsets, Errors) {
  ProgramOptions options;
  options.tool_lengths_mm = {{1, 20.0}};
  try {
    runWith("G43 H2\n", options);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "t.nc:1:5: G43: tool 2 is not in the tool table");
  }
  EXPECT_EQ(errorOf("G10 L2 X1\n"), "t.nc:1:1: G10 L2 needs P0 (the active system) to P9 (G59.3)");
  EXPECT_EQ(errorOf("G1 G92 X1\n"), "t.nc:1:1: G1 and G92 on one line: both use the axis words");
  EXPECT_THAT(run("G56 G0 X1\n").warnings.at(0).message,
              HasSubstr("G56 work offset: taken as zero"));
}

}  // namespace
}  // namespace gougechek
