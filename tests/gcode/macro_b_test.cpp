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

// hostile-pass-3 D8: M99 ends a Fanuc or Haas main program by running it again. This one starts
// each pass with G0 Z30. in G90, so every pass runs as the second: two passes are checked (the
// first starts at the origin, the second where the first ends) and a warning says so.
TEST(MacroB, M99RepeatingAMainProgramFromTheSameStateIsAWarning) {
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    const Program p = runFanuc(
        "%\nO1000\nG21 G90 G17\nG0 Z30.\nG0 X5. Y5.\nG91 G1 Z-5. F100.\nG90\nM99\n%\n", dialect);
    ASSERT_EQ(p.moves.size(), 6u);
    expectNear(p.moves[2].to, Vec3(5, 5, 25));
    expectNear(p.moves[3].from, Vec3(5, 5, 25));  // the second pass starts where the first ends
    expectNear(p.moves[3].to, Vec3(5, 5, 30));
    expectNear(p.moves[5].to, Vec3(5, 5, 25));
    ASSERT_FALSE(p.warnings.empty());
    EXPECT_EQ(p.warnings[0].line, 8u);
    EXPECT_THAT(p.warnings[0].message,
                HasSubstr("M99 restarts the main program on the control, for ever: checked until "
                          "a pass started as the one before it"));
  }
  // LinuxCNC ends the program at a top-level M99.
  EXPECT_EQ(runFanuc("G0 Z30\nG91 G1 Z-5 F100\nM99\n", Dialect::LinuxCnc).moves.size(), 2u);
}

// Without the G0 Z30., each pass descends 5 mm more: the control crashes on a later pass.
TEST(MacroB, M99RepeatingAMainProgramFromAnotherStateIsAnError) {
  EXPECT_EQ(fanucError("O1000\nG21 G90 G0 X5. Y5.\nG91 G1 Z-5. F100.\nG90\nM99\n"),
            "t.nc:5:1: M99 restarts the main program from another position (X+0 Y+0 Z-5 mm "
            "moved each pass): each pass runs elsewhere, and the control repeats it for ever");
  EXPECT_EQ(fanucError("O1000\nG21 G90 G52 X0\nG0 X0 Y0 Z10.\n#1=#1+1\nG52 X#1\nM99\n"),
            "t.nc:6:1: M99 restarts the main program from another G92/G52 offset: each pass runs "
            "elsewhere, and the control repeats it for ever");
  EXPECT_EQ(fanucError("O1000\n#1=#1+1\nG21 G90 G0 X0 Y0 Z10.\nM99\n"),
            "t.nc:4:1: M99 restarts the main program from other variable values: #1 (1 before, "
            "2 now): each pass runs elsewhere, and the control repeats it for ever");
  // G91 at the end, G90 again at the start of each pass: every pass the same.
  EXPECT_EQ(fanucError("O1000\nG21 G90 G0 X0 Y0 Z10.\nG91\nM99\n"), "");
  EXPECT_THAT(fanucError("O1000\nG21 G0 X0 Y0 Z10.\nG1 X1. F100.\nG91\nM99\n"),
              HasSubstr("from another position (X+1 Y+0 Z+10 mm moved each pass)"));
}

// M99 P10 in the main program runs it again from N10.
TEST(MacroB, M99PInTheMainProgramRestartsAtItsBlock) {
  const Program p =
      runFanuc("O1000\nG21 G90 G0 X0 Y0 Z50.\nN10 G0 X0 Y0 Z10.\nG1 Z5. F100.\nM99 P10\n");
  ASSERT_EQ(p.moves.size(), 5u);
  EXPECT_EQ(p.moves[3].line, 3u);
  expectNear(p.moves[3].from, Vec3(0, 0, 5));
  expectNear(p.moves[4].to, Vec3(0, 0, 5));
  EXPECT_THAT(fanucError("O1000\nN10 G91 G0 Z1.\nM99 P10\n"),
              HasSubstr("M99 restarts the main program from another position"));
}

/// The end points of `p`'s moves.
std::vector<Vec3> endPoints(const Program& p) {
  std::vector<Vec3> points;
  for (const Move& move : p.moves) points.push_back(move.to);
  return points;
}

