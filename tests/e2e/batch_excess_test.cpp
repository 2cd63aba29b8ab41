// The excess in batch runs (issue 24): a manifest's excess, excess-spacing, excess-tolerance and
// fail-on-excess, in a job and in the defaults, give each check the command line's --excess and
// its settings; excess above a job's fail-on-excess fails the job and the run whatever --fail-on
// says; excess is `true` or `false`, YAML's other spellings of a boolean refused where they stand.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

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

/// A 6 mm ball's passes along X over the top of a 10 × 10 × 5 plate, 2 mm apart: the scallop
/// between two passes stands 3 - √8 mm over the top; the plate's sides are below its reach.
constexpr const char* kFinish =
    "G21 G90 G17\nT1 M6\nS10000 M3\nG0 Z20\nG0 X-5 Y0\n(operation: Finish)\nG1 Z5 F500\n"
    "G1 Y0\nG1 X15\nG1 Y2\nG1 X-5\nG1 Y4\nG1 X15\nG1 Y6\nG1 X-5\nG1 Y8\nG1 X15\nG1 Y10\n"
    "G1 X-5\nG0 Z20\nM30\n";
const double kScallop = 3 - std::sqrt(8.0);

class BatchExcess : public testing::Test {
 protected:
  void SetUp() override {
    static int count = 0;
    work_ = fs::temp_directory_path() / ("gougechek_batch_excess_" + std::to_string(::getpid()) +
                                         "_" + std::to_string(++count));
    fs::remove_all(work_);
    fs::create_directories(work_);
    writeText(work_ / "plate.stl", e2e::boxStl(10, 10, 5));
    writeText(work_ / "finish.nc", kFinish);
  }
  void TearDown() override { fs::remove_all(work_); }

  /// `gougechek batch manifest.yaml --out out -j 2` and `options` on `manifest`.
  CliRun batch(const std::string& manifest, const std::string& options = "") {
    writeText(work_ / "manifest.yaml", manifest);
    return runCli(work_, "batch manifest.yaml --out out -j 2" + options);
  }
  json summary() { return json::parse(readText(work_ / "out" / "summary.json")); }

  fs::path work_;
};

/// A job of the plate's finish named `name`, `keys` (each "    key: value\n") added.
std::string plateJob(const std::string& name, const std::string& keys) {
  return "  - name: " + name + "\n    part: plate.stl\n    program: finish.nc\n    tool: ball:6\n" +
         keys;
}

TEST_F(BatchExcess, AJobsKeysAndTheDefaultsGiveEachCheckTheExcess) {
  const std::string manifest =
      "defaults:\n  excess: true\njobs:\n" +
      plateJob("strict", "    excess-spacing: 0.5\n    fail-on-excess: 0.1\n") +
      plateJob("lenient", "    excess-spacing: 0.5\n    excess-tolerance: 0.2\n") +
      plateJob("measured", "    excess-spacing: 0.5\n") + plateJob("off", "    excess: false\n");
  const CliRun run = batch(manifest);
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const json result = summary();
  ASSERT_EQ(result["jobs"].size(), 4u);
  const auto check = [&](int job) -> const json& { return result["jobs"][job]["checks"][0]; };

  // strict: the scallop, proven above fail-on-excess, fails the job (no violation found).
  EXPECT_EQ(result["jobs"][0]["status"], "fail");
  EXPECT_TRUE(contains(check(0)["command"],
                       "--tolerance 0.01 --excess --excess-spacing 0.5 --fail-on-excess 0.1"))
      << check(0)["command"];
  const json& strict = check(0)["report"];
  EXPECT_EQ(strict["summary"]["status"], "fail");
  EXPECT_EQ(strict["summary"]["gouges"], 0);
  const json& excess = strict["excess"];
  EXPECT_EQ(excess["spacing"], 0.5);
  EXPECT_EQ(excess["fail_above"], 0.1);
  EXPECT_TRUE(excess["fails"].get<bool>());
  EXPECT_LE(excess["max"]["lo"].get<double>(), kScallop);
  EXPECT_GE(excess["max"]["hi"].get<double>(), kScallop);
  ASSERT_EQ(excess["regions"].size(), 1u) << excess.dump(1);
  EXPECT_EQ(excess["regions"][0]["operation"], "operation: Finish");
  EXPECT_NEAR(excess["not_machined_area"].get<double>(), 300, 1e-3);  // the plate's sides
  // The report file beside the job's other outputs is the same report.
  EXPECT_EQ(json::parse(readText(work_ / "out/jobs/strict/finish.nc.json"))["excess"], excess);

  // lenient: the scallop within its excess tolerance; measured: a region, but no
  // fail-on-excess, so it passes; off: the job's false over the defaults' true.
  EXPECT_EQ(result["jobs"][1]["status"], "pass");
  EXPECT_EQ(check(1)["report"]["excess"]["tolerance"], 0.2);
  EXPECT_TRUE(check(1)["report"]["excess"]["regions"].empty());
  EXPECT_EQ(result["jobs"][2]["status"], "pass");
  EXPECT_EQ(check(2)["report"]["excess"]["regions"].size(), 1u);
  EXPECT_FALSE(check(2)["report"]["excess"].contains("fail_above"));
  EXPECT_EQ(result["jobs"][3]["status"], "pass");
  EXPECT_FALSE(check(3)["report"].contains("excess"));
  EXPECT_FALSE(contains(check(3)["command"], "--excess")) << check(3)["command"];
  EXPECT_EQ(result["totals"]["jobs_failed"], 1);

  // Excess above fail-on-excess fails the run whatever --fail-on says: it was asked for by name.
  EXPECT_EQ(batch(manifest, " --fail-on severe").exit_code, 1);
  EXPECT_EQ(batch("jobs:\n" + plateJob("measured", "    excess: true\n    excess-spacing: 0.5\n"),
                  " --fail-on severe")
                .exit_code,
            0);
}

