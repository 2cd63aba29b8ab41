// Fixtures and dog-leg rapids through the command line and a batch manifest
// (docs/cli.md, docs/checking-rules.md "Fixtures"): a jaw beside the box part, given as an STL
// placed by --fixture-transform or as a STEP model, named in every report format.
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
using namespace e2e;

const fs::path kPlate = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam" / "pocket_plate";

// The flat's side touches the box part's face x = 50 (reached, no gouge) while the jaw, the box
// moved to x 55..105, takes 1 mm of it: line 4, and the retract from there, line 5.
constexpr const char* kPlunge = "G21 G90\nG0 X53 Y20 Z30\nT1 M6\nG1 Z15 F100\nG0 Z30\nM30\n";
constexpr const char* kJaw = "--fixture box.stl --fixture-transform 'translate 55,0,0'";

class FixturesCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_fixtures_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "p.nc", kPlunge);
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun check(const std::string& options) {
    return runCli(dir_, "box.stl p.nc -t flat:6,flute=12 " + options);
  }
  nlohmann::json json(const std::string& file) {
    return nlohmann::json::parse(readText(dir_ / file));
  }

  fs::path dir_;
};

TEST_F(FixturesCli, AJawMetByTheFlutesIsAFixtureCollisionInEveryFormat) {
  const CliRun run =
      check(std::string(kJaw) + " --report r.json --report r.csv --report r.txt --report r.html");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const nlohmann::json report = json("r.json");
  ASSERT_EQ(report["violations"].size(), 2u) << report["violations"];
  EXPECT_EQ(report["violations"][1]["line"], 5);
  const nlohmann::json& v = report["violations"][0];
  EXPECT_EQ(v["kind"], "fixture_collision");
  EXPECT_EQ(v["line"], 4);
  EXPECT_EQ(v["segment"], "flutes");
  EXPECT_EQ(v["fixture"], 0);
  EXPECT_EQ(v["fixture_file"], "box.stl");
  EXPECT_NEAR(v["depth"].get<double>(), 1.0, 0.002);
  EXPECT_EQ(report["summary"]["fixture_collisions"], 2);
  EXPECT_EQ(report["settings"]["fixtures"][0]["transform"], "translate 55,0,0");
  EXPECT_EQ(report["settings"]["fixtures"][0]["triangles"], 12);
  EXPECT_EQ(report["settings"]["fixture_clearance"], 0.0);
  bool traced = false;
  for (const auto& input : report["trace"]["inputs"])
    traced |= input["role"] == "fixture" && input["file"] == "box.stl";
  EXPECT_TRUE(traced) << report["trace"];
  EXPECT_TRUE(contains(report["trace"]["command"].get<std::string>(),
                       "--fixture box.stl --fixture-transform 'translate 55,0,0'"));

  const std::string csv = readText(dir_ / "r.csv");
  EXPECT_TRUE(contains(csv, "waived_by,segment,fixture\n")) << csv;
  EXPECT_TRUE(contains(csv, ",flutes,box.stl\n")) << csv;
  const std::string text = readText(dir_ / "r.txt");
  EXPECT_TRUE(contains(text, "2 fixture collisions")) << text;
  EXPECT_TRUE(contains(text, "(flutes) fixture box.stl")) << text;
  EXPECT_TRUE(contains(text, "fixture clearance 0 mm")) << text;
  const std::string html = readText(dir_ / "r.html");
  EXPECT_TRUE(contains(html, "fixture collision (flutes) fixture box.stl")) << html.size();
  // The jaw is drawn with the part in the pictures and the 3D view: 12 triangles each.
  EXPECT_TRUE(contains(html, " of 24 triangles")) << "the 3D view lacks the jaw";
}

TEST_F(FixturesCli, WithoutFixturesNothingOfThemIsWritten) {
  const CliRun run = check("--report r.json --report r.csv --report r.txt");
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  const nlohmann::json report = json("r.json");
  EXPECT_FALSE(report["summary"].contains("fixture_collisions"));
  EXPECT_FALSE(report["settings"].contains("fixtures"));
  EXPECT_FALSE(report["settings"].contains("rapid_path"));
  EXPECT_FALSE(contains(readText(dir_ / "r.csv"), "fixture"));
  const std::string text = readText(dir_ / "r.txt");
  EXPECT_FALSE(contains(text, "fixture collision")) << text;
  EXPECT_FALSE(contains(text, "fixture clearance")) << text;
  EXPECT_FALSE(contains(text, "dogleg")) << text;
}