// hostile-pass-3 D21: WHILE ... DO1, GOTO and #1=#1+1 run as the controls run them.
TEST(MacroB, WhileLoopWithAssignmentsWithoutBrackets) {
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    const Program p = runFanuc(
        "O1000\nG21 G90 G17\n#1=0\nWHILE [#1 LT 3] DO1\n#1=#1+1\nG0 X#1 Y[#1*2]\nEND1\n"
        "G0 Z5.\nM30\n",
        dialect);
    EXPECT_EQ(endPoints(p), (std::vector<Vec3>{{1, 2, 0}, {2, 4, 0}, {3, 6, 0}, {3, 6, 5}}));
    ASSERT_EQ(p.moves.size(), 4u);
    EXPECT_EQ(p.moves[2].line, 6u);
    EXPECT_EQ(p.moves[3].line, 8u);
  }
  // Still LinuxCNC's error in its own dialect.
  EXPECT_THAT(fanucError("#1=0\n#1=#1+1\n", Dialect::LinuxCnc),
              HasSubstr("unexpected character '+'"));
}

TEST(MacroB, NestedWhileLoops) {
  const Program p = runFanuc(
      "O1000\nG21 G90\n#1=0\nWHILE [#1 LT 2] DO1\n#2=0\nWHILE [#2 LT 2] DO2\nG0 X#1 Y#2\n"
      "#2=#2+1\nEND2\n#1=#1+1\nEND1\nM30\n");
  EXPECT_EQ(endPoints(p), (std::vector<Vec3>{{0, 0, 0}, {0, 1, 0}, {1, 0, 0}, {1, 1, 0}}));
  // A loop without a condition, left by a GOTO: the loop ends there.
  const Program left = runFanuc(
      "O1000\nG21 G90\n#1=0\nDO1\n#1=#1+1\nIF [#1 GE 2] GOTO 50\nG0 X#1\nEND1\nN50 G0 Y#1\nM30\n");
  EXPECT_EQ(endPoints(left), (std::vector<Vec3>{{1, 0, 0}, {1, 2, 0}}));
}

TEST(MacroB, IfGotoJumpsForwardAndBack) {
  const Program p = runFanuc(
      "O1000\nG21 G90\n#1=0\n#2=30\nN10 #1=#1+1\nG0 X#1\nIF [#1 LT 3] GOTO 10\nIF [#1 EQ 3] GOTO "
      "#2\n"
      "G0 Y99.\nN30 G0 Z1.\nM30\n");
  EXPECT_EQ(endPoints(p), (std::vector<Vec3>{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {3, 0, 1}}));
  // The target of GOTO #2 is #2's value; a vacant one is no block.
  EXPECT_THAT(fanucError("O1000\nIF [1 EQ 1] GOTO #2\n"),
              HasSubstr("GOTO: the sequence number must be a whole number"));
  EXPECT_THAT(fanucError("O1000\nG0 X1.\nGOTO 50\n"),
              HasSubstr("t.nc:3:1: GOTO 50: no block N50 in the program"));
}

TEST(MacroB, GotoInsideASubprogramSearchesThatSubprogram) {
  const Program p = runFanuc(
      "O1000\nG21 G90\nM98 P1001\nM30\nO1001\n#1=0\nN5 #1=#1+1\nG0 X#1\nIF [#1 LT 2] GOTO 5\n"
      "M99\n");
  EXPECT_EQ(endPoints(p), (std::vector<Vec3>{{1, 0, 0}, {2, 0, 0}}));
}

TEST(MacroB, IfThenAndVacantVariables) {
  // #3 stays vacant: the Y word that reads it is omitted, as the controls omit it.
  const Program p = runFanuc(
      "O1000\nG21 G90\nG0 Y4.\n#1=5\nIF [#1 GT 3] THEN #2=10\nIF [#1 GT 9] THEN #3=7\n"
      "G0 X#2 Y#3\n");
  EXPECT_EQ(endPoints(p), (std::vector<Vec3>{{0, 4, 0}, {10, 4, 0}}));
  // EQ and NE tell a vacant variable from 0; arithmetic and GT/LT read it as 0.
  const Program q = runFanuc(
      "O1000\nG21 G90\nIF [#1 EQ #0] THEN #2=1\nIF [#1 EQ 0] THEN #3=1\nIF [#1 GE 0] THEN #5=2\n"
      "#4=#1+5\nG0 X#2 Y#4 Z#5\nG0 Z#3\n");
  EXPECT_EQ(endPoints(q), (std::vector<Vec3>{{1, 5, 2}}));  // G0 Z#3 is G0 alone
}

