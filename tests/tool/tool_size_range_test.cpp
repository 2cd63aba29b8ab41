// Cutter sizes have a documented range (docs/checking-rules.md, "Cutters"): every size,
// given or defaulted, at most 1e5 mm. Beyond it the check loses the precision it promises (a
// ball of 1e17 mm misses a 1 mm plunge), so such a cutter is an input error.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"
#include "tool/tool_table.hpp"

namespace gougechek {
namespace {

// The message of the InputError `call` throws, or "" when it throws none.
template <typename Call>
std::string inputErrorOf(Call call) {
  try {
    call();
  } catch (const InputError& error) {
    return error.what();
  }
  return "";
}

TEST(ToolSizeRange, TheLargestSizeIsAccepted) {
  const ToolSpec spec = parseToolSpec("ball:1e5,flute=1e5", "--tool");
  EXPECT_DOUBLE_EQ(spec.diameter, 1e5);
  EXPECT_NO_THROW(parseToolSpec("bull:1e5:1e3,flute=5e4,shank=1e5,length=1e5", "--tool"));
}

TEST(ToolSizeRange, EachSizeBeyondTheRangeIsAnError) {
  for (const char* spec : {"ball:1e17", "flat:3e16,flute=10", "ball:100001,flute=10",
                           "ball:6,flute=2e5", "ball:6,shank=1e6", "ball:6,length=1e300"}) {
    const std::string message = inputErrorOf([&] { parseToolSpec(spec, "--tool"); });
    EXPECT_NE(message.find("is beyond the largest cutter size accepted, 1e+05 mm"),
              std::string::npos)
        << spec << ": " << message;
  }
}

TEST(ToolSizeRange, ADefaultedSizeSaysWhereItCameFrom) {
  // ball:30000 is in range, but its default flute length 4·D is not.
  const std::string message = inputErrorOf([] { parseToolSpec("ball:3e4", "--tool"); });
  EXPECT_NE(message.find("flute length 120000 mm (by default 4 times the diameter) is beyond"),
            std::string::npos)
      << message;
}

TEST(ToolSizeRange, ToolTablesAreHeldToTheSameRange) {
  std::istringstream in("T1 P1 D6 ;ball\nT2 P2 D2e5 ;flat flute=10\n");
  const std::string message = inputErrorOf([&] { readToolTable(in, "tools.tbl"); });
  EXPECT_NE(message.find("tools.tbl:2"), std::string::npos) << message;
  EXPECT_NE(message.find("diameter 2e+05 mm is beyond"), std::string::npos) << message;
}

// A given shank used to hide the taper's flank: near 90 degrees the flutes' top is 1e9 mm wide,
// and a plunge beside the part passed.
TEST(ToolSizeRange, ATapersFluteTopIsHeldToTheRangeWhenTheShankIsGiven) {
  const std::string option = inputErrorOf(
      [] { parseToolSpec("taper:1:0:89.9999999,shank=2,flute=10,length=20", "--tool"); });
  EXPECT_NE(option.find("flutes' top diameter"), std::string::npos) << option;
  EXPECT_NE(option.find("is beyond the largest cutter size accepted"), std::string::npos) << option;
  std::istringstream in("T1 P1 D1 ;taper angle=89.9999999 flute=10 shank=2 length=20\n");
  const std::string table = inputErrorOf([&] { readToolTable(in, "tools.tbl"); });
  EXPECT_NE(table.find("tools.tbl:1"), std::string::npos) << table;
  EXPECT_NE(table.find("flutes' top diameter"), std::string::npos) << table;
  EXPECT_NO_THROW(parseToolSpec("taper:1:0:45,shank=2,flute=10,length=20", "--tool"));
}

}  // namespace
}  // namespace gougechek
