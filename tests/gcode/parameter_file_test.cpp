#include "gcode/parameter_file.hpp"

#include <gtest/gtest.h>

#include <ios>
#include <sstream>
#include <streambuf>

#include "gougechek/error.hpp"

namespace gougechek {
namespace {

std::map<int, double> read(const std::string& text) {
  std::istringstream in(text);
  return readParameterFile(in, "p.var");
}

std::string errorOf(const std::string& text) {
  try {
    read(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ParameterFile, ReadsLinuxcncVarFiles) {
  const auto parameters = read("5161\t0.000000\n\n5221 10.5\r\n5222 -2\n");
  EXPECT_EQ(parameters, (std::map<int, double>{{5161, 0.0}, {5221, 10.5}, {5222, -2.0}}));
}

TEST(ParameterFile, RejectsWhatLinuxcncRejects) {
  EXPECT_EQ(errorOf("5221 1\n5161 2\n"),
            "p.var:2: parameter numbers must ascend (as LinuxCNC requires)");
  EXPECT_EQ(errorOf("5221 x\n"), "p.var:1: expected a parameter number and its value");
  EXPECT_EQ(errorOf("9999 1\n"), "p.var:1: parameter number out of range: 9999");
  EXPECT_EQ(errorOf("5221 1 2\n"), "p.var:1: unexpected text after the value");
  // Hostile pass D21: an offset far out is the file's error, not the first program line's.
  EXPECT_EQ(errorOf("5161 0\n5221 1e300\n"),
            "p.var:2: #5221 = 1e+300: an offset outside the supported range (±1e6)");
  EXPECT_EQ(read("31 1e300\n5221 1000000\n"), (std::map<int, double>{{31, 1e300}, {5221, 1e6}}));
}

/// A stream buffer whose reads fail, as a file on a failing disk does.
class FailingBuffer : public std::streambuf {
 protected:
  int_type underflow() override { throw std::ios_base::failure("read failed"); }
};

TEST(ParameterFile, ReadErrorIsAnErrorNotAnEmptyFile) {
  FailingBuffer buffer;
  std::istream in(&buffer);
  try {
    readParameterFile(in, "p.var");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), "p.var");
    EXPECT_EQ(std::string(e.message()).rfind("read error: ", 0), 0u) << e.message();
  }
}

TEST(ParameterFile, RefusesAFileLongerThanTheCap) {
  EXPECT_EQ(errorOf(std::string(kMaxParameterFileBytes + 1, '\n')),
            "p.var: the work offsets file is longer than 1048576 bytes");
  EXPECT_EQ(read(std::string(kMaxParameterFileBytes - 8, '\n') + "5221 1\n"),
            (std::map<int, double>{{5221, 1.0}}));
}

}  // namespace
}  // namespace gougechek
