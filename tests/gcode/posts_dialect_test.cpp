// Dialects as real posts write them: rotary words that never move, controller M codes that
// cannot move the tool.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::run;

Program runIn(Dialect dialect, const std::string& text) {
  std::istringstream in(text);
  ProgramOptions options;
  options.dialect = dialect;
  return readProgram(in, "t.nc", options);
}

std::string errorIn(Dialect dialect, const std::string& text) {
  try {
    runIn(dialect, text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::size_t countWarnings(const Program& program, const std::string& part) {
  std::size_t n = 0;
  for (const InputWarning& warning : program.warnings)
    if (warning.message.find(part) != std::string::npos) ++n;
  return n;
}

// A common Mastercam 3-axis post writes "A0." on every line.
TEST(PostsDialect, RotaryWordsThatStayAtZeroAreAcceptedWithOneWarning) {
  const Program p =
      run("G90 G0 X0. Y0. Z5. A0.\nG1 Z-1. F100. A0.\nG91 X5. A0 B0 C0\nG90 Y5. A0.\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[3].to, Vec3(5, 5, -1));
  EXPECT_EQ(countWarnings(p, "A, B, C, U, V or W words at 0"), 1u);
  EXPECT_EQ(p.warnings.front().line, 1u);
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas})
    EXPECT_EQ(runIn(dialect, "G0 X1. A0.\n").moves.size(), 1u);
}

TEST(PostsDialect, AWordThatMovesARotaryAxisStaysAnError) {
  EXPECT_THAT(errorOf("G0 X0 A0\nG0 X1 A90\n"), HasSubstr("t.nc:2:7: A axis: only X, Y and Z"));
  EXPECT_THAT(errorOf("G91 G0 X1 C0.001\n"), HasSubstr("t.nc:1:11: C axis: only X, Y and Z"));
  EXPECT_THAT(errorOf("G0 W-2\n"), HasSubstr("t.nc:1:4: W axis"));
}

TEST(PostsDialect, HaasMCodesThatCannotMoveTheToolAreWarnings) {
  const Program p = runIn(Dialect::Haas, "O1000\nM31\nM88\nG0 X1. M73\nM89 M33\nM30\n");
  ASSERT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(countWarnings(p, "M31 chip auger forward: ignored (cannot move the tool)"), 1u);
  EXPECT_EQ(countWarnings(p, "M88 through-spindle coolant on: ignored"), 1u);
  EXPECT_EQ(countWarnings(p, "M73 tool air blast on: ignored"), 1u);
  EXPECT_EQ(countWarnings(p, "M33 chip auger stop: ignored"), 1u);
  // The same codes mean nothing (or something else) to LinuxCNC.
  EXPECT_EQ(errorOf("M31\nG0 X1\n"),
            "t.nc:1:1: unknown M code M31; this is valid in --dialect haas");
  // A Haas code that changes the program flow (M97 local subprogram call) stays refused; Fanuc
  // has no M31.
  EXPECT_EQ(errorIn(Dialect::Haas, "M97 P100\n"), "t.nc:1:1: unknown M code M97");
  EXPECT_THAT(errorIn(Dialect::Fanuc, "M31\n"), HasSubstr("unknown M code M31"));
  EXPECT_EQ(countWarnings(runIn(Dialect::Fanuc, "M29 S500\nG0 X1.\n"), "M29 rigid tapping mode"),
            1u);
}

// The same grbl post output (K words on G17 arcs) in the default dialect names grbl.
TEST(PostsDialect, AnErrorAnotherDialectAcceptsSuggestsIt) {
  EXPECT_EQ(errorOf("G21 G90 G17\nG1 X0 Y0 F100\nG2 X10 Y0 I5 J0 K0\n"),
            "t.nc:3:17: G2 arc: K word given for an arc in the G17 plane; this is valid in "
            "--dialect grbl");
  // Not when the moves before the line would differ: Haas reads X100 as 0.1 mm.
  EXPECT_EQ(errorOf("G0 X100\nM31\n"), "t.nc:2:1: unknown M code M31");
  EXPECT_EQ(errorOf("G0 X100.\nM31\n"),
            "t.nc:2:1: unknown M code M31; this is valid in --dialect haas");
  // Not when no dialect accepts the line, nor when one accepts it but fails before the end of
  // it: the hint names only dialects that get past the line.
  EXPECT_EQ(errorOf("G0 X1\nG12 X1\n"), "t.nc:2:1: unknown G code G12");
  // Without suggestions (the hint's own readings run so), the plain error.
  std::istringstream once("G0 X100.\nM31\n");
  ProgramOptions options;
  options.suggest_dialects = false;
  try {
    readProgram(once, "t.nc", options);
    ADD_FAILURE() << "M31 was accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "t.nc:2:1: unknown M code M31");
  }
}

// LinuxCNC's tool table writes (compared motion for motion with rs274 in
// programs/posts_g10_tool_table.ngc): the entry changes, G43 afterwards applies it.
TEST(PostsDialect, G10L1WritesAToolLengthThatG43Uses) {
  const Program p =
      run("T1 M6\nG0 Z10\nG10 L1 P1 Z4\nG0 X1\nG43 H1\nG0 X2\nG20 G10 L1 P1 Z1\n"
          "G43 H1\nG21 G0 X3\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[1].to, Vec3(1, 0, 10));  // not applied before G43
  EXPECT_EQ(p.moves[2].to, Vec3(2, 0, 6));
  EXPECT_NEAR(p.moves[3].to.z, 10 - 25.4, 1e-12);  // inches
  // L10: the length that makes the current point read as the given Z.
  const Program here = run("G0 Z10\nG10 L10 P3 Z25\nG43 H3\nG0 X1\n");
  EXPECT_EQ(here.moves.back().to, Vec3(1, 0, 25));
}

TEST(PostsDialect, G10ToolEntriesOutsideAGivenTableAndTheirErrors) {
  std::istringstream in("G10 L1 P7 Z2\nG43 H7\nG0 X1\n");
  ProgramOptions options;
  options.tool_lengths_mm = {{1, 50.0}};
  options.tool_diameters_mm = {{1, 6.0}};
  EXPECT_EQ(readProgram(in, "t.nc", options).moves.back().to, Vec3(1, 0, -2));
  EXPECT_EQ(errorOf("G10 L1 P0 Z5\n"),
            "t.nc:1:1: G10 L1 needs P with the tool number (a whole number ≥ 1)");
  EXPECT_EQ(errorOf("G10 L1 Z5\n"),
            "t.nc:1:1: G10 L1 needs P with the tool number (a whole number ≥ 1)");
  EXPECT_EQ(errorOf("G10 L10 P1 X2 Z5\n"),
            "t.nc:1:12: G10 L10: tool offsets in X are not supported (only Z, the tool length)");
  // Fanuc and Haas write tool offsets with G10 L10..L13 R: not LinuxCNC's meaning.
  EXPECT_THAT(errorIn(Dialect::Haas, "G10 L10 P1 R5.\n"),
              HasSubstr("G10 L10 as LinuxCNC reads it: not in the haas dialect"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "G10 L1 P1 Z5\n"), HasSubstr("G10 L1 as LinuxCNC reads it"));
}

TEST(PostsDialect, G10RadiusIsUsedByCompensationAndWarnedAbout) {
  const Program p = run("G0 X0 Y-5\nG10 L1 P2 R1\nF100 G41 D2\nG1 Y0\nX10\nG40\n");
  EXPECT_EQ(countWarnings(p,
                          "G10 L1 sets the radius of tool 2: G41/G42 use it, but the cutter "
                          "checked stays the one --tool or --tool-table describe"),
            1u);
  // Compensated to the left of +X: the tool runs 1 mm off the programmed line.
  bool offset_found = false;
  for (const Move& move : p.moves) offset_found |= move.to.y == 1.0 && move.to.x == 10.0;
  EXPECT_TRUE(offset_found);
}

}  // namespace
}  // namespace gougechek
