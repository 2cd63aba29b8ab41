// `gougechek batch` seen from outside while it runs and when it is stopped: the progress line
// (--progress), a batch interrupted by SIGINT or SIGTERM (its outputs complete and truthful),
// and the reports an earlier batch left in --out that the new one does not write.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cli_process.hpp"
#include "cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using e2e::contains;
using e2e::readText;
using e2e::runCli;
using e2e::writeText;
using Json = nlohmann::ordered_json;

/// Moves the loop of `loopProgram(n)` commands: four per turn, and three around it.
std::string loopProgram(long turns) {
  // An O-word loop: many moves from a short file. Along the box's top face, so that every
  // move is really checked against the part.
  return "G21 G90\nG0 X-4 Y-4 Z25\nG1 Z20 F500\no100 repeat [" + std::to_string(turns) +
         "]\nG1 X54 Y-4\nG1 X54 Y44\nG1 X-4 Y44\nG1 X-4 Y-4\no100 endrepeat\nM2\n";
}

class BatchRun : public ::testing::Test {
 protected:
  void SetUp() override {
    const testing::TestInfo* test = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() / ("gougechek_batch_progress_" + std::string(test->name()) +
                                        "_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", e2e::boxStl());
    // Three moves, 1 mm above the top face (within reach of it: docs/checking-rules.md).
    writeText(dir_ / "quick.ngc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nG1 Y50\nM30\n");
    writeText(dir_ / "other.ngc", "G21 G90\nG0 X-10 Y10 Z22\nG1 X60 F500\nM30\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// A manifest of jobs named by `jobs`, each (name, program) against the box.
  fs::path manifest(const std::string& file,
                    const std::vector<std::pair<std::string, std::string>>& jobs) const {
    std::string text = "defaults:\n  tool: flat:6\njobs:\n";
    for (const auto& [name, program] : jobs)
      text += "  - name: " + name + "\n    part: box.stl\n    program: " + program + "\n";
    writeText(dir_ / file, text);
    return dir_ / file;
  }

  Json summary(const std::string& out = "out") const {
    return Json::parse(readText(dir_ / out / "summary.json"));
  }

  fs::path dir_;
};

/// One drawing of the progress line: `batch: D/N jobs, M moves checked, ...`.
struct ProgressLine {
  std::size_t jobs_done = 0;
  std::size_t jobs = 0;
  double moves = 0;
};

/// The drawings of the progress line in `err`, in order (each starts after a carriage return).
std::vector<ProgressLine> progressLines(const std::string& err) {
  std::vector<ProgressLine> lines;
  std::size_t at = 0;
  while ((at = err.find("batch: ", at)) != std::string::npos) {
    at += 7;
    ProgressLine line;
    char suffix[4] = {};
    unsigned long done = 0, jobs = 0;
    if (std::sscanf(err.c_str() + at, "%lu/%lu jobs, %lf%3[kMG ]", &done, &jobs, &line.moves,
                    suffix) < 3)
      continue;
    line.jobs_done = done;
    line.jobs = jobs;
    if (suffix[0] == 'k') line.moves *= 1e3;
    if (suffix[0] == 'M') line.moves *= 1e6;
    if (suffix[0] == 'G') line.moves *= 1e9;
    lines.push_back(line);
  }
  return lines;
}

TEST_F(BatchRun, ForcedProgressLineGrowsAndEndsWithEveryJobDone) {
  // About a million moves: long enough for several drawings.
  writeText(dir_ / "long.ngc", loopProgram(250'000));
  manifest("m.yaml", {{"quick", "quick.ngc"}, {"long", "long.ngc"}, {"after", "other.ngc"}});
  const auto started = std::chrono::steady_clock::now();
  const e2e::CliRun run = runCli(dir_, "batch m.yaml --out out --progress");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_EQ(run.exit_code, 0) << run.err;

  const std::vector<ProgressLine> lines = progressLines(run.err);
  ASSERT_GE(lines.size(), 2u) << run.err;  // the first drawing and the last
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].jobs, 3u) << run.err;
    if (i == 0) continue;
    EXPECT_GE(lines[i].jobs_done, lines[i - 1].jobs_done) << run.err;
    EXPECT_GE(lines[i].moves, lines[i - 1].moves) << run.err;
  }
  EXPECT_EQ(lines.back().jobs_done, 3u) << run.err;
  // 1,000,002 + 3 + 2 moves, shown cut to 1.00M.
  EXPECT_EQ(lines.back().moves, 1e6) << run.err;
  // At most ten drawings a second, besides the first and the last.
  EXPECT_LE(static_cast<double>(lines.size()), seconds * 10 + 2) << run.err;
  // The line is kept, ended by a newline; the summary line goes to stdout after it.
  ASSERT_FALSE(run.err.empty());
  EXPECT_EQ(run.err.back(), '\n');
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  EXPECT_TRUE(contains(run.out, "gougechek: batch PASS: 3 jobs")) << run.out;
}

TEST_F(BatchRun, NoProgressLineOnAPipeUnlessForcedNorEverWithQuiet) {
  manifest("m.yaml", {{"quick", "quick.ngc"}});
  const e2e::CliRun plain = runCli(dir_, "batch m.yaml --out out");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.err, "");
  const e2e::CliRun quiet = runCli(dir_, "batch m.yaml --out out -q --progress");
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
  EXPECT_EQ(quiet.out, "");
}

