// The command line as users and pipelines see it: exit codes, messages, report files. Runs the
// built gougechek binary on a small generated part and programs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class Cli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_cli_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    // Passes 10 mm above the top face.
    writeText(dir_ / "clean.nc", "G21 G90\nG0 X-10 Y-10 Z30\nG1 X60 F500\nG1 Y50\nM30\n");
    // Plunges 0.5 mm into the top face at line 3, cuts along it at line 4, retracts at line 5.
    writeText(dir_ / "gouge.nc", "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\nG1 X20\nG0 Z30\nM30\n");
    writeText(dir_ / "tools.tbl", "T1 P1 D6 ;ball flute=24\nT2 P2 D4 ;flat\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static fs::path file(const std::string& name) { return dir_ / name; }

  /// Runs `gougechek <arguments>` (shell syntax) in the test folder.
  static CliRun run(const std::string& arguments, const std::string& stdin_file = "/dev/null") {
    return runCli(dir_, arguments, stdin_file);
  }

  static inline fs::path dir_;
};

TEST_F(Cli, HelpAndVersion) {
  const CliRun help = run("--help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_TRUE(contains(help.out, "Usage: gougechek PART PATH [options]")) << help.out;
  EXPECT_TRUE(contains(help.out, "--tool-table")) << help.out;
  const CliRun version = run("--version");
  EXPECT_EQ(version.exit_code, 0);
  EXPECT_EQ(version.out, "gougechek " GOUGECHEK_VERSION "\n");
}

TEST_F(Cli, UsageErrorsExitWithTwo) {
  const struct {
    const char* arguments;
    const char* message;
  } cases[] = {
      {"", "PART and PATH are required"},
      {"box.stl", "PART and PATH are required"},
      {"box.stl clean.nc extra.nc -t ball:6", "too many arguments"},
      {"box.stl clean.nc --frobnicate", "frobnicate"},
      {"box.stl clean.nc -t ball:6 --tolerance -0.1", "--tolerance must be >= 0"},
      {"box.stl clean.nc -t ball:6 --tolerance abc", "--tolerance: 'abc' is not a number"},
      {"box.stl clean.nc -t ball:6 --stock -1", "--stock must be >= 0"},
      {"box.stl clean.nc -t ball:6 --rapid-clearance=-2", "--rapid-clearance must be >= 0"},
      {"box.stl clean.nc -t ball:6 --start 1,2", "--start wants X,Y,Z"},
      {"box.stl clean.nc -t ball:6 --start 1,2,z", "not a number"},
      {"box.stl clean.nc -t ball:6 --format xml", "unknown format 'xml'"},
      {"box.stl clean.nc -t ball:6 --report out.pdf", "cannot tell the format"},
      {"box.stl clean.nc -t ball:6 --part-units cm", "neither mm nor in"},
      {"box.stl clean.nc -t ball:6 -j -2", "--threads must be >= 0"},
      {"box.stl clean.nc -t ball:6 --kdop 7", "--kdop must be 6, 14, 18 or 26"},
      {"--moves", "--moves wants one PATH"},
  };
  for (const auto& usage : cases) {
    const CliRun result = run(usage.arguments);
    EXPECT_EQ(result.exit_code, 2) << usage.arguments;
    EXPECT_TRUE(result.err.starts_with("gougechek: error: ")) << result.err;
    EXPECT_TRUE(contains(result.err, usage.message)) << usage.arguments << ": " << result.err;
    EXPECT_EQ(result.out, "") << usage.arguments;
  }
}

TEST_F(Cli, InputErrorsNameTheFile) {
  const struct {
    const char* arguments;
    const char* message;
  } cases[] = {
      {"box.stl clean.nc -t drill:6", "gougechek: error: --tool: unknown cutter type 'drill'"},
      {"box.stl clean.nc -t bull:6:4", "--tool: bull corner radius 4 exceeds half the diameter"},
      {"missing.stl clean.nc -t ball:6", "missing.stl"},
      {"box.stl missing.nc -t ball:6", "missing.nc: cannot open the program"},
      {"box.stl clean.nc --tool-table missing.tbl", "missing.tbl: cannot open the tool table"},
      {"box.stl clean.nc", "clean.nc:"},  // a move with no known cutter
  };
  for (const auto& input : cases) {
    const CliRun result = run(input.arguments);
    EXPECT_EQ(result.exit_code, 2) << input.arguments;
    EXPECT_TRUE(contains(result.err, input.message)) << input.arguments << ": " << result.err;
  }
}

TEST_F(Cli, ProgramErrorsGiveFileLineAndColumn) {
  writeText(file("bad.nc"), "G21\nG1 X10 F100\nG1 X\n");
  const CliRun result = run("box.stl bad.nc -t ball:6");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(result.err.starts_with("gougechek: error: bad.nc:3:")) << result.err;
}

TEST_F(Cli, TableToolErrorsGiveTheLine) {
  writeText(file("bad.tbl"), "T1 D6 ;ball\nT2 D4 ;bull\n");
  const CliRun result = run("box.stl clean.nc --tool-table bad.tbl");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "gougechek: error: bad.tbl:2: bull cutter needs a corner"))
      << result.err;
}

