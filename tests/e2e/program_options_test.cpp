// What the command line tells the interpreter (--work-offsets, the tool table's lengths), and
// what the streamed check reports about the program (moves, tools used, source lines).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class ProgramOptionsCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_options_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    // G54 at (100, 200, 5), G55 at (-10, 0, 0); G28 home at Z 80.
    writeText(dir_ / "offsets.var", "5163 80\n5221 100\n5222 200\n5223 5\n5241 -10\n");
    writeText(dir_ / "tools.tbl", "T1 P1 D6 Z+50 ;ball flute=24\nT2 P2 D4 Z-12.5 ;flat\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static CliRun run(const std::string& arguments, const std::string& stdin_file = "/dev/null") {
    return runCli(dir_, arguments, stdin_file);
  }
  static fs::path file(const std::string& name) { return dir_ / name; }

  /// The `to` of each move `--moves` prints for `program` with `options`.
  static std::vector<nlohmann::json> movesOf(const std::string& program,
                                             const std::string& options) {
    writeText(dir_ / "program.nc", program);
    const CliRun result = run("--moves program.nc " + options);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    std::vector<nlohmann::json> moves;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) moves.push_back(nlohmann::json::parse(line));
    return moves;
  }

  static inline fs::path dir_;
};

TEST_F(ProgramOptionsCli, WorkOffsetsComeFromTheParameterFile) {
  const auto moves =
      movesOf("G21 G90\nG54 G0 X1 Y2 Z3\nG55 G0 X1 Y2 Z3\nG28\n", "--work-offsets offsets.var");
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0]["to"], nlohmann::json::parse("[101, 202, 8]"));
  EXPECT_EQ(moves[1]["to"], nlohmann::json::parse("[-9, 2, 3]"));
  EXPECT_EQ(moves[2]["to"], nlohmann::json::parse("[0, 0, 80]"));
}

TEST_F(ProgramOptionsCli, WithoutTheFileOffsetsAreZeroWithAWarning) {
  // Over the box (2 mm above it) with either offset, so that both are checked: without the file
  // where the first rapid ends, with it (G54 at 100, 200, 5) where the second does.
  writeText(dir_ / "g54.nc", "G21 G90\nG54 G0 X1 Y2 Z22\nG0 X-99 Y-198 Z17\nM30\n");
  const CliRun result = run("box.stl g54.nc -t ball:6");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, "G54 work offset: taken as zero")) << result.out;
  const CliRun with_file = run("box.stl g54.nc -t ball:6 --work-offsets offsets.var");
  EXPECT_EQ(with_file.exit_code, 0) << with_file.err;
  EXPECT_FALSE(contains(with_file.out, "work offset: taken as zero")) << with_file.out;
}

TEST_F(ProgramOptionsCli, BadWorkOffsetsFilesAreInputErrors) {
  const CliRun missing = run("--moves offsets.var --work-offsets nowhere.var");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err, "nowhere.var")) << missing.err;
  writeText(dir_ / "bad.var", "5221 100\nfive 3\n");
  writeText(dir_ / "empty.nc", "M30\n");
  const CliRun bad = run("box.stl empty.nc -t ball:6 --work-offsets bad.var");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "bad.var:2")) << bad.err;
}

TEST_F(ProgramOptionsCli, G43TakesTheToolLengthFromTheTableZColumn) {
  // Programmed points stay tip points; the tip is where it was, so the position the program
  // knows jumps by the change of length (LinuxCNC's rule).
  const auto moves = movesOf("G21 G90\nT1 M6\nG0 Z10\nG43 H1\nG0 Z10\nT2 M6\nG43\nG0 Z10\n",
                             "--tool-table tools.tbl");
  ASSERT_EQ(moves.size(), 3u);
  EXPECT_EQ(moves[0]["to"][2], 10.0);
  EXPECT_EQ(moves[1]["from"][2], 10.0 - 50.0);
  EXPECT_EQ(moves[1]["to"][2], 10.0);
  EXPECT_EQ(moves[2]["from"][2], 10.0 + 50.0 - (-12.5));
  EXPECT_EQ(moves[2]["tool"], 2);
}

TEST_F(ProgramOptionsCli, G43WithAToolMissingFromTheTableIsAnError) {
  writeText(dir_ / "h7.nc", "G21 G90\nG43 H7\nG0 Z10\n");
  const CliRun result = run("--moves h7.nc --tool-table tools.tbl");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "h7.nc:2:")) << result.err;
  EXPECT_TRUE(contains(result.err, "tool 7 is not in the tool table")) << result.err;
}

TEST_F(ProgramOptionsCli, TheStreamedReportCountsMovesAndListsTheToolsUsed) {
  writeText(dir_ / "two_tools.nc",
            "G21 G90\nT1 M6\nG0 X-10 Y10 Z21\nG1 X60 F500\nT2 M6\nG1 Y50\nG0 Z40\nM30\n");
  const CliRun result =
      run("box.stl two_tools.nc --tool-table tools.tbl --report r.json --format json");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json report = nlohmann::json::parse(readText(file("r.json")));
  EXPECT_EQ(report["inputs"]["path"]["moves"], 4);
  EXPECT_EQ(report["inputs"]["path"]["lines"], 8);
  ASSERT_EQ(report["tools"].size(), 2u);
  EXPECT_EQ(report["tools"][0]["number"], 1);
  EXPECT_EQ(report["tools"][1]["number"], 2);
}

TEST_F(ProgramOptionsCli, HtmlQuotesTheLinesOfViolationsFromFilesAndStdin) {
  // Plunges 0.5 mm into the top face at line 4.
  writeText(dir_ / "gouge.nc", "G21 G90\nG0 X10 Y10 Z30\n(plunge)\nG1 Z19.5 F100 (deep)\nM30\n");
  for (const std::string& input : {std::string("gouge.nc"), std::string("-")}) {
    const CliRun result =
        run("box.stl " + input + " -t ball:6 --report r.html", file("gouge.nc").string());
    EXPECT_EQ(result.exit_code, 1) << result.err;
    EXPECT_TRUE(contains(readText(file("r.html")), "G1 Z19.5 F100 (deep)")) << input;
  }
}

}  // namespace
}  // namespace gougechek
