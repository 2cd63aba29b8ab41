#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"

namespace gougechek {
namespace {

TEST(ParseToolSpec, BallFillsRadiusAndDefaults) {
  const ToolSpec spec = parseToolSpec("ball:6", "--tool");
  EXPECT_EQ(spec.type, CutterType::Ball);
  EXPECT_DOUBLE_EQ(spec.diameter, 6);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 3);
  EXPECT_DOUBLE_EQ(spec.flute_length, 24);
  EXPECT_DOUBLE_EQ(spec.shank_diameter, 6);
  EXPECT_DOUBLE_EQ(spec.overall_length, 0);
}

TEST(ParseToolSpec, FlatHasNoCorner) {
  const ToolSpec spec = parseToolSpec("flat:10.5", "--tool");
  EXPECT_EQ(spec.type, CutterType::Flat);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 0);
  EXPECT_DOUBLE_EQ(spec.flute_length, 42);
}

TEST(ParseToolSpec, BullWithExtras) {
  const ToolSpec spec = parseToolSpec("bull:8:1,flute=20,shank=7.5,length=60", "--tool");
  EXPECT_EQ(spec.type, CutterType::Bull);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 1);
  EXPECT_DOUBLE_EQ(spec.flute_length, 20);
  EXPECT_DOUBLE_EQ(spec.shank_diameter, 7.5);
  EXPECT_DOUBLE_EQ(spec.overall_length, 60);
}

TEST(ParseToolSpec, BullWithFullCornerIsBall) {
  const ToolSpec spec = parseToolSpec("bull:6:3", "--tool");
  EXPECT_EQ(spec.type, CutterType::Ball);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 3);
}

TEST(ParseToolSpec, TaperShankDefaultsToFluteTopDiameter) {
  const ToolSpec spec = parseToolSpec("taper:2:0.5:10,flute=15", "--tool");
  EXPECT_EQ(spec.type, CutterType::Taper);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 0.5);
  EXPECT_DOUBLE_EQ(spec.taper_angle_deg, 10);
  EXPECT_NEAR(spec.shank_diameter, 2 + 2 * 15 * std::tan(10 * std::numbers::pi / 180), 1e-12);
}

TEST(ParseToolSpec, TaperAllowsSharpAndFullRoundTips) {
  EXPECT_DOUBLE_EQ(parseToolSpec("taper:2:0:5", "--tool").corner_radius, 0);
  EXPECT_DOUBLE_EQ(parseToolSpec("taper:2:1:5", "--tool").corner_radius, 1);
}

TEST(ParseToolSpec, AcceptsLeadingPlus) {
  EXPECT_DOUBLE_EQ(parseToolSpec("ball:+4", "--tool").diameter, 4);
}

/// The message of the InputError `text` raises, with its origin checked.
std::string errorOf(const std::string& text) {
  try {
    parseToolSpec(text, "--tool");
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "--tool");
    EXPECT_EQ(error.line(), 0u);
    return error.message();
  }
  ADD_FAILURE() << "no error for " << text;
  return {};
}

TEST(ParseToolSpec, ADeadCentreIsNarrowerThanTheCutter) {
  EXPECT_DOUBLE_EQ(parseToolSpec("flat:10,centre=3", "--tool").dead_centre_diameter, 3);
  EXPECT_DOUBLE_EQ(parseToolSpec("flat:10", "--tool").dead_centre_diameter, 0);
  EXPECT_DOUBLE_EQ(parseToolSpec("bull:10:2,centre=5", "--tool").dead_centre_diameter, 5);
  EXPECT_EQ(errorOf("flat:10,centre=10"),
            "centre 10 (the diameter of the flat end's middle that does not cut) must be at "
            "least 0 and less than the flat end's diameter 10");
  EXPECT_NE(errorOf("bull:10:2,centre=6").find("less than the flat end's diameter 6"),
            std::string::npos);
  EXPECT_EQ(errorOf("ball:6,centre=1"),
            "centre 1: a ball cutter's end is not flat (centre= is the middle of a flat end that "
            "does not cut)");
  EXPECT_NE(errorOf("flat:10,centre=-1").find("must be at least 0"), std::string::npos);
  EXPECT_NE(errorOf("flat:10,centre=1,centre=2").find("centre"), std::string::npos);
}

