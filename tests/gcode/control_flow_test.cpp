// O-words and M98/M99 through readProgram: what LinuxCNC does (also compared with rs274 in
// linuxcnc_compare_test on tests/gcode/programs/oword_*.ngc), and the errors gougechek adds where
// LinuxCNC would hang or report the end of the file.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::run;

TEST(ControlFlow, WhileLoopRunsItsBodyAndKeepsLineNumbers) {
  const Program p = run("#1=0\no1 while [#1 LT 3]\n#1=[#1+1]\nG0 X#1\no1 endwhile\nG0 Y1\n");
  ASSERT_EQ(p.moves.size(), 4u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(p.moves[static_cast<std::size_t>(i)].line, 4u);
    EXPECT_EQ(p.moves[static_cast<std::size_t>(i)].to.x, i + 1.0);
  }
  EXPECT_EQ(p.moves[3].line, 6u);
  EXPECT_EQ(p.lines, 6u);
}

TEST(ControlFlow, LoopsLongerThanTheReadBufferJumpBackBySeeking) {
  std::string text = "#1=0\no1 repeat [3]\n";
  for (int i = 0; i < 20000; ++i) text += "G0 X" + std::to_string(i % 7) + " (padding padding)\n";
  text += "o1 endrepeat\nM2\n";
  const Program p = run(text);
  EXPECT_EQ(p.moves.size(), 60000u);
  EXPECT_EQ(p.moves.back().line, 20002u);
}

TEST(ControlFlow, RecursionWithArguments) {
  const Program p =
      run("o<down> sub\nG0 Z#1\no1 if [#1 GT 0]\no<down> call [#1 - 1]\no1 endif\no<down> endsub\n"
          "o<down> call [3]\nM2\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[0].to.z, 3.0);
  EXPECT_EQ(p.moves[3].to.z, 0.0);
}

TEST(ControlFlow, ArgumentsAreRestoredAfterTheCall) {
  const Program p = run("#1=7\no<s> sub\nG0 X#1\no<s> endsub\no<s> call [2]\nG0 Y#1\n");
  ASSERT_EQ(p.moves.size(), 2u);
  EXPECT_EQ(p.moves[0].to, Vec3(2, 0, 0));
  EXPECT_EQ(p.moves[1].to, Vec3(2, 7, 0));
}

TEST(ControlFlow, EndlessLoopStopsAtTheLimitOfRepeatedLines) {
  std::istringstream in("o1 while [1]\nG0 X1\no1 endwhile\n");
  ProgramOptions options;
  options.max_repeated_lines = 1000;
  try {
    readProgram(in, "t.nc", options);
    FAIL() << "an endless loop was accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "t.nc:3: more than 1000 lines run in loops and subprogram calls: taken as endless "
              "(the limit bounds the work of a run)");
  }
  std::istringstream do_loop("o1 do\no1 while [1]\n");
  EXPECT_THROW(readProgram(do_loop, "t.nc", options), InputError);
}

// The limit is on the whole run, not per loop: a loop around a loop of 1,000 runs each (1M
// runs in all, more than 2M lines) is stopped, though neither loop alone comes near the limit.
TEST(ControlFlow, NestedLoopsShareOneLimit) {
  std::istringstream in(
      "o1 repeat [1000]\no2 repeat [1000]\nG0 X1\no2 endrepeat\no1 endrepeat\nM2\n");
  ProgramOptions options;
  options.max_repeated_lines = 100'000;
  try {
    readProgram(in, "t.nc", options);
    FAIL() << "nested loops ran past the limit";
  } catch (const InputError& e) {
    EXPECT_THAT(e.what(), HasSubstr("more than 100000 lines run in loops and subprogram calls"));
  }
  std::istringstream small(
      "o1 repeat [10]\no2 repeat [10]\nG0 X1\no2 endrepeat\no1 "
      "endrepeat\nM2\n");
  EXPECT_EQ(readProgram(small, "t.nc", options).moves.size(), 100u);
  EXPECT_THAT(errorOf("o1 repeat [1000000000]\no1 endrepeat\n"),
              HasSubstr("t.nc:1:1: o1 repeat: more than 100000000 repeats"));
  // M98 repeats count too.
  std::istringstream calls("M98 P1 L200000\nM30\nO1\nG0 X1\nM99\n");
  EXPECT_THROW(readProgram(calls, "t.nc", options), InputError);
}

TEST(ControlFlow, UnclosedConstructsAreErrors) {
  EXPECT_EQ(errorOf("G21\no<x> call\nM2\n"),
            "t.nc:2:1: call to o<x>: no such subprogram in this file, nor x.ngc in "
            "--subroutine-path");
  EXPECT_EQ(errorOf("o1 if [0]\nG0 X1\n"),
            "t.nc:1:1: o1 if: no matching endif before the end of the file");
  EXPECT_EQ(errorOf("o<s> sub\nG0 X1\n"),
            "t.nc:1:1: o<s> sub: no matching endsub before the end of the file");
  EXPECT_EQ(errorOf("o1 while [0]\nG0 X1\n"),
            "t.nc:1:1: o1 while: the loop is not closed before the end of the file");
  EXPECT_EQ(errorOf("o1 do\nG0 X1\n"),
            "t.nc:1: loop o1 not closed at the end of the file (line 2)");
  EXPECT_EQ(errorOf("o1 endwhile\n"), "t.nc:1:1: o1 endwhile without a matching while");
  EXPECT_EQ(errorOf("o1 else\n"), "t.nc:1:1: o1 else without a matching o1 if");
  EXPECT_EQ(errorOf("o1 break\n"), "t.nc:1:1: o1 break outside a loop o1");
  EXPECT_EQ(errorOf("o<s> endsub\n"), "t.nc:1:1: o<s> endsub outside a call of o<s>");
  EXPECT_EQ(errorOf("o1 if\n"), "t.nc:1:1: o1 if needs one value in brackets");
}

TEST(ControlFlow, CallsNestAtMostTenDeep) {
  EXPECT_EQ(errorOf("o<r> sub\no<r> call\no<r> endsub\no<r> call\n"),
            "t.nc:2:1: subroutine calls nested more than 10 deep");
}

TEST(ControlFlow, M99AtTheTopLevelEndsTheProgram) {
  const Program p = run("G0 X1\nM99\nG0 X2\n");
  ASSERT_EQ(p.moves.size(), 1u);
  EXPECT_THAT(p.warnings.back().message, HasSubstr("not executed"));
}

}  // namespace
}  // namespace gougechek
