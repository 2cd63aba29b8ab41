#include "gcode/block_parser.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gougechek/error.hpp"

namespace gougechek {
namespace {

Block parse(const std::string& line) {
  BlockParser parser("t.nc");
  Block block;
  parser.parse(line, 1, block);
  return block;
}

std::string errorOf(const std::string& line) {
  try {
    parse(line);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(BlockParser, WordsWithAndWithoutSpaces) {
  const Block b = parse("N10 G1X10Y-2 z+3 f1.5");
  ASSERT_EQ(b.g_count, 1);
  EXPECT_EQ(b.g[0].number, 10);
  EXPECT_EQ(b.g[0].column, 5u);
  EXPECT_EQ(b.get('x'), 10.0);
  EXPECT_EQ(b.get('y'), -2.0);
  EXPECT_EQ(b.get('z'), 3.0);
  EXPECT_EQ(b.get('f'), 1.5);
  EXPECT_EQ(b.columnOf('z'), 14u);
  EXPECT_TRUE(b.has('n'));
  EXPECT_FALSE(b.has('i'));
}

TEST(BlockParser, NumberForms) {
  const Block b = parse("X10. Y.5 Z-0.5 I-.25 J007 K 1 2 . 5");
  EXPECT_EQ(b.get('x'), 10.0);
  EXPECT_EQ(b.get('y'), 0.5);
  EXPECT_EQ(b.get('z'), -0.5);
  EXPECT_EQ(b.get('i'), -0.25);
  EXPECT_EQ(b.get('j'), 7.0);
  EXPECT_EQ(b.get('k'), 12.5);  // blanks inside numbers are ignored, as in LinuxCNC
}

TEST(BlockParser, DecimalGCodesAndMCodes) {
  const Block b = parse("G91.1 G01 M06 m8");
  ASSERT_EQ(b.g_count, 2);
  EXPECT_EQ(b.g[0].number, 911);
  EXPECT_EQ(b.g[1].number, 10);
  ASSERT_EQ(b.m_count, 2);
  EXPECT_EQ(b.m[0].number, 6);
  EXPECT_EQ(b.m[1].number, 8);
}

TEST(BlockParser, CommentsAreDropped) {
  const Block b = parse("G0 (MSG, go X 5) X1 ; Y2");
  EXPECT_EQ(b.get('x'), 1.0);
  EXPECT_EQ(b.columnOf('x'), 18u);
  EXPECT_FALSE(b.has('y'));
  EXPECT_TRUE(parse("(only a comment)").empty());
  EXPECT_TRUE(parse("   \t").empty());
}

TEST(BlockParser, BlockDelete) {
  EXPECT_TRUE(parse(" /G0 X1").block_delete);
  EXPECT_FALSE(parse("G0 X1").block_delete);
}

TEST(BlockParser, BadNumbersAndCharacters) {
  EXPECT_EQ(errorOf("G1 X F10"), "t.nc:1:4: bad number after X: expected digits");
  EXPECT_EQ(errorOf("G1 X-"), "t.nc:1:4: bad number after X: expected digits");
  EXPECT_EQ(errorOf("G1 X1.2.3"), "t.nc:1:8: bad number after X: two decimal points");
  EXPECT_EQ(errorOf("G1 X1 X2"), "t.nc:1:7: two X words on one line");
  EXPECT_EQ(errorOf("G1 X1 $"), "t.nc:1:7: unexpected character '$'");
  EXPECT_EQ(errorOf("G1.25"), "t.nc:1:1: malformed G code");
  EXPECT_EQ(errorOf("M6.5"), "t.nc:1:1: malformed M code");
  EXPECT_EQ(errorOf("G0 (open"), "t.nc:1:4: comment '(' is not closed on this line");
}

TEST(BlockParser, FullDialectConstructsAreRefusedClearly) {
  EXPECT_EQ(errorOf("#1 = 5"), "t.nc:1:1: parameters ('#') are not supported yet");
  EXPECT_EQ(errorOf("G0 X#1"), "t.nc:1:5: parameters ('#') are not supported yet");
  EXPECT_EQ(errorOf("G0 X[1+2]"), "t.nc:1:5: expressions ('[ ]') are not supported yet");
  EXPECT_EQ(errorOf("o100 sub"), "t.nc:1:1: O-words (subroutines, loops) are not supported yet");
}

}  // namespace
}  // namespace gougechek
