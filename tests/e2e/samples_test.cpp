// The samples a newcomer runs first (samples/README.md): the generated mold with a clean
// ball-end finish and a variant with injected faults. Runs the built gougechek on both and
// compares with samples/expected/, whose violations are in turn checked against the faults
// the generator injected, with depths computed independently of gougechek.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "report_schema/collected_reports.hpp"

namespace gougechek {
namespace {

using nlohmann::json;

const std::string kSamples = GOUGECHEK_SOURCE_DIR "/samples";
// A 12 mm flute keeps the whole cutter under the top for the buried move (see the README).
const std::string kTool = "ball:6,flute=12";
constexpr double kDepthTolerance = 1e-4;

struct SampleRun {
  int exit_code = -1;
  std::string out;
};

/// gougechek on a sample program, JSON report on stdout, run from samples/ like the README.
SampleRun check(const std::string& program, int threads, const std::string& part = "mold.stl",
                const std::string& options = "--tool " + kTool) {
  const std::string command = "cd '" + kSamples + "' && '" GOUGECHEK_CLI "' " + part + " " +
                              program + " " + options + " --format json -j" +
                              std::to_string(threads) + " 2>/dev/null";
  SampleRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
    run.out.append(buffer, n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  report_schema::collectIfJsonReport(run.out);
  return run;
}

json expectedReport(const std::string& name) {
  std::ifstream in(kSamples + "/expected/" + name);
  EXPECT_TRUE(in) << "missing samples/expected/" << name;
  return json::parse(in, nullptr, false);
}

/// The report without what may differ between runs of other thread counts: its time, when it
/// ran and the command line (-j). What was checked (the inputs' SHA-256) must stay.
json withoutRunDetails(const std::string& text) {
  json report = json::parse(text);
  report["summary"].erase("elapsed_s");
  report["trace"].erase("checked_at");
  report["trace"].erase("command");
  return report;
}

void expectSameViolations(const json& actual, const json& expected) {
  ASSERT_EQ(actual.size(), expected.size()) << actual.dump(1);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    SCOPED_TRACE("violation " + std::to_string(i) + " expected at line " +
                 expected[i]["line"].dump());
    EXPECT_EQ(actual[i]["kind"], expected[i]["kind"]);
    EXPECT_EQ(actual[i]["line"], expected[i]["line"]);
    EXPECT_EQ(actual[i]["move"], expected[i]["move"]);
    EXPECT_EQ(actual[i]["severe"], expected[i]["severe"]);
    EXPECT_NEAR(actual[i]["depth"].get<double>(), expected[i]["depth"].get<double>(),
                kDepthTolerance);
  }
}

TEST(Samples, CleanFinishPasses) {
  const SampleRun run = check("mold_finish.nc", 2);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  const json report = json::parse(run.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << run.out;
  EXPECT_EQ(report["summary"]["status"], "pass");
  EXPECT_TRUE(report["violations"].empty()) << report["violations"].dump(1);
  EXPECT_TRUE(report["warnings"].empty()) << report["warnings"].dump(1);
  // 2·160² top triangles, 4·160 wall pairs and 4·160 bottom triangles.
  EXPECT_EQ(report["inputs"]["part"]["triangles"], 53120);
  expectSameViolations(report["violations"], expectedReport("mold_finish.json")["violations"]);
}

TEST(Samples, BadFinishGivesTheExpectedViolations) {
  const SampleRun run = check("mold_finish_bad.nc", 2);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  const json report = json::parse(run.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << run.out;
  const json expected = expectedReport("mold_finish_bad.json");
  EXPECT_EQ(report["summary"]["status"], "fail");
  expectSameViolations(report["violations"], expected["violations"]);
}

// What the generator injected (samples/regenerate.sh): raster move k is on line k + 8. Gouge
// depths are the ball centre's distance to the triangles, R − min over the move, computed by
// a separate point-triangle distance program; a lowered point gouges the move ending there and
// the one starting there. A cutter core reaching the part leaves surface points on the core,
// at R = 3 from the cut's boundary; a buried cutter is reported with depth R.
TEST(Samples, ExpectedReportMatchesTheInjectedFaults) {
  struct Fault {
    const char* kind;
    int line;
    double depth;
    bool severe;
  };
  const Fault faults[] = {
      {"gouge", 6160, 0.3769847, false},   // end lowered 0.5 mm on a 41° slope
      {"gouge", 6161, 0.3769847, false},   // starts from that point
      {"gouge", 10138, 0.0451551, false},  // end lowered 0.05 mm on a 25° slope
      {"gouge", 10139, 0.0451551, false},
      {"rapid_collision", 16292, 3, true},  // G0 through the block at Z10
      {"gouge", 16295, 3, true},            // G1 plunge to Z2 through the top
      {"gouge", 16296, 3, true},            // G1 buried at Z2
      {"rapid_collision", 16297, 3, true},  // G0 up out of the material
  };
  const json violations = expectedReport("mold_finish_bad.json")["violations"];
  ASSERT_EQ(violations.size(), std::size(faults)) << violations.dump(1);
  for (std::size_t i = 0; i < std::size(faults); ++i) {
    SCOPED_TRACE("line " + std::to_string(faults[i].line));
    EXPECT_EQ(violations[i]["kind"], faults[i].kind);
    EXPECT_EQ(violations[i]["line"], faults[i].line);
    EXPECT_EQ(violations[i]["severe"], faults[i].severe);
    EXPECT_NEAR(violations[i]["depth"].get<double>(), faults[i].depth, 1e-6);
  }
}

// The deep cavity (samples/make_cavity.py): a 60 mm square pocket 50 mm deep, its walls 3 mm
// from the 6 mm ball's axis on the contours, finished on a 40 mm stick-out in an ER32 chuck
// (nut Ø50 × 27 from the holder face up). The ball reaches the floor without cutting it; the
// nut's bottom, 40 mm above the tip, reaches below the block's top (z = 60) on the contours at
// z = 15 and z = 10, each move of them (lines 42-48, 50-56) running the nut into the top face
// beyond the wall 60 − (z + 40) deep: 5 and 10 mm, within ε (1 %) for a sharp piece.
constexpr const char* kCavityTool = "--tool ball:6,flute=20,length=40,holder=ER32";

TEST(Samples, CavityHolderHitsTheWallWhereTheStickOutIsShort) {
  const SampleRun run = check("cavity_finish.nc", 2, "cavity.stl", kCavityTool);
  EXPECT_EQ(run.exit_code, 1) << run.out;
  const json report = json::parse(run.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << run.out;
  const json& violations = report["violations"];
  std::vector<int> lines;
  for (const json& v : violations) {
    SCOPED_TRACE("line " + v["line"].dump());
    EXPECT_EQ(v["kind"], "holder_collision");
    EXPECT_EQ(v["segment"], "holder: nut");
    const double tip_z = v["at"][2].get<double>(), truth = 60 - (tip_z + 40);
    EXPECT_LE(v["depth"].get<double>(), truth + 1e-6);
    EXPECT_GE(v["depth"].get<double>(), truth - 0.01 * truth);
    EXPECT_FALSE(v["severe"].get<bool>());
    lines.push_back(v["line"].get<int>());
  }
  std::vector<int> expected_lines;
  for (int line = 42; line <= 56; ++line)
    if (line != 49) expected_lines.push_back(line);
  EXPECT_EQ(lines, expected_lines);
  expectSameViolations(violations, expectedReport("cavity_finish.json")["violations"]);
  // The tool and its holder as the report lists them.
  const json& assembly = report["tools"][0]["assembly"];
  ASSERT_EQ(assembly.size(), 4u) << assembly.dump(1);
  EXPECT_EQ(assembly[2]["name"], "holder: nut");
  EXPECT_EQ(assembly[2]["radius_bottom"], 25.0);
}

TEST(Samples, CavityBallReachesTheFloor) {
  // With 0.02 mm of stock to leave, the ball touching the floor cuts 0.02 into it: every move of
  // the floor's middle gouges, exactly that deep.
  const SampleRun run =
      check("cavity_finish.nc", 2, "cavity.stl", std::string(kCavityTool) + " --stock 0.02");
  const json report = json::parse(run.out, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << run.out;
  std::vector<int> gouges;
  for (const json& v : report["violations"])
    if (v["kind"] == "gouge") {
      gouges.push_back(v["line"].get<int>());
      EXPECT_NEAR(v["depth"].get<double>(), 0.02, 1e-6);
    }
  // The floor's raster (lines 59-66), and the contours, whose ball and flutes touch the walls.
  const std::vector<int> floor{59, 60, 61, 62, 63, 64, 65, 66};
  EXPECT_TRUE(std::includes(gouges.begin(), gouges.end(), floor.begin(), floor.end()));
}

TEST(Samples, ReportDoesNotDependOnThreadCount) {
  const SampleRun one = check("mold_finish_bad.nc", 1);
  const SampleRun two = check("mold_finish_bad.nc", 2);
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(withoutRunDetails(one.out), withoutRunDetails(two.out));
  EXPECT_NE(one.out.find("\"elapsed_s\""), std::string::npos);
  EXPECT_NE(one.out.find("\"sha256\""), std::string::npos);
}

}  // namespace
}  // namespace gougechek
