// CI gates (issue 25): --fail-on any|new|severe decides exit code 1, a batch's waiver outgrown
// by a deeper finding says so, and the JUnit, SARIF and Code Quality reports as a CI job reads
// them. Runs the built gougechek on the box part and on the bundled sample.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

namespace gougechek::e2e {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr int kChangedLine = 16296;  // samples/mold_finish_bad.nc: `G1 X27.0000 (fault: ...)`

class CiGates : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_ci_gates_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    // 0.5 mm into the top face with a 6 mm ball: gouges and a rapid collision, none severe.
    writeText(dir_ / "shallow.nc", "G21 G90\nG0 X10 Y10 Z30\nG1 Z19.5 F100\nG1 X20\nG0 Z30\nM30\n");
    // 8 mm into it: severe.
    writeText(dir_ / "deep.nc", "G21 G90\nG0 X10 Y10 Z30\nG1 Z12 F100\nG0 Z30\nM30\n");
    const fs::path samples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";
    fs::copy_file(samples / "mold_finish_bad.nc", dir_ / "night.nc");
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun run(const std::string& arguments) { return runCli(dir_, arguments); }

  /// A manifest of the sample's bad program, with `waivers` (YAML list items) when given.
  void writeManifest(const std::string& waivers = "") {
    writeText(dir_ / "nightly.yaml",
              "jobs:\n  - name: mold\n    part: " +
                  (fs::path(GOUGECHEK_SOURCE_DIR) / "samples/mold.stl").string() +
                  "\n    program: night.nc\n    tool: ball:6,flute=12\n" +
                  (waivers.empty() ? "" : "    waivers:\n" + waivers));
  }

  /// Turns the sample's buried cut into a rapid: a new rapid collision on kChangedLine.
  void addAFinding() { ASSERT_TRUE(makeLineARapid(dir_ / "night.nc", kChangedLine)); }

  fs::path dir_;
};

TEST_F(CiGates, FailOnSevereFailsOnlyOnSevereFindings) {
  EXPECT_EQ(run("box.stl shallow.nc -t ball:6 -q").exit_code, 1);
  EXPECT_EQ(run("box.stl shallow.nc -t ball:6 -q --fail-on any").exit_code, 1);
  EXPECT_EQ(run("box.stl shallow.nc -t ball:6 -q --fail-on severe").exit_code, 0);
  EXPECT_EQ(run("box.stl deep.nc -t ball:6 -q --fail-on severe").exit_code, 1);
}

TEST_F(CiGates, FailOnNewIsABatchsAndAskedForBadlyIsAUsageError) {
  const CliRun single = run("box.stl shallow.nc -t ball:6 --fail-on new");
  EXPECT_EQ(single.exit_code, 2);
  EXPECT_TRUE(contains(single.err, "--fail-on new compares with a baseline")) << single.err;
  const CliRun bogus = run("box.stl shallow.nc -t ball:6 --fail-on sometimes");
  EXPECT_EQ(bogus.exit_code, 2);
  EXPECT_TRUE(contains(bogus.err, "--fail-on: 'sometimes' is none of any, new, severe"));
  writeManifest();
  const CliRun batch = run("batch nightly.yaml --out night -q --fail-on new");
  EXPECT_EQ(batch.exit_code, 2);
  EXPECT_TRUE(contains(batch.err, "add --baseline")) << batch.err;
}

TEST_F(CiGates, FailOnNewPassesAnUnchangedNightAndFailsAnAddedFinding) {
  writeManifest();
  ASSERT_EQ(run("batch nightly.yaml --out night1 -q").exit_code, 1);
  // The same night again: every finding unchanged.
  EXPECT_EQ(run("batch nightly.yaml --out night2 -q --baseline night1/summary.json").exit_code, 1);
  EXPECT_EQ(run("batch nightly.yaml --out night2 -q --baseline night1/summary.json --fail-on new")
                .exit_code,
            0);
  addAFinding();
  EXPECT_EQ(run("batch nightly.yaml --out night3 -q --baseline night1/summary.json --fail-on new")
                .exit_code,
            1);
  // Merge decides the same over the shards.
  ASSERT_EQ(run("batch nightly.yaml --out shard0 -q --shard 0/1 --baseline night1/summary.json")
                .exit_code,
            1);
  EXPECT_EQ(run("merge --out merged -q --fail-on new shard0").exit_code, 1);
}

