// Reading the program through the command line (issue 8): what cannot be read, or reads as
// nothing, is an error with the system's reason; pipes, FIFOs and devices are read (spooled)
// like files, within a cap; a byte-order mark is no error.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

// Rapids above the box's top face (z = 20), then a plunge 1 mm into it at (25, 20).
constexpr const char* kGougingProgram =
    "G21 G90\nG0 X-10 Y-10 Z30\nG0 X25 Y20\nG1 Z19 F100\nG0 Z30\nM2\n";

class GcodeInputCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_gcode_input_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "offsets.d");
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "gouge.nc", kGougingProgram);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static CliRun run(const std::string& arguments, const std::string& stdin_file = "/dev/null") {
    return runCli(dir_, arguments, stdin_file);
  }

  /// Runs with a FIFO, program.fifo, that another thread fills with `text` as a shell pipe
  /// would: named in `arguments`, or standard input with `as_stdin`.
  static CliRun runWithFifo(const std::string& arguments, const std::string& text, bool as_stdin) {
    const fs::path fifo = dir_ / "program.fifo";
    fs::remove(fifo);
    EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << text; });
    const CliRun result = run(arguments, as_stdin ? fifo.string() : "/dev/null");
    writer.join();
    return result;
  }

  static void expectError(const CliRun& result, const std::string& error) {
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(result.err, "gougechek: error: " + error + "\n");
  }

  static inline fs::path dir_;
};

TEST_F(GcodeInputCli, ADirectoryOrAMissingFileIsAnErrorWithTheReason) {
  expectError(run("box.stl . -t ball:6"), ".: cannot open the program: is a directory");
  expectError(run("--moves ."), ".: cannot open the program: is a directory");
  expectError(run("box.stl missing.nc -t ball:6"),
              "missing.nc: cannot open the program: No such file or directory");
}

TEST_F(GcodeInputCli, AProgramWithoutMovesNeverPasses) {
  writeText(dir_ / "empty.nc", "");
  expectError(run("box.stl empty.nc -t ball:6"), "empty.nc: the program has no moves");
  expectError(run("--moves empty.nc"), "empty.nc: the program has no moves");
  writeText(dir_ / "modal.nc", "%\n(setup only)\nG21 G90 G17\nM3 S1000\nM5\n%\n");
  expectError(run("box.stl modal.nc -t ball:6 --report modal.json"),
              "modal.nc: the program has no moves");
  expectError(run("box.stl - -t ball:6", "/dev/null"), "<stdin>: the program has no moves");
}

TEST_F(GcodeInputCli, PipesAndFifosAreReadLikeFiles) {
  const CliRun file = run("box.stl gouge.nc -t ball:6");
  EXPECT_EQ(file.exit_code, 1) << file.err;
  // a FIFO named by its path, as `<(post-processor)` names a pipe /dev/fd/63
  CliRun fifo = runWithFifo("box.stl program.fifo -t ball:6", kGougingProgram, false);
  EXPECT_EQ(fifo.exit_code, 1) << fifo.err;
  EXPECT_TRUE(contains(fifo.out, "program.fifo:4: gouge 1.000 mm")) << fifo.out;
  // standard input, with the HTML report quoting the gouging line read back from the spool
  fifo = runWithFifo("box.stl - -t ball:6 --format html", kGougingProgram, true);
  EXPECT_EQ(fifo.exit_code, 1) << fifo.err;
  EXPECT_TRUE(contains(fifo.out, "G1 Z19 F100")) << fifo.out;
  // O-word loops seek back in a program that can be read only once
  fifo = runWithFifo("--moves -", "o1 repeat [3]\nG0 X1\nG0 X2\no1 endrepeat\nM2\n", true);
  EXPECT_EQ(fifo.exit_code, 0) << fifo.err;
  EXPECT_EQ(std::count(fifo.out.begin(), fifo.out.end(), '\n'), 6);
}

TEST_F(GcodeInputCli, AnEndlessDeviceEndsInAnErrorNotAHang) {
  const auto started = std::chrono::steady_clock::now();
  expectError(run("box.stl /dev/zero -t ball:6"), "/dev/zero:1: line longer than 65536 bytes");
  expectError(run("box.stl - -t ball:6", "/dev/zero"), "<stdin>:1: line longer than 65536 bytes");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
}

TEST_F(GcodeInputCli, AByteOrderMarkIsAccepted) {
  writeText(dir_ / "bom.nc", std::string("\xEF\xBB\xBF") + kGougingProgram);
  const CliRun result = run("box.stl bom.nc -t ball:6");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(contains(result.out, "bom.nc:4: gouge 1.000 mm")) << result.out;
}

TEST_F(GcodeInputCli, APercentLineInsideTheProgramIsAnErrorNotTheEnd) {
  writeText(dir_ / "vfd.nc", "G21 G90\nG0 X-10 Y-10 Z30\n% vfd enable\nG0 X25 Y20\nG1 Z19 F100\n");
  expectError(run("box.stl vfd.nc -t ball:6"),
              "vfd.nc:3:1: bad character '%' used: LinuxCNC allows '%' only alone on the first "
              "line and on the line that closes such a program");
}

// The work offsets file is an input like the program: a directory or an endless device is an
// error naming it, never an empty set of offsets under which a G54 gouge would pass.
TEST_F(GcodeInputCli, WorkOffsetsDirectoryIsAnError) {
  expectError(run("box.stl gouge.nc -t ball:6 --work-offsets offsets.d"),
              "offsets.d: is a directory, not a work offsets file");
}

TEST_F(GcodeInputCli, WorkOffsetsDeviceIsCapped) {
  expectError(
      run("box.stl gouge.nc -t ball:6 --work-offsets /dev/zero"),
      "/dev/zero: not a regular file and longer than 1 MiB, the most read of a work offsets "
      "file from a pipe or device; save it to a file");
}

}  // namespace
}  // namespace gougechek
