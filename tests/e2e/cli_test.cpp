// The command line as users and pipelines see it: exit codes, messages, report files. Runs the
// built gougechek binary on a small generated part and programs.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "e2e/cli_process.hpp"
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
    // Passes 1 mm above the top face (within reach of it: docs/checking-rules.md).
    writeText(dir_ / "clean.nc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nG1 Y50\nM30\n");
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

// The shank stops 7 mm above the box (flutes 5 mm, tip 2 mm above the top at z = 20): clean
// by default, holder collisions naming the shank at depth −7 with a clearance of 8.
TEST_F(Cli, HolderClearance) {
  writeText(dir_ / "shank.nc", "G21 G90\nG0 X25 Y20 Z30\nG1 Z22 F100\nG0 Z40\nM30\n");
  const std::string common = "box.stl shank.nc -t ball:6,flute=5,shank=10,length=20";
  EXPECT_EQ(run(common + " -q").exit_code, 0);
  EXPECT_EQ(run(common + " -q --holder-clearance 6.9").exit_code, 0);
  const CliRun near = run(common + " --holder-clearance 8 --format json");
  ASSERT_EQ(near.exit_code, 1) << near.err;
  const nlohmann::json report = nlohmann::json::parse(near.out);
  EXPECT_EQ(report["settings"]["holder_clearance"], 8.0);
  // The plunge ends 7 mm above, and the retract starts there.
  ASSERT_EQ(report["violations"].size(), 2u);
  for (int i = 0; i < 2; ++i) {
    const nlohmann::json& v = report["violations"][i];
    EXPECT_EQ(v["kind"], "holder_collision");
    EXPECT_EQ(v["line"], 3 + i);
    EXPECT_EQ(v["segment"], "shank");
    EXPECT_NEAR(v["depth"].get<double>(), -7, 1e-6);
    EXPECT_EQ(v["severe"], false);
  }
  EXPECT_EQ(report["tools"][0]["assembly"][1]["name"], "shank");
}

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
      {"box.stl clean.nc -t ball:6 --holder-clearance=-2", "--holder-clearance must be >= 0"},
      {"box.stl clean.nc -t ball:6 --start 1,2", "--start wants X,Y,Z"},
      {"box.stl clean.nc -t ball:6 --start 1,2,z", "not a number"},
      // lengths keep the range of the program's (a start at 1e300 let a rapid through the part)
      {"box.stl clean.nc -t ball:6 --start 1e300,10,5",
       "--start: 1e+300 mm is outside the supported range (±1e6 mm)"},
      {"box.stl clean.nc -t ball:6 --stock 1e17", "--stock: 1e+17 mm is outside the supported"},
      {"box.stl clean.nc -t ball:6 --tolerance 2e6", "--tolerance: 2e+06 mm is outside the"},
      {"box.stl clean.nc -t ball:6 --format xml", "unknown format 'xml'"},
      {"box.stl clean.nc -t ball:6 --report out.pdf", "cannot tell the format"},
      // Names of files not there yet, one relative to "." (not only the same text).
      {"box.stl clean.nc -t ball:6 --report new.json --report ./new.json",
       "--report names the same file twice: './new.json'"},
      {"box.stl clean.nc -t ball:6 --export-mesh new.stl --report ./new.stl --format json",
       "--report and --export-mesh name the same file"},
      {"box.stl clean.nc -t ball:6 --report r.json --report r.html --format json",
       "--format with several --report files"},
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
      {"box.stl clean.nc -t reamer:6", "gougechek: error: --tool: unknown cutter type 'reamer'"},
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

TEST_F(Cli, HtmlViolationsLimitsTheTableToTheDeepest) {
  fs::remove(file("few.html"));
  const CliRun result = run("box.stl gouge.nc -t ball:6 --report few.html --html-violations 2");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const std::string html = readText(file("few.html"));
  EXPECT_TRUE(contains(html, "The table shows the 2 deepest of 3 violations")) << html;
  // The 3D view marks the two listed, each a click away from its row: two positions of three
  // 16-bit coordinates, 12 bytes, 16 characters of base64.
  const std::size_t markers = html.find("\"markers\":\"");
  ASSERT_NE(markers, std::string::npos);
  const std::size_t begin = markers + 11;
  EXPECT_EQ(html.find('"', begin) - begin, 16u) << html.substr(markers, 60);
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --format html --html-violations -1").exit_code, 2);
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --format html --html-violations x").exit_code, 2);
}

