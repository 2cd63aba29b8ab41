#include "gcode/block_parser.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gougechek/error.hpp"

namespace gougechek {
namespace {

Block parse(const std::string& line) {
  static const Parameters parameters;
  BlockParser parser("t.nc", parameters);
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

TEST(BlockParser, ValuesFromExpressionsAndParameters) {
  Parameters parameters;
  parameters.set(2, 3.0);
  parameters.set("_depth", -1.5);
  BlockParser parser("t.nc", parameters);
  Block block;
  parser.parse("G[#2*10] X#2 Y-[1+#2] Z#<_Depth> F SQRT[16]", 1, block);
  ASSERT_EQ(block.g_count, 1);
  EXPECT_EQ(block.g[0].number, 300);
  EXPECT_EQ(block.get('x'), 3.0);
  EXPECT_EQ(block.get('y'), -4.0);
  EXPECT_EQ(block.get('z'), -1.5);
  EXPECT_EQ(block.get('f'), 4.0);
}

TEST(BlockParser, AssignmentsAreCollectedNotApplied) {
  Parameters parameters;
  BlockParser parser("t.nc", parameters);
  Block block;
  parser.parse("#1=2 #<x> = [#1+1] G0 X#1", 1, block);
  ASSERT_EQ(block.assignments.size(), 2u);
  EXPECT_EQ(block.assignments[0].parameter.number, 1);
  EXPECT_EQ(block.assignments[0].value, 2.0);
  EXPECT_EQ(block.assignments[1].parameter.name, "x");
  EXPECT_EQ(block.assignments[1].value, 1.0);  // #1 is still 0 while the line is read
  EXPECT_EQ(block.get('x'), 0.0);
}

TEST(BlockParser, OWordLines) {
  Parameters parameters;
  BlockParser parser("t.nc", parameters);
  Block block;
  parser.parse("N10 o<Pocket Sub> call [1] [2+3] (comment)", 1, block);
  ASSERT_TRUE(block.has_oword);
  EXPECT_EQ(block.oword.name, "pocketsub");
  EXPECT_EQ(block.oword.keyword, OKeyword::Call);
  EXPECT_EQ(block.oword.values, (std::vector<double>{1, 5}));
  parser.parse("O0100 while [#1 LT 3]", 2, block);
  EXPECT_EQ(block.oword.name, "100");
  EXPECT_EQ(block.oword.keyword, OKeyword::While);
  OWord header;
  EXPECT_TRUE(parser.parseOWordHeader("o100 if [#<undefined>]", 3, header));
  EXPECT_EQ(header.keyword, OKeyword::If);
  EXPECT_FALSE(parser.parseOWordHeader("G0 X#<undefined>", 4, header));
}

TEST(BlockParser, ALineCompactedOnceIsParsedFromItsCompactedText) {
  // ProgramReader compacts a Fanuc/Haas line once for the macro B reader and then the block.
  const Parameters parameters;
  BlockParser parser("t.nc", parameters);
  parser.compactLine("G1 X 1 0 (c) y2", 7);
  EXPECT_EQ(parser.text(), "g1x10y2");
  Block block;
  parser.parseCompacted(block);
  ASSERT_EQ(block.g_count, 1);
  EXPECT_EQ(block.get('x'), 10.0);
  EXPECT_EQ(block.columnOf('y'), 14u);
  parser.compactLine("G1 X1 X2", 8);
  try {
    parser.parseCompacted(block);
    FAIL() << "two X words accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "t.nc:8:7: two X words on one line");
  }
}

TEST(BlockParser, BadParametersExpressionsAndOWords) {
  EXPECT_EQ(errorOf("G0 X#<nope>"), "t.nc:1:5: named parameter #<nope> is not defined");
  EXPECT_EQ(errorOf("G0 X[1/0]"), "t.nc:1:7: division by zero");
  EXPECT_EQ(errorOf("G0 X[1+2"), "t.nc:1:5: expression: ']' missing");
  EXPECT_EQ(errorOf("G0 X#6000"),
            "t.nc:1:5: parameter number out of range (#1 to #5601): #6000.000000");
  EXPECT_EQ(errorOf("#1 5"),
            "t.nc:1:1: a parameter at the start of a word must be assigned: #...=value");
  EXPECT_EQ(errorOf("G0 o100 sub"),
            "t.nc:1:4: an O-word must start its line (after an optional N word)");
  EXPECT_EQ(errorOf("o100 loop"), "t.nc:1:6: unknown O-word keyword 'loop'");
  EXPECT_EQ(errorOf("o100 if [1] X2"), "t.nc:1:13: unexpected 'x' after the O-word o100 if");
}

}  // namespace
}  // namespace gougechek