TEST_F(BatchExcess, ExcessIsTrueOrFalseAndItsSettingsNeedIt) {
  const auto refused = [this](const std::string& manifest, const std::string& message) {
    const CliRun run = batch(manifest);
    EXPECT_EQ(run.exit_code, 2) << manifest;
    EXPECT_EQ(run.err, "gougechek: error: manifest.yaml:" + message + "\n") << manifest;
    EXPECT_FALSE(fs::exists(work_ / "out"));
  };
  // YAML's other spellings of a boolean are text to the manifest: refused where they stand,
  // not taken for false (nor for true).
  for (const char* other : {"yes", "no", "True", "on", "1"})
    refused("jobs:\n" + plateJob("finish", std::string("    excess: ") + other + "\n"),
            "6:13: excess: '" + std::string(other) + "' is neither true nor false");
  refused("defaults:\n  excess: yes\njobs:\n" + plateJob("finish", ""),
          "2:11: excess: 'yes' is neither true nor false");
  // A setting of the excess without excess: true, in the job or from the defaults.
  refused("jobs:\n" + plateJob("finish", "    excess-spacing: 0.5\n"),
          "2:5: job 'finish': excess-spacing needs excess (the excess is measured only when "
          "asked)");
  refused("defaults:\n  fail-on-excess: 0.1\njobs:\n" + plateJob("finish", ""),
          "4:5: job 'finish': fail-on-excess needs excess (the excess is measured only when "
          "asked)");
  refused("defaults:\n  excess: true\n  excess-tolerance: 0.05\njobs:\n" +
              plateJob("finish", "    excess: false\n"),
          "5:5: job 'finish': excess-tolerance needs excess (the excess is measured only when "
          "asked)");
  refused("jobs:\n" + plateJob("finish", "    excess: true\n    excess-spacing: fine\n"),
          "7:21: excess-spacing: 'fine' is not a number");
}

TEST_F(BatchExcess, ASpacingFarTooFineIsRefusedBeforeLayingOutItsStrips) {
  // 1e-9 mm would cut each side of the plate into billions of strips: counting stops past the
  // 400 million allowed, so the refusal comes at once, in bounded memory, before the check.
  const CliRun run =
      runCli(work_, "plate.stl finish.nc --tool ball:6 --excess --excess-spacing 1e-9");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.err,
            "gougechek: error: plate.stl: --excess-spacing 1e-09 mm samples the part's 12 "
            "triangles at more than a million million points, more than the 400 million "
            "allowed: give a coarser spacing\n");
  // Nearer the limit the count is given, a lower bound.
  const CliRun near =
      runCli(work_, "plate.stl finish.nc --tool ball:6 --excess --excess-spacing 0.0003");
  EXPECT_EQ(near.exit_code, 2);
  EXPECT_TRUE(contains(near.err, "triangles at least at ")) << near.err;
}

}  // namespace
}  // namespace gougechek
