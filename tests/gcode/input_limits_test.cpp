// Reading the program fails closed (issue 8): read errors, over-long lines, deep expressions,
// numbers that overflow or lie beyond the supported range, '%' lines that would silently drop
// the rest of the program, and programs without a move are errors naming file, line and column.
#include "gcode/input_limits.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>

#include "gcode/line_reader.hpp"
#include "gcode/program_reader.hpp"
#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing_support::errorOf;
using testing_support::run;

std::string errorIn(Dialect dialect, const std::string& text) {
  std::istringstream in(text);
  ProgramOptions options;
  options.dialect = dialect;
  try {
    readProgram(in, "t.nc", options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string repeated(const std::string& piece, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) text += piece;
  return text;
}

/// Gives `text`, then fails as a disk or a network file system does (badbit, errno EIO).
class FailingBuffer : public std::streambuf {
 public:
  explicit FailingBuffer(std::string text) : text_(std::move(text)) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }

 protected:
  int_type underflow() override {
    errno = EIO;
    throw std::ios_base::failure("device failed");
  }

 private:
  std::string text_;
};

/// An endless stream of one byte, as /dev/zero.
class EndlessBuffer : public std::streambuf {
 public:
  explicit EndlessBuffer(char byte) : block_(1 << 16, byte) {}

 protected:
  int_type underflow() override {
    setg(block_.data(), block_.data(), block_.data() + block_.size());
    return traits_type::to_int_type(block_[0]);
  }

 private:
  std::string block_;
};

TEST(ReadErrors, AFailedReadIsAnErrorNotTheEndOfTheProgram) {
  // 100,000 bytes: the failure comes after the first buffer's worth of lines has been used.
  FailingBuffer buffer(repeated("G1 X1 F100\n", 10000));
  std::istream in(&buffer);
  try {
    readProgram(in, "t.nc");
    FAIL() << "a read error was taken as the end of the program";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "t.nc");
    EXPECT_GT(e.line(), 1u);
    EXPECT_EQ(e.message(), "read error: Input/output error");
  }
}

TEST(ReadErrors, ADirectoryIsNotAnEmptyProgram) {
  std::ifstream in(std::filesystem::temp_directory_path(), std::ios::binary);
  try {
    LineReader reader(in, "dir");
    std::string_view line;
    reader.next(line);
    FAIL() << "a directory read as a program";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "dir:1: read error: Is a directory");
  }
}

TEST(LineLength, ALineLongerThanTheLimitIsRefusedWithoutBufferingIt) {
  EXPECT_EQ(errorOf("G0 X1\n(" + std::string(kMaxLineBytes - 2, 'x') + ")\n"), "");
  EXPECT_EQ(errorOf("G0 X1\n(" + std::string(kMaxLineBytes - 1, 'x') + ")\n"),
            "t.nc:2: line longer than 65536 bytes");
  EXPECT_EQ(errorOf("G0 X1\n" + std::string(kMaxLineBytes + 1, 'x')),  // the last line, no LF
            "t.nc:2: line longer than 65536 bytes");
  EndlessBuffer zeros('\0');  // /dev/zero: one endless line
  std::istream in(&zeros);
  EXPECT_THROW(readProgram(in, "/dev/zero"), InputError);
}

TEST(NoMoves, AProgramWithoutAMoveIsAnError) {
  for (const char* text : {"", "\n\n", "(only a comment)\n", "G21 G90 G17\nM3 S1000\nM2\n",
                           "%\n%\n", "G0\nG1 F100\nM30\n"})
    EXPECT_EQ(errorOf(text), "t.nc: the program has no moves") << text;
  EXPECT_EQ(errorOf("G0 X0\n"), "");  // a move to where the tool is still is a move
}

TEST(NoMoves, TheReaderSaysSoWhenTheProgramEnds) {
  std::istringstream in("G21\nM2\n");
  ProgramReader reader(in, "t.nc");
  std::vector<Move> moves;
  EXPECT_THROW(reader.read(moves, 10), InputError);
}

TEST(ByteOrderMark, AUtf8ByteOrderMarkIsSkipped) {
  const Program p = run("\xEF\xBB\xBFG0 X1\nM2\n");
  ASSERT_EQ(p.moves.size(), 1u);
  EXPECT_EQ(p.moves[0].to, Vec3(1, 0, 0));
  EXPECT_EQ(run("\xEF\xBB\xBF%\nG0 X1\n%\n").moves.size(), 1u);
  // only at the start of the file
  EXPECT_EQ(errorOf("G0 X1\n\xEF\xBB\xBFG0 X2\n"), "t.nc:2:1: unexpected character byte 239");
}

