// STEP/IGES parts through the CLI: the report's part fields, --export-mesh, --deflection, and
// input errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_runner.hpp"
#include "io/brep_test_parts.hpp"
#include "io/part_reader.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class StepParts : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_step_e2e_" + std::to_string(random()));
    fs::create_directories(dir_);
    test::writeStep(test::blockWithSphericalCavity(), (dir_ / "cavity.step").string());
    // Down into the cavity's floor (z = 15) and up again, far from its walls.
    e2e::writeText(dir_ / "floor.nc", "G21 G90\nG0 X50 Y40 Z40\nG1 Z15 F100\nG0 Z40\nM2\n");
    // A ball Ø6 running a full circle on the cavity's sphere (R40, centre z = 55): ball centre
    // 37 from the sphere's, 30 below it, so the circle's radius is √(37² − 30²) = 21.656408.
    // Moved 0.009 mm along the surface normal (21.656408, −30)/37: a cut 0.009 mm deep all
    // round, just within the 0.01 mm tolerance.
    e2e::writeText(dir_ / "on_sphere.nc",
                   "G21 G90 G17\nG0 X71.661676 Y40 Z40\nG1 Z21.992703 F300\n"
                   "G3 X71.661676 Y40 I-21.661676 J0\nG0 Z40\nM2\n");
    // Moved 0.011 mm along the normal: a real 0.011 mm gouge all round.
    e2e::writeText(dir_ / "into_sphere.nc",
                   "G21 G90 G17\nG0 X71.662846 Y40 Z40\nG1 Z21.991081 F300\n"
                   "G3 X71.662846 Y40 I-21.662846 J0\nG0 Z40\nM2\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }
  static inline fs::path dir_;
};

TEST_F(StepParts, ReportNamesFormatUnitsFacesAndSolids) {
  const e2e::CliRun run = e2e::runCli(dir_, "cavity.step floor.nc -t ball:6 --format json");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const json part = json::parse(run.out)["inputs"]["part"];
  EXPECT_EQ(part["format"], "step");
  EXPECT_EQ(part["units"], "mm");
  EXPECT_EQ(part["faces"], 7);
  EXPECT_EQ(part["solids"], 1);
  EXPECT_EQ(part["bounds"], json::parse("[[0,0,0],[100,80,30]]"));
}

TEST_F(StepParts, StlReportsHaveFormatAndUnitsButNoFaces) {
  e2e::writeText(dir_ / "box.stl", e2e::boxStl());
  // 1 mm above the box's top, 20 in (508 mm) high: within reach of it.
  e2e::writeText(dir_ / "over_inch_box.nc", "G21 G90\nG0 X100 Y100 Z509\nG1 X200 F500\nM30\n");
  const e2e::CliRun run =
      e2e::runCli(dir_, "box.stl over_inch_box.nc -t ball:6 --part-units in --format json");
  const json part = json::parse(run.out)["inputs"]["part"];
  EXPECT_EQ(part["format"], "stl-ascii");
  EXPECT_EQ(part["units"], "in");
  EXPECT_FALSE(part.contains("faces"));
}

TEST_F(StepParts, ExportedMeshIsTheCheckedMeshAndFollowsTheDeflection) {
  const e2e::CliRun fine =
      e2e::runCli(dir_, "cavity.step floor.nc -t ball:6 --format json --export-mesh fine.stl");
  const e2e::CliRun coarse =
      e2e::runCli(dir_,
                  "cavity.step floor.nc -t ball:6 --format json --tolerance 1 --deflection 0.2 "
                  "--export-mesh coarse.stl");
  ASSERT_EQ(fine.exit_code, 0) << fine.err;
  ASSERT_EQ(coarse.exit_code, 0) << coarse.err;
  const ImportedPart fine_mesh = importPart((dir_ / "fine.stl").string(), 1.0);
  const ImportedPart coarse_mesh = importPart((dir_ / "coarse.stl").string(), 1.0);
  EXPECT_EQ(fine_mesh.mesh.triangles.size(), json::parse(fine.out)["inputs"]["part"]["triangles"]);
  EXPECT_EQ(coarse_mesh.mesh.triangles.size(),
            json::parse(coarse.out)["inputs"]["part"]["triangles"]);
  // Default deflection tolerance/5 = 0.002 mm against 0.2 mm: a far finer mesh.
  EXPECT_GT(fine_mesh.mesh.triangles.size(), 20 * coarse_mesh.mesh.triangles.size());
  EXPECT_EQ(coarse_mesh.diagnostics.boundary_edges, 0u);
}

