// Registration (docs/checking-rules.md, "Registration") through the built CLI: the sample
// finish moved off the part by a work offset, and the sample part in inches read as mm, are
// errors naming the closest approach and the likely cause, never a PASS.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;
using nlohmann::json;

const std::string kSamples = GOUGECHEK_SOURCE_DIR "/samples";
const std::string kTool = " --tool ball:6,flute=12";

class Registration : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_registration_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    // The sample finish after `G92 X-200` on line 4: every move lands 200 mm off in +X.
    std::ifstream finish(kSamples + "/mold_finish.nc");
    std::ofstream shifted(dir_ / "shifted.nc");
    // And its rapids alone, shifted the same way.
    std::ofstream shifted_rapids(dir_ / "shifted_rapids.nc");
    std::string line;
    for (int number = 1; std::getline(finish, line); ++number) {
      shifted << line << "\n";
      if (!line.starts_with("G1 ")) shifted_rapids << line << "\n";
      if (number == 3) {
        shifted << "G92 X-200\n";
        shifted_rapids << "G92 X-200\n";
      }
    }
    writeInchMold();
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  /// samples/mold.stl with every coordinate divided by 25.4: the mold as an STL in inches.
  static void writeInchMold() {
    std::ifstream in(kSamples + "/mold.stl", std::ios::binary);
    std::ofstream out(dir_ / "mold_inch.stl", std::ios::binary);
    char header[84];
    in.read(header, sizeof header);
    out.write(header, sizeof header);
    char facet[50];
    while (in.read(facet, sizeof facet)) {
      for (int i = 3; i < 12; ++i) {  // the three corners after the normal
        float value;
        std::memcpy(&value, facet + 4 * i, 4);
        value = static_cast<float>(value / 25.4);
        std::memcpy(facet + 4 * i, &value, 4);
      }
      out.write(facet, sizeof facet);
    }
  }

  static CliRun run(const std::string& arguments) { return runCli(dir_, arguments); }
  static json report() { return json::parse(readText(dir_ / "report.json")); }

  static inline fs::path dir_;
};

TEST_F(Registration, ShiftedSampleIsAnErrorNamingTheClosestApproach) {
  const CliRun run = this->run(shellQuoted(kSamples + "/mold.stl") + " shifted.nc" + kTool +
                               " --report report.json");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(contains(run.err, "shifted.nc:10: no feed move comes within reach of the part"))
      << run.err;
  const json r = report();
  EXPECT_EQ(r["summary"]["status"], "error");
  EXPECT_EQ(r["error"]["kind"], "input");
  EXPECT_EQ(r["error"]["line"], 10);
  const std::string message = r["error"]["message"];
  // The first plunge, at X200 now: 97 mm from the mold's side at X100 (a 3 mm ball).
  EXPECT_TRUE(contains(message, "the closest is line 10 (move 4, tool 1)")) << message;
  EXPECT_TRUE(contains(message, "97.0")) << message;
  EXPECT_TRUE(contains(message, "tool tip at (200.000, 0.000, 20.384)")) << message;
  EXPECT_TRUE(contains(message, "G92")) << message;
}

TEST_F(Registration, InchStlWithoutPartUnitsIsAnErrorNamingThem) {
  const CliRun run = this->run("mold_inch.stl " + shellQuoted(kSamples + "/mold_finish.nc") +
                               kTool + " --report report.json");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  const std::string message = report()["error"]["message"];
  EXPECT_TRUE(contains(message, "no feed move comes within reach")) << message;
  EXPECT_TRUE(contains(message, "25.4 times less")) << message;
  EXPECT_TRUE(contains(message, "--part-units in")) << message;

  const CliRun in_inches = this->run("mold_inch.stl " + shellQuoted(kSamples + "/mold_finish.nc") +
                                     kTool + " --part-units in -q");
  EXPECT_EQ(in_inches.exit_code, 0) << in_inches.err;
}