TEST(ExpressionDepth, NestingIsLimitedNotAStackOverflow) {
  const int allowed = kMaxExpressionDepth - 1;  // the value inside the brackets is one level
  EXPECT_EQ(
      run("G0 X" + repeated("[", allowed) + "2" + repeated("]", allowed) + "\n").moves.at(0).to.x,
      2.0);
  const std::string too_deep = "expression nested deeper than 256 levels";
  // as deep as a line of at most kMaxLineBytes can nest them
  for (const std::string& value :
       {repeated("[", 50000), repeated("[", 30000) + "1" + repeated("]", 30000),
        repeated("abs[", 12000) + "1" + repeated("]", 12000), repeated("#", 50000) + "1",
        repeated("-[", 20000) + "1" + repeated("]", 20000)}) {
    const std::string error = errorOf("G0 X" + value + "\n");
    EXPECT_NE(error.find(too_deep), std::string::npos) << error.substr(0, 200);
  }
  EXPECT_NE(
      errorOf("#1=" + repeated("[", 300) + "1" + repeated("]", 300) + "\nG0 X1\n").find(too_deep),
      std::string::npos);
}

TEST(Numbers, OverflowIsAnErrorAsInLinuxcnc) {
  EXPECT_EQ(errorOf("G0 X[EXP[1000]]\n"), "t.nc:1:6: calculation resulted in 'infinity'");
  EXPECT_EQ(errorOf("G0 X[10**400]\n"), "t.nc:1:8: calculation resulted in 'infinity'");
  EXPECT_EQ(errorOf("#1=[1" + std::string(400, '0') + "*10]\nG0 X1\n"),
            "t.nc:1:5: number out of range");  // a literal beyond double's range
  EXPECT_EQ(errorOf("G0 X1" + std::string(400, '0') + "\n"),
            "t.nc:1:4: number after X out of range");
  EXPECT_EQ(errorOf("#1=[EXP[710]]\nG0 X1\n"), "t.nc:1:5: calculation resulted in 'infinity'");
}

TEST(Numbers, NumbersTooSmallForADoubleReadAsZeroAsInLinuxcnc) {
  // Hostile pass D21: 0.000…0001 with 400 zeros underflows (strtod gives 0); it is no bad number.
  const std::string tiny = "0." + std::string(400, '0') + "1";
  const Program p = run("G21 G0 Z[10.5+" + tiny + "]\nG0 X" + tiny + " Y1\n");
  ASSERT_EQ(p.moves.size(), 2u);
  EXPECT_EQ(p.moves[0].to, Vec3(0, 0, 10.5));
  EXPECT_EQ(p.moves[1].to, Vec3(0, 1, 10.5));
}

TEST(Numbers, LengthsReachingAMoveStayWithinTheSupportedRange) {
  EXPECT_EQ(errorOf("G0 X1000000 Y-1000000\n"), "");
  EXPECT_EQ(errorOf("G0 X2000000\n"),
            "t.nc:1:4: X 2000000 mm is outside the supported range (±1e6 mm)");
  EXPECT_EQ(errorOf("G20 G0 Z40000\n"),  // 1,016,000 mm
            "t.nc:1:8: Z 1016000 mm is outside the supported range (±1e6 mm)");
  // an offset can take a programmed point out of range
  EXPECT_EQ(errorOf("G0 X1\nG92 X-999999\nG0 X1000\n"),
            "t.nc:3:4: X 1001000 mm is outside the supported range (±1e6 mm)");
  EXPECT_EQ(errorOf("G0 X1\nG1 F100 X1e300\n"), "t.nc:2:11: unknown word E");
  // arcs: a centre far away, a radius far too large (R² once overflowed to a NaN centre)
  EXPECT_EQ(errorOf("G2 X1 I2000000 F100\n"),
            "t.nc:1:7: arc centre X 2000000 mm is outside the supported range (±1e6 mm)");
  EXPECT_EQ(errorOf("G2 X1 R1000000000000000 F100\n"),
            "t.nc:1:1: G2 arc: R 1e+15 mm is outside the supported range (±1e6 mm)");
  EXPECT_EQ(errorOf("G2 X1 R" + std::string(200, '9') + " F100\n"),
            "t.nc:1:1: G2 arc: R 1e+200 mm is outside the supported range (±1e6 mm)");
  EXPECT_EQ(errorOf("G2 X1 R999999 F100\n"), "");
  // Hostile pass D21: the value itself, not 1e+06 for 1000004.
  EXPECT_EQ(errorOf("G0 X-10 Y5\nG3 X10 Y5 R999999 F100\n"),
            "t.nc:2: arc centre Y 1000004 mm is outside the supported range (±1e6 mm)");
}

