#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;
using testing_support::expectNear;
using testing_support::run;

TEST(Interpreter, LinearMovesStartAtTheOriginAndKeepTheirLines) {
  const Program p = run("G21 G90\n\nG0 X10 Y5 Z50\nG1 Z2 F100\n");
  ASSERT_EQ(p.moves.size(), 2u);
  EXPECT_EQ(p.lines, 4u);
  EXPECT_EQ(p.moves[0].kind, MoveKind::Rapid);
  EXPECT_EQ(p.moves[0].from, Vec3(0, 0, 0));
  EXPECT_EQ(p.moves[0].to, Vec3(10, 5, 50));
  EXPECT_EQ(p.moves[0].line, 3u);
  EXPECT_EQ(p.moves[1].kind, MoveKind::Feed);
  EXPECT_EQ(p.moves[1].from, Vec3(10, 5, 50));
  EXPECT_EQ(p.moves[1].to, Vec3(10, 5, 2));
  EXPECT_EQ(p.moves[1].line, 4u);
}

TEST(Interpreter, AxisWordsAloneRepeatTheMotionMode) {
  const Program p = run("G1 X1 F10\nY2\nG0 Z3\nX4\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[1].kind, MoveKind::Feed);
  EXPECT_EQ(p.moves[1].to, Vec3(1, 2, 0));
  EXPECT_EQ(p.moves[3].kind, MoveKind::Rapid);
  EXPECT_EQ(p.moves[3].to, Vec3(4, 2, 3));
}

TEST(Interpreter, MotionCodeWithoutAxisWordsMovesNothing) {
  // (a program must command some move: the last line gives the one move)
  EXPECT_EQ(run("G0\nG1 F100\nG1 X1\n").moves.size(), 1u);
}

TEST(Interpreter, InchesAreConvertedToMillimetres) {
  const Program p = run("G20 G0 X1 Y-0.5\nG21 G0 Z2\n");
  ASSERT_EQ(p.moves.size(), 2u);
  EXPECT_EQ(p.moves[0].to, Vec3(25.4, -12.7, 0));
  EXPECT_EQ(p.moves[1].to, Vec3(25.4, -12.7, 2));
}

TEST(Interpreter, IncrementalDistanceMode) {
  const Program p = run("G0 X10 Y10\nG91 G0 X1 Y-2\nX1\nG20 Z1\nG90 X0\n");
  ASSERT_EQ(p.moves.size(), 5u);
  EXPECT_EQ(p.moves[1].to, Vec3(11, 8, 0));
  EXPECT_EQ(p.moves[2].to, Vec3(12, 8, 0));
  EXPECT_EQ(p.moves[3].to, Vec3(12, 8, 25.4));
  EXPECT_EQ(p.moves[4].to, Vec3(0, 8, 25.4));
}

TEST(Interpreter, ArcWithCentreOffsetsInXy) {
  const Program p = run("G0 X10\nG2 X20 I5 F100\n");
  ASSERT_EQ(p.moves.size(), 2u);
  const Move& arc = p.moves[1];
  EXPECT_EQ(arc.kind, MoveKind::Arc);
  EXPECT_EQ(arc.from, Vec3(10, 0, 0));
  EXPECT_EQ(arc.to, Vec3(20, 0, 0));
  EXPECT_EQ(arc.center, Vec3(15, 0, 0));
  EXPECT_EQ(arc.axis, Vec3(0, 0, -1));
  EXPECT_EQ(arc.turns, 0);
}

TEST(Interpreter, CounterClockwiseArcTurnsAboutPlusZ) {
  const Program p = run("G0 X10\nG3 X0 Y10 I-10 F100\n");
  EXPECT_EQ(p.moves[1].axis, Vec3(0, 0, 1));
  EXPECT_EQ(p.moves[1].center, Vec3(0, 0, 0));
}

TEST(Interpreter, FullCircleAndHelixWithTurns) {
  const Program p = run("G0 X10 Z1\nG3 I-10 F100\nG2 X10 Y0 Z-2 I-10 P3\n");
  ASSERT_EQ(p.moves.size(), 3u);
  EXPECT_EQ(p.moves[1].to, p.moves[1].from);
  EXPECT_EQ(p.moves[1].center, Vec3(0, 0, 1));
  EXPECT_EQ(p.moves[1].turns, 0);
  EXPECT_EQ(p.moves[2].to, Vec3(10, 0, -2));
  EXPECT_EQ(p.moves[2].center, Vec3(0, 0, 1));  // in the plane of the start point
  EXPECT_EQ(p.moves[2].turns, 2);
}

TEST(Interpreter, RadiusArcsTakeTheShortOrTheLongWay) {
  const Program p = run("G2 X10 R6 F100\nG2 X0 R-6\n");
  ASSERT_EQ(p.moves.size(), 2u);
  // clockwise, R > 0: centre right of the chord (below it for a chord along +X)
  expectNear(p.moves[0].center, Vec3(5, -std::sqrt(11.0), 0), 1e-12);
  // clockwise, R < 0: centre on the other side, the arc longer than a half circle
  expectNear(p.moves[1].center, Vec3(5, -std::sqrt(11.0), 0), 1e-12);
  const Program q = run("G3 X10 R-6 F100\n");
  expectNear(q.moves[0].center, Vec3(5, -std::sqrt(11.0), 0), 1e-12);
}

TEST(Interpreter, XzPlaneArcTurnsAboutY) {
  const Program p = run("G18 G0 X10\nG2 X0 Z10 I-10 K0 F100\nG3 X-10 Z0 R10\n");
  ASSERT_EQ(p.moves.size(), 3u);
  EXPECT_EQ(p.moves[1].axis, Vec3(0, -1, 0));  // LinuxCNC: G2 in G18 about -Y
  EXPECT_EQ(p.moves[1].center, Vec3(0, 0, 0));
  EXPECT_EQ(p.moves[2].axis, Vec3(0, 1, 0));
  expectNear(p.moves[2].center, Vec3(-10, 0, 10), 1e-12);  // the short way about +Y
}

TEST(Interpreter, YzPlaneArcTurnsAboutX) {
  const Program p = run("G19 G0 Y10\nG2 Y0 Z10 J-10 F100\n");
  EXPECT_EQ(p.moves[1].axis, Vec3(-1, 0, 0));
  EXPECT_EQ(p.moves[1].center, Vec3(0, 0, 0));
}

TEST(Interpreter, AbsoluteArcCentresWithG901) {
  const Program p = run("G90.1 G0 X10\nG2 X20 I15 J0 F100\nG91.1 G2 X30 I5\n");
  EXPECT_EQ(p.moves[1].center, Vec3(15, 0, 0));
  EXPECT_EQ(p.moves[2].center, Vec3(25, 0, 0));
}

TEST(Interpreter, InchArcs) {
  const Program p = run("G20 G0 X1\nG3 X-1 I-1 F10\n");
  EXPECT_EQ(p.moves[1].to, Vec3(-25.4, 0, 0));
  EXPECT_EQ(p.moves[1].center, Vec3(0, 0, 0));
}

TEST(Interpreter, ArcEndSlightlyOffItsCircleIsAcceptedWithinLinuxcncTolerance) {
  EXPECT_EQ(errorOf("G0 X10\nG3 X-10.02 I-10 F100\n"), "");                // 0.02 mm
  EXPECT_EQ(errorOf("G0 X1000\nG3 X-1002 I-1000 F100\n").empty(), false);  // 2 mm, 0.2 %
  EXPECT_EQ(errorOf("G0 X10000\nG3 X-10002.7 I-10000 F100\n"), "");        // 0.027 %, < 2.83 mm
}

TEST(Interpreter, ArcOffItsCircleIsAnErrorWithPlace) {
  EXPECT_EQ(errorOf("G0 X10\nG1 F100\n  G3 X-10.5 I-10\n"),
            "t.nc:3:3: G3 arc: radius mismatch 0.5 mm between start and end (allowed 0.02828 mm)");
}

TEST(Interpreter, RadiusTooSmallIsAnError) {
  EXPECT_EQ(errorOf("G2 X10 R4.9988 F100\n"), "");  // within RADIUS_TOLERANCE
  EXPECT_THAT(errorOf("G2 X10 R4.9986 F100\n"),
              HasSubstr("t.nc:1:1: G2 arc: radius 4.999 mm too small to reach the end point"));
  EXPECT_THAT(errorOf("G2 X0 R5 F100\n"), HasSubstr("t.nc:1:1: G2 arc: R format cannot make"));
}

TEST(Interpreter, ArcWordErrors) {
  EXPECT_THAT(errorOf("G2 X1 F1\n"), HasSubstr("t.nc:1:1: G2 arc: needs R or the centre I/J"));
  EXPECT_THAT(errorOf("G2 X1 I1 R1 F1\n"), HasSubstr("both R and a centre"));
  EXPECT_THAT(errorOf("G2 X1 I1 K0 F1\n"), HasSubstr("t.nc:1:10: G2 arc: K word given"));
  EXPECT_THAT(errorOf("G2 X1 I1 P1.5 F1\n"), HasSubstr("P (number of turns)"));
  // A helix of a million turns cost gigabytes; the limit names itself.
  EXPECT_EQ(errorOf("G21 G2 X10 Y10 Z5 I900000 J0 P1000000 F1\n"),
            "t.nc:1:30: G2 arc: P (number of turns) above the supported 10000 turns");
  EXPECT_EQ(errorOf("G21 G2 X2 I1 P10000 F1\n"), "");
}

TEST(Interpreter, CentreWordsAloneContinueTheModalArc) {
  // Mastercam's Haas post: a full circle, then a line holding only the centre word for a second
  // one. LinuxCNC runs both circles (tests/gcode/programs/arcs_centre_words_alone.ngc).
  const Program p = run("G21 G17 F100\nG3 X0 Y0 J5\nJ5\nI-5 J0\nG18 G2 X0 Z0 I5\nK5\n");
  ASSERT_EQ(p.moves.size(), 5u);
  for (const Move& move : p.moves) {
    EXPECT_EQ(move.kind, MoveKind::Arc);
    EXPECT_EQ(move.to, Vec3(0, 0, 0));
  }
  EXPECT_EQ(p.moves[1].line, 3u);
  EXPECT_EQ(p.moves[1].center, Vec3(0, 5, 0));
  EXPECT_EQ(p.moves[2].center, Vec3(-5, 0, 0));
  EXPECT_EQ(p.moves[4].center, Vec3(0, 0, 5));
  EXPECT_EQ(p.moves[4].axis, Vec3(0, -1, 0));
  // The continued arc checks its words as any arc does.
  EXPECT_EQ(errorOf("G3 X0 Y0 J5 F100\nK5\n"),
            "t.nc:2:1: G3 arc: K word given for an arc in the G17 plane");
  EXPECT_THAT(errorOf("G93 G3 X0 Y0 J5 F100\nJ5\n"), HasSubstr("t.nc:2:1: G3 in inverse time"));
}

TEST(Interpreter, WordsNoCodeOfTheLineUsesAreRefused) {
  // LinuxCNC's check_other_codes: each word with the codes that may use it.
  EXPECT_EQ(errorOf("G3 X0 Y0 J5 F100\nR5\n"),
            "t.nc:2:1: R word with no G2, G3, G10, G41.1, G42.1, a canned cycle or M19 to use "
            "it (no code on the line reads it)");
  EXPECT_THAT(errorOf("G0 Z5\nG81 X1 Z-1 R1 P1 F100\n"),
              HasSubstr("t.nc:2:15: P word with no G2, G3, G4, G10, G64"));
  EXPECT_THAT(errorOf("G1 X1 H1 F100\n"), HasSubstr("t.nc:1:7: H word with no G43 to use it"));
  EXPECT_THAT(errorOf("G1 X1 D1 F100\n"), HasSubstr("t.nc:1:7: D word with no G41"));
  EXPECT_THAT(errorOf("G1 X1 L2 F100\n"), HasSubstr("t.nc:1:7: L word with no G10"));
  EXPECT_THAT(errorOf("G1 X1 Q2 F100\n"), HasSubstr("t.nc:1:7: Q word with no G10"));
  EXPECT_THAT(errorOf("G1 X1 F100\nJ5\n"), HasSubstr("t.nc:2:1: J word with no G2, G3"));
  EXPECT_THAT(errorOf("G1 X1 K5 F100\n"), HasSubstr("t.nc:1:7: K word with no G2, G3"));
  EXPECT_THAT(errorOf("G3 X0 Y0 J5 F100\nG92 X1 J5\n"), HasSubstr("t.nc:2:8: J word with no"));
  EXPECT_THAT(errorOf("G0 Z5\nG81 X1 Z-1 R1 A0 F100\n"),
              HasSubstr("t.nc:2:15: cannot put A in a canned cycle"));
  EXPECT_EQ(errorOf("G10 L2 P1 X1 I1\nG0 X1\n"),
            "t.nc:1:14: G10 L2: I words are not allowed with it");
  // The codes that use them.
  EXPECT_EQ(errorOf("G64 P0.01 Q0.01\nG0 Z5\nG82 X1 Z-1 R1 P1 L2 F100\nG83 X2 Z-1 R1 Q0.5\n"
                    "G4 P1\nM61 Q0\nG43 H0\nG96 D2000 S100\nM19 R10\nG91 G2 X0 I1 P2\nM2\n"),
            "");
}

TEST(Interpreter, FeedMovesNeedAFeedRate) {
  EXPECT_EQ(errorOf("G0 X1\nG1 X2\n"), "t.nc:2:1: G1 with zero feed rate (no F word before it)");
  EXPECT_EQ(errorOf("G1 X2 F0\n"), "t.nc:1:1: G1 with zero feed rate (no F word before it)");
  EXPECT_THAT(errorOf("G2 X2 I1\n"), HasSubstr("t.nc:1:1: G2 with zero feed rate"));
  EXPECT_THAT(errorOf("G93 G1 X1 F2\nX2\n"), HasSubstr("t.nc:2:1: G1 in inverse time mode"));
  EXPECT_EQ(errorOf("G0 X5\n"), "");
}

TEST(Interpreter, UnknownOrUnsupportedCodesAreErrors) {
  EXPECT_EQ(errorOf("G1 F1 X1\nG5 X2\n"), "t.nc:2:1: G5 splines are not supported yet");
  EXPECT_THAT(errorOf("F1 M3\nG88 X1 Z-1 R1 P1\n"), HasSubstr("t.nc:2:1: G88 boring cycle is not"));
  EXPECT_EQ(errorOf("G41 D1\nG41 D1\n"),
            "t.nc:2:1: G41: cannot turn cutter radius compensation on when it is already on");
  EXPECT_EQ(errorOf("G10 L3 P1 Z5\n"),
            "t.nc:1:1: G10: only L1, L10, L11 (tool table) and L2, L20 (work offsets) are "
            "supported");
  EXPECT_EQ(errorOf("G12 X1\n"), "t.nc:1:1: unknown G code G12");
  EXPECT_EQ(errorOf("M40\n"), "t.nc:1:1: unknown M code M40");
  EXPECT_EQ(errorOf("M98 P100\n"),
            "t.nc:1:1: call to O100: no such subprogram in this file or in --subprogram-dir");
  EXPECT_EQ(errorOf("G0 A10\n"),
            "t.nc:1:4: A axis: only X, Y and Z move (3-axis); A words are accepted only while they "
            "keep the axis at 0");
  EXPECT_EQ(errorOf("G0 X1 E2\n"), "t.nc:1:7: unknown word E");
  EXPECT_EQ(errorOf("X1\n"), "t.nc:1:1: axis words without a motion mode (G0, G1, G2 or G3)");
  EXPECT_EQ(errorOf("G0 G1 X1 F1\n"),
            "t.nc:1:4: G1 and G0 on one line: both belong to the same modal group");
  EXPECT_EQ(errorOf("G80 X1\n"),
            "t.nc:1:1: G80 cancels the motion mode: axis words are not allowed with it");
}

TEST(Interpreter, G80GivesWayToAnotherMotionCode) {
  const Program p = run("G0 G80 X1\n");
  ASSERT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(p.moves[0].kind, MoveKind::Rapid);
}

TEST(Interpreter, HarmlessCodesAreAcceptedAndWarnedOnceWhereTheyCouldMatter) {
  const Program p =
      run("G17 G21 G40 G49 G64 P0.01 G90 G94 G98 G97 M3 S1000\nM8\nG0 X1 M8\nM9 M5\nG4 P1\nM2\n");
  ASSERT_EQ(p.moves.size(), 1u);
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_EQ(p.warnings[0].line, 2u);
  EXPECT_EQ(p.warnings[0].message, "M8 coolant: ignored");
  EXPECT_EQ(p.warnings[0].file, "t.nc");
  EXPECT_EQ(p.warnings[1].message, "M9 coolant: ignored");
}

TEST(Interpreter, UnknownWorkOffsetAndToolLengthAreTakenAsZeroWithAWarning) {
  const Program p = run("G54 G43 H1 G0 X1\nG53 G0 Z5\nG49\n");
  ASSERT_EQ(p.moves.size(), 2u);
  EXPECT_EQ(p.moves[1].to, Vec3(1, 0, 5));
  ASSERT_EQ(p.warnings.size(), 2u);
  EXPECT_THAT(p.warnings[0].message, HasSubstr("G43 tool length offset: no tool table given"));
  EXPECT_THAT(p.warnings[1].message, HasSubstr("G54 work offset: taken as zero"));
  EXPECT_THAT(errorOf("G91 G53 G0 X1\n"), HasSubstr("G53 cannot be used in incremental mode"));
}

TEST(Interpreter, LengthOffsetOfAnotherToolThanTheLoadedOneIsAWarning) {
  // Hostile pass D15: T1 (50 mm) loaded, H2 (40 mm): T1's tip goes 10 mm below the program.
  ProgramOptions options;
  options.tool_lengths_mm = {{1, 50}, {2, 40}};
  const auto warnings = [&](const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> messages;
    for (const InputWarning& w : readProgram(in, "t.nc", options).warnings)
      messages.push_back(std::to_string(w.line) + ": " + w.message);
    return messages;
  };
  EXPECT_THAT(warnings("G21 G90 G17\nT1 M6\nG43 H2\nG0 Z30\n"),
              testing::ElementsAre("3: G43 H2: the length offset of tool 2 (40 mm) with tool 1 "
                                   "loaded (50 mm): its tip goes 10 mm lower than programmed"));
  EXPECT_THAT(warnings("T2 M6\nG43 H1\nG0 Z30\n"), testing::ElementsAre(HasSubstr("higher")));
  // The loaded tool's own offset, or a tool the table does not know: nothing to say.
  EXPECT_THAT(warnings("T1 M6\nG43 H1\nG0 Z30\nT3 M6\nG43 H1\nG0 Z30\n"), testing::IsEmpty());
  EXPECT_THAT(warnings("T2\nG43 H2\nG0 Z30\n"), testing::IsEmpty());
}

TEST(Interpreter, HomeMovesGoThroughTheIntermediatePoint) {
  const Program p = run("G0 X10 Y5 Z3\nG28 Z10\nG0 X1 Y1 Z1\nG28.1\nG0 X5 Y5 Z5\nG28\nG30 Y2\n");
  ASSERT_EQ(p.moves.size(), 8u);
  EXPECT_EQ(p.moves[1].to, Vec3(10, 5, 10));
  EXPECT_EQ(p.moves[2].to, Vec3(10, 5, 0));
  EXPECT_EQ(p.moves[2].line, 2u);
  EXPECT_EQ(p.moves[4].to, Vec3(5, 5, 5));
  EXPECT_EQ(p.moves[5].to, Vec3(1, 1, 1));  // G28 without axes: all axes home (set by G28.1)
  EXPECT_EQ(p.moves[6].to, Vec3(1, 2, 1));  // G30: via Y2,
  EXPECT_EQ(p.moves[7].to, Vec3(1, 0, 1));  // then Y to the G30 home (never set: 0)
}

TEST(Interpreter, ProgramEndsAtM2AndAtTheClosingPercent) {
  const Program p = run("%\nG0 X1\nM2\nG0 X2\n");
  EXPECT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(p.lines, 4u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0].message, "lines after the program end (line 3) are not executed");
  const Program q = run("%\nG0 X1\n%\nG0 X2\n");
  EXPECT_EQ(q.moves.size(), 1u);
  EXPECT_TRUE(run("G0 X1\nM30\n%\n").warnings.empty());
}