class BatchInterrupt : public BatchRun, public ::testing::WithParamInterface<int> {};

TEST_P(BatchInterrupt, LeavesCompleteTruthfulOutputsAndTheSignalsExitCode) {
  const int signal = GetParam();
  const std::string name = signal == SIGINT ? "SIGINT" : "SIGTERM";
  // 40 million moves: minutes of work, so the run cannot end before the signal.
  writeText(dir_ / "long.ngc", loopProgram(10'000'000));
  const fs::path file =
      manifest("m.yaml", {{"quick", "quick.ngc"}, {"long", "long.ngc"}, {"after", "other.ngc"}});
  // One thread: the checks run one after the other in manifest order, so when the signal
  // comes "quick" is done, "long" is being checked and "after" has not started.
  e2e::CliProcess run(
      dir_, {"batch", file.string(), "--out", (dir_ / "out").string(), "-j", "1", "--progress"});
  ASSERT_GT(run.pid(), 0);
  // Wait for the progress line to show "long" under way: one job done and more moves checked
  // than "quick" has.
  const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  bool under_way = false;
  while (!under_way && run.running() && std::chrono::steady_clock::now() < limit) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const std::vector<ProgressLine> lines = progressLines(readText(dir_ / "spawn_err.txt"));
    under_way = !lines.empty() && lines.back().jobs_done == 1 && lines.back().moves >= 10'000;
  }
  ASSERT_TRUE(under_way) << readText(dir_ / "spawn_err.txt");
  ASSERT_EQ(::kill(run.pid(), signal), 0);
  const int status = run.wait(std::chrono::seconds(120)).first;
  ASSERT_TRUE(WIFEXITED(status)) << "ended by the signal itself";
  EXPECT_EQ(WEXITSTATUS(status), 128 + signal);

  const std::string err = readText(dir_ / "spawn_err.txt");
  EXPECT_TRUE(err.ends_with("\ngougechek: interrupted by " + name + "\n")) << err;
  EXPECT_TRUE(contains(readText(dir_ / "spawn_out.txt"), "gougechek: batch ERROR: 3 jobs"));

  const Json result = summary();
  EXPECT_EQ(result["status"], "error");
  EXPECT_EQ(result["totals"]["jobs"], 3);
  EXPECT_EQ(result["totals"]["jobs_passed"], 1);
  EXPECT_EQ(result["totals"]["jobs_in_error"], 2);
  ASSERT_EQ(result["jobs"].size(), 3u);
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"quick", ""},
      {"long", "interrupted by " + name},
      {"after", "interrupted by " + name + " before the check started"}};
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const Json& job = result["jobs"][i];
    const auto& [job_name, message] = expected[i];
    ASSERT_EQ(job["name"], job_name);
    ASSERT_EQ(job["checks"].size(), 1u);
    const Json& check = job["checks"][0];
    EXPECT_EQ(job["status"], message.empty() ? "pass" : "error") << job_name;
    // Every check has its reports, the interrupted ones as error reports.
    for (const auto& [format, report] : check["reports"].items())
      EXPECT_TRUE(fs::is_regular_file(dir_ / "out" / report.get<std::string>())) << report;
    const Json own =
        Json::parse(readText(dir_ / "out" / check["reports"]["json"].get<std::string>()));
    if (message.empty()) {
      EXPECT_FALSE(check["report"].contains("error")) << job_name;
      EXPECT_EQ(own["summary"]["status"], "pass");
      continue;
    }
    EXPECT_EQ(check["report"]["error"]["kind"], "interrupted") << job_name;
    EXPECT_EQ(check["report"]["error"]["message"], message) << job_name;
    EXPECT_EQ(own["summary"]["status"], "error") << job_name;
    EXPECT_EQ(own["error"]["kind"], "interrupted") << job_name;
  }
  const std::string junit = readText(dir_ / "out" / "junit.xml");
  EXPECT_TRUE(
      contains(junit, "<error type=\"interrupted\" message=\"interrupted by " + name + "\">"))
      << junit;
  EXPECT_TRUE(contains(junit, "<error type=\"interrupted\" message=\"interrupted by " + name +
                                  " before the check started\">"))
      << junit;
  const std::string csv = readText(dir_ / "out" / "results.csv");
  EXPECT_TRUE(contains(csv, "\nlong," + (dir_ / "long.ngc").string() + ",error,")) << csv;
  EXPECT_TRUE(contains(csv, "\nafter," + (dir_ / "other.ngc").string() + ",error,")) << csv;
  EXPECT_TRUE(contains(readText(dir_ / "out" / "index.html"), "interrupted by " + name));
}

