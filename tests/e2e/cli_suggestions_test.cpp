// A CLI that helps (issue 25): a misspelt or shortened option, cutter type, dialect or manifest
// key is refused with the names it may have meant; a dialect in another case is accepted.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace gougechek::e2e {
namespace {

namespace fs = std::filesystem;

class CliSuggestions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_suggest_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    writeText(dir_ / "box.stl", boxStl());
    // Decimal points: Fanuc reads X10 as 10 µm.
    writeText(dir_ / "clean.nc", "G21 G90\nG0 X-10. Y10. Z21.\nG1 X60. F500.\nM30\n");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  /// stderr's first line of `gougechek box.stl clean.nc <arguments>`, which must exit with 2.
  static std::string refusal(const std::string& arguments) {
    const CliRun run = runCli(dir_, "box.stl clean.nc " + arguments);
    EXPECT_EQ(run.exit_code, 2) << arguments;
    return run.err.substr(0, run.err.find('\n'));
  }

  static inline fs::path dir_;
};

TEST_F(CliSuggestions, Options) {
  EXPECT_EQ(refusal("-t ball:6 --tol 0.1"),
            "gougechek: error: unrecognised option '--tol' (did you mean --tool or "
            "--tolerance?)");
  EXPECT_EQ(refusal("-t ball:6 --tolerence 0.1"),
            "gougechek: error: unrecognised option '--tolerence' (did you mean --tolerance?)");
  EXPECT_EQ(refusal("-t ball:6 --formt=json"),
            "gougechek: error: unrecognised option '--formt=json' (did you mean --format?)");
  const CliRun batch = runCli(dir_, "batch x.yaml --out o --basline old.json");
  EXPECT_EQ(batch.exit_code, 2);
  EXPECT_TRUE(contains(batch.err, "'--basline' (did you mean --baseline?)")) << batch.err;
}

TEST_F(CliSuggestions, CutterTypes) {
  EXPECT_TRUE(contains(refusal("-t endmill:6"),
                       "unknown cutter type 'endmill' in 'endmill:6' (did you mean 'flat', "
                       "'ball' or 'bull'?); expected ball:D,"));
  EXPECT_TRUE(contains(refusal("-t bal:6"), "(did you mean 'ball'?)"));
  EXPECT_TRUE(contains(refusal("-t Flat:6"), "(did you mean 'flat'?)"));
}

TEST_F(CliSuggestions, DialectsInAnyCaseAndTheirKin) {
  EXPECT_EQ(runCli(dir_, "box.stl clean.nc -t ball:6 -q --dialect Fanuc").exit_code, 0);
  EXPECT_EQ(runCli(dir_, "box.stl clean.nc -t ball:6 -q --dialect GRBL").exit_code, 0);
  EXPECT_EQ(refusal("-t ball:6 --dialect mach3"),
            "gougechek: error: --dialect: unknown dialect 'mach3' (did you mean 'linuxcnc'?); "
            "the dialects are linuxcnc, fanuc, haas, grbl");
  EXPECT_TRUE(contains(refusal("-t ball:6 --dialect hass"), "(did you mean 'haas'?)"));
}

TEST_F(CliSuggestions, ManifestKeys) {
  writeText(dir_ / "m.yaml",
            "jobs:\n  - name: box\n    part: box.stl\n    program: clean.nc\n    tool: ball:6\n"
            "    tolerence: 0.1\n");
  const CliRun run = runCli(dir_, "batch m.yaml --out o");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(contains(run.err, "unknown key 'tolerence' (did you mean 'tolerance'?)")) << run.err;
}

}  // namespace
}  // namespace gougechek::e2e