TEST(Interpreter, ToolIsTheOneInTheSpindle) {
  const Program p = run("T1 M6\nG0 X1\nT2\nG0 X2\nM6\nG0 X3\nM61 Q7\nG0 X4\n");
  ASSERT_EQ(p.moves.size(), 4u);
  EXPECT_EQ(p.moves[0].tool, 1);
  EXPECT_EQ(p.moves[1].tool, 1);  // T2 only preselects
  EXPECT_EQ(p.moves[2].tool, 2);
  EXPECT_EQ(p.moves[3].tool, 7);
}

TEST(Interpreter, WithoutToolChangesTWordsSelectTheTool) {
  const Program p = run("G0 X1\nT3\nG0 X2\nT4 G0 X3\n");
  ASSERT_EQ(p.moves.size(), 3u);
  EXPECT_EQ(p.moves[0].tool, 0);
  EXPECT_EQ(p.moves[1].tool, 3);
  EXPECT_EQ(p.moves[2].tool, 4);
}

TEST(Interpreter, BlockDeleteLinesRunWithAWarning) {
  const Program p = run("/G0 X1\n");
  EXPECT_EQ(p.moves.size(), 1u);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_THAT(p.warnings[0].message, HasSubstr("block delete"));
}

// The stock's air-cut times need each move's feed in mm/min (issue 23).
TEST(Interpreter, MovesCarryTheirProgrammedFeedInMillimetresPerMinute) {
  const Program p = run(
      "G21 G90\nG0 X10\nG1 X20 F600\nG2 X30 I5\nG20\nG1 X2 F10\nG93 G1 X3 F2\nG95 G1 X4 F0.1\n");
  ASSERT_EQ(p.moves.size(), 6u);
  EXPECT_EQ(p.moves[0].feed, 0);  // a rapid
  EXPECT_EQ(p.moves[1].feed, 600);
  EXPECT_EQ(p.moves[2].feed, 600);
  EXPECT_NEAR(p.moves[3].feed, 254, 1e-9);
  // G93: the move takes 1/F minutes, so its feed is its length times F.
  EXPECT_NEAR(p.moves[4].feed, 25.4 * 2, 1e-9);
  EXPECT_EQ(p.moves[5].feed, 0);  // G95: per revolution, the spindle speed unknown here
}

}  // namespace
}  // namespace gougechek
