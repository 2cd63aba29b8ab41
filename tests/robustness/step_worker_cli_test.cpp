// The STEP/IGES worker's resources through the built CLI: its temporary file (the folder named
// by TMPDIR, nothing left behind by a killed run) and its memory (running out of it is said as
// such, an internal error, never blamed on the part). docs/checking-rules.md.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class StepWorkerCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!fs::exists(part_)) {
      if (std::getenv("CI")) FAIL() << part_ << " not found";
      GTEST_SKIP() << part_ << " not found";
    }
    dir_ = fs::temp_directory_path() / ("gougechek_step_worker_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "tmp");
    // Down to 2 mm above the part and back: within reach of it (docs/checking-rules.md).
    writeText(dir_ / "air.nc", "G21 G90\nG0 X0 Y0 Z500\nG0 Z32\nG0 Z500\nM30\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// `gougechek PART air.nc -t ball:6 <options>` after the shell words `before`.
  CliRun run(const std::string& before, const std::string& options = "") const {
    return runInShell(dir_, before + " " + shellQuoted(GOUGECHEK_CLI) + " " +
                                shellQuoted(part_.string()) + " air.nc -t ball:6 -q " + options);
  }

  /// The files left in the private temporary folder.
  std::string leftInTmp() const {
    std::string names;
    for (const auto& entry : fs::directory_iterator(dir_ / "tmp"))
      names += entry.path().filename().string() + " ";
    return names;
  }

  // Read in about 3 s: time to kill the run while its worker reads.
  const fs::path part_ =
      fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam" / "mold_cavity" / "part.step";
  fs::path dir_;
};

TEST_F(StepWorkerCli, ATmpdirNamingNoFolderIsAnInputErrorNamingIt) {
  const CliRun missing = run("TMPDIR=/nonexistent/tmp", "--report missing.json");
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_EQ(missing.err,
            "gougechek: error: /nonexistent/tmp: cannot create a temporary file in this folder "
            "(TMPDIR): No such file or directory\n");
  EXPECT_TRUE(contains(readText(dir_ / "missing.json"), "\"kind\": \"input\""));
}

TEST_F(StepWorkerCli, AKilledRunLeavesNoTemporaryFile) {
  const CliRun killed = runInShell(
      dir_, "TMPDIR=tmp " + shellQuoted(GOUGECHEK_CLI) + " " + shellQuoted(part_.string()) +
                " air.nc -t ball:6 -q & sleep 1; kill -KILL $!; wait $!");
  EXPECT_EQ(killed.exit_code, 128 + 9) << killed.err;
  EXPECT_EQ(leftInTmp(), "");
  // A run that ends leaves none either, and the folder served it.
  EXPECT_EQ(run("TMPDIR=tmp").exit_code, 0);
  EXPECT_EQ(leftInTmp(), "");
}

// A virtual memory limit too small to tessellate the part (it reads in about 300 MB): the
// worker's allocations fail, and the run says memory ran out, not that the part is damaged.
TEST_F(StepWorkerCli, RunningOutOfMemoryIsAnInternalErrorNotADamagedPart) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer maps terabytes of shadow memory: nothing runs in ulimit -v";
#endif
  const CliRun limited = run("ulimit -v 150000 &&", "--report limited.json");
  EXPECT_EQ(limited.exit_code, 3) << limited.err;
  EXPECT_TRUE(contains(limited.err, "gougechek: internal error: ")) << limited.err;
  EXPECT_TRUE(contains(limited.err, "memory")) << limited.err;
  EXPECT_FALSE(contains(limited.err, "tessellation failed")) << limited.err;
  EXPECT_TRUE(contains(readText(dir_ / "limited.json"), "\"kind\": \"internal\""));
}

}  // namespace
}  // namespace gougechek
