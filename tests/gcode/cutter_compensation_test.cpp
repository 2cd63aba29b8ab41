// Cutter radius compensation: errors with their place. Motions are compared with LinuxCNC in
// linuxcnc_compare_test.cpp (programs/compensation_lines.ngc with a 4 mm tool).
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
  EXPECT_THAT(errorOf("F100\nG41.1 D4\nG1 X10\nG2 X20 R5\n"),
              HasSubstr("t.nc:4:1: G2: arcs under cutter radius compensation"));
  EXPECT_THAT(errorOf("F100\nG41.1 D4\nG81 X1 Z-1 R1\n"),
              HasSubstr("t.nc:3:1: G81: canned cycles cannot be used with cutter radius"));
  EXPECT_THAT(errorOf("G41.1\n"), HasSubstr("t.nc:1:1: G41.1 needs D with the tool diameter"));
}

}  // namespace
}  // namespace gougechek