TEST_F(Cli, SeveralReportsEachTakeTheFormatOfTheirExtensionAndListTheSameFindings) {
  const std::vector<std::string> names = {"all.json", "all.html", "all.xml", "all.csv"};
  for (const std::string& name : names) fs::remove(file(name));
  const CliRun result =
      run("box.stl gouge.nc -t ball:6 --report all.json --report all.html "
          "--report all.xml --report all.csv");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const nlohmann::json json = nlohmann::json::parse(readText(file("all.json")));
  const std::string html = readText(file("all.html")), xml = readText(file("all.xml"));
  std::istringstream csv(readText(file("all.csv")));
  std::string row;
  std::getline(csv, row);
  EXPECT_TRUE(row.starts_with("kind,line,")) << row;
  // Each finding of the JSON report in each of the others, in the same order in the CSV.
  ASSERT_EQ(json["violations"].size(), 3u);
  EXPECT_TRUE(
      contains(xml, "<failure type=\"violations\" message=\"3 violations, deepest line 3: "))
      << xml;
  std::size_t index = 0;
  for (const auto& violation : json["violations"]) {
    std::string kind = violation["kind"];
    const std::string line = violation["line"].dump();
    ASSERT_TRUE(std::getline(csv, row));
    EXPECT_TRUE(row.starts_with(kind + "," + line + ",")) << row;
    std::replace(kind.begin(), kind.end(), '_', ' ');
    const std::string described = "gouge.nc:" + line + ": " + kind + " 0.500 mm";
    EXPECT_TRUE(contains(xml, described)) << described;
    // The HTML table's row of the finding, named by its index in the JSON report.
    std::string html_row("<tr id=\"v-");
    html_row.append(std::to_string(index)).append("\" data-marker=\"");
    html_row.append(std::to_string(index++)).append("\">");
    const std::size_t at = html.find(html_row);
    ASSERT_NE(at, std::string::npos) << html_row;
    EXPECT_TRUE(html.substr(at, html.find("</tr>", at) - at)
                    .find("</span>" + kind + "</td><td>" + line + "</td>") != std::string::npos)
        << html_row;
  }
  EXPECT_FALSE(std::getline(csv, row)) << row;
}

TEST_F(Cli, ReportIsTheSameWhateverTheThreadCount) {
  const auto reportWith = [](const std::string& threads) {
    run("box.stl gouge.nc -t ball:6 --format json -j " + threads + " --report r" + threads +
        ".json");
    nlohmann::json report = nlohmann::json::parse(readText(file("r" + threads + ".json")));
    report["summary"].erase("elapsed_s");
    // The trace differs in its command (-j) and clock; what was checked is the same.
    EXPECT_EQ(report["trace"]["inputs"].size(), 2u);
    report.erase("trace");
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

TEST_F(Cli, ProgressNamesWhatComesBeforeTheCheckWithTheTimeElapsed) {
  // A STEP part takes seconds to read: the line says so before the bar; the bar shows the time
  // elapsed (and an ETA once two seconds and 1 % of the program are past).
  const CliRun result = run("box.stl clean.nc -t ball:6 --progress");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::size_t reading = result.err.find("\rreading the part box.stl");
  const std::size_t preparing = result.err.find("\rpreparing the check");
  ASSERT_NE(reading, std::string::npos) << result.err;
  ASSERT_NE(preparing, std::string::npos) << result.err;
  EXPECT_LT(reading, preparing);
  const std::size_t bar = result.err.find("\rchecking ", preparing);
  if (bar != std::string::npos) {
    EXPECT_NE(result.err.find(" elapsed", bar), std::string::npos) << result.err;
  }
}

TEST_F(Cli, UnwritableReportIsAnInputError) {
  const CliRun result = run("box.stl clean.nc -t ball:6 --report no/such/dir/r.json");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "no/such/dir/r.json: cannot write the report")) << result.err;
}