// A mesh of a concave face lies in the air in front of it, by up to the deflection: a tool
// cutting the true surface just within the tolerance cuts the mesh beyond it. Exact
// confirmation measures those findings on the sphere instead.
TEST_F(StepParts, ExactConfirmationRemovesTheMeshsFalseGouges) {
  const std::string settings = " -t ball:6,flute=30 --format json";
  const e2e::CliRun step =
      e2e::runCli(dir_, "cavity.step on_sphere.nc" + settings + " --export-mesh cavity_mesh.stl");
  EXPECT_EQ(step.exit_code, 0) << step.out << step.err;
  const e2e::CliRun mesh_alone = e2e::runCli(dir_, "cavity_mesh.stl on_sphere.nc" + settings);
  ASSERT_EQ(mesh_alone.exit_code, 1) << mesh_alone.err;
  const json false_gouges = json::parse(mesh_alone.out)["violations"];
  ASSERT_FALSE(false_gouges.empty());
  EXPECT_GT(false_gouges[0]["depth"].get<double>(), 0.01);  // beyond the tolerance, and false
}

// The mesh of the concave sphere lies up to the deflection (0.002 mm) in front of it: the
// 0.011 mm gouge measures 0.011 to 0.013 mm on it. Findings within the deflection of the
// tolerance are measured again on the sphere, exactly; the others keep their mesh depth.
TEST_F(StepParts, ARealGougeIsConfirmedWithItsExactDepth) {
  const e2e::CliRun run =
      e2e::runCli(dir_, "cavity.step into_sphere.nc -t ball:6,flute=30 --format json");
  ASSERT_EQ(run.exit_code, 1) << run.err;
  const json violations = json::parse(run.out)["violations"];
  bool circle_found = false, exact_found = false;
  for (const json& v : violations) {
    const double depth = v["depth"].get<double>();
    if (v.contains("confirmed") && v["confirmed"] == "exact") {
      exact_found = true;
      EXPECT_NEAR(depth, 0.011, 1e-5);
    } else {
      EXPECT_GE(depth, 0.011 - 1e-5);
      EXPECT_LE(depth, 0.013 + 1e-5);
    }
    circle_found = circle_found || (v["line"] == 4 && v["kind"] == "gouge");
  }
  EXPECT_TRUE(circle_found) << run.out;
  EXPECT_TRUE(exact_found) << run.out;
}

TEST_F(StepParts, BrokenStepIsAnInputErrorWithExitCode2) {
  e2e::writeText(dir_ / "broken.stp", "ISO-10303-21;\nHEADER;\nthis is not STEP\n");
  const e2e::CliRun run = e2e::runCli(dir_, "broken.stp floor.nc -t ball:6");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(e2e::contains(run.err, "broken.stp")) << run.err;
  EXPECT_TRUE(e2e::contains(run.err, "not a readable STEP file")) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;  // OCCT's chatter must not reach stdout
}

TEST_F(StepParts, NonPositiveDeflectionIsAUsageError) {
  const e2e::CliRun run = e2e::runCli(dir_, "cavity.step floor.nc -t ball:6 --deflection 0");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(e2e::contains(run.err, "--deflection must be > 0")) << run.err;
}

}  // namespace
}  // namespace gougechek
