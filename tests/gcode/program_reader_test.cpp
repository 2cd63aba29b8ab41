// ProgramReader hands the program over block by block, with the same moves as readProgram, and
// settles the tool rule for programs whose tool changes lie far ahead.
#include "gcode/program_reader.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <streambuf>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

/// `count` feed moves along X, one per line.
std::string feedLines(std::size_t count) {
  std::string text;
  for (std::size_t i = 1; i <= count; ++i) text += "G1 X" + std::to_string(i) + " F100\n";
  return text;
}

std::vector<Move> readInBlocks(std::istream& in, std::size_t block, std::size_t& calls) {
  ProgramReader reader(in, "t.nc");
  std::vector<Move> moves;
  calls = 0;
  for (bool more = true; more;) {
    const std::size_t before = moves.size();
    more = reader.read(moves, block);
    EXPECT_LE(moves.size() - before, block);
    ++calls;
  }
  return moves;
}

/// A stream that cannot seek, as a pipe.
class PipeBuffer : public std::stringbuf {
 public:
  using std::stringbuf::stringbuf;

 protected:
  pos_type seekoff(off_type, std::ios_base::seekdir, std::ios_base::openmode) override {
    return pos_type(off_type(-1));
  }
  pos_type seekpos(pos_type, std::ios_base::openmode) override { return pos_type(off_type(-1)); }
};

TEST(ProgramReader, HandsOverTheMovesInBlocksOfAtMostMax) {
  const std::string text = "G21\n" + feedLines(10) + "M2\n";
  std::istringstream in(text);
  std::size_t calls = 0;
  const std::vector<Move> moves = readInBlocks(in, 3, calls);
  ASSERT_EQ(moves.size(), 10u);
  EXPECT_GE(calls, 4u);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i].to.x, static_cast<double>(i + 1));
    EXPECT_EQ(moves[i].line, i + 2);
  }
}

TEST(ProgramReader, CountsLinesAndKeepsWarnings) {
  std::istringstream in("G1 X1 F100\nM8\nG1 X2\n\n");
  ProgramReader reader(in, "t.nc");
  std::vector<Move> moves;
  while (reader.read(moves, 1)) {
  }
  EXPECT_EQ(moves.size(), 2u);
  EXPECT_EQ(reader.lines(), 4u);
  EXPECT_EQ(reader.warnings().size(), 1u);
  EXPECT_EQ(reader.bytesRead(), in.str().size());
}

TEST(ProgramReader, ErrorsComeWhenTheirLineIsReached) {
  std::istringstream in("G1 X1 F100\nG1 X2\nG2 X3\n");
  ProgramReader reader(in, "t.nc");
  std::vector<Move> moves;
  EXPECT_TRUE(reader.read(moves, 2));
  EXPECT_EQ(moves.size(), 2u);
  EXPECT_THROW(reader.read(moves, 2), InputError);
}

TEST(ProgramReader, ATWordWithoutToolChangesHoldsForEveryMoveBeyondTheLookahead) {
  const std::size_t count = ProgramReader::kLookahead + 100;
  std::istringstream in("T3\n" + feedLines(count));
  std::size_t calls = 0;
  const std::vector<Move> moves = readInBlocks(in, 1000, calls);
  ASSERT_EQ(moves.size(), count);
  EXPECT_EQ(moves.front().tool, 3);
  EXPECT_EQ(moves.back().tool, 3);
}

TEST(ProgramReader, MovesBeforeAFarToolChangeRunWithTheEmptySpindle) {
  const std::size_t count = ProgramReader::kLookahead + 100;
  const std::string text = "T3\n" + feedLines(count) + "M6\nG1 Y1\nT4\nG1 Y2\n";
  std::istringstream in(text);
  std::size_t calls = 0;
  const std::vector<Move> moves = readInBlocks(in, 1000, calls);
  ASSERT_EQ(moves.size(), count + 2);
  EXPECT_EQ(moves.front().tool, 0);
  EXPECT_EQ(moves[count - 1].tool, 0);
  EXPECT_EQ(moves[count].tool, 3);
  EXPECT_EQ(moves[count + 1].tool, 3);  // T4 only preselects

  std::istringstream again(text);
  const Program whole = readProgram(again, "t.nc");
  ASSERT_EQ(whole.moves.size(), moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) EXPECT_EQ(whole.moves[i].tool, moves[i].tool);
}

TEST(ProgramReader, AStreamThatCannotSeekStillGetsTheToolRuleRight) {
  const std::size_t count = ProgramReader::kLookahead + 100;
  PipeBuffer pipe("T3\n" + feedLines(count) + "M6\nG1 Y1\n");
  std::istream in(&pipe);
  std::size_t calls = 0;
  const std::vector<Move> moves = readInBlocks(in, 1000, calls);
  ASSERT_EQ(moves.size(), count + 1);
  EXPECT_EQ(moves.front().tool, 0);
  EXPECT_EQ(moves.back().tool, 3);
}

TEST(ProgramReader, LoopsThatJumpBackWorkAcrossBlocks) {
  std::istringstream in("#1=0\no1 while [#1 LT 5]\nG1 X#1 F100\n#1=[#1+1]\no1 endwhile\nM2\n");
  std::size_t calls = 0;
  const std::vector<Move> moves = readInBlocks(in, 2, calls);
  ASSERT_EQ(moves.size(), 5u);
  EXPECT_EQ(moves[4].to.x, 4.0);
  EXPECT_EQ(moves[4].line, 3u);
}

/// A stream whose first read fails at the end of the text, and whose later reads succeed: a
/// flaky disk or network share.
class FlakyBuffer : public std::stringbuf {
 public:
  using std::stringbuf::stringbuf;

 protected:
  int_type underflow() override {
    if (!failed_) {
      failed_ = true;
      throw std::ios_base::failure("flaky");
    }
    return std::stringbuf::underflow();
  }

 private:
  bool failed_ = false;
};

std::string errorReading(std::istream& in) {
  try {
    ProgramReader reader(in, "t.nc");
    std::vector<Move> moves;
    while (reader.read(moves, 64)) {
    }
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ProgramReader, AReadErrorGetsNoDialectHint) {
  // The other dialects' readings of the file succeed; the hint would blame the dialect.
  FlakyBuffer buffer("G0 X1\nM2\n");
  std::istream in(&buffer);
  EXPECT_EQ(errorReading(in), "t.nc:1: read error: the stream failed");
  // A line too long is the file's fault in every dialect, too.
  std::istringstream long_line("G0 X1 (" + std::string(70000, 'x') + ")\nM2\n");
  EXPECT_EQ(errorReading(long_line), "t.nc:1: line longer than 65536 bytes");
}

}  // namespace
}  // namespace gougechek