/// Names of the temporaries a report or mesh write left in the test folder.
TEST_F(Cli, InputErrorsStillWriteTheReportInEveryFormat) {
  writeText(file("bad_line.nc"), "G21\nG1 X10 F100\nG1 X\n");
  for (const std::string name : {"e.json", "e.xml", "e.html", "e.csv", "e.txt"}) {
    writeText(file(name), "yesterday's PASS");
    const CliRun result = run("box.stl bad_line.nc -t ball:6 --report " + name);
    EXPECT_EQ(result.exit_code, 2) << name;
    EXPECT_TRUE(result.err.starts_with("gougechek: error: bad_line.nc:3:")) << result.err;
    const std::string report = readText(file(name));
    EXPECT_FALSE(contains(report, "yesterday")) << name << ": the stale report was left";
    const std::string where = name == "e.csv"    ? "error,3,"
                              : name == "e.json" ? "\"line\": 3"
                                                 : "bad_line.nc:3:";
    EXPECT_TRUE(contains(report, where)) << report;
  }
  const nlohmann::json json = nlohmann::json::parse(readText(file("e.json")));
  EXPECT_EQ(json["summary"]["status"], "error");
  EXPECT_EQ(json["error"]["file"], "bad_line.nc");
  EXPECT_EQ(json["error"]["line"], 3);
  EXPECT_TRUE(contains(readText(file("e.xml")), "<error type=\"input\""))
      << readText(file("e.xml"));
  EXPECT_TRUE(readText(file("e.txt")).starts_with("gougechek " GOUGECHEK_VERSION ": ERROR\n"));
  EXPECT_EQ(leftTemporaries(dir_), "");
}

// A bad option value is an error of the run too: the report asked for says so, so a stale PASS
// never stays in its place; one that would overwrite an input is still not written.
TEST_F(Cli, AUsageErrorStillWritesTheReport) {
  writeText(file("usage.json"), "stale");
  const CliRun bad = run("box.stl clean.nc -t ball:6 --report usage.json --tolerance -0.01");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_TRUE(contains(bad.err, "--tolerance must be >= 0")) << bad.err;
  const nlohmann::json json = nlohmann::json::parse(readText(file("usage.json")));
  EXPECT_EQ(json["summary"]["status"], "error");
  EXPECT_EQ(json["error"]["kind"], "usage");
  EXPECT_EQ(json["error"]["message"], "--tolerance must be >= 0, got -0.01");

  const std::string box = readText(file("box.stl"));
  EXPECT_EQ(
      run("box.stl clean.nc -t ball:6 --report box.stl --format json --dialect fanuk").exit_code,
      2);
  EXPECT_EQ(readText(file("box.stl")), box);
}

TEST_F(Cli, AnErrorBeforeThePartIsReadStillWritesTheReport) {
  writeText(file("early.json"), "stale");
  const CliRun result = run("missing.stl clean.nc -t reamer:6 --report early.json");
  EXPECT_EQ(result.exit_code, 2);
  const nlohmann::json json = nlohmann::json::parse(readText(file("early.json")));
  EXPECT_EQ(json["summary"]["status"], "error");
  EXPECT_EQ(json["error"]["file"], "--tool");
  EXPECT_EQ(json["inputs"]["part"], nlohmann::json({{"file", "missing.stl"}}));
}

