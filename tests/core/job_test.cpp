// The job layer (gougechek/job.hpp) through the shared gougechek::core alone, as the C++
// example and the Python module use it: a job's reports are the command line's, byte for byte
// but for the times; its settings are refused as every front end refuses them; its outputs
// never overwrite an input; a job that fails still leaves its error report.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "e2e/cli_runner.hpp"
#include "gougechek/gougechek.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

const fs::path kSamples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";

class Job : public testing::Test {
 protected:
  void SetUp() override {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_job_" + std::to_string(random()));
    fs::create_directories(dir_ / "cli");
    fs::create_directories(dir_ / "job");
    before_ = fs::current_path();
  }
  void TearDown() override {
    fs::current_path(before_);
    fs::remove_all(dir_);
  }

  /// Runs `job` with the working directory `dir_/job`, where its relative outputs go.
  Report runIn(const CheckJob& job) {
    fs::current_path(dir_ / "job");
    Report report = runJob(job);
    fs::current_path(before_);
    return report;
  }

  fs::path dir_;
  fs::path before_;
};

CheckJob moldJob(const char* program) {
  CheckJob job;
  job.part_file = (kSamples / "mold.stl").string();
  job.path_file = (kSamples / program).string();
  job.tool = "ball:6";
  return job;
}

/// `text` with each stretch from `start` up to (not including) the next of `end` left out.
std::string scrubbed(const std::string& text, const std::string& start, const std::string& end) {
  std::string out;
  std::size_t done = 0;
  for (std::size_t at = text.find(start); at != std::string::npos; at = text.find(start, done)) {
    out.append(text, done, at + start.size() - done);
    done = std::min(text.find_first_of(end, at + start.size()), text.size());
  }
  return out.append(text, done, std::string::npos);
}

/// `text` with every UTC time stamp (2026-11-27T20:53:31Z) left out.
std::string withoutStamps(const std::string& text) {
  const std::string shape = "dddd-dd-ddTdd:dd:ddZ";
  auto stampAt = [&](std::size_t at) {
    for (std::size_t i = 0; i < shape.size(); ++i) {
      const char c = text[at + i];
      if (shape[i] == 'd' ? !std::isdigit(static_cast<unsigned char>(c)) : c != shape[i])
        return false;
    }
    return true;
  };
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    if (at + shape.size() <= text.size() && stampAt(at)) {
      at += shape.size();
    } else {
      out.push_back(text[at++]);
    }
  }
  return out;
}

/// `text` with what differs from run to run set aside: when it ran and how long it took.
/// (No std::regex: GCC 12 warns inside it under the sanitizers' optimisation.)
std::string withoutTimes(const std::string& text) {
  std::string result = scrubbed(withoutStamps(text), "\"elapsed_s\": ", ",\n}");
  return scrubbed(result, "<tr><th>Time</th><td>", "<");
}

// The job's command line (commandLine) run by the CLI, as `gougechek` in another folder,
// writes the same reports as the job: the same trace, settings, findings and HTML page.
TEST_F(Job, ReportsAreTheClisByteForByte) {
  CheckJob job = moldJob("mold_finish_bad.nc");
  job.holder = "ER32";
  job.tool = "ball:6,length=40";
  job.holder_clearance = 1;
  job.initial_tool = 1;
  job.reports = {{"r.json", ReportFormat::Json}, {"r.html", ReportFormat::Html}};
  const Report report = runIn(job);
  EXPECT_FALSE(report.violations.empty());
  const std::string command = commandLine(job);
  ASSERT_EQ(command.rfind("gougechek ", 0), 0u) << command;
  const e2e::CliRun cli = e2e::runInShell(
      dir_ / "cli",
      "bash -c " + e2e::shellQuoted("exec -a gougechek " + e2e::shellQuoted(GOUGECHEK_CLI) +
                                    command.substr(command.find(' '))));
  ASSERT_EQ(cli.exit_code, 1) << cli.err;
  for (const char* file : {"r.json", "r.html"}) {
    const std::string ours = e2e::readText(dir_ / "job" / file);
    EXPECT_EQ(withoutTimes(ours), withoutTimes(e2e::readText(dir_ / "cli" / file))) << file;
  }
  const auto json = nlohmann::json::parse(e2e::readText(dir_ / "job" / "r.json"));
  EXPECT_EQ(json["trace"]["command"], command);
  EXPECT_EQ(json["settings"]["initial_tool"], 1);
  EXPECT_EQ(json["tools"][0]["holder"], "ER32 collet chuck (typical)");
}

