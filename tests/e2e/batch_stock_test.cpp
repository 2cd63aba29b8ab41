// The raw stock in batch runs (issue 23): a setup's programs checked in the machine's order,
// the stock carried from each to the next (a roughing, rest and finishing sequence), failing
// closed after a program in error; the manifest's setup errors; stock and fixture collisions
// in the batch's totals, its collected outputs and its waivers.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using e2e::CliRun;
using e2e::contains;
using e2e::readText;
using e2e::runCli;
using e2e::writeText;
using nlohmann::json;

const fs::path kSource = GOUGECHEK_SOURCE_DIR;

/// A 60 × 60 × 10 plate under a 20 mm block; T1 a 10 mm flat for roughing, T2 and T3 4 mm
/// flats for the rest and the finish.
constexpr const char* kTools =
    "T1 P1 D10.0 ;flat flute=20\nT2 P2 D4.0 ;flat flute=15\nT3 P3 D4.0 ;flat flute=15\n";
constexpr const char* kBlock = "0,0,0,60,60,20";

/// Roughing: the block cleared down to Z11 over X 10..50, Y 10..50 by zigzags of the 10 mm
/// flat; the pocket's corners keep material (the cutter's radius, 5 mm, round (15, 15)).
constexpr const char* kRough =
    "G21 G90 G17\nT1 M6\nS10000 M3\nG0 Z25\nG0 X15 Y15\nG1 Z11 F300\nG1 X45 F1000\nG1 Y23\n"
    "G1 X15\nG1 Y31\nG1 X45\nG1 Y39\nG1 X15\nG1 Y45\nG1 X45\nG0 Z25\nM30\n";
/// Rest: down to Z12 into the cleared pocket (line 6), then a rapid at Z12 to the corner
/// (12, 12) (line 7), whose material the roughing left up to Z20: the rest tool meets it.
constexpr const char* kRest =
    "G21 G90 G17\nT2 M6\nS12000 M3\nG0 Z25\nG0 X30 Y30\nG0 Z12\nG0 X12 Y12\nG1 X12 Y30 F800\n"
    "G0 Z25\nM30\n";
/// Finish: down to Z11.5 into the pocket (line 6), the floor the roughing left cut to Z10.
constexpr const char* kFinish =
    "G21 G90 G17\nT3 M6\nS12000 M3\nG0 Z25\nG0 X30 Y30\nG0 Z11.5\nG1 Z10 F300\nG1 X20 F800\n"
    "G1 Y40\nG1 X40\nG1 Y20\nG1 X20\nG0 Z25\nM30\n";

class BatchStock : public testing::Test {
 protected:
  void SetUp() override {
    static int count = 0;
    work_ = fs::temp_directory_path() /
            ("gougechek_batch_stock_" + std::to_string(::getpid()) + "_" + std::to_string(++count));
    fs::remove_all(work_);
    fs::create_directories(work_);
    writeText(work_ / "plate.stl", e2e::boxStl(60, 60, 10));
    writeText(work_ / "tools.tbl", kTools);
    writeText(work_ / "rough.nc", kRough);
    writeText(work_ / "rest.nc", kRest);
    writeText(work_ / "finish.nc", kFinish);
  }
  void TearDown() override { fs::remove_all(work_); }

  /// `gougechek batch manifest.yaml --out out` on `manifest`, and its summary.
  CliRun batch(const std::string& manifest) {
    writeText(work_ / "manifest.yaml", manifest);
    return runCli(work_, "batch manifest.yaml --out out");
  }
  json summary() { return json::parse(readText(work_ / "out" / "summary.json")); }

  fs::path work_;
};

/// A job of the plate's three programs under `key` (setup or programs).
std::string plateJob(const std::string& name, const std::string& key,
                     const std::string& stock = std::string("stock-box: ") + kBlock) {
  return "  - name: " + name + "\n    part: plate.stl\n    tool-table: tools.tbl\n    " + stock +
         "\n    stock-resolution: 0.25\n    " + key + ": [rough.nc, rest.nc, finish.nc]\n";
}

/// The stock collisions of a check's report, as their lines.
std::vector<int> stockLines(const json& check) {
  std::vector<int> lines;
  for (const json& v : check["report"]["violations"])
    if (v["kind"] == "stock_collision") lines.push_back(v["line"]);
  return lines;
}

