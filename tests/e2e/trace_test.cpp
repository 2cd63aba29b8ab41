// Every report records what was checked, by what, when (`trace`, docs/report-format.md#fields): the
// command, the SHA-256 of each input (subprogram files too), the dialect, the version and a
// timestamp. The digests are checked against coreutils' sha256sum.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;
using nlohmann::json;

class Trace : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_trace_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    // Calls a subroutine of its own folder (LinuxCNC finds sub.ngc there).
    writeText(dir_ / "main.nc", "G21 G90\nG0 X-10 Y10 Z21\no<sub> call\nM30\n");
    writeText(dir_ / "sub.ngc", "o<sub> sub\nG1 X60 F500\no<sub> endsub\nM2\n");
    writeText(dir_ / "tools.tbl", "T1 P1 D6 ;ball flute=24\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// The SHA-256 of `file` as coreutils computes it.
  std::string sha256sum(const std::string& file) {
    const std::string command = "sha256sum '" + (dir_ / file).string() + "'";
    FILE* pipe = ::popen(command.c_str(), "r");
    char digest[65] = {};
    const bool read = pipe != nullptr && std::fread(digest, 1, 64, pipe) == 64;
    if (pipe != nullptr) ::pclose(pipe);
    EXPECT_TRUE(read) << command;
    return digest;
  }

  json jsonReport(const std::string& arguments) {
    const CliRun run = runCli(dir_, arguments + " --report r.json");
    EXPECT_LE(run.exit_code, 1) << run.err;
    return json::parse(readText(dir_ / "r.json"));
  }

  fs::path dir_;
};

TEST_F(Trace, RecordsEveryInputWithItsSha256) {
  const json trace = jsonReport("box.stl main.nc --tool-table tools.tbl -t ball:6")["trace"];
  ASSERT_EQ(trace["inputs"].size(), 4u) << trace.dump(1);
  const auto expect = [&](std::size_t i, const char* role, const char* file) {
    EXPECT_EQ(trace["inputs"][i]["role"], role);
    EXPECT_EQ(trace["inputs"][i]["file"].get<std::string>(), file);
    const std::string on_disk = fs::path(file).filename().string();
    EXPECT_EQ(trace["inputs"][i]["sha256"], sha256sum(on_disk)) << role;
  };
  expect(0, "part", "box.stl");
  expect(1, "program", "main.nc");
  expect(2, "tool_table", "tools.tbl");
  // Found beside the program, as the program read it.
  EXPECT_EQ(trace["inputs"][3]["role"], "subprogram");
  EXPECT_EQ(fs::path(trace["inputs"][3]["file"].get<std::string>()).filename(), "sub.ngc");
  EXPECT_EQ(trace["inputs"][3]["sha256"], sha256sum("sub.ngc"));
}

TEST_F(Trace, RecordsTheCommandTheDialectAndWhen) {
  const json trace = jsonReport("box.stl main.nc -t ball:6 --dialect linuxcnc")["trace"];
  EXPECT_TRUE(trace["command"].get<std::string>().ends_with(
      " box.stl main.nc -t ball:6 --dialect linuxcnc --report r.json"))
      << trace["command"];
  EXPECT_EQ(trace["dialect"], "linuxcnc");
  const std::string when = trace["checked_at"];
  ASSERT_EQ(when.size(), 20u) << when;
  EXPECT_EQ(when[10], 'T');
  EXPECT_EQ(when.back(), 'Z');
  EXPECT_FALSE(trace.contains("manifest"));
}

TEST_F(Trace, ChangesWhenAnInputChanges) {
  const json before = jsonReport("box.stl main.nc -t ball:6")["trace"]["inputs"];
  writeText(dir_ / "sub.ngc", "o<sub> sub\nG1 X61 F500\no<sub> endsub\nM2\n");
  const json after = jsonReport("box.stl main.nc -t ball:6")["trace"]["inputs"];
  EXPECT_EQ(before[1]["sha256"], after[1]["sha256"]);
  EXPECT_NE(before[2]["sha256"], after[2]["sha256"]);
}

TEST_F(Trace, StandardInputHasNoDigest) {
  // No subroutine call: a program on standard input has no folder to find one in.
  writeText(dir_ / "plain.nc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
  const CliRun run =
      runCli(dir_, "box.stl - -t ball:6 --report r.json", (dir_ / "plain.nc").string());
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const json program = json::parse(readText(dir_ / "r.json"))["trace"]["inputs"][1];
  EXPECT_EQ(program["file"], "<stdin>");
  EXPECT_TRUE(program["sha256"].is_null());
}

TEST_F(Trace, EveryFormatShowsIt) {
  const CliRun run = runCli(dir_,
                            "box.stl main.nc -t ball:6 --report r.txt --report r.html "
                            "--report r.xml");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const std::string digest = sha256sum("main.nc");
  EXPECT_TRUE(contains(readText(dir_ / "r.txt"), "program sha256: " + digest + " (main.nc)"));
  EXPECT_TRUE(contains(readText(dir_ / "r.html"),
                       "<tr><th>Program sha256</th><td>" + digest + " (main.nc)</td></tr>"));
  EXPECT_TRUE(contains(readText(dir_ / "r.xml"),
                       "<property name=\"program sha256\" value=\"" + digest + " (main.nc)\"/>"));
}

TEST_F(Trace, AnErrorReportKeepsIt) {
  writeText(dir_ / "bad.nc", "G21 G90\nG6 X1\nM30\n");
  const CliRun run = runCli(dir_, "box.stl bad.nc -t ball:6 --report r.json");
  EXPECT_EQ(run.exit_code, 2);
  const json report = json::parse(readText(dir_ / "r.json"));
  EXPECT_EQ(report["summary"]["status"], "error");
  EXPECT_EQ(report["trace"]["inputs"][1]["sha256"], sha256sum("bad.nc"));
}

TEST_F(Trace, ABatchCheckNamesItsManifestJob) {
  writeText(dir_ / "nightly.yaml",
            "jobs:\n  - name: box\n    part: box.stl\n    program: main.nc\n    tool: ball:6\n");
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out out -q").exit_code, 0);
  const json trace = json::parse(readText(dir_ / "out/jobs/box/main.nc.json"))["trace"];
  EXPECT_EQ(trace["manifest"]["file"], "nightly.yaml");
  EXPECT_EQ(trace["manifest"]["line"], 2);
  EXPECT_EQ(trace["manifest"]["job"], "box");
  EXPECT_TRUE(trace["command"].get<std::string>().starts_with("gougechek "));
  EXPECT_EQ(trace["inputs"][0]["sha256"], sha256sum("box.stl"));
  EXPECT_EQ(trace["inputs"][2]["sha256"], sha256sum("sub.ngc"));
}

}  // namespace
}  // namespace gougechek
