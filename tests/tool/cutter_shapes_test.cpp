// The cutter shapes beyond ball, flat, bull and taper (docs/tools.md): their syntax, their
// checks, and the convex pieces toolAssembly() makes of them.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"

namespace gougechek {
namespace {

double tanDeg(double degrees) {
  return std::tan(degrees * std::numbers::pi / 180);
}

std::string errorOf(const std::string& spec) {
  try {
    parseToolSpec(spec, "--tool");
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), "--tool");
    return error.message();
  }
  ADD_FAILURE() << spec << " was accepted";
  return "";
}

TEST(CutterShapes, ChamferIsAConeThenSideFlutes) {
  const ToolSpec spec = parseToolSpec("chamfer:10:2:45,flute=12", "--tool");
  EXPECT_EQ(spec.type, CutterType::Chamfer);
  EXPECT_DOUBLE_EQ(spec.tip_diameter, 2);
  EXPECT_DOUBLE_EQ(spec.taper_angle_deg, 45);
  EXPECT_DOUBLE_EQ(spec.flute_length, 12);
  const double cone = 4 / tanDeg(45);
  const std::vector<ToolSegment> pieces = toolAssembly(spec);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], (ToolSegment{"flutes", true, 0, cone, 1, 5, 0}));
  EXPECT_EQ(pieces[1], (ToolSegment{"side flutes", true, cone, 12, 5, 5, 0}));
}

TEST(CutterShapes, ChamferFlutesAreAtLeastTheCone) {
  // Flutes given shorter than the cone, or not given: the whole cone cuts, and nothing more.
  const double cone = 5 / tanDeg(30);
  EXPECT_DOUBLE_EQ(parseToolSpec("chamfer:10:0:30", "--tool").flute_length, cone);
  EXPECT_EQ(parseToolSpec("chamfer:10:0:30,flute=1", "--tool"),
            parseToolSpec("chamfer:10:0:30", "--tool"));
  EXPECT_EQ(toolAssembly(parseToolSpec("chamfer:10:0:30", "--tool")).size(), 1u);
}

TEST(CutterShapes, VbitAndSpotAreChamfersByIncludedAngle) {
  EXPECT_EQ(parseToolSpec("vbit:6:60", "--tool"), parseToolSpec("chamfer:6:0:30", "--tool"));
  EXPECT_EQ(parseToolSpec("spot:8:90,length=50", "--tool"),
            parseToolSpec("chamfer:8:0:45,length=50", "--tool"));
}

TEST(CutterShapes, DrillIsAPointThenFlutes) {
  const ToolSpec spec = parseToolSpec("drill:5:118,flute=30,length=45", "--tool");
  EXPECT_EQ(spec.type, CutterType::Drill);
  EXPECT_DOUBLE_EQ(spec.point_angle_deg, 118);
  const double point = 2.5 / tanDeg(59);
  const std::vector<ToolSegment> pieces = toolAssembly(spec);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0], (ToolSegment{"point", true, 0, point, 0, 2.5, 0}));
  EXPECT_EQ(pieces[1], (ToolSegment{"flutes", true, point, 30, 2.5, 2.5, 0}));
  EXPECT_EQ(pieces[2], (ToolSegment{"shank", false, 30, 45, 2.5, 2.5, 0}));
}

TEST(CutterShapes, LollipopIsASphereOnANonCuttingNeck) {
  const ToolSpec spec = parseToolSpec("lollipop:6,neck=3,flute=25,shank=6,length=50", "--tool");
  EXPECT_EQ(spec.type, CutterType::Lollipop);
  EXPECT_DOUBLE_EQ(spec.corner_radius, 3);
  const std::vector<ToolSegment> pieces = toolAssembly(spec);
  ASSERT_EQ(pieces.size(), 3u);
  EXPECT_EQ(pieces[0], (ToolSegment{"flutes", true, 3, 3, 0, 0, 3}));
  // The neck leaves the sphere at R + √(R² − (d/2)²).
  EXPECT_EQ(pieces[1], (ToolSegment{"neck", false, 3 + std::sqrt(6.75), 25, 1.5, 1.5, 0}));
  EXPECT_EQ(pieces[2], (ToolSegment{"shank", false, 25, 50, 3, 3, 0}));
}

TEST(CutterShapes, DovetailIsAnInvertedConeOnANeck) {
  const ToolSpec spec = parseToolSpec("dovetail:20:30:6,neck=8,flute=20", "--tool");
  EXPECT_EQ(spec.type, CutterType::Dovetail);
  EXPECT_DOUBLE_EQ(spec.cutting_height, 6);
  const std::vector<ToolSegment> pieces = toolAssembly(spec);
  ASSERT_EQ(pieces.size(), 2u);
  EXPECT_EQ(pieces[0], (ToolSegment{"flutes", true, 0, 6, 10, 10 - 6 * tanDeg(30), 0}));
  EXPECT_EQ(pieces[1], (ToolSegment{"neck", false, 6, 20, 4, 4, 0}));
}