TEST_F(BatchStock, ASetupCarriesTheStockFromRoughingThroughRestToFinishing) {
  // The same three programs as a setup (the stock carried) and as a job of programs (each
  // from the raw block), side by side in one run.
  const CliRun run =
      batch("jobs:\n" + plateJob("op10", "setup") + plateJob("each-alone", "programs"));
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const json result = summary();
  const json& setup = result["jobs"][0]["checks"];
  ASSERT_EQ(setup.size(), 3u);
  // Roughing passes; the rest tool meets only the corner the roughing left (line 7), not the
  // pocket it cleared (line 6); the finish, from the pocket rest and roughing left, passes.
  EXPECT_EQ(setup[0]["report"]["summary"]["status"], "pass") << setup[0]["report"].dump(1);
  EXPECT_EQ(stockLines(setup[1]), std::vector<int>{7}) << setup[1]["report"]["violations"];
  const json& corner = setup[1]["report"]["violations"][0];
  EXPECT_EQ(corner["cause"], "rapid");
  EXPECT_GT(corner["depth"].get<double>(), 1.0);  // the corner stands 8 mm above the rapid
  EXPECT_EQ(setup[2]["report"]["summary"]["status"], "pass") << setup[2]["report"].dump(1);
  EXPECT_GT(setup[2]["report"]["stock"]["volume_removed"].get<double>(), 0);
  // Each program after the first starts from the stock the one before left, which its report
  // names and its command reads.
  EXPECT_EQ(setup[1]["report"]["stock"]["shape"], "stock-in out/jobs/op10/rough.nc.gcstock");
  EXPECT_TRUE(contains(setup[2]["command"], "--stock-in out/jobs/op10/rest.nc.gcstock"))
      << setup[2]["command"];
  EXPECT_TRUE(fs::exists(work_ / "out/jobs/op10/rough.nc.gcstock"));
  // From the raw block, the rest program meets the block where the roughing cleared it (line
  // 6) and the finish fails on it: findings of a stock that is not on the machine.
  const json& alone = result["jobs"][1]["checks"];
  EXPECT_EQ(stockLines(alone[1]), (std::vector<int>{6, 7}));
  EXPECT_EQ(stockLines(alone[2]), std::vector<int>{6});
  EXPECT_FALSE(fs::exists(work_ / "out/jobs/each-alone/rough.nc.gcstock"));
}

TEST_F(BatchStock, StockOutWritesTheStockEachProgramLeavesBesideItsReports) {
  // A setup writes its last program's stock; a job of programs each program's, from the raw
  // block; the defaults' format serves every job.
  const CliRun run = batch("defaults:\n  stock-out: stl\njobs:\n" + plateJob("op10", "setup") +
                           plateJob("each-alone", "programs") + "    stock-out: gcstock\n");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(fs::exists(work_ / "out/jobs/op10/rough.nc.gcstock"));  // read by rest.nc
  EXPECT_FALSE(fs::exists(work_ / "out/jobs/op10/rough.nc.stl"));
  EXPECT_GT(fs::file_size(work_ / "out/jobs/op10/finish.nc.stl"), 84u);  // binary STL: triangles
  for (const char* program : {"rough", "rest", "finish"})
    EXPECT_TRUE(fs::exists(work_ / "out/jobs/each-alone" / (std::string(program) + ".nc.gcstock")))
        << program;
  EXPECT_TRUE(contains(summary()["jobs"][0]["checks"][2]["command"],
                       "--stock-out out/jobs/op10/finish.nc.stl"));
  // A program in error leaves no stock, and none of an earlier run stays in its place.
  writeText(work_ / "rough.nc", "G21 G90 G17\nT1 M6\nS10000 M3\nG0 Z25\nG5.3 X1\nM30\n");
  ASSERT_EQ(batch("defaults:\n  stock-out: stl\njobs:\n" + plateJob("op10", "setup")).exit_code, 2);
  EXPECT_FALSE(fs::exists(work_ / "out/jobs/op10/finish.nc.stl"));
  EXPECT_FALSE(fs::exists(work_ / "out/jobs/op10/rough.nc.gcstock"));
}