// A program that does meet the inch part read as mm (a pass over its corner) is checked, and
// warned about the units.
TEST_F(Registration, ExtentsAnInchApartWarn) {
  writeText(dir_ / "over_corner.nc", "G21 G90\nG0 X0 Y0 Z10\nG1 Z1.5 F100\nG1 X100\nG0 Z10\nM30\n");
  const CliRun run = this->run("mold_inch.stl over_corner.nc" + kTool + " --report report.json");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  const json r = report();
  ASSERT_EQ(r["warnings"].size(), 1u) << r["warnings"].dump();
  const std::string message = r["warnings"][0]["message"];
  EXPECT_TRUE(contains(message, "--part-units in")) << message;
  EXPECT_TRUE(contains(message, "G20")) << message;
}

// Feed moves far off, and a rapid down into the mold: the collision is a failure, with the
// registration message as a warning.
TEST_F(Registration, ARapidHittingTheFarProgramsPartIsStillAFailure) {
  writeText(dir_ / "crash.nc", "G21 G90\nG0 X50 Y40 Z10\nG0 Z60\nG1 X300 F500\nM30\n");
  const CliRun run = this->run(shellQuoted(kSamples + "/mold.stl") + " crash.nc" + kTool +
                               " --report report.json");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  const json r = report();
  ASSERT_EQ(r["violations"].size(), 2u);  // down into the mold and back up out of it
  for (const json& violation : r["violations"]) EXPECT_EQ(violation["kind"], "rapid_collision");
  ASSERT_EQ(r["warnings"].size(), 1u) << r["warnings"].dump();
  EXPECT_EQ(r["warnings"][0]["line"], 4);
  EXPECT_TRUE(contains(r["warnings"][0]["message"], "no feed move comes within reach"))
      << r["warnings"].dump();
}

// Rapids alone cut nothing, and their check says something about the part only if one comes
// within reach of it (or a probe move does: tests/e2e/probe_moves_test.cpp probes from 10 mm
// above the part): a rapid 0.5 mm beside the mold's wall does, a park program far off does
// not, nor do the sample's rapids moved off by a work offset.
TEST_F(Registration, RapidsOnlyNearThePartPass) {
  writeText(dir_ / "beside.nc", "G21 G90\nG0 X103.5 Y-10 Z10\nG0 Y90\nG0 Z60\nM30\n");
  const CliRun run = this->run(shellQuoted(kSamples + "/mold.stl") + " beside.nc" + kTool + " -q");
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

TEST_F(Registration, RapidsOnlyFarAwayAreAnError) {
  writeText(dir_ / "park.nc", "G21 G90\nG0 X300 Y300 Z100\nG0 X400\nM30\n");
  const CliRun run = this->run(shellQuoted(kSamples + "/mold.stl") + " park.nc" + kTool + " -q");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err,
            "gougechek: error: park.nc:2: the program has no feed move, and no rapid or probe "
            "move comes within reach of the part (3.010 mm: the tolerance and a margin of max(1 "
            "mm, the cutter's "
            "radius), the cutter grown by the stock to leave): the check says nothing about the "
            "part; the closest is line 2 (move 1, tool 0), 305.950 mm from the part, tool tip at "
            "(300.000, 300.000, 100.000). Is the program placed on the part? Check the work "
            "offset (G54-G59, G92, G52), the units (G20/G21, --part-units) and where the part "
            "sits in its file\n");
}

TEST_F(Registration, ShiftedSampleRapidsAreAnError) {
  const CliRun run =
      this->run(shellQuoted(kSamples + "/mold.stl") + " shifted_rapids.nc" + kTool + " -q");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(
      run.err.starts_with("gougechek: error: shifted_rapids.nc:8: the program has no "
                          "feed move, and no rapid or probe move comes within reach"))
      << run.err;
}

}  // namespace
}  // namespace gougechek