TEST_F(FixturesCli, TheClearanceBandAndTheDoglegAreInTheSettings) {
  // 2 mm off a jaw at x 57: within a clearance of 3, 1 mm short of it.
  const CliRun run = check(
      "--fixture box.stl --fixture-transform 'translate 57,0,0' --fixture-clearance 3 "
      "--rapid-path dogleg --rapid-rates 30000,30000,15000 --report r.json");
  ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
  const nlohmann::json report = json("r.json");
  EXPECT_EQ(report["settings"]["rapid_path"], "dogleg");
  EXPECT_EQ(report["settings"]["rapid_rates"], nlohmann::json::array({30000, 30000, 15000}));
  bool banded = false;
  for (const auto& v : report["violations"])
    banded |= v["line"] == 4 && std::abs(v["depth"].get<double>() + 1.0) < 0.002;
  EXPECT_TRUE(banded) << report["violations"];
}

TEST_F(FixturesCli, AStepFixtureReadsAsItsStlDoes) {
  if (!fs::exists(kPlate / "part.step")) GTEST_SKIP() << kPlate << " not found";
  // The plate, 100 × 80 × 15, beside the part at x 60..160; a rapid at z 7 along y 60 runs
  // through it (line 5).
  writeText(dir_ / "q.nc",
            "G21 G90\nG0 X25 Y20 Z30\nT1 M6\nG1 Z20 F100\nG0 Z30\nG0 X55 Y60\nG0 Z7\n"
            "G0 X170\nM30\n");
  nlohmann::json found[2];
  const char* files[2] = {"part.step", "part.stl"};
  for (int i = 0; i < 2; ++i) {
    const CliRun run = runCli(dir_, "box.stl q.nc -t flat:6,flute=12 --fixture " +
                                        shellQuoted((kPlate / files[i]).string()) +
                                        " --fixture-transform 'translate 60,0,0' --report r.json");
    ASSERT_EQ(run.exit_code, 1) << run.out << run.err;
    found[i] = json("r.json")["violations"];
    ASSERT_EQ(found[i].size(), 1u) << found[i];
    EXPECT_EQ(found[i][0]["kind"], "fixture_collision");
    EXPECT_EQ(found[i][0]["line"], 8);
  }
  EXPECT_NEAR(found[0][0]["depth"].get<double>(), found[1][0]["depth"].get<double>(), 0.01);
}

TEST_F(FixturesCli, FixtureOptionsThatDoNotFitAreUsageErrors) {
  const struct {
    const char* options;
    const char* message;
  } cases[] = {
      {"--fixture box.stl --fixture-transform 'translate 1,2,3' --fixture-transform none",
       "give one --fixture-transform per --fixture, paired in order, or none: got 2 for 1"},
      {"--fixture box.stl --fixture-transform 'spin 3'",
       "--fixture-transform 'spin 3': 'spin' is not a step"},
      {"--rapid-rates 1000,1000,1000", "--rapid-rates is for --rapid-path dogleg"},
      {"--rapid-path dogleg --rapid-rates 1000,1000", "--rapid-rates wants X,Y,Z in mm/min"},
  };
  for (const auto& c : cases) {
    const CliRun run = check(c.options);
    EXPECT_EQ(run.exit_code, 2) << c.options << "\n" << run.err;
    EXPECT_TRUE(contains(run.err, c.message)) << c.options << "\n" << run.err;
  }
  const CliRun missing = check("--fixture nowhere.stl");
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_TRUE(contains(missing.err, "nowhere.stl")) << missing.err;
}

TEST_F(FixturesCli, AManifestJobTakesTheSameKeys) {
  writeText(
      dir_ / "m.yaml",
      "jobs:\n  - name: jaw\n    part: box.stl\n    program: p.nc\n    tool: flat:6,flute=12\n"
      "    fixture: [box.stl]\n    fixture-transform: ['translate 55,0,0']\n"
      "    fixture-clearance: 0.5\n");
  const CliRun run = runCli(dir_, "batch m.yaml --out out");
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  bool found = false;
  for (const auto& entry : fs::recursive_directory_iterator(dir_ / "out")) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "summary.json") continue;
    const nlohmann::json report = nlohmann::json::parse(readText(entry.path()));
    if (!report.contains("violations")) continue;
    for (const auto& v : report["violations"]) found |= v["kind"] == "fixture_collision";
    EXPECT_EQ(report["settings"]["fixture_clearance"], 0.5);
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace gougechek
