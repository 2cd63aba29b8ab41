// The named codes and the plane table: the one list of canned cycles agrees with the code
// table, and each plane's axes are a right-handed frame (G3 turns about +normal).
#include "gcode/codes.hpp"

#include <gtest/gtest.h>

#include "gcode/code_table.hpp"
#include "gcode/plane.hpp"

namespace gougechek {
namespace {

TEST(Codes, EveryCannedCycleIsAMotionCodeOrRefused) {
  for (const int cycle : kCannedCycles) {
    const CodeInfo info = describeGCode(cycle);
    if (cycle == G_76 || cycle == G_88)
      EXPECT_FALSE(info.refusal.empty()) << gCodeName(cycle);
    else
      EXPECT_EQ(info.group, CodeGroup::Motion) << gCodeName(cycle);
  }
  EXPECT_FALSE(isCannedCycle(G_80));
  EXPECT_FALSE(isCannedCycle(G_1));
}

TEST(Codes, LinuxCncG74TakesNoRepeatsFanucAndHaasG74Does) {
  EXPECT_FALSE(cycleRepeats(G_74, Dialect::LinuxCnc));
  EXPECT_TRUE(cycleRepeats(G_74, Dialect::Fanuc));
  EXPECT_TRUE(cycleRepeats(G_74, Dialect::Haas));
  EXPECT_TRUE(cycleRepeats(G_81, Dialect::LinuxCnc));
  EXPECT_FALSE(cycleRepeats(G_2, Dialect::Fanuc));
}

TEST(Codes, CoordinateSystemsInLinuxCncOrder) {
  EXPECT_EQ(gCodeName(kCoordinateSystems[0]), "G54");
  EXPECT_EQ(gCodeName(kCoordinateSystems[5]), "G59");
  EXPECT_EQ(gCodeName(kCoordinateSystems[8]), "G59.3");
  EXPECT_EQ(coordinateSystem(G_54), 1);
  EXPECT_EQ(coordinateSystem(G_59_3), 9);
  EXPECT_EQ(coordinateSystem(G_53), 0);
}

TEST(Plane, AxesAreRightHandedAndNamedByTheirCode) {
  for (const int code : {G_17, G_18, G_19}) {
    const Plane plane = planeOf(code);
    EXPECT_EQ(planeCode(plane), code);
    const PlaneAxes axes = planeAxes(plane);
    // (first, second, normal) is a cyclic order of (x, y, z): first × second = +normal.
    EXPECT_EQ((axes.first + 1) % 3, axes.second) << gCodeName(code);
    EXPECT_EQ((axes.second + 1) % 3, axes.normal) << gCodeName(code);
  }
  EXPECT_EQ(planeAxes(Plane::XY).normal, 2);
  EXPECT_EQ(planeAxes(Plane::XZ).normal, 1);
  EXPECT_EQ(planeAxes(Plane::YZ).normal, 0);
  EXPECT_STREQ(planeName(Plane::XZ), "XZ");
}

}  // namespace
}  // namespace gougechek
