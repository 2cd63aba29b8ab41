// The CAM corpus (../shared/corpus/cam, see its README): real FreeCAD programs for real parts,
// known good at the stated tool and stock to leave, from the STEP and from the STL of the part;
// and the known FreeCAD arc-fitting defect, 0.018 mm into a pocket wall.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>

#include "cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path kCam = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam";

struct CamPair {
  const char* part;
  const char* tool;   ///< from tool.json
  const char* stock;  ///< tool.json's stock_to_leave
  const char* model;  ///< "part.step" or "part.stl"
};

// Built with a stream: GCC 12 warns falsely (-Wrestrict) on chains of string + "'".
std::string arguments(const fs::path& part, const fs::path& program, const std::string& rest) {
  std::ostringstream text;
  text << "'" << part.string() << "' '" << program.string() << "' " << rest;
  return text.str();
}

void PrintTo(const CamPair& pair, std::ostream* out) {
  *out << pair.part << "/" << pair.model;
}

class CamCorpus : public testing::Test {
 protected:
  void SetUp() override {
    if (fs::is_directory(kCam)) return;
    if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found";
    GTEST_SKIP() << "CAM corpus " << kCam << " not found";
  }
  fs::path scratch() {
    std::random_device random;
    const fs::path dir = fs::temp_directory_path() / ("gougechek_cam_" + std::to_string(random()));
    fs::create_directories(dir);
    return dir;
  }
};

class CamPairTest : public CamCorpus, public testing::WithParamInterface<CamPair> {};

TEST_P(CamPairTest, KnownGoodProgramHasNoViolation) {
  const CamPair& pair = GetParam();
  const fs::path dir = scratch();
  const fs::path part_dir = kCam / pair.part;
  const e2e::CliRun run = e2e::runCli(
      dir, arguments(part_dir / pair.model, part_dir / "linuxcnc.nc",
                     std::string("-t ") + pair.tool + " --stock " + pair.stock + " --format json"));
  fs::remove_all(dir);
  ASSERT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(json::parse(run.out)["violations"].empty());
}

INSTANTIATE_TEST_SUITE_P(
    SharedCorpus, CamPairTest,
    testing::Values(CamPair{"pocket_plate", "flat:6,flute=20", "0", "part.step"},
                    CamPair{"pocket_plate", "flat:6,flute=20", "0", "part.stl"},
                    CamPair{"boss_block", "bull:8:1,flute=25", "0.25", "part.step"},
                    CamPair{"boss_block", "bull:8:1,flute=25", "0.25", "part.stl"},
                    CamPair{"chamfer_bracket", "flat:4,flute=25", "0", "part.step"},
                    CamPair{"chamfer_bracket", "flat:4,flute=25", "0", "part.stl"},
                    CamPair{"mold_core", "ball:6,flute=30", "0", "part.step"},
                    CamPair{"mold_core", "ball:6,flute=30", "0", "part.stl"},
                    CamPair{"mold_cavity", "ball:6,flute=30", "0", "part.step"},
                    CamPair{"mold_cavity", "ball:6,flute=30", "0", "part.stl"}));

class KnownBadArcFitting : public CamCorpus, public testing::WithParamInterface<const char*> {};

// README: the zigzag's arc-fitted end links bulge 0.018 mm into the x = 48 wall on lines 119,
// 129 and 167 of linuxcnc.nc: flagged at tolerance 0.01, not at 0.02.
TEST_P(KnownBadArcFitting, IsReportedOnItsLinesAtTolerance001AndNotAt002) {
  const fs::path dir = scratch();
  const std::string inputs = arguments(kCam / "pocket_plate" / GetParam(),
                                       kCam / "known_bad/pocket_plate_fitarcs/linuxcnc.nc",
                                       "-t flat:6,flute=20 --format json");
  const e2e::CliRun fine = e2e::runCli(dir, inputs + " --tolerance 0.01");
  const e2e::CliRun loose = e2e::runCli(dir, inputs + " --tolerance 0.02");
  fs::remove_all(dir);
  ASSERT_EQ(fine.exit_code, 1) << fine.err;
  std::set<int> lines;
  const json report = json::parse(fine.out);
  for (const json& v : report["violations"]) {
    EXPECT_EQ(v["kind"], "gouge");
    // 0.018 mm, within docs/checking-rules.md's ε = max(0.1·tolerance, 1% of the depth) = 0.001.
    EXPECT_NEAR(v["depth"].get<double>(), 0.018, 0.001);
    lines.insert(v["line"].get<int>());
  }
  EXPECT_EQ(lines, (std::set<int>{119, 129, 167}));
  EXPECT_EQ(loose.exit_code, 0) << loose.out << loose.err;
}

INSTANTIATE_TEST_SUITE_P(SharedCorpus, KnownBadArcFitting,
                         testing::Values("part.step", "part.stl"));

}  // namespace
}  // namespace gougechek
