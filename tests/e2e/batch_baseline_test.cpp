// `gougechek batch --baseline`: two constructed nights on the bundled sample. Night 2 is night
// 1's program with one buried cut (line 16296, G1) turned into a rapid (G0): the gouge of that
// line is fixed, a rapid collision on it is new, and every other finding is unchanged.
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

constexpr int kChangedLine = 16296;  // `G1 X27.0000 (fault: cut buried in the material)`

class BatchBaseline : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_baseline_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const fs::path samples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";
    fs::copy_file(samples / "mold_finish_bad.nc", dir_ / "night.nc");
    fs::copy_file(samples / "mold_finish.nc", dir_ / "clean.nc");
    writeText(dir_ / "nightly.yaml",
              "jobs:\n"
              "  - name: mold\n"
              "    part: " +
                  (samples / "mold.stl").string() +
                  "\n"
                  "    programs: [night.nc, clean.nc]\n"
                  "    tool: ball:6,flute=12\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Turns the move of kChangedLine from a cut into a rapid, every line staying in place.
  void changeTheBuriedCutIntoARapid() {
    ASSERT_TRUE(makeLineARapid(dir_ / "night.nc", kChangedLine));
  }

  json summaryOf(const std::string& out) {
    return json::parse(readText(dir_ / out / "summary.json"));
  }

  fs::path dir_;
};

TEST_F(BatchBaseline, MarksOneNewOneFixedAndTheRestUnchanged) {
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out night1 -q").exit_code, 1);
  changeTheBuriedCutIntoARapid();
  const CliRun run = runCli(dir_, "batch nightly.yaml --out night2 --baseline night1/summary.json");
  ASSERT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(contains(run.out, "(1 new, 1 fixed since the baseline)")) << run.out;

  const json summary = summaryOf("night2");
  EXPECT_EQ(summary["baseline"]["file"], "night1/summary.json");
  EXPECT_EQ(summary["totals"]["new"], 1);
  EXPECT_EQ(summary["totals"]["fixed"], 1);
  EXPECT_EQ(summary["totals"]["unchanged"], 7);

  const json& bad = summary["jobs"][0]["checks"][0];
  ASSERT_EQ(bad["report"]["violations"].size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    const json& violation = bad["report"]["violations"][i];
    const bool is_new = violation["line"] == kChangedLine && violation["kind"] == "rapid_collision";
    EXPECT_EQ(bad["baseline"]["changes"][i], is_new ? "new" : "unchanged") << violation.dump();
  }
  ASSERT_EQ(bad["baseline"]["fixed_violations"].size(), 1u);
  EXPECT_EQ(bad["baseline"]["fixed_violations"][0]["line"], kChangedLine);
  EXPECT_EQ(bad["baseline"]["fixed_violations"][0]["kind"], "gouge");

  const json& clean = summary["jobs"][0]["checks"][1];
  EXPECT_EQ(clean["baseline"]["previous"], "pass");
  EXPECT_EQ(clean["baseline"]["new"], 0);
  EXPECT_EQ(clean["baseline"]["fixed"], 0);

  const std::string csv = readText(dir_ / "night2" / "results.csv");
  EXPECT_TRUE(contains(csv, ",rapid_collision,16296,16291,1,3,22,58,2,true,,,new\n")) << csv;
  EXPECT_TRUE(contains(csv, ",gouge,16296,16291,1,3,22,58,2,true,,,fixed\n")) << csv;
  const std::string index = readText(dir_ / "night2" / "index.html");
  EXPECT_TRUE(contains(index, "1 new, 1 fixed, 7 unchanged findings")) << index;
  // The failing check with the new finding is marked, and first; the clean one is not.
  const std::size_t marked = index.find("<tr class=\"new\"><td>");
  ASSERT_NE(marked, std::string::npos) << index;
  EXPECT_EQ(index.find("<tr class=\"new\">", marked + 1), std::string::npos) << index;
  EXPECT_LT(marked, index.find("<tr><td>")) << index;
  EXPECT_TRUE(contains(readText(dir_ / "night2" / "junit.xml"), "8 violations (1 new)"));
}

TEST_F(BatchBaseline, AgainstItselfNothingChanges) {
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out night1 -q").exit_code, 1);
  ASSERT_EQ(
      runCli(dir_, "batch nightly.yaml --out night1 -q --baseline night1/summary.json").exit_code,
      1);
  const json summary = summaryOf("night1");
  EXPECT_EQ(summary["totals"]["new"], 0);
  EXPECT_EQ(summary["totals"]["fixed"], 0);
  EXPECT_EQ(summary["totals"]["unchanged"], 8);
}

TEST_F(BatchBaseline, AJobTheBaselineLacksHasOnlyNewFindings) {
  writeText(dir_ / "other.yaml",
            "jobs:\n  - name: other\n    part: " +
                (fs::path(GOUGECHEK_SOURCE_DIR) / "samples/mold.stl").string() +
                "\n    program: clean.nc\n    tool: ball:6,flute=12\n");
  ASSERT_EQ(runCli(dir_, "batch other.yaml --out before -q").exit_code, 0);
  ASSERT_EQ(
      runCli(dir_, "batch nightly.yaml --out after -q --baseline before/summary.json").exit_code,
      1);
  const json summary = summaryOf("after");
  EXPECT_EQ(summary["jobs"][0]["checks"][0]["baseline"]["previous"], "absent");
  EXPECT_EQ(summary["totals"]["new"], 8);
  EXPECT_EQ(summary["totals"]["unchanged"], 0);
}

TEST_F(BatchBaseline, ABaselineThatIsNoSummaryIsAnInputError) {
  writeText(dir_ / "not_a_summary.json", "{\"schema\": \"gougechek-report/1\"}");
  const CliRun run = runCli(dir_, "batch nightly.yaml --out out --baseline not_a_summary.json");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(contains(run.err, "not_a_summary.json")) << run.err;
  EXPECT_FALSE(fs::exists(dir_ / "out")) << "nothing was checked, so nothing is written";
}

TEST_F(BatchBaseline, ShardsMergeAsOneRunWithTheBaseline) {
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out night1 -q").exit_code, 1);
  changeTheBuriedCutIntoARapid();
  // Two jobs, so that each of two shards has one.
  writeText(dir_ / "nightly.yaml",
            readText(dir_ / "nightly.yaml") + "  - name: again\n    part: " +
                (fs::path(GOUGECHEK_SOURCE_DIR) / "samples/mold.stl").string() +
                "\n    program: clean.nc\n    tool: ball:6,flute=12\n");
  const std::string baseline = " -q --baseline night1/summary.json";
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out single" + baseline).exit_code, 1);
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out s0 --shard 0/2" + baseline).exit_code, 1);
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out s1 --shard 1/2" + baseline).exit_code, 0);
  ASSERT_EQ(runCli(dir_, "merge --out merged -q s0 s1").exit_code, 1);
  const std::string compare = "/usr/bin/python3 '" GOUGECHEK_SOURCE_DIR
                              "/tests/batch/same_batch_outputs.py' '" +
                              (dir_ / "single").string() + "' '" + (dir_ / "merged").string() + "'";
  EXPECT_EQ(std::system(compare.c_str()), 0);
  // A shard compared with another baseline is another run.
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml --out s1 --shard 1/2 -q").exit_code, 0);
  const CliRun refused = runCli(dir_, "merge --out merged2 s0 s1");
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_TRUE(contains(refused.err, "baseline")) << refused.err;
}

}  // namespace
}  // namespace gougechek::e2e
