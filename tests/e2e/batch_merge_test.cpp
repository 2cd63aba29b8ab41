// `gougechek merge` into a folder it wrote before, and shard summaries it must not trust.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek::e2e {
namespace {

namespace fs = std::filesystem;

class BatchMerge : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_merge_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "clean.nc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
    writeManifest("first", "second");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void writeManifest(const std::string& job_a, const std::string& job_b) {
    std::string manifest = "defaults:\n  tool: ball:6\njobs:\n";
    for (const std::string& name : {job_a, job_b})
      manifest += "  - name: " + name + "\n    part: box.stl\n    program: clean.nc\n";
    writeText(dir_ / "nightly.yaml", manifest);
  }

  void runShards() {
    for (const char* shard : {"0", "1"})
      ASSERT_EQ(runCli(dir_, std::string("batch nightly.yaml -q --out s") + shard + " --shard " +
                                 shard + "/2")
                    .exit_code,
                0);
  }

  fs::path dir_;
};

TEST_F(BatchMerge, IntoAnEarlierMergeRemovesTheReportsOfJobsNoLongerThere) {
  runShards();
  ASSERT_EQ(runCli(dir_, "merge -q --out night s0 s1").exit_code, 0);
  ASSERT_TRUE(fs::exists(dir_ / "night/jobs/second/clean.nc.json"));
  writeText(dir_ / "night/jobs/second/notes.txt", "kept: not gougechek's");

  writeManifest("first", "renamed");
  fs::remove_all(dir_ / "s0");
  fs::remove_all(dir_ / "s1");
  runShards();
  ASSERT_EQ(runCli(dir_, "merge -q --out night s0 s1").exit_code, 0);
  EXPECT_TRUE(fs::exists(dir_ / "night/jobs/renamed/clean.nc.json"));
  EXPECT_FALSE(fs::exists(dir_ / "night/jobs/second/clean.nc.json"));
  EXPECT_FALSE(fs::exists(dir_ / "night/jobs/second/clean.nc.html"));
  EXPECT_TRUE(fs::exists(dir_ / "night/jobs/second/notes.txt"));
}

TEST_F(BatchMerge, RefusesASummaryThatNamesAFileOutsideItsReports) {
  runShards();
  const fs::path summary_file = dir_ / "s1/summary.json";
  nlohmann::ordered_json summary = nlohmann::ordered_json::parse(readText(summary_file));
  summary["jobs"][0]["checks"][0]["reports"]["json"] = "../../outside.json";
  writeText(summary_file, summary.dump());
  writeText(dir_ / "outside.json", "{}");  // what a merge that followed it would copy
  const CliRun run = runCli(dir_, "merge --out night s0 s1");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(contains(run.err, "is no batch report")) << run.err;
  EXPECT_FALSE(fs::exists(dir_ / "night")) << "nothing is written for a refused merge";
}

TEST_F(BatchMerge, ASummaryWithFieldsOfTheWrongKindIsAnInputError) {
  runShards();
  const fs::path summary_file = dir_ / "s1/summary.json";
  nlohmann::ordered_json summary = nlohmann::ordered_json::parse(readText(summary_file));
  summary["jobs"][0]["index"] = "first";
  writeText(summary_file, summary.dump());
  const CliRun run = runCli(dir_, "merge --out night s0 s1");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(contains(run.err, "not a batch summary")) << run.err;
}

}  // namespace
}  // namespace gougechek::e2e
