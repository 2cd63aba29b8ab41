// Fail closed on subprograms kept in other files: their moves are checked like the program's,
// and a call whose file cannot be found stops the check (exit 2) instead of dropping its moves.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using e2e::contains;
using e2e::runCli;
using e2e::writeText;

class DialectsSubprogramFiles : public testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("gougechek_dialects_cli_" + std::to_string(::getpid()) + "_" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "subs");
    writeText(dir_ / "box.stl", e2e::boxStl());
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

// The subroutine file plunges 10 mm into the box [0,50]×[0,40]×[0,20].
TEST_F(DialectsSubprogramFiles, AGougeInASubroutineFileIsReportedOnTheCallLine) {
  writeText(dir_ / "subs" / "plunge.ngc", "o<plunge> sub\nG1 Z#1 F100\nG0 Z30\no<plunge> endsub\n");
  writeText(dir_ / "job.ngc", "G21 G90\nG0 X25 Y20 Z30\no<plunge> call [10]\nM2\n");
  const auto run = runCli(dir_, "box.stl job.ngc -t ball:6 --subroutine-path subs");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_TRUE(contains(run.out, "job.ngc:3: gouge")) << run.out;

  // Without the path: an error on the call line, never a PASS.
  const auto missing = runCli(dir_, "box.stl job.ngc -t ball:6");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err,
                       "job.ngc:3:1: call to o<plunge>: no such subprogram in this "
                       "file, nor plunge.ngc in --subroutine-path"))
      << missing.err;

  // The program's own directory is searched last.
  fs::copy_file(dir_ / "subs" / "plunge.ngc", dir_ / "plunge.ngc");
  EXPECT_EQ(runCli(dir_, "box.stl job.ngc -t ball:6").exit_code, 1);
}

TEST_F(DialectsSubprogramFiles, AnM98ProgramFileIsCheckedInFanucAndHaas) {
  writeText(dir_ / "subs" / "O1002.nc", "%\nO1002\nG1 Z10. F100.\nG0 Z30.\nM99\n%\n");
  writeText(dir_ / "job.nc", "%\nO1000\nG21 G90\nG0 X25. Y20. Z30.\nM98 P1002\nM30\n%\n");
  for (const char* dialect : {"fanuc", "haas"}) {
    const auto run = runCli(dir_, std::string("box.stl job.nc -t ball:6 --dialect ") + dialect +
                                      " --subprogram-dir subs");
    EXPECT_EQ(run.exit_code, 1) << dialect << ": " << run.err;
    EXPECT_TRUE(contains(run.out, "job.nc:5: gouge")) << run.out;
  }
  const auto missing = runCli(dir_, "box.stl job.nc -t ball:6 --dialect haas");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(contains(missing.err,
                       "job.nc:5:1: call to O1002: no such subprogram in this file "
                       "or in --subprogram-dir"))
      << missing.err;
}

TEST_F(DialectsSubprogramFiles, SearchDirectoriesMustExist) {
  writeText(dir_ / "job.ngc", "G0 X1\n");
  for (const char* option : {"--subroutine-path", "--subprogram-dir"}) {
    const auto run = runCli(dir_, std::string("--moves job.ngc ") + option + " nowhere");
    EXPECT_EQ(run.exit_code, 2) << option;
    EXPECT_TRUE(contains(run.err, std::string(option) + ": 'nowhere' is not a directory"))
        << run.err;
  }
}

// A report or mesh over a file the program's calls may read would destroy an input: refused
// before anything runs, whether or not the file exists yet, and the file is left as it was.
TEST_F(DialectsSubprogramFiles, OutputsWhereSubprogramFilesAreLookedUpAreRefused) {
  const std::string sub = "o<plunge> sub\nG1 Z#1 F100\no<plunge> endsub\n";
  writeText(dir_ / "subs" / "plunge.ngc", sub);
  writeText(dir_ / "job.ngc", "G0 X25 Y20 Z30\no<plunge> call [10]\nM2\n");
  const auto report =
      runCli(dir_,
             "box.stl job.ngc -t ball:6 --subroutine-path subs --report subs/plunge.ngc "
             "--format json");
  EXPECT_EQ(report.exit_code, 2);
  EXPECT_TRUE(contains(report.err, "--report names a file the program's subprogram calls"))
      << report.err;
  EXPECT_EQ(e2e::readText(dir_ / "subs" / "plunge.ngc"), sub);
  // The program's own directory is searched too.
  EXPECT_EQ(runCli(dir_, "box.stl job.ngc -t ball:6 --report other.ngc --format json").exit_code,
            2);
  const auto mesh = runCli(dir_,
                           "box.stl job.nc -t ball:6 --dialect haas --subprogram-dir subs "
                           "--export-mesh subs/O0042.stl");
  EXPECT_EQ(mesh.exit_code, 2);
  EXPECT_TRUE(contains(mesh.err, "--export-mesh names a file the program's subprogram calls"))
      << mesh.err;
  EXPECT_FALSE(fs::exists(dir_ / "subs" / "O0042.stl"));
}

}  // namespace
}  // namespace gougechek
