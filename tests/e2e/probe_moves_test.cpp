// G38.x probe moves through the whole check: the probe stops where it touches, so its tip
// reaching into the part is no gouge, while a shank or holder that the move drives into the
// part still is a collision.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class ProbeMoves : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gougechek_probe_test_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());  // top face at z = 20
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// The JSON report of checking `program` (line 3 goes 5 mm into the top face) on the box.
  nlohmann::json check(const std::string& program, const std::string& tool, int exit_code) {
    writeText(dir_ / "p.nc", program);
    const CliRun result = runCli(dir_, "box.stl p.nc -t " + tool + " --report r.json");
    EXPECT_EQ(result.exit_code, exit_code) << result.out << result.err;
    return nlohmann::json::parse(readText(dir_ / "r.json"));
  }

  fs::path dir_;
};

TEST_F(ProbeMoves, AProbeIntoThePartIsNoGougeWhereTheSameFeedMoveIs) {
  const nlohmann::json feed = check("G21 G90\nG0 X10 Y10 Z30\nG1 Z15 F100\nM30\n", "ball:6", 1);
  ASSERT_EQ(feed["violations"].size(), 1u);
  EXPECT_EQ(feed["violations"][0]["kind"], "gouge");
  EXPECT_EQ(feed["violations"][0]["line"], 3);

  const nlohmann::json probe = check("G21 G90\nG0 X10 Y10 Z30\nG38.2 Z15 F100\nM30\n", "ball:6", 0);
  EXPECT_EQ(probe["summary"]["status"], "pass");
  EXPECT_TRUE(probe["violations"].empty());
  bool warned = false;
  for (const auto& warning : probe["warnings"])
    warned |= warning["line"] == 3 && warning["message"].get<std::string>().find(
                                          "not checked for gouges") != std::string::npos;
  EXPECT_TRUE(warned) << probe["warnings"];
}

TEST_F(ProbeMoves, TheRetractAfterAProbeStartsWhereTheProbeDidNotAtItsTarget) {
  // The target lies inside the box; the probe stops on its top face, so the retract is clean.
  const nlohmann::json clean =
      check("G21 G90\nG0 X10 Y10 Z30\nG38.2 Z15 F100\nG0 Z30\nM30\n", "ball:6", 0);
  EXPECT_TRUE(clean["violations"].empty()) << clean["violations"];
  // A move after the probe that goes down into the part is still caught.
  const nlohmann::json into_part =
      check("G21 G90\nG0 X10 Y10 Z30\nG38.2 Z15 F100\nG0 X10 Y10 Z15\nM30\n", "ball:6", 1);
  ASSERT_FALSE(into_part["violations"].empty());
  EXPECT_EQ(into_part["violations"][0]["line"], 4);
}

TEST_F(ProbeMoves, AProbeThatDrivesTheShankIntoThePartIsAHolderCollision) {
  // Flutes of 5 mm: at z = 5 the shank reaches 10 mm below the top face.
  const nlohmann::json report =
      check("G21 G90\nG0 X10 Y10 Z30\nG38.2 Z5 F100\nM30\n", "ball:6,flute=5,length=40", 1);
  ASSERT_FALSE(report["violations"].empty());
  for (const auto& violation : report["violations"]) {
    EXPECT_EQ(violation["kind"], "holder_collision");
    EXPECT_EQ(violation["line"], 3);
  }
}

}  // namespace
}  // namespace gougechek
