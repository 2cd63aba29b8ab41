// How the text and HTML reports name a tool: each shape with the sizes that make it.
#include <gtest/gtest.h>

#include "gougechek/tool.hpp"
#include "report/report_summary.hpp"

namespace gougechek {
namespace {

std::string described(const std::string& spec) {
  return describeTool(parseToolSpec(spec, "--tool"));
}

TEST(DescribeTool, EachShapeWithItsOwnSizes) {
  EXPECT_EQ(described("ball:6,flute=24"), "ball D6 flute 24");
  EXPECT_EQ(described("bull:8:1,flute=25"), "bull D8 r1 flute 25");
  EXPECT_EQ(described("taper:6:0.5:10,flute=20"), "taper D6 r0.5 angle 10 flute 20");
  EXPECT_EQ(described("chamfer:12:2:45,flute=10"), "chamfer D12 tip 2 angle 45 flute 10");
  EXPECT_EQ(described("drill:5:118,flute=30"), "drill D5 point 118 flute 30");
  EXPECT_EQ(described("lollipop:6,neck=3,flute=20"), "lollipop D6 neck 3 flute 20");
  EXPECT_EQ(described("dovetail:10:30:4,neck=4,flute=20"),
            "dovetail D10 angle 30 h 4 neck 4 flute 20");
}

TEST(DescribeTool, ShankLengthAndHolder) {
  EXPECT_EQ(described("ball:6,flute=20,length=40,holder=ER32"),
            "ball D6 flute 20 shank 6 length 40 holder ER32 collet chuck (typical)");
}

}  // namespace
}  // namespace gougechek