TEST_F(BatchStock, ShardsKeepASetupWholeOnOneShard) {
  writeText(work_ / "manifest.yaml",
            "jobs:\n" + plateJob("each-alone", "programs") + plateJob("op10", "setup"));
  std::vector<std::string> jobs;
  for (const char* shard : {"0/2", "1/2"}) {
    const std::string out = std::string("shard") + shard[0];
    const CliRun run =
        runCli(work_, "batch manifest.yaml -q --shard " + std::string(shard) + " --out " + out);
    ASSERT_LE(run.exit_code, 1) << run.err;
    const json result = json::parse(readText(work_ / out / "summary.json"));
    for (const json& job : result["jobs"]) {
      jobs.push_back(job["name"]);
      ASSERT_EQ(job["checks"].size(), 3u) << job["name"];
      if (job["name"] == "op10") {
        EXPECT_EQ(stockLines(job["checks"][1]), std::vector<int>{7});
      }
    }
  }
  std::sort(jobs.begin(), jobs.end());
  EXPECT_EQ(jobs, (std::vector<std::string>{"each-alone", "op10"}));
}

TEST_F(BatchStock, AProgramInErrorLeavesTheRestOfItsSetupUnchecked) {
  writeText(work_ / "rough.nc", "G21 G90 G17\nT1 M6\nS10000 M3\nG0 Z25\nG5.3 X1\nM30\n");
  const CliRun run = batch("jobs:\n" + plateJob("op10", "setup"));
  ASSERT_EQ(run.exit_code, 2) << run.out << run.err;
  const json result = summary();
  EXPECT_EQ(result["jobs"][0]["status"], "error");
  const json& checks = result["jobs"][0]["checks"];
  EXPECT_EQ(checks[0]["report"]["error"]["file"], "rough.nc");
  EXPECT_EQ(checks[0]["report"]["error"]["line"], 5);
  for (int later : {1, 2}) {
    const json& report = checks[later]["report"];
    EXPECT_EQ(report["summary"]["status"], "error") << report.dump(1);
    EXPECT_EQ(report["error"]["kind"], "input");
    const std::string before = later == 1 ? "rough.nc" : "rest.nc";
    EXPECT_EQ(report["error"]["file"], before);
    EXPECT_EQ(report["error"]["message"],
              "not checked: setup of job 'op10': this program starts from the stock " + before +
                  " leaves, which was not computed (" + before + " ended in error)");
  }
  EXPECT_EQ(result["totals"]["checks_in_error"], 3);
  EXPECT_TRUE(contains(readText(work_ / "out/index.html"), "not checked: setup of job"));
}

TEST_F(BatchStock, SetupMistakesAreManifestErrors) {
  const auto refused = [this](const std::string& manifest, const std::string& message) {
    const CliRun run = batch(manifest);
    EXPECT_EQ(run.exit_code, 2) << manifest;
    EXPECT_EQ(run.err, "gougechek: error: manifest.yaml:" + message + "\n") << manifest;
    EXPECT_FALSE(fs::exists(work_ / "out"));
  };
  refused("jobs:\n" + plateJob("op10", "setup", "stock: 0.2"),
          "7:12: setup: job 'op10' gives no raw stock to carry through its programs "
          "(stock-box, stock-cylinder, stock-model or stock-in)");
  refused("jobs:\n" + plateJob("op10", "setup") + "    program: rough.nc\n",
          "7:12: a job has one of program, programs and setup, not two");
  refused(
      "jobs:\n  - name: op10\n    part: plate.stl\n    tool-table: tools.tbl\n"
      "    stock-box: 0,0,0,60,60,20\n    setup: rough.nc\n",
      "6:12: setup: expected a list of files, in the order the machine runs them");
  refused("defaults:\n  setup: [rough.nc]\njobs:\n" + plateJob("op10", "programs"),
          "2:3: defaults: 'setup' belongs to each job");
  refused("jobs:\n" + plateJob("op10", "setup") + "    stock-out: step\n",
          "8:16: stock-out: 'step' is neither stl nor gcstock (the format of the stock each "
          "program leaves beside its reports)");
  refused("jobs:\n" + plateJob("op10", "programs", "stock: 0.2") + "    stock-out: stl\n",
          "8:16: stock-out: job 'op10' gives no raw stock (stock-box, stock-cylinder, "
          "stock-model or stock-in)");
  refused("jobs:\n" + plateJob("op10", "setup") + "    stock_out: stl\n",
          "8:5: unknown key 'stock_out' (did you mean 'stock-out'?)");
}

