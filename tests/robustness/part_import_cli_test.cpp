// Part import, cutter sizes and tessellation through the built CLI (docs/checking-rules.md, fail
// closed): a coarse --deflection is refused, --tolerance 0 is defined, a cutter of the largest
// accepted size is checked exactly, and a program given as the part says PART and PATH are swapped.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

class PartImportCli : public ::testing::Test {
 protected:
  void SetUp() override {
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_part_import_" + std::to_string(random()));
    fs::create_directories(dir_);
    e2e::writeText(dir_ / "box.stl", e2e::boxStl());  // [0,50]×[0,40]×[0,20]
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A plunge at the box's centre down to `z`.
  void writePlunge(const std::string& name, const std::string& z) {
    e2e::writeText(dir_ / name, "G21 G90\nG0 X25 Y20 Z30\nG1 Z" + z + " F100\nG0 Z30\nM2\n");
  }

  fs::path dir_;
};

TEST_F(PartImportCli, ADeflectionCoarserThanTheToleranceAllowsIsRefused) {
  writePlunge("air.nc", "22");  // 2 mm above the top: within reach, clean
  const e2e::CliRun coarse = e2e::runCli(dir_, "box.stl air.nc -t ball:6 --deflection 0.05");
  EXPECT_EQ(coarse.exit_code, 2);
  EXPECT_TRUE(e2e::contains(coarse.err,
                            "--deflection 0.05 is coarser than --tolerance 0.01 allows: at most "
                            "0.002 mm"))
      << coarse.err;
  // The largest value itself, and a coarser one with a coarser tolerance, are accepted.
  EXPECT_EQ(e2e::runCli(dir_, "box.stl air.nc -t ball:6 --deflection 0.002").exit_code, 0);
  EXPECT_EQ(
      e2e::runCli(dir_, "box.stl air.nc -t ball:6 --tolerance 0.25 --deflection 0.05").exit_code,
      0);
  // At --tolerance 0 the finest deflection, 1e-4 mm, is the largest.
  const e2e::CliRun zero =
      e2e::runCli(dir_, "box.stl air.nc -t ball:6 --tolerance 0 --deflection 0.0002");
  EXPECT_EQ(zero.exit_code, 2);
  EXPECT_TRUE(e2e::contains(zero.err, "at most 0.0001 mm")) << zero.err;
}

// --tolerance 0 is raised to 1e-6 mm, the precision of reported depths: a cutter touching
// the part is not a gouge (its depth is 0 up to rounding), any cut a report can show is one.
// Sharp cutters too: their edges are rounded inwards by a 1e-4 mm skin, never outwards.
TEST_F(PartImportCli, ToleranceZeroReportsAnyPenetrationButNotATouch) {
  writePlunge("rest.nc", "20");
  writePlunge("into.nc", "19.999");
  for (const char* tool : {"flat:10", "taper:4:0:10", "ball:6", "bull:6:1"}) {
    const std::string options = std::string(" -t ") + tool + " --tolerance 0 --format json";
    const e2e::CliRun rest = e2e::runCli(dir_, "box.stl rest.nc" + options);
    EXPECT_EQ(rest.exit_code, 0) << tool << rest.out << rest.err;
    EXPECT_EQ(json::parse(rest.out)["settings"]["tolerance"], 1e-6) << tool;
    const e2e::CliRun into = e2e::runCli(dir_, "box.stl into.nc" + options);
    ASSERT_EQ(into.exit_code, 1) << tool << into.out << into.err;
    // The plunge is a gouge, the rapid back out of the cut a rapid collision.
    const json violations = json::parse(into.out)["violations"];
    ASSERT_EQ(violations.size(), 2u) << into.out;
    EXPECT_EQ(violations[0]["kind"], "gouge");
    EXPECT_NEAR(violations[0]["depth"].get<double>(), 0.001, 1e-5) << tool;
  }
}

// The largest cutter accepted, 1e5 mm, plunging 1 mm: depth 1 within docs/checking-rules.md's ε
// (0.1·tolerance); one beyond it is an input error, not a miss (a 1e17 mm ball missed it).
TEST_F(PartImportCli, TheLargestCutterIsCheckedExactlyAndALargerOneRefused) {
  writePlunge("plunge.nc", "19");
  for (const char* tool : {"ball:1e5,flute=1e5", "flat:1e5,flute=1e5", "bull:1e5:10,flute=1e5"}) {
    const e2e::CliRun run =
        e2e::runCli(dir_, std::string("box.stl plunge.nc --format json -t ") + tool);
    ASSERT_EQ(run.exit_code, 1) << tool << run.err;
    const json violations = json::parse(run.out)["violations"];
    ASSERT_FALSE(violations.empty()) << tool;
    EXPECT_NEAR(violations[0]["depth"].get<double>(), 1.0, 0.001) << tool;
  }
  const e2e::CliRun huge = e2e::runCli(dir_, "box.stl plunge.nc -t ball:1e17");
  EXPECT_EQ(huge.exit_code, 2);
  EXPECT_TRUE(e2e::contains(huge.err, "diameter 1e+17 mm is beyond the largest cutter size"))
      << huge.err;
}

TEST_F(PartImportCli, AProgramGivenAsThePartSaysPartAndPathAreSwapped) {
  writePlunge("plunge.nc", "19");
  const e2e::CliRun run = e2e::runCli(dir_, "plunge.nc box.stl -t ball:6");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(e2e::contains(run.err,
                            "plunge.nc: not an STL file: it looks like a G-code program: "
                            "are PART and PATH swapped?"))
      << run.err;
}

}  // namespace
}  // namespace gougechek