TEST(MacroB, FanucFunctions) {
  // FIX toward zero and FUP away from it (LinuxCNC: floor, ceil); angles in degrees.
  const Program p = runFanuc(
      "O1000\nG21 G90\n#1=FIX[-1.5]\n#2=FUP[-1.2]\n#3=ROUND[2.5]\nG0 X#1 Y#2 Z#3\n"
      "#4=SIN[30]*2+ATAN[1]/[1]+SQRT[16]+ABS[-3]+FUP[1.2]\nG0 X#4\n");
  EXPECT_EQ(p.moves.size(), 2u);
  expectNear(p.moves[0].to, Vec3(-1, -2, 3));
  expectNear(p.moves[1].to, Vec3(1 + 45 + 4 + 3 + 2, -2, 3));
}

TEST(MacroB, WhatIsNotModelledIsRefusedByName) {
  const auto refused = [](const std::string& line) { return fanucError("O1000\n" + line + "\n"); };
  EXPECT_EQ(refused("DPRNT[X#1]"),
            "t.nc:2:1: dprnt: the macro B output statements (DPRNT, BPRNT, POPEN, PCLOS) are not "
            "supported");
  EXPECT_EQ(refused("#3000=1(TOOL BROKEN)"),
            "t.nc:2:1: #3000 (alarm): a Fanuc system variable the reader does not model");
  EXPECT_THAT(refused("G0 X#5001"), HasSubstr("#5001 (positions): a Fanuc system variable"));
  EXPECT_THAT(refused("#1=#4001"), HasSubstr("#4001 (modal information)"));
  EXPECT_THAT(refused("#5221=1."), HasSubstr("writing a work offset is not supported"));
  EXPECT_EQ(refused("#1=#5221\nG0 X1."), "");  // G54's X, as LinuxCNC keeps it
  EXPECT_THAT(refused("G65 P9010 A1."), HasSubstr("G65: macro calls (G65, G66, G66.1, G67)"));
  EXPECT_THAT(refused("N5 G66 P9010"), HasSubstr("G66: macro calls"));
  EXPECT_THAT(refused("#1=BIN[3]"), HasSubstr("bin: a custom macro B function"));
  EXPECT_THAT(refused("G0 X[ROUND[1.23]]"), HasSubstr("ROUND in an NC word"));
  EXPECT_THAT(refused("WHILE [1] DO4\nEND4"), HasSubstr("is 1, 2 or 3"));
  EXPECT_THAT(refused("#1=1\n#2=1\nIF [#1 GT 0 AND #2 LT 5] GOTO 10\nN10"),
              HasSubstr("AND, OR or XOR beside other operators without brackets"));
  EXPECT_EQ(refused("#1=1\n#2=1\nIF [[#1 GT 0] AND [#2 LT 5]] GOTO 10\nN10 G0 X1."), "");
  EXPECT_THAT(refused("#1=[3 AND 2]"), HasSubstr("work on the bits"));
  EXPECT_EQ(refused("#0=1"), "t.nc:2:1: #0 is always vacant: it cannot be assigned");
  EXPECT_THAT(refused("#40=1"), HasSubstr("no variables #34-#99"));
  EXPECT_THAT(refused("G0 X#500"), HasSubstr("#500 is read before the program sets it"));
  EXPECT_THAT(refused("#1=ATAN[-1]/[1]"), HasSubstr("atan gives a negative angle here"));
  EXPECT_THAT(refused("IF [1 GT 0] THEN"), HasSubstr("IF ... ELSE ... ENDIF"));
  EXPECT_THAT(refused("IF [1 GT 0] THEN G0 X1."), HasSubstr("only an assignment"));
  EXPECT_THAT(refused("#1=#1+1 G0 X1."), HasSubstr("takes its whole block"));
  EXPECT_THAT(refused("G0 X-#1"), HasSubstr("a sign before a vacant variable"));
  EXPECT_EQ(refused("GOTO 10\nWHILE [1] DO1\nN10 G0 X1.\nEND1"),
            "t.nc:2:1: GOTO 10: N10 (line 4) is inside a WHILE loop that is not running: the "
            "controls do not jump into a loop");
  EXPECT_THAT(refused("WHILE [1] DO1\nWHILE [1] DO1\nEND1\nEND1"),
              HasSubstr("nested loops need other identifiers"));
  // Also when the outer loop is skipped: its END1 is not the inner WHILE.
  EXPECT_EQ(refused("WHILE [0] DO1\nWHILE [1] DO1\nG0 X1.\nEND1\nEND1\nG0 X2."),
            "t.nc:3:1: WHILE [...] DO1 inside a loop DO1 (line 2): nested loops need other "
            "identifiers");
  EXPECT_THAT(refused("WHILE [1] DO1\nG0 X1."),
              HasSubstr("t.nc:2: loop WHILE [...] DO1 not closed at the end of the file (line 3)"));
}