INSTANTIATE_TEST_SUITE_P(Signals, BatchInterrupt, ::testing::Values(SIGINT, SIGTERM),
                         [](const testing::TestParamInfo<int>& param) {
                           return std::string(param.param == SIGINT ? "Sigint" : "Sigterm");
                         });

/// The files under `dir`, relative to it.
std::set<std::string> filesUnder(const fs::path& dir) {
  std::set<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (!entry.is_directory()) files.insert(fs::relative(entry.path(), dir).generic_string());
  return files;
}

TEST_F(BatchRun, ReportsOfRemovedAndRenamedJobsGoAndAUsersFileStays) {
  manifest("m.yaml", {{"a", "quick.ngc"}, {"b", "quick.ngc"}, {"d", "other.ngc"}});
  ASSERT_EQ(runCli(dir_, "batch m.yaml --out out -q").exit_code, 0);
  writeText(dir_ / "out" / "jobs" / "b" / "notes.txt", "why b was renamed\n");
  // b renamed c, d removed.
  manifest("m.yaml", {{"a", "quick.ngc"}, {"c", "quick.ngc"}});
  const e2e::CliRun run = runCli(dir_, "batch m.yaml --out out -q");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  const std::set<std::string> expected = {"summary.json",
                                          "index.html",
                                          "junit.xml",
                                          "results.csv",
                                          "jobs/a/quick.ngc.json",
                                          "jobs/a/quick.ngc.html",
                                          "jobs/a/quick.ngc.xml",
                                          "jobs/a/quick.ngc.csv",
                                          "jobs/c/quick.ngc.json",
                                          "jobs/c/quick.ngc.html",
                                          "jobs/c/quick.ngc.xml",
                                          "jobs/c/quick.ngc.csv",
                                          "jobs/b/notes.txt"};
  EXPECT_EQ(filesUnder(dir_ / "out"), expected);
  // d's folder held only its reports: it is gone; b's keeps the user's file.
  EXPECT_FALSE(fs::exists(dir_ / "out" / "jobs" / "d"));
  const Json result = summary();
  ASSERT_EQ(result["jobs"].size(), 2u);
  EXPECT_EQ(result["jobs"][1]["name"], "c");
}

