// Small resource limits, as containers and batch systems set them. A stack limit of 1 MiB
// (ulimit -s 1024) is enough for any run: no buffer of that size lives on the stack, and the
// nesting limits of expressions and manifests stop the recursion well before it (measured: the
// deepest expression allowed runs in 192 KiB, a manifest at YAML's depth limit in 256 KiB). A
// thread count costs nothing for threads that never run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

class ResourceLimits : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_resource_limits_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    writeText(dir_ / "air.nc", "G21 G90\nG0 X-10 Y10 Z21\nG1 X60 F500\nM30\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  /// `gougechek <arguments>` with a stack of 1 MiB; 4 MiB under AddressSanitizer, whose
  /// redzones make each frame several times the product's (the deepest expression recurses
  /// through a few functions a level: about 4× margin in the Release build, none under ASan).
  static CliRun runIn1MiB(const std::string& arguments) {
#if defined(__SANITIZE_ADDRESS__)
    const std::string stack_kib = "4096";
#else
    const std::string stack_kib = "1024";
#endif
    return runInShell(
        dir_, "ulimit -s " + stack_kib + " && " + shellQuoted(GOUGECHEK_CLI) + " " + arguments);
  }

  /// A program setting #1 to 1 inside `depth` nested `open`…`]`.
  static std::string nestedProgram(const std::string& open, int depth) {
    std::string expression = "1";
    for (int level = 0; level < depth; ++level) expression = open + expression + "]";
    // Over the box, about 2 mm above it: within reach of it (docs/checking-rules.md).
    return "G21 G90\n#1 = " + expression + "\nG0 X10 Y10 Z[22 + #1]\nM30\n";
  }

  static inline fs::path dir_;
};

TEST_F(ResourceLimits, ACheckRunsIn1MiB) {
  const CliRun run = runIn1MiB("box.stl air.nc -t ball:6");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(contains(run.out, "PASS")) << run.out;
}

TEST_F(ResourceLimits, TheDeepestExpressionsRunIn1MiB) {
  // Functions recurse deepest per level; 256 levels (the assignment's own one included) is
  // the limit, one more is an error.
  writeText(dir_ / "deepest.nc", nestedProgram("sin[", 255));
  const CliRun deepest = runIn1MiB("box.stl deepest.nc -t ball:6 -q");
  EXPECT_EQ(deepest.exit_code, 0) << deepest.err;
  writeText(dir_ / "deeper.nc", nestedProgram("sin[", 256));
  const CliRun deeper = runIn1MiB("box.stl deeper.nc -t ball:6 -q");
  EXPECT_EQ(deeper.exit_code, 2) << deeper.err;
  EXPECT_TRUE(contains(deeper.err, "expression nested deeper than 256 levels")) << deeper.err;
}

TEST_F(ResourceLimits, ADeepManifestIsRefusedIn1MiB) {
  for (const auto& [open, close] : {std::pair{"[", "]"}, std::pair{"{a: ", "}"}}) {
    std::string nested = "1";
    for (int level = 0; level < 3000; ++level) nested = open + nested + close;
    writeText(dir_ / "deep.yaml", "jobs: " + nested + "\n");
    const CliRun run = runIn1MiB("batch deep.yaml --out out -q");
    EXPECT_EQ(run.exit_code, 2) << open << run.err;
    EXPECT_TRUE(contains(run.err, "deep.yaml:1:")) << run.err;
  }
}

// TBB sized its bookkeeping by the thread limit: --threads 1000000000 allocated 7.6 GB and
// ended in std::bad_alloc. Whether so many are refused or lowered to the cores, nothing is
// allocated for them.
TEST_F(ResourceLimits, AHugeThreadCountAllocatesNothingForIdleThreads) {
  const CliRun run = runInShell(dir_, "ulimit -v 4000000 && " + shellQuoted(GOUGECHEK_CLI) +
                                          " box.stl air.nc -t ball:6 -q --threads 1000000000");
  EXPECT_NE(run.exit_code, 3) << run.err;
  EXPECT_FALSE(contains(run.err, "bad_alloc")) << run.err;
}

}  // namespace
}  // namespace gougechek
