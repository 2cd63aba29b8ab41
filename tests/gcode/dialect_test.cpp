// --dialect: number formats, codes each controller lacks, and each arc radius rule.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <vector>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::expectNear;

Program runIn(Dialect dialect, const std::string& text,
              std::optional<double> arc_tolerance = std::nullopt) {
  std::istringstream in(text);
  ProgramOptions options;
  options.dialect = dialect;
  options.arc_tolerance_mm = arc_tolerance;
  return readProgram(in, "t.nc", options);
}

std::string errorIn(Dialect dialect, const std::string& text,
                    std::optional<double> arc_tolerance = std::nullopt) {
  try {
    runIn(dialect, text, arc_tolerance);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Dialect, NamesRoundTrip) {
  for (const char* name : {"linuxcnc", "fanuc", "haas", "grbl"})
    EXPECT_STREQ(dialectName(*dialectFromName(name)), name);
  EXPECT_FALSE(dialectFromName("mach3"));
}

TEST(Dialect, FanucAndHaasIntegersCountLeastIncrements) {
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    const Program p = runIn(dialect, "G21 G0 X100 Y2. Z-5\nG20 X100 Y2.5\nG21 G1 X1.5 F100\n");
    ASSERT_EQ(p.moves.size(), 3u);
    expectNear(p.moves[0].to, Vec3(0.1, 2, -0.005));
    expectNear(p.moves[1].to, Vec3(0.01 * 25.4, 2.5 * 25.4, -0.005));
    expectNear(p.moves[2].to, Vec3(1.5, 2.5 * 25.4, -0.005));
  }
}

TEST(Dialect, LinuxCncAndGrblIntegersAreWholeUnits) {
  for (Dialect dialect : {Dialect::LinuxCnc, Dialect::Grbl}) {
    const Program p = runIn(dialect, "G21 G0 X100 Z-5\n");
    ASSERT_EQ(p.moves.size(), 1u);
    expectNear(p.moves[0].to, Vec3(100, 0, -5));
  }
}

TEST(Dialect, FanucArcOffsetsAndRadiiScaleToo) {
  const Program p = runIn(Dialect::Fanuc, "G21 G0 X0 Y0\nG2 X20000 Y0 I10000 J0 F100\n");
  ASSERT_EQ(p.moves.size(), 2u);
  expectNear(p.moves[1].to, Vec3(20, 0, 0));
  expectNear(p.moves[1].center, Vec3(10, 0, 0));
}

/// The X of every hole bottom (the feed moves down to Z-3) of `p`.
std::vector<double> holeBottoms(const Program& p) {
  std::vector<double> xs;
  for (const Move& move : p.moves)
    if (move.kind == MoveKind::Feed && std::abs(move.to.z + 3) < 1e-9) xs.push_back(move.to.x);
  return xs;
}

TEST(Dialect, FanucAndHaasCancelWithAnOffsetNumber) {
  // Fanuc and Haas posts write "G49 H0" and "G40 D0"; LinuxCNC refuses the words.
  const std::string program = "G21 G0 X1.\nG49 H0\nG40 D0\nG0 X2.\n";
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas})
    EXPECT_EQ(runIn(dialect, program).moves.size(), 2u);
  EXPECT_THAT(errorIn(Dialect::LinuxCnc, "G21 G0 X1\nG49 H0\n"),
              HasSubstr("t.nc:2:5: H word with no G43"));
  // An H without a cancel still changes nothing the reader models: refused in every dialect.
  EXPECT_THAT(errorIn(Dialect::Fanuc, "G21 G0 X1.\nG1 X2. H1 F100\n"),
              HasSubstr("H word with no G43"));
}

