// Fanuc/Haas jumps by sequence number (M99 P, GOTO), M99 in a main program and custom macro B,
// as the controls run them: every expected motion is derived by hand from the program.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::expectNear;

Program runFanuc(const std::string& text, Dialect dialect = Dialect::Fanuc,
                 std::uint64_t max_repeated_lines = 100'000) {
  std::istringstream in(text);
  ProgramOptions options;
  options.dialect = dialect;
  options.max_repeated_lines = max_repeated_lines;
  return readProgram(in, "t.nc", options);
}

std::string fanucError(const std::string& text, Dialect dialect = Dialect::Fanuc) {
  try {
    runFanuc(text, dialect);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// hostile-pass-3 D4: M99 P20 returns to N20 of the caller, skipping the G52 that would move
// the plunge to X105; the plunge is at X5.
TEST(MacroB, M99PReturnsToTheBlockOfTheCaller) {
  const Program p = runFanuc(
      "%\nO1000\nG21 G90 G17\nG0 Z30.\nG0 X5. Y5.\nM98 P1001\nG52 X100.\nN20 G0 X5. Y5.\n"
      "G1 Z9. F100.\nG0 Z30.\nM30\nO1001\nG0 Z31.\nM99 P20\n%\n");
  ASSERT_EQ(p.moves.size(), 6u);
  expectNear(p.moves[2].to, Vec3(5, 5, 31));  // in O1001
  EXPECT_EQ(p.moves[3].line, 8u);             // N20, then the plunge
  expectNear(p.moves[4].to, Vec3(5, 5, 9));
  EXPECT_EQ(p.moves[4].line, 9u);
}

TEST(MacroB, M99PToAMissingOrRepeatedBlockIsAnError) {
  const std::string call = "O1000\nG21 G90\nM98 P1001\nN20 G0 X1.\n";
  EXPECT_EQ(fanucError(call + "M30\nO1001\nG0 Z1.\nM99 P30\n"),
            "t.nc:8:1: M99 P30: no block N30 in the program");
  EXPECT_EQ(fanucError(call + "N20 G0 X2.\nM30\nO1001\nG0 Z1.\nM99 P20\n"),
            "t.nc:9:1: M99 P20: N20 starts more than one block of the program (lines 4 and 5): "
            "which one the control finds depends on how it searches");
  // The numbers of another program in the file are not the caller's.
  EXPECT_EQ(fanucError("O1000\nM98 P1001\nM30\nO1001\nN5 G0 Z1.\nM99 P5\n"),
            "t.nc:6:1: M99 P5: no block N5 in the program");
  EXPECT_THAT(fanucError(call + "M30\nO1001\nM99 P0\n"), HasSubstr("whole number from 1"));
}

// hostile-pass-3 D4's fa_m99_p_back: M99 P back to a block before the call loops for ever on
// the control (Z-1 per pass); it is an error that says so, never a PASS.
TEST(MacroB, M99PBackToAnEarlierBlockIsAnEndlessLoop) {
  const std::string program =
      "O1000\nG21 G90 G0 Z30.\nN10 G91 G1 Z-1. F100.\nM98 P1001\nM30\nO1001\nG90\nM99 P10\n";
  try {
    runFanuc(program, Dialect::Fanuc, 1000);
    FAIL() << "an endless M99 P loop was accepted";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("lines run in loops, jumps back (GOTO, M99 P) and subprogram "
                                    "calls: taken as endless"));
  }
}

}  // namespace
}  // namespace gougechek