TEST_F(CiGates, FailOnSevereInABatchIgnoresWaivedSevereFindings) {
  // The sample's severe findings are all on lines 16292-16297.
  writeManifest(
      "      - lines: 16290-16300\n        max_depth: 5\n        by: QA\n        reason: test\n");
  EXPECT_EQ(run("batch nightly.yaml --out night -q").exit_code, 1);
  EXPECT_EQ(run("batch nightly.yaml --out night -q --fail-on severe").exit_code, 0);
}

TEST_F(CiGates, AWaiverOutgrownByADeeperFindingSaysSo) {
  // Line 6160-6161 gouge 0.377 mm: the first waiver allows 0.1 and is outgrown; the second
  // waives the 0.045 mm gouges of lines 10138-10139; the third names lines without findings.
  writeManifest(
      "      - lines: 6160-6161\n        max_depth: 0.1\n        by: A\n        reason: r\n"
      "      - lines: 10138-10139\n        max_depth: 0.1\n        by: B\n        reason: r\n"
      "      - lines: 1-10\n        max_depth: 1\n        by: C\n        reason: r\n");
  const CliRun batch = run("batch nightly.yaml --out night");
  EXPECT_EQ(batch.exit_code, 1);
  EXPECT_TRUE(contains(batch.out, "; 1 waiver outgrown by a deeper finding;")) << batch.out;
  const json waivers = json::parse(readText(dir_ / "night/summary.json"))["jobs"][0]["waivers"];
  ASSERT_EQ(waivers.size(), 3u);
  EXPECT_EQ(waivers[0]["state"], "outgrown");
  EXPECT_EQ(waivers[0]["waived"], 0);
  EXPECT_EQ(waivers[0]["outgrown"], 2);
  EXPECT_NEAR(waivers[0]["outgrown_depth"].get<double>(), 0.377, 0.001);
  EXPECT_EQ(waivers[1]["state"], "active");
  EXPECT_EQ(waivers[1]["waived"], 2);
  EXPECT_EQ(waivers[1]["outgrown"], 0);
  EXPECT_EQ(waivers[2]["state"], "stale");
  const std::string index = readText(dir_ / "night/index.html");
  EXPECT_TRUE(
      contains(index, "<b>outgrown</b>, a finding 0.376985 mm deep is past its max_depth 0.1 mm"))
      << index;
  EXPECT_TRUE(contains(index, "<b>stale</b>, it waived nothing")) << index;
}

TEST_F(CiGates, JunitCasesPerRegionOrPerFinding) {
  ASSERT_EQ(run("box.stl shallow.nc -t ball:6 -q --report r.xml").exit_code, 1);
  const std::string regions = readText(dir_ / "r.xml");
  EXPECT_TRUE(contains(regions, "tests=\"1\" failures=\"1\"")) << regions;
  EXPECT_TRUE(contains(regions,
                       "message=\"3 violations, deepest line 3: gouge 0.500 mm deep, "
                       "tool 0 (ball D6 flute 24)"))
      << regions;
  ASSERT_EQ(run("box.stl shallow.nc -t ball:6 -q --report r.xml --junit-cases finding").exit_code,
            1);
  const std::string findings = readText(dir_ / "r.xml");
  EXPECT_TRUE(contains(findings, "tests=\"3\" failures=\"3\"")) << findings;
  EXPECT_TRUE(contains(findings, "--junit-cases finding")) << "the trace's command";
  EXPECT_EQ(run("box.stl shallow.nc -t ball:6 --junit-cases tool").exit_code, 2);
}

TEST_F(CiGates, SarifByExtensionCodeQualityByFormat) {
  ASSERT_EQ(run("box.stl shallow.nc -t ball:6 -q --report r.sarif").exit_code, 1);
  const json sarif = json::parse(readText(dir_ / "r.sarif"));
  ASSERT_EQ(sarif["runs"][0]["results"].size(), 3u);
  EXPECT_EQ(
      sarif["runs"][0]["results"][2]["locations"][0]["physicalLocation"]["region"]["startLine"], 5);
  const CliRun quality = run("box.stl shallow.nc -t ball:6 --format codequality");
  EXPECT_EQ(quality.exit_code, 1);
  EXPECT_EQ(json::parse(quality.out).size(), 3u);
}

}  // namespace
}  // namespace gougechek::e2e
