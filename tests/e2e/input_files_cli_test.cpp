// The files a check reads besides the part and the program (tool tables and libraries, FreeCAD
// bits, holder profiles, work offsets, manifests, baselines), through the built CLI: each read
// within its cap, each kept from the run's outputs, each fault said as what it is.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

// A 6 mm ball bit of the FreeCAD library Library/l.fctl, in the sibling Bit folder.
constexpr const char* kBallBit =
    R"({"version":2,"name":"b","shape":"ballend.fcstd","shape-type":"Ballend","parameter":)"
    R"({"CuttingEdgeHeight":"24 mm","Diameter":"6 mm","Length":"50 mm","ShankDiameter":"6 mm"},)"
    R"("attribute":{}})";

class InputFilesCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = fs::temp_directory_path() / ("gougechek_input_files_" + std::to_string(::getpid()));
    fs::create_directories(dir_ / "Bit");
    fs::create_directories(dir_ / "Library");
    writeText(dir_ / "box.stl", boxStl());
    // Loads T1, then plunges 0.5 mm into the top face (z = 20).
    writeText(dir_ / "gouge.nc", "G21 G90\nT1 M6\nG0 X10 Y10 Z30\nG1 Z19.5 F100\nG0 Z30\nM30\n");
    writeText(dir_ / "Bit" / "b.fctb", kBallBit);
    writeText(dir_ / "Library" / "l.fctl", R"({"tools":[{"nr":1,"path":"b.fctb"}],"version":1})");
  }
  static void TearDownTestSuite() { fs::remove_all(dir_); }

  static CliRun run(const std::string& arguments, const std::string& stdin_file = "/dev/null") {
    return runCli(dir_, arguments, stdin_file);
  }

  static void expectError(const CliRun& result, const std::string& error) {
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(result.err, "gougechek: error: " + error + "\n");
  }

  /// A sparse file of `bytes` NUL bytes: big to read, nothing on disk.
  static void writeSparse(const std::string& name, std::uintmax_t bytes) {
    writeText(dir_ / name, "");
    fs::resize_file(dir_ / name, bytes);
  }

  static inline fs::path dir_;
};

// Reports and meshes were written over a holder profile (--holder, ,holder=) and over the
// FreeCAD bits a library lists: the next run could not read them.
TEST_F(InputFilesCli, OutputsOverHoldersAndToolBitsAreRefused) {
  writeText(dir_ / "holder.txt", "5 30 30\n");
  const struct {
    std::string arguments;
    std::string message;
  } cases[] = {
      {"box.stl gouge.nc -t ball:6,length=40 --holder holder.txt --report holder.txt "
       "--format text",
       "holder.txt: --report names the holder profile of --holder"},
      {"box.stl gouge.nc -t ball:6,length=40,holder=holder.txt --export-mesh holder.txt",
       "holder.txt: --export-mesh names the holder profile of --tool"},
      {"box.stl gouge.nc --tool-library Library/l.fctl --report Bit/b.fctb --format json",
       "Bit/b.fctb: --report names a FreeCAD ToolBit of the tool library Library/l.fctl"},
      {"box.stl gouge.nc --tool-library Library/l.fctl --export-mesh Bit/b.fctb",
       "Bit/b.fctb: --export-mesh names a FreeCAD ToolBit of the tool library Library/l.fctl"},
  };
  for (const auto& input : cases) {
    expectError(run(input.arguments), input.message);
    EXPECT_EQ(readText(dir_ / "holder.txt"), "5 30 30\n") << input.arguments;
    EXPECT_EQ(readText(dir_ / "Bit" / "b.fctb"), kBallBit) << input.arguments;
  }
  // The bit is read all the same: the library checks the program.
  EXPECT_EQ(run("box.stl gouge.nc --tool-library Library/l.fctl -q").exit_code, 1);
}

// Listing a library's bits, to keep the outputs off them, must not drain a library from a pipe:
// the check reads it.
TEST_F(InputFilesCli, ALibraryFromAPipeIsReadOnce) {
  const CliRun piped = runInShell(
      dir_, "rm -f lib.fifo && mkfifo lib.fifo && (printf 'T1 D6 ;ball\\n' > lib.fifo &) && " +
                shellQuoted(GOUGECHEK_CLI) +
                " box.stl gouge.nc --tool-library lib.fifo --report piped.json");
  EXPECT_EQ(piped.exit_code, 1) << piped.err;
}