TEST_F(Cli, OutputsThatAreInputsAreRefusedBeforeAnythingRuns) {
  fs::copy_file(file("tools.tbl"), file("tools_copy.tbl"), fs::copy_options::overwrite_existing);
  fs::create_hard_link(file("clean.nc"), file("clean_link.nc"));
  const struct {
    std::string arguments;
    std::string message;
  } cases[] = {
      {"box.stl clean.nc -t ball:6 --report clean.nc --format text",
       "clean.nc: --report names the program file"},
      {"box.stl clean.nc -t ball:6 --format json --report box.stl",
       "box.stl: --report names the part file"},
      {"box.stl clean.nc --tool-table tools_copy.tbl --report tools_copy.tbl --format text",
       "tools_copy.tbl: --report names the tool table"},
      {"box.stl clean.nc -t ball:6 --report clean_link.nc --format csv",
       "clean_link.nc: --report names the program file"},
      {"box.stl clean.nc -t ball:6 --export-mesh box.stl",
       "box.stl: --export-mesh names the part file"},
      {"box.stl clean.nc -t ball:6 --export-mesh same.stl --report same.stl --format json",
       "same.stl: --report and --export-mesh name the same file"},
  };
  const std::string box = readText(file("box.stl"));
  const std::string clean = readText(file("clean.nc"));
  const std::string table = readText(file("tools_copy.tbl"));
  for (const auto& input : cases) {
    const CliRun result = run(input.arguments);
    EXPECT_EQ(result.exit_code, 2) << input.arguments;
    EXPECT_EQ(result.err, "gougechek: error: " + input.message + "\n") << input.arguments;
    EXPECT_EQ(readText(file("box.stl")), box) << input.arguments;
    EXPECT_EQ(readText(file("clean.nc")), clean) << input.arguments;
    EXPECT_EQ(readText(file("tools_copy.tbl")), table) << input.arguments;
  }
  EXPECT_FALSE(fs::exists(file("same.stl")));
  fs::remove(file("clean_link.nc"));
}

// A report named through a symbolic link replaces what the link names, and the link stays; a
// link into /proc (a stream the caller opened, like /dev/stdout) is written through, never
// replaced by a plain file.
TEST_F(Cli, AReportThroughASymbolicLinkKeepsTheLink) {
  writeText(file("real.json"), "stale");
  fs::remove(file("link.json"));
  fs::create_symlink("real.json", file("link.json"));
  EXPECT_EQ(run("box.stl gouge.nc -t ball:6 --report link.json").exit_code, 1);
  EXPECT_TRUE(fs::is_symlink(file("link.json")));
  EXPECT_EQ(nlohmann::json::parse(readText(file("real.json")))["summary"]["status"], "fail");

  fs::remove(file("stdout_link"));
  fs::create_symlink("/proc/self/fd/1", file("stdout_link"));
  const CliRun through = run("box.stl gouge.nc -t ball:6 --format json --report stdout_link");
  EXPECT_EQ(through.exit_code, 1);
  EXPECT_TRUE(fs::is_symlink(file("stdout_link")));
  // Written through the link onto stdout (the summary line, written through stdout's own file
  // offset, lands over the report's first line: both go to one file).
  EXPECT_TRUE(contains(through.out, "\"violations\": [")) << through.out;
}

// A report into the pipe the program comes from would be lost (read by no one): refused.
TEST_F(Cli, AReportIntoTheProgramsOwnPipeIsRefused) {
  const std::string command = "cd '" + dir_.string() +
                              "' && cat clean.nc | '" GOUGECHEK_CLI
                              "' box.stl - -t ball:6 --format json --report /dev/stdin 2>err.txt";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_TRUE(contains(readText(file("err.txt")), "/dev/stdin: --report names the program file"))
      << readText(file("err.txt"));
}

TEST_F(Cli, WriteErrorsOnEveryOutputAreErrors) {
  const auto runToFull = [](const std::string& arguments) {
    const std::string command = "cd '" + dir_.string() + "' && '" GOUGECHEK_CLI "' " + arguments +
                                " </dev/null >/dev/full 2>full_err.txt";
    const int status = std::system(command.c_str());
    return std::make_pair(WIFEXITED(status) ? WEXITSTATUS(status) : -1,
                          readText(file("full_err.txt")));
  };
  for (const std::string program : {"clean.nc", "gouge.nc"}) {
    const auto [code, err] = runToFull("box.stl " + program + " -t ball:6");
    EXPECT_EQ(code, 2) << program;
    EXPECT_TRUE(contains(err, "cannot write")) << err;
  }
  EXPECT_EQ(runToFull("--moves clean.nc").first, 2);
  EXPECT_EQ(runToFull("--help").first, 2);
  const CliRun report = run("box.stl clean.nc -t ball:6 --report /dev/full --format json");
  EXPECT_EQ(report.exit_code, 2);
  EXPECT_TRUE(contains(report.err, "/dev/full: cannot write the report")) << report.err;
}