TEST_F(Job, RefusesTheSettingsEveryFrontEndRefuses) {
  CheckJob job = moldJob("mold_finish.nc");
  job.stock = -0.05;
  job.reports = {{"r.json", ReportFormat::Json}};
  try {
    runIn(job);
    FAIL() << "a negative stock was taken";
  } catch (const InputError& error) {
    EXPECT_EQ(error.message(), "stock must be >= 0, got -0.05");
  }
  // The report file says so, as the command line's report of a usage error does: with the
  // default settings, since a report never shows a value out of range.
  const auto json = nlohmann::json::parse(e2e::readText(dir_ / "job" / "r.json"));
  EXPECT_EQ(json["error"]["kind"], "usage");
  EXPECT_EQ(json["error"]["message"], "stock must be >= 0, got -0.05");
  EXPECT_EQ(json["settings"]["stock"], 0.0);
  EXPECT_THROW(checkJob(job), InputError);
}

TEST_F(Job, AnInputErrorNamesItsPlaceAndLeavesTheErrorReport) {
  const fs::path program = dir_ / "bad.nc";
  e2e::writeText(program, "G21 G90\nG0 X10 Y10 Z40\nG1 Z24 F500\nG2 X20 R0.1\nM2\n");
  CheckJob job = moldJob("mold_finish.nc");
  job.path_file = program.string();
  job.reports = {{"r.json", ReportFormat::Json}};
  Report failed;
  JobHooks hooks;
  hooks.failed = [&failed](const Report& report) { failed = report; };
  fs::current_path(dir_ / "job");
  try {
    runJob(job, hooks);
    FAIL() << "the arc was taken";
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), program.string());
    EXPECT_EQ(error.line(), 4u);
  }
  fs::current_path(before_);
  ASSERT_TRUE(failed.error);
  EXPECT_EQ(failed.error->line, 4u);
  const auto json = nlohmann::json::parse(e2e::readText(dir_ / "job" / "r.json"));
  EXPECT_EQ(json["error"]["line"], 4);
}

TEST_F(Job, NeverOverwritesAnInput) {
  const fs::path program = dir_ / "job" / "copy.nc";
  fs::copy_file(kSamples / "mold_finish.nc", program);
  const std::uintmax_t size = fs::file_size(program);
  CheckJob job = moldJob("mold_finish.nc");
  job.path_file = program.string();
  job.reports = {{"copy.nc", ReportFormat::Json}};
  EXPECT_THROW(runIn(job), InputError);
  EXPECT_EQ(fs::file_size(program), size);
}

// A program given as text is traced by the SHA-256 of its text, under the name it was given.
TEST_F(Job, AProgramGivenAsText) {
  CheckJob job = moldJob("mold_finish.nc");
  job.path_file = "job.nc";
  job.path_text = "G21 G90\nG0 X10 Y10 Z40\nG1 Z24 F500\nG1 X90\nM2\n";
  const Report report = runIn(job);
  EXPECT_TRUE(report.violations.empty());
  EXPECT_EQ(report.moves, 3u);
  ASSERT_TRUE(report.trace);
  ASSERT_EQ(report.trace->inputs.size(), 2u);
  EXPECT_EQ(report.trace->inputs[1].file, "job.nc");
  EXPECT_EQ(report.trace->inputs[1].sha256.size(), 64u);
}

// A job with a raw stock: its command line gives the CLI the same stock (an automatic box, its
// resolution, the stock written out), and the CLI writes the same report and stock file.
TEST_F(Job, AStockJobIsTheClisByteForByte) {
  CheckJob job = moldJob("mold_finish.nc");
  job.stock_box_margin = 1;
  job.stock_resolution = 0.5;
  job.stock_out = "after.gcstock";
  job.reports = {{"r.json", ReportFormat::Json}};
  const Report report = runIn(job);
  ASSERT_TRUE(report.raw_stock.has_value());
  EXPECT_EQ(report.raw_stock->resolution, 0.5);
  const std::string command = commandLine(job);
  EXPECT_NE(command.find(" --stock-box auto:1 --stock-resolution 0.5"), std::string::npos)
      << command;
  EXPECT_NE(command.find(" --stock-out after.gcstock"), std::string::npos) << command;
  const e2e::CliRun cli = e2e::runInShell(
      dir_ / "cli",
      "bash -c " + e2e::shellQuoted("exec -a gougechek " + e2e::shellQuoted(GOUGECHEK_CLI) +
                                    command.substr(command.find(' '))));
  ASSERT_LE(cli.exit_code, 1) << cli.err;
  EXPECT_EQ(withoutTimes(e2e::readText(dir_ / "job" / "r.json")),
            withoutTimes(e2e::readText(dir_ / "cli" / "r.json")));
  EXPECT_EQ(e2e::readText(dir_ / "job" / "after.gcstock"),
            e2e::readText(dir_ / "cli" / "after.gcstock"));
}

TEST(JobCommandLine, NamesTheOutputs) {
  CheckJob job = moldJob("mold_finish.nc");
  job.reports = {{"out/r.json", ReportFormat::Json}, {"r.html", ReportFormat::Html}};
  job.html_violations = 20;
  const std::string line = commandLine(job);
  EXPECT_NE(line.find(" --report out/r.json --report r.html --html-violations 20"),
            std::string::npos)
      << line;
  job.reports = {{"page", ReportFormat::Html}};
  EXPECT_NE(commandLine(job).find(" --report page --format html"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