TEST(Dialect, FanucAndHaasRepeatHoleCyclesWithK) {
  // Hostile pass D3: K3 in G91 drills three holes 3 mm apart, as LinuxCNC's L3 does.
  const std::string program =
      "%\nO1000\nG21 G90 G17\nG0 Z30.\nG0 X-10. Y5. Z12.\nG91 G81 X3. Z-6. R-9. K3 F100.\n"
      "G90 G80\nG0 Z30.\nM30\n%\n";
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    EXPECT_THAT(holeBottoms(runIn(dialect, program)), testing::ElementsAre(-7, -4, -1));
    // K is a count, never least increments; a modal cycle with axis words repeats too.
    EXPECT_THAT(holeBottoms(runIn(dialect, "G21 G0 Z5\nG81 X1. Z-3. R1. F100\nX5. K2\n")),
                testing::ElementsAre(1, 5, 5));
    // K0 (or Haas's L0) stores the cycle and drills nothing; the next line drills with it.
    const Program stored = runIn(dialect, "G21 G0 X1. Z5.\nG81 X9. Z-3. R1. K0 F100\nX5.\n");
    EXPECT_THAT(holeBottoms(stored), testing::ElementsAre(5));
    EXPECT_THAT(holeBottoms(runIn(dialect, "G21 G0 Z5.\nG81 X9. Z-3. R1. L0 F100\nX5.\n")),
                testing::ElementsAre(5));
    EXPECT_THAT(errorIn(dialect, "G21 G0 Z5.\nG81 X9. Z-3. R1. K2 L2 F100\n"),
                HasSubstr("t.nc:2:18: K and L on one cycle line"));
    EXPECT_THAT(errorIn(dialect, "G21 G0 Z5.\nG81 X9. Z-3. R1. K-1 F100\n"),
                HasSubstr("t.nc:2:18: G81: K or L (repeats) must be a whole number from 0"));
    // Their G87 is a back boring cycle, not LinuxCNC's.
    EXPECT_THAT(errorIn(dialect, "G21 G0 Z5.\nM3 S100\nG87 X1. Z-3. R1. I1. J1. K-1. F100\n"),
                HasSubstr("t.nc:3:1: G87: not in the"));
  }
  // LinuxCNC has no K on a drilling cycle, and no L0.
  EXPECT_THAT(errorIn(Dialect::LinuxCnc, "G21 G0 Z5\nG81 X1 Z-3 R1 K3 F100\n"),
              HasSubstr("t.nc:2:15: K word with no G2, G3"));
  EXPECT_THAT(errorIn(Dialect::LinuxCnc, "G21 G0 Z5\nG81 X1 Z-3 R1 L0 F100\n"),
              HasSubstr("from 1 to 1000000"));
}

TEST(Dialect, FanucAndHaasContinueArcsWithCentreWordsAlone) {
  // Mastercam's Haas post: the second full circle is a line holding only its centre word.
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    const Program p = runIn(dialect, "G21 G17 G0 X0 Y0\nG3 X0. Y0. J5. F100.\nJ5000\n");
    ASSERT_EQ(p.moves.size(), 3u);
    EXPECT_EQ(p.moves[2].kind, MoveKind::Arc);
    EXPECT_EQ(p.moves[2].line, 3u);
    expectNear(p.moves[2].center, Vec3(0, 5, 0));
  }
}

TEST(Dialect, FanucAndHaasDwellWithX) {
  // G04 X1.5 waits 1.5 s there; LinuxCNC would move X with the modal G1.
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    const Program p = runIn(dialect, "G21 G1 X0 Y0 Z5. F100\nG04 X1.5\nG04 P500\nG1 X10.\n");
    ASSERT_EQ(p.moves.size(), 2u);
    EXPECT_EQ(p.moves[1].line, 4u);
    expectNear(p.moves[1].from, Vec3(0, 0, 5));
  }
  EXPECT_EQ(runIn(Dialect::LinuxCnc, "G21 G1 X0 Y0 Z5 F100\nG4 X1.5 P1\n").moves.size(), 2u);
}

TEST(Dialect, GrblRejectsWhatGrblLacks) {
  EXPECT_EQ(errorIn(Dialect::Grbl, "G21\nG81 X1 Y1 Z-1 R1 F100\n"),
            "t.nc:2:1: G81: not in the grbl dialect (--dialect); this is valid in --dialect "
            "linuxcnc, --dialect fanuc or --dialect haas");
  EXPECT_THAT(errorIn(Dialect::Grbl, "T1 M6\n"), HasSubstr("t.nc:1:4: M6: not in the grbl"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "G43 H1\n"), HasSubstr("G43: not in the grbl"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "o100 sub\no100 endsub\n"), HasSubstr("O-words"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "#1=5\n"), HasSubstr("parameters"));
  // grbl continues no arc with centre words alone (LinuxCNC, Fanuc and Haas do).
  EXPECT_THAT(errorIn(Dialect::Grbl, "G21 G3 X0 Y0 J5 F100\nJ5\n"),
              HasSubstr("t.nc:2:1: centre words (I, J, K) on a line without axis words: not in "
                        "the grbl dialect"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "G21 G3 X0 Y0 J5 F100\nK5\n"), HasSubstr("t.nc:2:1: centre"));
  EXPECT_THAT(errorIn(Dialect::Grbl, "G0 X1 D3\n"), HasSubstr("D words"));
  EXPECT_EQ(errorIn(Dialect::Grbl, "G21 G17 G90 G94 G54 G0 X1 M3 S1000\nG43.1 Z2\nM5 M30\n"), "");
}

TEST(Dialect, FanucRejectsLinuxCncOnlyStatementsButRunsNumberedPrograms) {
  EXPECT_THAT(errorIn(Dialect::Fanuc, "o100 sub\no100 endsub\n"),
              HasSubstr("LinuxCNC O-word statements"));
  EXPECT_THAT(errorIn(Dialect::Haas, "G90.1\n"), HasSubstr("G90.1: not in the haas dialect"));
  EXPECT_THAT(errorIn(Dialect::Fanuc, "G10 L20 P1 X0\n"), HasSubstr("G10 L20"));
  const Program p =
      runIn(Dialect::Fanuc, "O0001\nG21 G90\nM98 P1000\nM30\nO1000\nG1 X5. F100.\nM99\n");
  ASSERT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(p.moves[0].to.x, 5.0);
}

