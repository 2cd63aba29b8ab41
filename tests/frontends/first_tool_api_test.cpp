// The tool before the first change through the C++ API (verify() of a Part and a
// ProgramStream), as the CLI, the batch and the Python module get it.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "gougechek/check.hpp"
#include "gougechek/error.hpp"

namespace gougechek {
namespace {

const std::string kMold = std::string(GOUGECHEK_SOURCE_DIR) + "/samples/mold.stl";
// FirstToolSource::kMaxMovesBeforeFirstTool (src/core, not public): rapids held back at most.
constexpr std::size_t kHeldRapids = std::size_t{1} << 16;

class FirstTool : public testing::Test {
 protected:
  void SetUp() override {
    part_.emplace(readPart(kMold));
    tools_.by_number[1] = parseToolSpec("ball:6", "T1");
    tools_.by_number[2] = parseToolSpec("flat:3", "T2");
    settings_.threads = 2;
  }

  VerifyResult check(const std::string& program) {
    ProgramStream stream = ProgramStream::fromText(program, "p.nc");
    return verify(*part_, stream, tools_, settings_);
  }

  std::optional<Part> part_;
  ToolLibrary tools_;
  VerifySettings settings_;
};

TEST_F(FirstTool, RapidsBeforeTheFirstChangeTakeTheToolItLoads) {
  const VerifyResult result =
      check("G21 G90\nG0 X-20 Y-20 Z80\nG0 X-20 Y-10 Z80\nT1 M6\nG1 X-4 Y10 Z10 F500\nM2\n");
  EXPECT_TRUE(result.violations.empty());
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0].file, "p.nc");
  EXPECT_EQ(result.warnings[0].line, 2u);
  EXPECT_NE(result.warnings[0].message.find("the rapids before it (lines 2-3) are checked with "
                                            "T1, the first tool the program loads"),
            std::string::npos)
      << result.warnings[0].message;
}

TEST_F(FirstTool, TheInitialToolNeedsNoWarning) {
  settings_.initial_tool = 1;
  const VerifyResult result = check("G21 G90\nG0 X-20 Y-20 Z80\nG1 X-4 Y10 Z10 F500\nM2\n");
  EXPECT_TRUE(result.violations.empty());
  EXPECT_TRUE(result.warnings.empty());
}

TEST_F(FirstTool, AFeedMoveBeforeTheFirstChangeIsAnError) {
  try {
    check("G21 G90\nG0 X-20 Y-20 Z80\nG1 X-4 Y10 Z10 F500\nT1 M6\nG0 Z90\nM2\n");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 3u);
    EXPECT_NE(error.message().find("a feed move before the program's first tool change"),
              std::string::npos)
        << error.what();
  }
}

TEST_F(FirstTool, RapidsHeldBackAreBounded) {
  std::string program = "G21 G90\n";
  for (std::size_t i = 0; i <= kHeldRapids; ++i)
    program += i % 2 ? "G0 X-20 Y-20 Z80\n" : "G0 X-20 Y-10 Z80\n";
  program += "T1 M6\nG0 Z90\nM2\n";
  try {
    check(program);
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("rapids before the first tool change: give --initial-tool N"),
              std::string::npos)
        << error.what();
  }
}

TEST_F(FirstTool, TheOnlyToolDescribedIsTheOneInTheSpindle) {
  tools_.by_number.erase(2);
  const VerifyResult result =
      check("G21 G90\nG0 X-20 Y-20 Z80\nG1 X-4 Y10 Z10 F500\nT1 M6\nG0 Z90\nM2\n");
  EXPECT_TRUE(result.violations.empty());
  ASSERT_EQ(result.warnings.size(), 1u);
  EXPECT_EQ(result.warnings[0].line, 2u);
  EXPECT_NE(result.warnings[0].message.find("checked with T1, the only tool described"),
            std::string::npos)
      << result.warnings[0].message;
}

TEST_F(FirstTool, AfterTheFirstChangeToolZeroIsAnEmptySpindle) {
  settings_.initial_tool = 2;
  try {
    check("G21 G90\nG0 X-20 Y-20 Z80\nT1 M6\nG0 Z90\nT0 M6\nG0 Z95\nM2\n");
    FAIL() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 6u) << error.what();
    EXPECT_NE(error.message().find("no cutter known for tool 0"), std::string::npos);
  }
}

TEST_F(FirstTool, AToolForEveryNumberKeepsToolZeroAsItWas) {
  tools_.fallback = parseToolSpec("ball:6", "--tool");
  const VerifyResult result = check("G21 G90\nG0 X-20 Y-20 Z80\nG1 X-4 Y10 Z10 F500\nM2\n");
  EXPECT_TRUE(result.violations.empty());
  EXPECT_TRUE(result.warnings.empty());
}

}  // namespace
}  // namespace gougechek