// Every side file was read whole whatever its size (a 1 GB holder profile took 8 GB): now each
// is refused over its cap, before it is read. 65 MiB is over every cap.
TEST_F(InputFilesCli, SideFilesOverTheirCapAreRefusedUnread) {
  writeSparse("big", std::uintmax_t{65} << 20);
  const std::string common = "box.stl gouge.nc ";
  expectError(run(common + "--tool-table big"),
              "big: longer than 16 MiB, the most read of a tool table: is it the right file?");
  expectError(run(common + "--tool-library big"),
              "big: longer than 64 MiB, the most read of a tool library: is it the right file?");
  expectError(run(common + "-t ball:6,length=40,holder=big"),
              "big: longer than 4 MiB, the most read of a holder profile: is it the right file?");
  expectError(run(common + "-t ball:6 --work-offsets big"),
              "big: longer than 1 MiB, the most read of a work offsets file: is it the right "
              "file?");
  writeText(dir_ / "Library" / "big.fctl", R"({"tools":[{"nr":1,"path":"big.fctb"}]})");
  writeSparse("Bit/big.fctb", std::uintmax_t{65} << 20);
  const CliRun bit = run(common + "--tool-library Library/big.fctl");
  EXPECT_EQ(bit.exit_code, 2);
  EXPECT_TRUE(contains(bit.err, "longer than 1 MiB, the most read of a FreeCAD ToolBit"))
      << bit.err;
  expectError(run("batch big --out out"),
              "big: longer than 16 MiB, the most read of a batch manifest: is it the right file?");
  fs::remove(dir_ / "big");
  fs::remove(dir_ / "Bit" / "big.fctb");
}

// The reasons said were wrong: "not found" for a bit that exists, "not a part file" for a
// baseline, "the program has no moves" for a closed standard input.
TEST_F(InputFilesCli, FaultsAreSaidAsWhatTheyAre) {
  writeText(dir_ / "Library" / "self.fctl",
            R"({"tools":[{"nr":1,"path":"../Library/self.fctl"}],"version":1})");
  expectError(run("box.stl gouge.nc --tool-library Library/self.fctl"),
              "Library/self.fctl: T1 '../Library/self.fctl': bit file '../Library/self.fctl' not "
              "found: a bit path that is absolute or climbs out of the library's folder is "
              "looked up by its file name only, in ../Bit (as FreeCAD does), which has no "
              "'self.fctl'");
  writeText(dir_ / "manifest.yaml",
            "jobs:\n  - name: one\n    part: box.stl\n    program: gouge.nc\n    tool: ball:6\n");
  const CliRun baseline = run("batch manifest.yaml --out out --baseline Library");
  EXPECT_EQ(baseline.exit_code, 2);
  EXPECT_TRUE(contains(baseline.err, "Library: is a directory, not a batch summary"))
      << baseline.err;
  const CliRun closed =
      runInShell(dir_, "(exec <&-; " + shellQuoted(GOUGECHEK_CLI) + " box.stl - -t ball:6)");
  EXPECT_EQ(closed.exit_code, 2);
  EXPECT_TRUE(contains(closed.err, "<stdin>: standard input is closed")) << closed.err;
}

// "ok.fctb\u0000.evil" was read as ok.fctb: the file system stops at the NUL.
TEST_F(InputFilesCli, ANulInABitPathIsRefused) {
  writeText(dir_ / "Library" / "nul.fctl",
            R"({"tools":[{"nr":1,"path":"b.fctb\u0000.evil"}],"version":1})");
  expectError(run("box.stl gouge.nc --tool-library Library/nul.fctl"),
              "Library/nul.fctl: tools[0]: bit path 'b.fctb\\0.evil' holds a NUL byte: not a "
              "file name");
}

// A NUL cut the message off at it: "job name 'a".
TEST_F(InputFilesCli, ANulInAJobNameIsShown) {
  writeText(dir_ / "nul.yaml",
            "jobs:\n  - name: \"a\\0b\"\n    part: box.stl\n    program: gouge.nc\n"
            "    tool: ball:6\n");
  const CliRun result = run("batch nul.yaml --out nul_out");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_TRUE(contains(result.err, "nul.yaml:2:11: job name 'a\\0b': use letters")) << result.err;
}

}  // namespace
}  // namespace gougechek
