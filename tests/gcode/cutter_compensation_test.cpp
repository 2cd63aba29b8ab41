// Cutter radius compensation: errors with their place. Motions are compared with LinuxCNC in
// linuxcnc_compare_test.cpp (programs/compensation_*.ngc with the tool diameters of their .dia
// files).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

using testing::HasSubstr;
using testing_support::errorOf;

TEST(CutterCompensation, ErrorsNameTheLineAndColumn) {
  EXPECT_EQ(errorOf("F100\nG41.1 D4\nG1 X1\n"),
            "t.nc:3:1: length of cutter compensation entry move is not greater than the tool "
            "radius");
  EXPECT_EQ(errorOf("F100\nG41.1 D4\nG1 X10\nG3 X11.5 Y1.5 R1.5\n"),
            "t.nc:4:1: G3 arc: tool radius 2 mm not less than arc radius 1.5 mm with cutter "
            "radius compensation (the tool does not fit inside the arc)");
  EXPECT_THAT(errorOf("F100\nG42.1 D4\nG2 X2 Y0 I1 J0\n"),
              HasSubstr("t.nc:3:1: G2 arc: radius of cutter compensation entry arc is not"));
  EXPECT_THAT(errorOf("F100\nG41.1 D4\nG1 X10\nG40\nG2 X20 R5\n"),
              HasSubstr("t.nc:5:1: G2: the move just after cutter radius compensation ends"));
  EXPECT_THAT(errorOf("F100\nG41.1 D0\nG18\n"),
              HasSubstr("t.nc:3:1: cannot change planes with cutter radius compensation on"));
  EXPECT_THAT(errorOf("G19 G41.1 D0\n"),
              HasSubstr("t.nc:1:5: G41.1: cutter radius compensation is allowed only in the G17"));
  EXPECT_THAT(errorOf("F100\nG41.1 D4\nG81 X1 Z-1 R1\n"),
              HasSubstr("t.nc:3:1: G81: canned cycles cannot be used with cutter radius"));
  EXPECT_THAT(errorOf("G41.1\n"), HasSubstr("t.nc:1:1: G41.1 needs D with the tool diameter"));
}

}  // namespace
}  // namespace gougechek