/// The program: its rapid at Z26 (line 7) runs through a 28 mm block over the mold.
constexpr const char* kRapidLow =
    "G21 G90 G17\nT1 M6\nS12000 M3\nG0 Z40\nG0 X-10 Y-10\nG0 Z26\nG0 X50 Y40\nG1 Z24 F600\n"
    "G1 X60 F2000\nG0 Z40\nM30\n";

/// A job on the mold failing on one stock collision, and one failing on a jaw beside it
/// (the rapid down at X-10 Y-10 runs into it), `waivers` added to the stock's job.
std::string stockAndJaw(const std::string& waivers = "") {
  const std::string mold = e2e::shellQuoted((kSource / "samples" / "mold.stl").string());
  return "jobs:\n  - name: block\n    part: " + mold +
         "\n    program: low.nc\n    tool: ball:6,flute=12\n"
         "    stock-box: 0,0,0,100,80,28\n" +
         waivers + "  - name: jaw\n    part: " + mold +
         "\n    program: low.nc\n    tool: ball:6,flute=12\n    fixture: jaw.stl\n"
         "    fixture-transform: translate -12,-20,0\n";
}

TEST_F(BatchStock, StockAndFixtureCollisionsAreCountedInTheRunsTotals) {
  writeText(work_ / "low.nc", kRapidLow);
  writeText(work_ / "jaw.stl", e2e::boxStl(5, 120, 40));
  const CliRun run = batch(stockAndJaw());
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const json result = summary();
  const json& totals = result["totals"];
  EXPECT_EQ(totals["stock_collisions"], 1);
  const json& jaw = result["jobs"][1]["checks"][0]["report"]["summary"];
  ASSERT_GE(jaw["fixture_collisions"].get<int>(), 1) << jaw.dump(1);
  EXPECT_EQ(totals["fixture_collisions"], jaw["fixture_collisions"]);
  EXPECT_EQ(result["jobs"][0]["status"], "fail");
  EXPECT_TRUE(contains(run.out, ", 1 stock collisions, " +
                                    std::to_string(jaw["fixture_collisions"].get<int>()) +
                                    " fixture collisions; see out/index.html"))
      << run.out;
  const std::string index = readText(work_ / "out/index.html");
  EXPECT_TRUE(contains(index, "<th>stock collisions</th><th>fixture collisions</th>")) << index;
  EXPECT_TRUE(contains(index, "1 stock collisions")) << index;
  // JUnit's failure counts the stock collision as a violation like any other.
  EXPECT_TRUE(contains(readText(work_ / "out/junit.xml"),
                       "<failure type=\"violations\" message=\"1 violation\">"));
}

TEST_F(BatchStock, AWaiverOfAStockCollisionLetsItsJobPass) {
  writeText(work_ / "low.nc", kRapidLow);
  writeText(work_ / "jaw.stl", e2e::boxStl(5, 120, 40));
  const CliRun run = batch(stockAndJaw(
      "    waivers:\n      - kind: stock_collision\n        line: 7\n        max_depth: 3\n"
      "        by: A. Machinist\n        reason: the block is 25 mm on this machine\n"));
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;  // the jaw still fails
  const json result = summary();
  EXPECT_EQ(result["jobs"][0]["status"], "pass");
  EXPECT_EQ(result["jobs"][0]["waivers"][0]["waived"], 1);
  EXPECT_EQ(result["totals"]["stock_collisions"], 0);
  EXPECT_EQ(result["totals"]["waived"], 1);
  // A waiver of the jaw's kind on the block's job accepts nothing there.
  const CliRun other = batch(stockAndJaw(
      "    waivers:\n      - kind: fixture_collision\n        line: 7\n        max_depth: 3\n"
      "        by: A. Machinist\n        reason: wrong kind\n"));
  ASSERT_EQ(other.exit_code, 1) << other.err;
  EXPECT_EQ(summary()["jobs"][0]["status"], "fail");
  EXPECT_EQ(summary()["jobs"][0]["waivers"][0]["waived"], 0);
}

}  // namespace
}  // namespace gougechek