TEST(MacroB, EndlessLoopsAndJumpsStopAtTheLimit) {
  for (const std::string& endless : {std::string("O1000\nWHILE [1] DO1\nG0 X1.\nEND1\nM30\n"),
                                     std::string("O1000\nN1 G0 X1.\nGOTO 1\nM30\n")}) {
    try {
      runFanuc(endless, Dialect::Fanuc, 1000);
      ADD_FAILURE() << "an endless loop was accepted";
    } catch (const InputError& e) {
      EXPECT_THAT(e.what(), HasSubstr("taken as endless"));
    }
  }
  // Far below the line limit, a loop driving the tool out of range says it may be endless.
  EXPECT_THAT(fanucError("O1000\nN10 G91 G0 Z-300000.\nGOTO 10\n"),
              HasSubstr("t.nc:2:12: Z -1200000 mm is outside the supported range (±1e6 mm) after "
                        "8 lines run in loops, jumps back and calls (an endless loop?)"));
}

// A variable numbered by a vacant value (#[#33]) or by a NaN was converted to an integer
// before its range was tested: undefined behaviour (fuzz/regressions/gcode/).
TEST(MacroB, AVariableNumberedByNoNumberIsRefused) {
  EXPECT_THAT(fanucError("O1000\nG21 G90\n#1=#[#33]\nM30\n"),
              HasSubstr("t.nc:3:4: #<vacant>: a vacant value names no variable"));
  EXPECT_THAT(fanucError("O1000\nG21 G90\n#1=#[100000]\nM30\n"),
              HasSubstr("#100000: no such variable"));
}

// Fanuc's M98 P: past four digits, the leading ones are the repeat count and the last four
// the program number (Fanuc's manuals: M98 P51002 calls O1002 five times). Read as O41001 the
// call was an error naming a program that is not there.
TEST(MacroB, FanucM98PCarriesTheRepeatCountBeforeTheProgramNumber) {
  const std::string sub = "M30\nO1001\nG91 G1 X5. F100.\nG90\nM99\n";
  const Program p = runFanuc("O1000\nG21 G90\nG0 X0 Y0 Z10.\nM98 P41001\n" + sub);
  ASSERT_EQ(p.moves.size(), 5u);  // the rapid, then O1001 four times
  expectNear(p.moves.back().to, Vec3(20, 0, 10));
  expectNear(runFanuc("O1000\nG21 G90\nG0 X0 Y0 Z10.\nM98 P00011001\n" + sub).moves.back().to,
             Vec3(5, 0, 10));
  EXPECT_EQ(fanucError("O1000\nM98 P41001 L2\n" + sub),
            "t.nc:2:12: M98 P41001: the repeat count is given twice, by P's digits before the "
            "program number (4) and by L");
  EXPECT_EQ(fanucError("O1000\nM98 P40000\n" + sub),
            "t.nc:2:1: M98 P40000: no program number in P's last four digits (O0000)");
}

// Haas numbers programs up to O99999 and repeats with L only: M98 P41001 calls O41001 once.
TEST(MacroB, HaasM98PIsTheProgramNumber) {
  const Program p = runFanuc(
      "O01000\nG21 G90\nG0 X0 Y0 Z10.\nM98 P41001\nM30\nO41001\nG91 G1 X5. F100.\nG90\nM99\n",
      Dialect::Haas);
  ASSERT_EQ(p.moves.size(), 2u);
  expectNear(p.moves.back().to, Vec3(5, 0, 10));
}

}  // namespace
}  // namespace gougechek