TEST_F(Cli, PrintsMovesAsJsonLines) {
  const CliRun result = run("--moves gouge.nc");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::istringstream lines(result.out);
  std::string line;
  int ordinal = 0;
  while (std::getline(lines, line)) {
    const nlohmann::json move = nlohmann::json::parse(line);
    EXPECT_EQ(move["move"], ++ordinal);
  }
  EXPECT_EQ(ordinal, 4);
  const std::size_t second_line = result.out.find('\n') + 1;
  const nlohmann::json plunge = nlohmann::json::parse(
      result.out.substr(second_line, result.out.find('\n', second_line) - second_line));
  EXPECT_EQ(plunge["line"], 3);
  EXPECT_EQ(plunge["kind"], "feed");
  EXPECT_EQ(plunge["to"], nlohmann::json::parse("[10, 10, 19.5]"));
}

TEST_F(Cli, MovesFromStdinMatchTheFile) {
  const CliRun from_file = run("--moves gouge.nc");
  const CliRun from_stdin = run("--moves -", file("gouge.nc").string());
  EXPECT_EQ(from_stdin.exit_code, 0) << from_stdin.err;
  EXPECT_EQ(from_stdin.out, from_file.out);
}

TEST_F(Cli, CleanProgramPasses) {
  const CliRun result = run("box.stl clean.nc -t ball:6");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(contains(result.out, ": PASS\n")) << result.out;
  EXPECT_EQ(result.err, "");
}

TEST_F(Cli, GougeFailsWithTheTextReport) {
  const CliRun result = run("box.stl gouge.nc -t ball:6");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(contains(result.out, "gouge.nc:3: gouge 0.500 mm")) << result.out;
  EXPECT_TRUE(contains(result.out, "gouge.nc:4: gouge 0.500 mm")) << result.out;
}

TEST_F(Cli, ReportFileTakesItsFormatFromTheExtension) {
  const CliRun result = run("box.stl gouge.nc --tool-table tools.tbl -t ball:6 --report r.json");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(result.out.starts_with("gougechek: FAIL: 2 gouges")) << result.out;
  const nlohmann::json report = nlohmann::json::parse(readText(file("r.json")));
  EXPECT_EQ(report["schema"], "gougechek-report/1");
  EXPECT_EQ(report["inputs"]["path"]["file"], "gouge.nc");
  EXPECT_EQ(report["inputs"]["path"]["lines"], 6);
  EXPECT_EQ(report["inputs"]["path"]["moves"], 4);
  EXPECT_EQ(report["inputs"]["part"]["triangles"], 12);
  EXPECT_EQ(report["summary"]["gouges"], 2);
  // The retract (line 5) starts 0.5 mm inside the part: a rapid collision.
  EXPECT_EQ(report["summary"]["rapid_collisions"], 1);
  ASSERT_EQ(report["violations"].size(), 3u);
  EXPECT_EQ(report["violations"][0]["line"], 3);
  EXPECT_NEAR(report["violations"][0]["depth"].get<double>(), 0.5, 1e-6);
  EXPECT_EQ(report["violations"][2]["kind"], "rapid_collision");
  EXPECT_EQ(report["violations"][2]["line"], 5);

  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --report r.csv").exit_code, 1);
  EXPECT_TRUE(readText(file("r.csv")).starts_with("kind,line,move,tool,depth")) << "csv";
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --report r.xml").exit_code, 1);
  EXPECT_TRUE(contains(readText(file("r.xml")), "<testsuite ")) << "junit";
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --report r.html").exit_code, 1);
  EXPECT_TRUE(contains(readText(file("r.html")), "<code>G1 Z19.5 F100</code>")) << "html";
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --report r.txt --format json").exit_code, 1);
  EXPECT_TRUE(readText(file("r.txt")).starts_with("{")) << "--format overrides";
}

TEST_F(Cli, ReportIsTheSameWhateverTheThreadCount) {
  const auto reportWith = [](const std::string& threads) {
    run("box.stl gouge.nc -t ball:6 --format json -j " + threads + " --report r" + threads +
        ".json");
    nlohmann::json report = nlohmann::json::parse(readText(file("r" + threads + ".json")));
    report["summary"].erase("elapsed_s");
    return report.dump();
  };
  EXPECT_EQ(reportWith("1"), reportWith("2"));
}

TEST_F(Cli, QuietPrintsNothingButKeepsTheExitCode) {
  const CliRun result = run("box.stl gouge.nc -t ball:6 -q --progress");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, "");
}

TEST_F(Cli, ProgressBarGoesToStderrAndIsErased) {
  const CliRun result = run("box.stl clean.nc -t ball:6 --progress");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_TRUE(contains(result.out, "PASS"));
  if (!result.err.empty()) {
    EXPECT_TRUE(contains(result.err, "moves")) << result.err;
    EXPECT_EQ(result.err.find_first_not_of(' ', result.err.rfind('\r', result.err.size() - 2) + 1),
              result.err.size() - 1)
        << "the bar must end erased: " << result.err;
  }
}

TEST_F(Cli, UnwritableReportIsAnInputError) {
  const CliRun result = run("box.stl clean.nc -t ball:6 --report no/such/dir/r.json");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "no/such/dir/r.json: cannot write the report")) << result.err;
}

}  // namespace
}  // namespace gougechek
