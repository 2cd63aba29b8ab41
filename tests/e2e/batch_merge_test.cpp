// `gougechek merge` into a folder it wrote before, and shard summaries it must not trust.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
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

/// Merge's refusal: exit code 2, `message` in its error, and no merged folder.
void expectRefused(const CliRun& run, const fs::path& merged, const std::string& message) {
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(contains(run.err, message)) << run.err;
  EXPECT_FALSE(fs::exists(merged)) << "nothing is written for a refused merge";
}

TEST_F(BatchMerge, RefusesShardsThatDealtTheJobsDifferently) {
  // The hostile pass's D2: x's program is the larger when shard 0 runs, so x goes to shard 0;
  // a comment added to y's program before shard 1 runs flips the deal, and x goes to shard 1
  // too. y, the gouging job, is then in no shard.
  writeText(dir_ / "x.nc",
            "G21 G90\n(" + std::string(400, 'c') + ")\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
  writeText(dir_ / "y.nc", "G21 G90\nG0 X5 Y5 Z30\nG1 Z-1 F500\nG0 Z30\nM30\n");
  writeText(dir_ / "nightly.yaml",
            "defaults:\n  tool: ball:6\njobs:\n"
            "  - {name: x, part: box.stl, program: x.nc}\n"
            "  - {name: y, part: box.stl, program: y.nc}\n");
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml -q --out s0 --shard 0/2").exit_code, 0);
  writeText(dir_ / "y.nc", "(" + std::string(800, 'c') + ")\n" + readText(dir_ / "y.nc"));
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml -q --out s1 --shard 1/2").exit_code, 0);
  expectRefused(runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
                "s1: job 'x' (manifest index 0) is also in s0: the shards dealt the jobs "
                "differently");
}

TEST_F(BatchMerge, RefusesShardsThatMissAJob) {
  runShards();
  const fs::path summary_file = dir_ / "s1/summary.json";
  nlohmann::ordered_json summary = nlohmann::ordered_json::parse(readText(summary_file));
  ASSERT_EQ(summary["jobs"].size(), 1u);
  const std::size_t index = summary["jobs"][0]["index"];
  summary["jobs"] = nlohmann::ordered_json::array();
  writeText(summary_file, summary.dump());
  expectRefused(runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
                "job " + std::to_string(index) + " of the manifest (0-based) is in no shard");
}

TEST_F(BatchMerge, RefusesShardsOfAnEditedManifestOfTheSameName) {
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml -q --out s0 --shard 0/2").exit_code, 0);
  writeText(dir_ / "nightly.yaml", readText(dir_ / "nightly.yaml") + "# edited\n");
  ASSERT_EQ(runCli(dir_, "batch nightly.yaml -q --out s1 --shard 1/2").exit_code, 0);
  expectRefused(runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
                "s1/summary.json: a shard of another run (other manifest, shard count or "
                "baseline)");
}

TEST_F(BatchMerge, RefusesASummaryWhoseReportsWereChanged) {
  // The hostile pass's D13: a summary edited to pass while its report files still say what
  // the check found.
  runShards();
  const fs::path summary_file = dir_ / "s1/summary.json";
  nlohmann::ordered_json summary = nlohmann::ordered_json::parse(readText(summary_file));
  nlohmann::ordered_json& check = summary["jobs"][0]["checks"][0];
  check["report"]["summary"]["max_depth"] = 0;
  check["report"]["summary"]["status"] = "fail";
  writeText(summary_file, summary.dump());
  const std::string report = check["reports"]["json"];
  expectRefused(
      runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
      "s1/" + report + ": does not match its shard's summary.json (another report than it embeds)");
}

TEST_F(BatchMerge, RefusesAReportFileChangedAfterItsRun) {
  runShards();
  const nlohmann::ordered_json summary =
      nlohmann::ordered_json::parse(readText(dir_ / "s0/summary.json"));
  const std::string page = summary["jobs"][0]["checks"][0]["reports"]["html"];
  writeText(dir_ / "s0" / page, readText(dir_ / "s0" / page) + "<!-- edited -->\n");
  expectRefused(runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
                "s0/" + page + ": does not match its shard's summary.json (another SHA-256)");
}

TEST_F(BatchMerge, RefusesAShardWhoseReportsLackAViolationsFields) {
  // Found by fuzz_batch: a violation without its place, in the summary and in its JSON report
  // alike (their SHA-256 made to agree), was read past its end when the merged outputs were
  // written. It is a summary that is no batch summary: refused before anything is written.
  writeText(dir_ / "gouge.nc", "G21 G90\nG0 X5 Y5 Z30\nG1 Z-1 F500\nG0 Z30\nM30\n");
  writeText(dir_ / "nightly.yaml",
            "defaults:\n  tool: ball:6\njobs:\n"
            "  - name: first\n    part: box.stl\n    program: gouge.nc\n"
            "  - name: second\n    part: box.stl\n    program: gouge.nc\n");
  for (const char* shard : {"0", "1"})
    ASSERT_EQ(runCli(dir_, std::string("batch nightly.yaml -q --out s") + shard + " --shard " +
                               shard + "/2")
                  .exit_code,
              1);
  const fs::path summary_file = dir_ / "s1/summary.json";
  nlohmann::ordered_json summary = nlohmann::ordered_json::parse(readText(summary_file));
  nlohmann::ordered_json& check = summary["jobs"][0]["checks"][0];
  ASSERT_FALSE(check["report"]["violations"].empty());
  check["report"]["violations"][0].erase("at");
  const std::string report = check["reports"]["json"];
  writeText(dir_ / "s1" / report, check["report"].dump(2) + "\n");
  FILE* pipe = ::popen(("sha256sum '" + (dir_ / "s1" / report).string() + "'").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char digest[65] = {};
  const bool read = std::fread(digest, 1, 64, pipe) == 64;
  ::pclose(pipe);
  ASSERT_TRUE(read);
  check["report_sha256"]["json"] = std::string(digest);
  writeText(summary_file, summary.dump());
  expectRefused(runCli(dir_, "merge --out night s0 s1"), dir_ / "night",
                "a shard's summary.json is not a batch summary");
}

TEST_F(BatchMerge, RefusesAnOutputFolderThatIsOneOfItsShards) {
  // The hostile pass's D7: the merged summary would replace shard 0's own.
  runShards();
  const std::string before = readText(dir_ / "s0/summary.json");
  fs::create_directory_symlink("s0", dir_ / "link");
  for (const char* out : {"s0", "link", "s1/../s0", "./s0/"}) {
    const CliRun run = runCli(dir_, std::string("merge --out ") + out + " s0 s1");
    EXPECT_EQ(run.exit_code, 2) << out << ": " << run.err;
    EXPECT_TRUE(contains(run.err, "--out is the shard folder s0")) << run.err;
  }
  EXPECT_EQ(readText(dir_ / "s0/summary.json"), before);
}

}  // namespace
}  // namespace gougechek::e2e