TEST_F(Cli, ViolationsBeyondTheListedAreCounted) {
  // 100,003 gouges, 0.5 mm deep: more than the 100,000 a report lists.
  writeText(file("many.nc"),
            "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\no1 repeat [50001]\nG1 X20\nG1 X10\n"
            "o1 endrepeat\nM30\n");
  const CliRun result = run("box.stl many.nc -t ball:6 --report many.json -q");
  EXPECT_EQ(result.exit_code, 1);
  const nlohmann::json json = nlohmann::json::parse(readText(file("many.json")));
  EXPECT_EQ(json["summary"]["gouges"], 100003);
  EXPECT_EQ(json["summary"]["truncated"], true);
  EXPECT_EQ(json["summary"]["violations_listed"], 100000);
  ASSERT_EQ(json["violations"].size(), 100000u);
  // The first ones in program order: moves 2 to 100,001 (the first move is a rapid in the air),
  // listed by line.
  std::set<int> moves;
  for (const auto& violation : json["violations"]) moves.insert(violation["move"].get<int>());
  EXPECT_EQ(moves.size(), 100000u);
  EXPECT_EQ(*moves.begin(), 2);
  EXPECT_EQ(*moves.rbegin(), 100001);
}

TEST_F(Cli, SignalsEndTheRunPromptlyWithTheErrorReport) {
  // Four million gouging moves: half a minute of checking.
  writeText(file("long.nc"),
            "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\no1 repeat [999999]\nG1 X20\nG1 Y20\nG1 X10\n"
            "G1 Y10\no1 endrepeat\nM30\n");
  for (const auto& [signal, name] : {std::pair{SIGINT, "SIGINT"}, std::pair{SIGTERM, "SIGTERM"}}) {
    writeText(file("signal.json"), "stale");
    CliProcess run(dir_, {file("box.stl").string(), file("long.nc").string(), "-t", "ball:6",
                          "--report", file("signal.json").string()});
    ASSERT_GT(run.pid(), 0);
    run.signalWhenCaught(signal, std::chrono::milliseconds(500));
    const auto [status, seconds] = run.wait(std::chrono::seconds(60));
    EXPECT_LT(seconds, 5.0) << name;  // the check alone runs for half a minute
    ASSERT_TRUE(WIFEXITED(status)) << name << ": ended by the signal itself";
    EXPECT_EQ(WEXITSTATUS(status), 128 + signal) << name;
    EXPECT_EQ(readText(dir_ / "spawn_err.txt"),
              std::string("gougechek: interrupted by ") + name + "\n");
    const nlohmann::json json = nlohmann::json::parse(readText(file("signal.json")));
    EXPECT_EQ(json["summary"]["status"], "error");
    EXPECT_EQ(json["error"]["kind"], "interrupted");
    EXPECT_EQ(json["error"]["message"], std::string("interrupted by ") + name);
    EXPECT_EQ(leftTemporaries(dir_), "");
  }
}

// Reading a STEP part runs OpenCASCADE in a worker process: a signal stops the read too (the
// worker is killed), not only the check after it. The corpus sphere cavity takes seconds to read.
TEST_F(Cli, ASignalStopsTheReadingOfAStepPart) {
  const fs::path step =
      fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam" / "mold_cavity" / "part.step";
  if (!fs::exists(step)) {
    if (std::getenv("CI")) FAIL() << step << " not found";
    GTEST_SKIP() << step << " not found";
  }
  writeText(file("air.nc"), "G0 X0 Y0 Z500\n");
  CliProcess run(dir_, {step.string(), file("air.nc").string(), "-t", "ball:6", "--report",
                        file("step.json").string()});
  ASSERT_GT(run.pid(), 0);
  run.signalWhenCaught(SIGINT, std::chrono::milliseconds(300));
  const auto [status, seconds] = run.wait(std::chrono::seconds(60));
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGINT) << readText(dir_ / "spawn_err.txt");
  // Reading the part takes 3 s in Release (more under the sanitizers); stopping takes 0.1 s.
  EXPECT_LT(seconds, 1.2);
  const nlohmann::json json = nlohmann::json::parse(readText(file("step.json")));
  EXPECT_EQ(json["error"]["kind"], "interrupted");
}

}  // namespace
}  // namespace gougechek