TEST(Dialect, HaasPalletAndUserMCodesAreNotLinuxcncOverrides) {
  // No "valid in --dialect linuxcnc" hint: there M50 is another code, not the pallet change.
  EXPECT_EQ(errorIn(Dialect::Haas, "G0 X1.\nM50\nG0 X2.\nM30\n"),
            "t.nc:2:1: M50 pallet change (haas dialect): it can move the machine, and cannot be "
            "checked");
  EXPECT_THAT(errorIn(Dialect::Haas, "M48\n"), HasSubstr("M48 check the program against"));
  EXPECT_EQ(errorIn(Dialect::LinuxCnc, "G0 X1\nM50 P1\nM2\n"), "");  // LinuxCNC's feed override
}

TEST(Dialect, GrblIgnoresTheOffsetNormalToTheArcPlane) {
  const std::string arc = "G21 G17 G0 X0 Y0\nG2 X20 Y0 I10 J0 K0 F100\n";
  EXPECT_THAT(errorIn(Dialect::LinuxCnc, arc), HasSubstr("K word given"));
  const Program p = runIn(Dialect::Grbl, arc);
  ASSERT_EQ(p.moves.size(), 2u);
  expectNear(p.moves[1].center, Vec3(10, 0, 0));
}

// Start radius 10, end radius 10 + d (decimal points throughout: the same in every dialect).
std::string spiral(double d) {
  return "G21 G0 X0. Y0.\nG3 X" + std::to_string(20 + d) + " Y0. I10. J0. F100.\n";
}

TEST(Dialect, GrblArcRuleRejectsBeyondFiveMicronsAndOnePermille) {
  EXPECT_EQ(errorIn(Dialect::Grbl, spiral(0.009)), "");  // ≤ 0.1 % of 10 mm
  EXPECT_THAT(errorIn(Dialect::Grbl, spiral(0.011)), HasSubstr("radius mismatch"));
  EXPECT_EQ(errorIn(Dialect::Grbl, spiral(0.011), 0.02), "");  // --arc-tolerance
  // LinuxCNC's rule lets 0.028 mm through regardless of the radius.
  EXPECT_EQ(errorIn(Dialect::LinuxCnc, spiral(0.011)), "");
  EXPECT_THAT(errorIn(Dialect::LinuxCnc, spiral(0.011), 0.005), HasSubstr("radius mismatch"));
}

TEST(Dialect, FanucAcceptsAnySpiralUnlessAToleranceIsGiven) {
  const Program p = runIn(Dialect::Fanuc, spiral(2.0));
  ASSERT_EQ(p.moves.size(), 2u);
  expectNear(p.moves[1].center, Vec3(10, 0, 0));  // from the start point
  EXPECT_THAT(errorIn(Dialect::Haas, spiral(2.0), 1.0), HasSubstr("radius mismatch"));
  EXPECT_EQ(errorIn(Dialect::Haas, spiral(0.5), 1.0), "");
}

TEST(Dialect, FanucAndHaasSemicolonEndsTheBlockSoTextAfterItIsRefused) {
  // On these controls ';' is the end of block: "G1 X1.; G1 X2." is two blocks, and reading the
  // second as a comment would leave its move unchecked.
  for (Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    EXPECT_THAT(errorIn(dialect, "G21 G90 G0 X0 Y0 Z5\nG1 X1. F100.; G1 X2.\n"),
                testing::AllOf(HasSubstr("t.nc:2:15"), HasSubstr("a second block"),
                               testing::Not(HasSubstr("valid in --dialect"))))
        << dialectName(dialect);
    // An end of block with nothing after it but blanks and comments is just that.
    const Program p =
        runIn(dialect, "%\n;\nG21 G90 G0 X0 Y0 Z5.;\nG1 X1. F100.; (cut) ;\nM30;\n%\n");
    ASSERT_EQ(p.moves.size(), 2u) << dialectName(dialect);
    expectNear(p.moves[1].to, {1, 0, 5});
  }
  // LinuxCNC and grbl read ';' as a comment to the end of the line.
  for (Dialect dialect : {Dialect::LinuxCnc, Dialect::Grbl}) {
    const Program p = runIn(dialect, "G21 G90 G0 X0 Y0 Z5\nG1 X1. F100. ; G1 X2.\n");
    ASSERT_EQ(p.moves.size(), 2u) << dialectName(dialect);
    expectNear(p.moves[1].to, {1, 0, 5});
  }
}

}  // namespace
}  // namespace gougechek
