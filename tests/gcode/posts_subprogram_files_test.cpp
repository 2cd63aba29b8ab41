// Subprograms kept in other files: LinuxCNC's o<name> call through the subroutine path, Fanuc
// and Haas M98 P through the subprogram directories.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gcode/program_reader.hpp"
#include "gcode_test_support.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using testing::ElementsAre;
using testing::HasSubstr;

/// A fresh directory for one test, removed afterwards.
class SubprogramFiles : public testing::Test {
 protected:
  void SetUp() override {
    dir_ =
        fs::temp_directory_path() / ("gougechek_subprograms_" + std::to_string(::getpid()) + "_" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "a");
    fs::create_directories(dir_ / "b");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& name, const std::string& text) {
    const fs::path file = dir_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
  }
  std::string dir(const char* name) const { return (dir_ / name).string(); }

  Program read(const std::string& text, ProgramOptions options = {}) {
    std::istringstream in(text);
    ProgramReader reader(in, "main.ngc", options);
    Program program;
    while (reader.read(program.moves, 64)) {
    }
    program.warnings = reader.warnings();
    files_read_ = reader.filesRead();
    return program;
  }
  std::string errorOf(const std::string& text, const ProgramOptions& options) {
    try {
      read(text, options);
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
  ProgramOptions linuxcnc() const {
    ProgramOptions options;
    options.subroutine_path = {dir("a"), dir("b")};
    return options;
  }
  ProgramOptions fanuc() const {
    ProgramOptions options;
    options.dialect = Dialect::Fanuc;
    options.subprogram_dirs = {dir("a"), dir("b")};
    return options;
  }

  fs::path dir_;
  std::vector<std::string> files_read_;
};

TEST_F(SubprogramFiles, OWordCallReadsTheFileOfItsNameInPathOrder) {
  write("a/drill.ngc", "o<drill> sub\nG0 X#1\nG1 Z-1 F100\no<drill> endsub\nM2\n");
  const std::string shadowed = write("b/drill.ngc", "o<drill> sub\nG0 Y9\no<drill> endsub\n");
  const Program p = read("G0 Z5\no<drill> call [3]\no<drill> call [4]\nG0 Z6\n", linuxcnc());
  ASSERT_EQ(p.moves.size(), 6u);
  EXPECT_EQ(p.moves[1].to, Vec3(3, 0, 5));
  EXPECT_EQ(p.moves[4].to, Vec3(4, 0, -1));
  // Moves run in the file carry the line of the call in the program.
  EXPECT_EQ(p.moves[1].line, 2u);
  EXPECT_EQ(p.moves[3].line, 3u);
  EXPECT_EQ(p.moves[5].line, 4u);
  EXPECT_THAT(files_read_, ElementsAre((dir_ / "a" / "drill.ngc").string()));
  EXPECT_NE(files_read_.front(), shadowed);
}

TEST_F(SubprogramFiles, AMissingSubroutineIsAnErrorOnTheCallLine) {
  EXPECT_EQ(errorOf("G0 Z5\no<nosuch> call\nM2\n", linuxcnc()),
            "main.ngc:2:1: call to o<nosuch>: no such subprogram in this file, nor nosuch.ngc "
            "in --subroutine-path");
  write("a/empty.ngc", "G0 X1\n");
  EXPECT_EQ(errorOf("o<empty> call\nM2\n", linuxcnc()),
            "main.ngc:1:1: call to o<empty>: " + (dir_ / "a" / "empty.ngc").string() +
                " does not define it");
}

TEST_F(SubprogramFiles, ASubprogramNameThatIsNoRegularFileIsAnError) {
  // Hostile pass D21: a directory or FIFO of that name exists; it is not "not found" (and the
  // FIFO is never opened, which would block).
  fs::create_directories(dir_ / "a" / "drill.ngc");
  EXPECT_EQ(errorOf("o<drill> call\nM2\n", linuxcnc()),
            "main.ngc:1:1: call to o<drill>: " + (dir_ / "a" / "drill.ngc").string() +
                " is not a regular file (a directory, FIFO or device)");
  ASSERT_EQ(::mkfifo((dir_ / "b" / "O1002.nc").c_str(), 0600), 0);
  EXPECT_EQ(errorOf("M98 P1002\nM30\n", fanuc()),
            "main.ngc:1:1: call to O1002: " + (dir_ / "b" / "O1002.nc").string() +
                " is not a regular file (a directory, FIFO or device)");
}

TEST_F(SubprogramFiles, ErrorsInsideTheFileNameItAndItsLine) {
  const std::string file = write("a/bad.ngc", "o<bad> sub\nG0 X1\nG1 X2\no<bad> endsub\n");
  EXPECT_EQ(errorOf("G0 Z5\n\no<bad> call\n", linuxcnc()),
            file +
                ":3:1: G1 with zero feed rate (no F word before it) (in a subprogram file "
                "called at main.ngc:3)");
  const std::string open = write("a/open.ngc", "o<open> sub\nG0 X1\n");
  EXPECT_EQ(errorOf("o<open> call\n", linuxcnc()),
            open + ":2: the subprogram file ends inside its call (no endsub)");
  // As LinuxCNC: the program cannot define again a sub read from a file.
  write("a/twice.ngc", "o<twice> sub\no<twice> endsub\n");
  EXPECT_THAT(errorOf("o<twice> call\no<twice> sub\no<twice> endsub\n", linuxcnc()),
              HasSubstr("main.ngc:2:1: o<twice> sub: already defined in "));
}

TEST_F(SubprogramFiles, RecursionThroughFilesIsBounded) {
  write("a/again.ngc", "o<again> sub\no<again> call\no<again> endsub\n");
  EXPECT_THAT(errorOf("o<again> call\n", linuxcnc()),
              HasSubstr("subroutine calls nested more than 10 deep"));
}

TEST_F(SubprogramFiles, M98FindsTheProgramFileInTheSubprogramDirectories) {
  write("b/O01002.nc", "%\nO1002 (POCKET)\nG91 G1 X1. F100.\nG90\nM99\n%\n");
  const Program p = read("%\nO1000\nG0 X0 Y0\nM98 P1002 L3\nG0 Y1.\nM30\n%\n", fanuc());
  ASSERT_EQ(p.moves.size(), 5u);
  EXPECT_EQ(p.moves[3].to, Vec3(3, 0, 0));
  EXPECT_EQ(p.moves[3].line, 4u);
  EXPECT_EQ(p.moves[4].to, Vec3(3, 1, 0));
  // Any extension, o in either case; the first directory that has one.
  write("a/o1002.tap", "O1002\nG0 X7.\nM99\n");
  EXPECT_EQ(read("M98 P1002\nM30\n", fanuc()).moves.back().to, Vec3(7, 0, 0));
}

TEST_F(SubprogramFiles, TwoFilesThatCouldBeTheProgramAreAnError) {
  // A backup beside the program (O1002.bak) must not be checked in its place by name order.
  const std::string nc = write("a/O1002.nc", "O1002\nG0 X7.\nM99\n");
  const std::string bak = write("a/O1002.bak", "O1002\nG0 X8.\nM99\n");
  EXPECT_EQ(errorOf("G0 X1.\nM98 P1002\nM30\n", fanuc()),
            "main.ngc:2:1: call to O1002: more than one file in --subprogram-dir could be it (" +
                bak + ", " + nc + ")");
}

TEST_F(SubprogramFiles, ReadErrorsInsideTheFileNameIt) {
  const std::string file =
      write("a/O1002.nc", "O1002\nG0 X7.\n(" + std::string(70000, 'x') + ")\nM99\n");
  EXPECT_EQ(errorOf("M98 P1002\nM30\n", fanuc()), file + ":3: line longer than 65536 bytes");
}

TEST_F(SubprogramFiles, AMissingM98ProgramIsAnErrorOnTheCallLine) {
  EXPECT_EQ(errorOf("O1000\nG0 X1.\nM98 P1002\nM30\n", fanuc()),
            "main.ngc:3:1: call to O1002: no such subprogram in this file or in "
            "--subprogram-dir");
  // The closing '%' ends the search as the end of the file does: the moves after the call are
  // never dropped silently (they were, with the program passing).
  EXPECT_EQ(errorOf("%\nO1000\nM98 P1002 L4\nG0 X1.\nM30\n%\n", fanuc()),
            "main.ngc:3:1: call to O1002: no such subprogram in this file or in "
            "--subprogram-dir");
  // O10020 is another program.
  write("a/O10020.nc", "O10020\nG0 X7.\nM99\n");
  EXPECT_THAT(errorOf("M98 P1002\nM30\n", fanuc()), HasSubstr("no such subprogram"));
}

}  // namespace
}  // namespace gougechek
