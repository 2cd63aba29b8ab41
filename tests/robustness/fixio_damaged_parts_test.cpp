// The reviewer's cases through the built CLI (docs/checking-rules.md, fail closed): a corpus part
// with one face entity damaged was read without that face, and a gouge against it passed with exit
// 0.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

class DamagedPartCli : public ::testing::Test {
 protected:
  void SetUp() override {
    screw_ = fs::path(GOUGECHEK_SHARED_DIR) / "corpus/models/occt_screw.step";
    if (!fs::exists(screw_)) {
      if (std::getenv("CI")) FAIL() << "shared corpus not found";
      GTEST_SKIP() << "shared corpus not found";
    }
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_damaged_" + std::to_string(random()));
    fs::create_directories(dir_);
    e2e::writeText(dir_ / "air.nc", "G21 G90\nG0 X0 Y0 Z500\nM2\n");
  }
  void TearDown() override {
    if (!dir_.empty()) fs::remove_all(dir_);
  }

  // The screw with `from` replaced by `to` in its line `#257 = ADVANCED_FACE(...)` (line 367).
  void writeScrewWith(const std::string& name, const std::string& from, const std::string& to) {
    std::ifstream in(screw_, std::ios::binary);
    std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const std::size_t face = text.find("#257 = ADVANCED_FACE(");
    ASSERT_NE(face, std::string::npos);
    text.replace(text.find(from, face), from.size(), to);
    e2e::writeText(dir_ / name, text);
  }

  fs::path screw_, dir_;
};

TEST_F(DamagedPartCli, AFaceStatementCutShortIsAnInputError) {
  writeScrewWith("s6.step", ",.F.);", ",.F.;");
  const e2e::CliRun run = e2e::runCli(dir_, "s6.step air.nc -t ball:6");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(e2e::contains(run.err, "s6.step:367: a damaged DATA statement")) << run.err;
}

TEST_F(DamagedPartCli, AMisspeltFaceTypeIsAnInputError) {
  writeScrewWith("facx.step", "ADVANCED_FACE", "ADVANCED_FACX");
  const e2e::CliRun run = e2e::runCli(dir_, "facx.step air.nc -t ball:6");
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_TRUE(e2e::contains(run.err, "the part would be read without it")) << run.err;
}

}  // namespace
}  // namespace gougechek