TEST_F(BatchRun, AnotherShardsReportsGo) {
  manifest("m.yaml", {{"a", "quick.ngc"}, {"b", "quick.ngc"}, {"c", "other.ngc"}});
  ASSERT_EQ(runCli(dir_, "batch m.yaml --out out -q --shard 0/2").exit_code, 0);
  const Json first_summary = summary();
  std::set<std::string> first;
  for (const Json& job : first_summary["jobs"]) first.insert(job["name"].get<std::string>());
  ASSERT_FALSE(first.empty());
  ASSERT_EQ(runCli(dir_, "batch m.yaml --out out -q --shard 1/2").exit_code, 0);
  const Json second_summary = summary();
  std::set<std::string> second;
  for (const Json& job : second_summary["jobs"]) second.insert(job["name"].get<std::string>());
  ASSERT_FALSE(second.empty());
  std::set<std::string> folders;
  for (const auto& entry : fs::directory_iterator(dir_ / "out" / "jobs"))
    folders.insert(entry.path().filename().string());
  EXPECT_EQ(folders, second);
  for (const std::string& job : first) EXPECT_EQ(second.count(job), 0u) << job;
}

TEST_F(BatchRun, OutWithASummaryJsonThatIsNoBatchSummaryIsRefusedAndKept) {
  manifest("m.yaml", {{"a", "quick.ngc"}});
  fs::create_directories(dir_ / "out" / "jobs" / "x");
  writeText(dir_ / "out" / "summary.json", "{\"something\": \"else\"}\n");
  writeText(dir_ / "out" / "jobs" / "x" / "y.json", "{}\n");
  const e2e::CliRun run = runCli(dir_, "batch m.yaml --out out");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(contains(run.err, "not a batch summary")) << run.err;
  EXPECT_EQ(filesUnder(dir_ / "out"), (std::set<std::string>{"summary.json", "jobs/x/y.json"}));
}

TEST_F(BatchRun, OnlyReportsInJobFoldersAreRemovedWhateverTheSummaryLists) {
  manifest("m.yaml", {{"a", "quick.ngc"}});
  ASSERT_EQ(runCli(dir_, "batch m.yaml --out out -q").exit_code, 0);
  // An edited summary lists files a run never writes as reports.
  writeText(dir_ / "victim.json", "{}\n");
  writeText(dir_ / "out" / "jobs" / "a" / "notes.txt", "mine\n");
  fs::create_directories(dir_ / "elsewhere");
  writeText(dir_ / "elsewhere" / "r.json", "{}\n");
  fs::create_directory_symlink(dir_ / "elsewhere", dir_ / "out" / "jobs" / "link");
  Json edited = summary();
  Json& reports = edited["jobs"][0]["checks"][0]["reports"];
  reports["up"] = "../victim.json";
  reports["around"] = "jobs/a/../../../victim.json";
  reports["top"] = "index.html";
  reports["notes"] = "jobs/a/notes.txt";
  reports["linked"] = "jobs/link/r.json";
  reports["absolute"] = (dir_ / "victim.json").string();
  writeText(dir_ / "out" / "summary.json", edited.dump(2));
  // Job a gone: its listed reports are stale.
  manifest("m.yaml", {{"z", "quick.ngc"}});
  const e2e::CliRun run = runCli(dir_, "batch m.yaml --out out -q");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::exists(dir_ / "victim.json"));
  EXPECT_TRUE(fs::exists(dir_ / "out" / "index.html"));
  EXPECT_TRUE(fs::exists(dir_ / "out" / "jobs" / "a" / "notes.txt"));
  EXPECT_TRUE(fs::exists(dir_ / "elsewhere" / "r.json"));
  EXPECT_FALSE(fs::exists(dir_ / "out" / "jobs" / "a" / "quick.ngc.json"));
}

}  // namespace
}  // namespace gougechek