TEST(ParseToolSpec, RejectsMalformedSpecs) {
  EXPECT_NE(errorOf("reamer:6").find("unknown cutter type 'reamer'"), std::string::npos);
  EXPECT_NE(errorOf("").find("unknown cutter type"), std::string::npos);
  EXPECT_NE(errorOf("ball").find("ball:D"), std::string::npos);
  EXPECT_NE(errorOf("ball:6:1").find("ball:D"), std::string::npos);
  EXPECT_NE(errorOf("bull:6").find("bull:D:r"), std::string::npos);
  EXPECT_NE(errorOf("taper:6:1").find("taper:D:r:A"), std::string::npos);
  EXPECT_NE(errorOf("ball:6mm").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:nan").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:inf").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:1e999").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:6 ").find("not a number"), std::string::npos);
}

TEST(ParseToolSpec, RejectsOutOfRangeValues) {
  EXPECT_NE(errorOf("ball:0").find("diameter must be positive"), std::string::npos);
  EXPECT_NE(errorOf("flat:-2").find("diameter must be positive"), std::string::npos);
  EXPECT_NE(errorOf("bull:6:0").find("flat:D"), std::string::npos);
  EXPECT_NE(errorOf("bull:6:-1").find("must be positive"), std::string::npos);
  EXPECT_NE(errorOf("bull:6:3.5").find("exceeds half the diameter"), std::string::npos);
  EXPECT_NE(errorOf("taper:6:4:5").find("tip radius"), std::string::npos);
  EXPECT_NE(errorOf("taper:6:-1:5").find("tip radius"), std::string::npos);
  EXPECT_NE(errorOf("taper:6:1:0").find("half-angle"), std::string::npos);
  EXPECT_NE(errorOf("taper:6:1:90").find("half-angle"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute=0").find("flute length must be positive"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute=2").find("shorter than the tip radius"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,shank=-1").find("shank diameter"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,length=24").find("must exceed the flute length"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute=10,length=9").find("must exceed"), std::string::npos);
}

TEST(ParseToolSpec, RejectsBadExtras) {
  EXPECT_NE(errorOf("ball:6,pocket=3").find("unknown key 'pocket'"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute").find("not key=value"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,").find("not key=value"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute=").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,flute=20,flute=21").find("given twice"), std::string::npos);
}

TEST(CutterTypeName, NamesEveryType) {
  EXPECT_STREQ(cutterTypeName(CutterType::Ball), "ball");
  EXPECT_STREQ(cutterTypeName(CutterType::Flat), "flat");
  EXPECT_STREQ(cutterTypeName(CutterType::Bull), "bull");
  EXPECT_STREQ(cutterTypeName(CutterType::Taper), "taper");
}

TEST(ToolLibrary, FindPrefersNumberedEntryThenFallback) {
  ToolLibrary library;
  library.by_number.emplace(2, parseToolSpec("flat:4", "--tool"));
  EXPECT_EQ(library.find(1), nullptr);
  ASSERT_NE(library.find(2), nullptr);
  EXPECT_EQ(library.find(2)->type, CutterType::Flat);
  library.fallback = parseToolSpec("ball:6", "--tool");
  ASSERT_NE(library.find(1), nullptr);
  EXPECT_EQ(library.find(1)->type, CutterType::Ball);
  EXPECT_EQ(library.find(0)->type, CutterType::Ball);
  EXPECT_EQ(library.find(2)->type, CutterType::Flat);
}

TEST(ToolSpec, AHolderNameNoFileCanHaveIsAnUnknownHolder) {
  // Longer than any file name: the file system cannot even look; found by fuzz_tool_spec.
  const std::string name(300, '*');
  try {
    parseToolSpec("ball:6,length=40,holder=" + name, "--tool");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& error) {
    EXPECT_NE(error.message().find("unknown holder"), std::string::npos) << error.message();
  }
}

}  // namespace
}  // namespace gougechek
