// The review of issue 8: inputs of the G-code side that read as less than they hold must be
// errors naming the file, not a PASS of what was read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

// Rapids above the box's top face (z = 20), then a plunge 1 mm into it at (25, 20).
constexpr const char* kGougingProgram =
    "G21 G90\nG0 X-10 Y-10 Z30\nG0 X25 Y20\nG1 Z19 F100\nG0 Z30\nM2\n";

class FixGcodeInput : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_fixgcode_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "offsets.d");
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "gouge.nc", kGougingProgram);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static CliRun run(const std::string& arguments) { return runCli(dir_, arguments); }

  static void expectError(const CliRun& result, const std::string& error) {
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(result.err, "gougechek: error: " + error + "\n");
  }

  static inline fs::path dir_;
};

TEST_F(FixGcodeInput, WorkOffsetsDirectoryIsAnError) {
  expectError(run("box.stl gouge.nc -t ball:6 --work-offsets offsets.d"),
              "offsets.d: cannot open the work offsets file: is a directory");
}

TEST_F(FixGcodeInput, WorkOffsetsDeviceIsCapped) {
  expectError(run("box.stl gouge.nc -t ball:6 --work-offsets /dev/zero"),
              "/dev/zero: the work offsets file is longer than 1048576 bytes");
}

}  // namespace
}  // namespace gougechek