// What rs274 does with '%' (LinuxCNC 2.9, checked with ../shared/tools/rs274_moves.py).
TEST(Percent, LinuxcncAllowsABarePercentOnlyToOpenAndCloseTheProgram) {
  const Program opened = run("\n\n%\nG0 X1\n  %  \nG0 X2\n");  // blank lines may come first
  ASSERT_EQ(opened.moves.size(), 1u);
  EXPECT_EQ(opened.warnings.size(), 1u);              // G0 X2 is not executed, and said so
  EXPECT_EQ(run("%\nG0 X1\nM2\n").moves.size(), 1u);  // M2 ends it without the closing '%'
  // text on a '%' line, and '%' lines that neither open nor close the program
  const std::string bad =
      "bad character '%' used: LinuxCNC allows '%' only alone on the first "
      "line and on the line that closes such a program";
  EXPECT_EQ(errorOf("G0 X1\n% vfd enable\nG0 X2\nM2\n"), "t.nc:2:1: " + bad);
  EXPECT_EQ(errorOf("%\nG0 X1\n  % vfd enable\nG0 X2\n%\n"), "t.nc:3:3: " + bad);
  // (the controls' tape marks allow text after the '%')
  EXPECT_EQ(
      errorOf("% hello\nG0 X1\n%\n"),
      "t.nc:1:1: " + bad + "; this is valid in --dialect fanuc, --dialect haas or --dialect grbl");
  EXPECT_EQ(errorOf("G0 X1\n%\nG0 X2\nM2\n"), "t.nc:2:1: " + bad);
  EXPECT_EQ(errorOf("%\nG0 X1\n%(c)\nG0 X2\n"), "t.nc:3:1: " + bad);
  EXPECT_EQ(errorOf("(c)\n%\nG0 X1\n%\n"), "t.nc:2:1: " + bad);
  EXPECT_EQ(errorOf("G0 X1 %\nM2\n"), "t.nc:1:7: unexpected character '%'");
  EXPECT_EQ(errorOf("%\nG0 X1\n"),
            "t.nc:2: the file ended with no closing '%' (the first line opened the program with "
            "'%')");
}

TEST(Percent, FanucAndHaasReadTheTapeBetweenTwoPercentLines) {
  for (const Dialect dialect : {Dialect::Fanuc, Dialect::Haas}) {
    EXPECT_EQ(errorIn(dialect, "%\nO1000\nG0 X1.\nM30\n%\n"), "");
    EXPECT_EQ(errorIn(dialect, "% O1000 (a name after the tape mark)\nG0 X1.\n%\n"), "");
    // a '%' line inside the program must not drop the moves after it
    EXPECT_EQ(errorIn(dialect, "%\nG0 X1.\n% vfd enable\nG0 X2.\nM30\n%\n"),
              "t.nc:4:1: the program goes on after the '%' that ends the tape on line 3 (a '%' "
              "inside a program?)");
    // after M30, lines before the closing '%' are not run, with a warning, as before
    EXPECT_EQ(errorIn(dialect, "%\nG0 X1.\nM30\nG0 X2.\n%\n"), "");
  }
}

TEST(Percent, ATapeOpenedWithPercentMustEndWithPercentOrM30) {
  // A tape cut short (a truncated transfer) would otherwise pass with only what was read.
  for (const Dialect dialect : {Dialect::Fanuc, Dialect::Haas, Dialect::Grbl}) {
    EXPECT_EQ(errorIn(dialect, "%\nG0 X1.\n"),
              "t.nc:2: the tape ended with no closing '%' and no M30/M2 (the first line opened "
              "it with '%'; a truncated file?)");
    EXPECT_EQ(errorIn(dialect, "%\nG0 X1.\nM30\n"), "");  // M30 ends it
    EXPECT_EQ(errorIn(dialect, "G0 X1.\n"), "");          // no tape marks at all
  }
}

// grbl resets its modes at M2/M30 and runs what the sender streams next: those moves would go
// unchecked, so they are refused; the other controls stop there (a warning, as before).
TEST(ProgramEnd, GrblRunsTheLinesAfterM30SoTheyAreRefused) {
  EXPECT_EQ(errorIn(Dialect::Grbl, "G0 X1\nM30\nG1 X10 Y10 Z5 F100\n"),
            "t.nc:3:1: grbl runs the lines after M2/M30 (line 2) with its modes reset; end the "
            "program at its last line");
  EXPECT_EQ(errorIn(Dialect::Grbl, "G0 X1\nM30\n\n(comment only)\n"), "");
  EXPECT_EQ(errorIn(Dialect::LinuxCnc, "G0 X1\nM30\nG1 X10 Y10 Z5 F100\n"), "");
}

}  // namespace
}  // namespace gougechek
