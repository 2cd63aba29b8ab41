// The tool before the first change (issue 21): every FreeCAD post of the CAM corpus
// (../shared/corpus/cam) checks with a tool library alone, no --tool: the rapids before the
// first M6 are checked with the tool it loads, and a warning says so. A Grbl post loads no tool
// (its M6 is a comment): it needs --initial-tool, or a library of its one cutter; without them
// the first feed move is an error naming the option.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

const fs::path kCam = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam";

struct Pair {
  const char* part;
  const char* table_line;  ///< tool.json's cutter as a LinuxCNC tool table line
  const char* stock;       ///< tool.json's stock_to_leave
  int tool;                ///< tool.json's tool_number
};

struct CliRun {
  int exit_code = -1;
  std::string out, err;
};

std::string slurp(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

class FreeCadPosts : public testing::TestWithParam<Pair> {
 protected:
  void SetUp() override {
    if (!fs::is_directory(kCam)) {
      if (std::getenv("CI")) FAIL() << "CAM corpus " << kCam << " not found";
      GTEST_SKIP() << "CAM corpus " << kCam << " not found";
    }
    std::random_device random;
    dir_ = fs::temp_directory_path() / ("gougechek_first_tool_" + std::to_string(random()));
    fs::create_directories(dir_);
    // The pair's cutter in a library of more than one: which one is in the spindle before the
    // first change is then not told by the library.
    std::ofstream(dir_ / "library.tbl") << GetParam().table_line << "\nT9 P9 D3 ;ball\n";
    std::ofstream(dir_ / "only.tbl") << GetParam().table_line << "\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  CliRun check(const std::string& post, const std::string& dialect, const std::string& more = "",
               const std::string& library = "library.tbl") {
    const fs::path part_dir = kCam / GetParam().part;
    const std::string command =
        std::string(GOUGECHEK_CLI) + " '" + (part_dir / "part.stl").string() + "' '" +
        (part_dir / post).string() + "' --tool-library '" + (dir_ / library).string() +
        "' --stock " + GetParam().stock + " --dialect " + dialect + " -j 2 " + more + " >'" +
        (dir_ / "out").string() + "' 2>'" + (dir_ / "err").string() + "'";
    const int status = std::system(command.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "out"), slurp(dir_ / "err")};
  }

  fs::path dir_;
};

TEST_P(FreeCadPosts, EveryPostThatLoadsItsToolChecksWithTheLibraryAlone) {
  for (const auto& [post, dialect] :
       {std::pair{"linuxcnc.nc", "linuxcnc"}, std::pair{"fanuc.nc", "fanuc"},
        std::pair{"mach3_mach4.nc", "linuxcnc"}}) {
    const CliRun run = check(post, dialect);
    EXPECT_EQ(run.exit_code, 0) << post << ": " << run.err << run.out;
    EXPECT_NE(run.out.find("the tool in the spindle before the first tool change is unknown: "
                           "the rapids before it"),
              std::string::npos)
        << post << ": " << run.out;
    EXPECT_NE(run.out.find("are checked with T" + std::to_string(GetParam().tool) +
                           ", the first tool the program loads"),
              std::string::npos)
        << post;
  }
}

TEST_P(FreeCadPosts, AGrblPostNeedsTheInitialTool) {
  const CliRun without = check("grbl.nc", "grbl");
  EXPECT_EQ(without.exit_code, 2) << without.err;
  EXPECT_NE(without.err.find("no cutter known for tool 0: a feed move before the program's "
                             "first tool change"),
            std::string::npos)
      << without.err;
  EXPECT_NE(without.err.find("--initial-tool N"), std::string::npos) << without.err;

  const CliRun with = check("grbl.nc", "grbl", "--initial-tool " + std::to_string(GetParam().tool));
  EXPECT_EQ(with.exit_code, 0) << with.err << with.out;
  EXPECT_EQ(with.out.find("first tool change is unknown"), std::string::npos) << with.out;

  // A library of that one cutter: the spindle can hold no other.
  const CliRun only = check("grbl.nc", "grbl", "", "only.tbl");
  EXPECT_EQ(only.exit_code, 0) << only.err << only.out;
  EXPECT_NE(only.out.find("checked with T" + std::to_string(GetParam().tool) +
                          ", the only tool described"),
            std::string::npos)
      << only.out;
}

INSTANTIATE_TEST_SUITE_P(SharedCorpus, FreeCadPosts,
                         testing::Values(Pair{"pocket_plate", "T1 P1 D6 ;flat flute=20", "0", 1},
                                         Pair{"boss_block", "T3 P3 D8 ;bull r=1 flute=25", "0.25",
                                              3},
                                         Pair{"chamfer_bracket", "T2 P2 D4 ;flat flute=25", "0", 2},
                                         Pair{"mold_core", "T4 P4 D6 ;ball flute=30", "0", 4},
                                         Pair{"mold_cavity", "T4 P4 D6 ;ball flute=30", "0", 4}));

// The known-bad FreeCAD program (arc fitting 0.018 mm into a pocket wall) is still found with
// the library alone: the first tool's rapids are checked, the gouges reported.
TEST(FreeCadKnownBad, FailsWithTheLibraryAlone) {
  const fs::path bad = kCam / "known_bad" / "pocket_plate_fitarcs";
  if (!fs::is_directory(bad)) {
    if (std::getenv("CI")) FAIL() << bad << " not found";
    GTEST_SKIP() << bad << " not found";
  }
  const fs::path table = fs::temp_directory_path() / "gougechek_known_bad_library.tbl";
  std::ofstream(table) << "T1 P1 D6 ;flat flute=20\n";
  const std::string command =
      std::string(GOUGECHEK_CLI) + " '" + (kCam / "pocket_plate" / "part.stl").string() + "' '" +
      (bad / "linuxcnc.nc").string() + "' --tool-library '" + table.string() + "' -q -j 2";
  const int status = std::system(command.c_str());
  fs::remove(table);
  EXPECT_EQ(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 1);
}

}  // namespace

namespace {

// The manifest key `initial-tool` means what --initial-tool does: a Grbl post, which loads no
// tool, checks with a library and the key, and is an error without it.
TEST(FreeCadGrblBatch, TheInitialToolKeyNamesTheTool) {
  const fs::path part_dir = kCam / "pocket_plate";
  if (!fs::is_directory(part_dir)) {
    if (std::getenv("CI")) FAIL() << part_dir << " not found";
    GTEST_SKIP() << part_dir << " not found";
  }
  std::random_device random;
  const fs::path dir = fs::temp_directory_path() / ("gougechek_grbl_" + std::to_string(random()));
  fs::create_directories(dir);
  std::ofstream(dir / "library.tbl") << "T1 P1 D6 ;flat flute=20\nT9 P9 D3 ;ball\n";
  const auto batch = [&](const std::string& extra) {
    std::ofstream(dir / "m.yaml") << "jobs:\n  - name: grbl\n    part: '"
                                  << (part_dir / "part.stl").string() << "'\n    program: '"
                                  << (part_dir / "grbl.nc").string()
                                  << "'\n    dialect: grbl\n    tool-library: library.tbl\n"
                                  << extra;
    fs::remove_all(dir / "out");
    const std::string command = std::string(GOUGECHEK_CLI) + " batch '" +
                                (dir / "m.yaml").string() + "' --out '" + (dir / "out").string() +
                                "' -j 2 >/dev/null 2>&1";
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  EXPECT_EQ(batch("    initial-tool: 1\n"), 0);
  EXPECT_EQ(batch(""), 2);
  fs::remove_all(dir);
}

}  // namespace
