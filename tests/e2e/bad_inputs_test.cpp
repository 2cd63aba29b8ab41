// The bad inputs of issue 2's acceptance, through the command line as a user meets them: each
// gives exit code 2 and one error line on stderr naming the file and the line at fault.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"
#include "gougechek/part.hpp"
#include "io/part_reader.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

constexpr const char* kErrorPrefix = "gougechek: error: ";
// Leaves the box's top face (z = 20) at z = 30: clean with any cutter of the tests.
constexpr const char* kCleanProgram = "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\n";

/// The first `count` lines of `text`, each with its newline.
std::string firstLines(const std::string& text, int count) {
  std::size_t end = 0;
  for (int i = 0; i < count; ++i) end = text.find('\n', end) + 1;
  return text.substr(0, end);
}

/// `text` with line `number` (1-based) replaced by `line`.
std::string replaceLine(const std::string& text, int number, const std::string& line) {
  const std::string before = firstLines(text, number - 1);
  const std::size_t after = text.find('\n', before.size());
  return before + line + text.substr(after);
}

class BadInputs : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_bad_inputs_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "clean.nc", kCleanProgram);
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static fs::path file(const std::string& name) { return dir_ / name; }
  static CliRun run(const std::string& arguments) { return runCli(dir_, arguments); }

  /// Expects exit code 2, nothing on stdout, and one error line on stderr that starts with
  /// `location` (file:line: or file:line:col:) and says `message`.
  static void expectInputError(const CliRun& result, const std::string& location,
                               const std::string& message) {
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(result.out, "");
    EXPECT_TRUE(result.err.starts_with(kErrorPrefix + location)) << result.err;
    EXPECT_TRUE(contains(result.err, message)) << result.err;
    EXPECT_EQ(result.err.find('\n'), result.err.size() - 1) << "one line: " << result.err;
  }

  static inline fs::path dir_;
};

TEST_F(BadInputs, TruncatedStlNamesWhereTheTextStops) {
  // Cut after line 35, the endloop of facet 5: its endfacet and the rest are missing.
  writeText(file("truncated.stl"), firstLines(boxStl(), 35));
  expectInputError(run("truncated.stl clean.nc -t ball:6"),
                   "truncated.stl:35:8: ", "expected 'endfacet', found end of file");

  // A binary STL has no lines: the error names the file and what is missing.
  writeStlBinary(importPart(file("box.stl").string(), 1.0).mesh, file("binary.stl").string());
  fs::resize_file(file("binary.stl"), fs::file_size(file("binary.stl")) - 30);
  expectInputError(run("binary.stl clean.nc -t ball:6"), "binary.stl: ",
                   "truncated file: binary STL header says 12 triangles (684 bytes) but the "
                   "file has 654 bytes");
}

TEST_F(BadInputs, NanVertexNamesItsLineAndColumn) {
  // Line 25 is the first vertex of facet 4.
  writeText(file("nan.stl"), replaceLine(boxStl(), 25, "vertex 50 nan 20"));
  expectInputError(run("nan.stl clean.nc -t ball:6"),
                   "nan.stl:25:11: ", "vertex coordinate is not finite, found 'nan'");

  // In a binary STL the error names the triangle.
  writeStlBinary(importPart(file("box.stl").string(), 1.0).mesh, file("nan_binary.stl").string());
  std::string bytes = readText(file("nan_binary.stl"));
  const float nan = std::nanf("");
  // Header 80 bytes, count 4, then per triangle a normal and three corners: the second
  // corner's y of triangle 3.
  std::memcpy(bytes.data() + 84 + 2 * 50 + 12 + 12 + 4, &nan, sizeof nan);
  writeText(file("nan_binary.stl"), bytes);
  expectInputError(run("nan_binary.stl clean.nc -t ball:6"),
                   "nan_binary.stl: ", "triangle 3 of 12 has a non-finite coordinate");
}

TEST_F(BadInputs, ArcEndOffItsCircleNamesTheArcLine) {
  // Centre (14, 10), radius 4 at the start, 6 at the end.
  writeText(file("arc.nc"), "G21 G90\nG0 X10 Y10 Z30\nG2 X20 Y10 I4 J0 F100\n");
  expectInputError(run("box.stl arc.nc -t ball:6"),
                   "arc.nc:3:", "G2 arc: radius mismatch 2 mm between start and end");
}

TEST_F(BadInputs, UnknownMotionCodeNamesItsLine) {
  writeText(file("motion.nc"), "G21 G90\nG0 X10 Y10 Z30\nG6 X20 Y10\n");
  expectInputError(run("box.stl motion.nc -t ball:6"), "motion.nc:3:", "unknown G code G6");
}

TEST_F(BadInputs, MissingToolNamesTheFirstMoveWithoutACutter) {
  // No --tool at all and no tool loaded: the rapid on line 2 waits for the first tool the
  // program loads, the feed move on line 3 has no cutter.
  expectInputError(
      run("box.stl clean.nc"), "clean.nc:3: ",
      "no cutter known for tool 0: a feed move before the program's first tool change");

  // T3 is not in the table: its first move, on line 5, is the error.
  writeText(file("tools.tbl"), "T1 P1 D6 ;ball\n");
  writeText(file("t3.nc"), "G21 G90\nT1 M6\nG0 X-10 Y-10 Z30\nT3 M6\nG1 X60 F500\n");
  expectInputError(run("box.stl t3.nc --tool-table tools.tbl"),
                   "t3.nc:5: ", "no cutter known for tool 3");
}

TEST_F(BadInputs, FirstErrorInTheProgramWinsWhileTheNextBlockIsRead) {
  // The next block of moves (from move 65,537) is read while the first is checked. The first
  // move lacks a cutter and the next block starts with a bad line: the earlier error is the
  // one reported, every time.
  std::string program = "G21 G90\n";
  for (int i = 0; i < 65536; ++i) program += i % 2 ? "G1 X60 Z30 F500\n" : "G1 X-10 Z30 F500\n";
  program += "G6 X1\n";
  writeText(file("two_blocks.nc"), program);
  for (int run_number = 0; run_number < 5; ++run_number)
    expectInputError(run("box.stl two_blocks.nc"),
                     "two_blocks.nc:2: ", "no cutter known for tool 0");
}

}  // namespace
}  // namespace gougechek
