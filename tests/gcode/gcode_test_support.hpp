#pragma once
// Helpers shared by the G-code tests: run a program given as text, expect an input error.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gcode/program.hpp"
#include "gougechek/error.hpp"

namespace gougechek::testing_support {

inline Program run(const std::string& text) {
  std::istringstream in(text);
  return readProgram(in, "t.nc");
}

/// The full "file:line:col: message" of the error `text` raises, or "" when it is accepted.
inline std::string errorOf(const std::string& text) {
  try {
    run(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

inline void expectNear(const Vec3& actual, const Vec3& expected, double tolerance = 1e-9) {
  EXPECT_NEAR(actual.x, expected.x, tolerance);
  EXPECT_NEAR(actual.y, expected.y, tolerance);
  EXPECT_NEAR(actual.z, expected.z, tolerance);
}

}  // namespace gougechek::testing_support
