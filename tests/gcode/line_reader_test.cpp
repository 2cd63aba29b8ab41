#include "gcode/line_reader.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace gougechek {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::istringstream in(text);
  LineReader reader(in);
  std::vector<std::string> out;
  std::string_view line;
  while (reader.next(line)) out.emplace_back(line);
  return out;
}

using Lines = std::vector<std::string>;

TEST(LineReader, LineEnds) {
  EXPECT_EQ(lines("a\nb\n"), (Lines{"a", "b"}));
  EXPECT_EQ(lines("a\r\nb\r\n"), (Lines{"a", "b"}));
  EXPECT_EQ(lines("a\r\r\nb\r\r\n"), (Lines{"a", "b"}));  // CR CR LF counts as one line end
  EXPECT_EQ(lines("a\rb\rc"), (Lines{"a", "b", "c"}));    // old Mac file
  EXPECT_EQ(lines("a\n\nb"), (Lines{"a", "", "b"}));      // last line without LF
  EXPECT_EQ(lines(""), Lines{});
}

TEST(LineReader, LinesLongerThanTheBuffer) {
  const std::string long_line(65536, 'x');  // the longest line allowed
  const Lines got = lines("G0\n" + long_line + "\r\nM2\n");
  ASSERT_EQ(got.size(), 3u);
  EXPECT_EQ(got[1], long_line);
  EXPECT_EQ(got[2], "M2");
}

TEST(LineReader, ManyLinesAcrossBufferBoundaries) {
  std::string text;
  for (int i = 0; i < 100000; ++i) text += "G1 X" + std::to_string(i) + "\r\n";
  const Lines got = lines(text);
  ASSERT_EQ(got.size(), 100000u);
  EXPECT_EQ(got[12345], "G1 X12345");
  EXPECT_EQ(got.back(), "G1 X99999");
}

}  // namespace
}  // namespace gougechek