TEST(CutterShapes, TypeNames) {
  EXPECT_STREQ(cutterTypeName(CutterType::Chamfer), "chamfer");
  EXPECT_STREQ(cutterTypeName(CutterType::Drill), "drill");
  EXPECT_STREQ(cutterTypeName(CutterType::Lollipop), "lollipop");
  EXPECT_STREQ(cutterTypeName(CutterType::Dovetail), "dovetail");
}

TEST(CutterShapes, BadShapesAreRefusedWithTheReason) {
  EXPECT_NE(errorOf("chamfer:10:10:45").find("tip diameter"), std::string::npos);
  EXPECT_NE(errorOf("chamfer:10:-1:45").find("tip diameter"), std::string::npos);
  EXPECT_NE(errorOf("chamfer:10:0:90").find("half-angle must be between 0 and 90"),
            std::string::npos);
  EXPECT_NE(errorOf("chamfer:10:0").find("chamfer:D:d:A"), std::string::npos);
  EXPECT_NE(errorOf("vbit:10:180").find("between 0 and 90"), std::string::npos);
  EXPECT_NE(errorOf("drill:5:0").find("point angle"), std::string::npos);
  EXPECT_NE(errorOf("drill:5:180").find("point angle"), std::string::npos);
  EXPECT_NE(errorOf("drill:5:118,flute=1").find("head height"), std::string::npos);
  EXPECT_NE(errorOf("lollipop:6").find("neck"), std::string::npos);
  EXPECT_NE(errorOf("lollipop:6,neck=6").find("smaller than the head"), std::string::npos);
  EXPECT_NE(errorOf("lollipop:6,neck=3,flute=5").find("reach"), std::string::npos);
  EXPECT_NE(errorOf("dovetail:20:30:6").find("neck"), std::string::npos);
  EXPECT_NE(errorOf("dovetail:20:60:6,neck=5").find("narrows to nothing"), std::string::npos);
  EXPECT_NE(errorOf("dovetail:20:30:6,neck=5,flute=6").find("reach"), std::string::npos);
  EXPECT_NE(errorOf("dovetail:20:30:6,neck=14,flute=20").find("wider than the cone's top"),
            std::string::npos);
  EXPECT_NE(errorOf("ball:6,neck=3").find("unknown key 'neck'"), std::string::npos);
  EXPECT_NE(errorOf("drill:5:nan").find("not a number"), std::string::npos);
  EXPECT_NE(errorOf("chamfer:1e300:0:45").find("largest cutter size"), std::string::npos);
  // A chamfer of a hair's half-angle is a cone far longer than any cutter.
  EXPECT_NE(errorOf("chamfer:10:0:1e-9").find("largest cutter size"), std::string::npos);
}

TEST(CutterShapes, HolderFamilySitsAtTheLength) {
  const ToolSpec spec = parseToolSpec("ball:6,length=40,holder=ER32", "--tool");
  EXPECT_EQ(spec.holder_name, "ER32 collet chuck (typical)");
  ASSERT_EQ(spec.holder.size(), 2u);
  EXPECT_EQ(spec.holder[0], (ToolSegment{"holder: nut", false, 40, 67, 25, 25, 0}));
  EXPECT_EQ(spec.holder[1].z_bottom, 67);
  EXPECT_DOUBLE_EQ(spec.holder[1].radius_top, 25 + 40 * tanDeg(8));
  const std::vector<ToolSegment> pieces = toolAssembly(spec);
  ASSERT_EQ(pieces.size(), 4u);  // flutes, shank, nut, body
  EXPECT_EQ(pieces[1].name, "shank");
  EXPECT_EQ(pieces[2].name, "holder: nut");

  const ToolSpec shrink = parseToolSpec("flat:6,length=30,holder=shrink:6", "--tool");
  ASSERT_EQ(shrink.holder.size(), 1u);
  EXPECT_DOUBLE_EQ(shrink.holder[0].radius_bottom, 10.5);
  EXPECT_DOUBLE_EQ(shrink.holder[0].radius_top, 10.5 + 50 * tanDeg(4.5));
  const ToolSpec side = parseToolSpec("flat:12,length=50,holder=sidelock:12", "--tool");
  EXPECT_EQ(side.holder.at(0), (ToolSegment{"holder: body", false, 50, 100, 21, 21, 0}));

  EXPECT_NE(errorOf("ball:6,holder=ER32").find("length"), std::string::npos);
  EXPECT_NE(errorOf("ball:6,length=40,holder=ER99").find("unknown holder 'ER99'"),
            std::string::npos);
  EXPECT_NE(errorOf("ball:6,length=40,holder=shrink:7").find("sizes (mm): 3, 4"),
            std::string::npos);
}

}  // namespace
}  // namespace gougechek
