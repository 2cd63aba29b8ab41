// Compares readProgram with LinuxCNC's own interpreter (rs274, through the shared harness
// ../shared/tools/rs274_moves.py) motion by motion: kind, line, end point, arc centre, axis and
// turns. Runs when `rs274` is on the PATH (Debian: linuxcnc-uspace), skips otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "gcode/parameter_file.hpp"
#include "gcode/program.hpp"
#include "gougechek/error.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

const fs::path kHarness = fs::path(GOUGECHEK_SHARED_DIR) / "tools" / "rs274_moves.py";
const fs::path kCorpus = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "gcode";
const fs::path kPrograms = fs::path(GOUGECHEK_SOURCE_DIR) / "tests" / "gcode" / "programs";

// Corpus files inside the supported dialect, accepted by LinuxCNC. The other corpus files use
// 5 axes or G-code LinuxCNC rejects (see the test after the comparison).
// A program NAME.ngc of tests/gcode/programs may come with NAME.var and NAME.tbl (inches), and
// NAME.dia: the diameter in mm of every tool (the harness's --tool-diameter, for G41/G42).
const char* const kCorpusAccepted[] = {
    "camotics_bear.nc", "camotics_cameo.nc", "camotics_flower_mold.nc", "camotics_la_peinture.gc",
    "camotics_tiger.nc", "camotics_vcarve.ngc", "linuxcnc-tp_51MeanderAve.ngc",
    "linuxcnc-tp_Cereal.ngc", "linuxcnc-tp_LHchips4.ngc", "linuxcnc-tp_blur_torus.ngc",
    "linuxcnc-tp_stellabee1.ngc", "linuxcnc-tp_trochoidal.ngc", "linuxcnc_arcspiral.ngc",
    "linuxcnc_cds.ngc", "linuxcnc_tort.ngc", "pcb2gcode_project-controller_milldrill.ngc",
    "ugs_ShapeOko_Calibration_Pattern_01b.ngc", "ugs_arc_rword_test.gcode", "ugs_communicator.nc",
    "ugs_no_spaces.gcode", "ugs_ordbot_handle.nc",
    // parameters, expressions, O-words, G10 offsets
    "camotics_botomata_bottom.nc", "camotics_genes-encoder.ngc", "camotics_heart.ngc",
    "linuxcnc_3D_Chips.ngc", "pcb2gcode_example_board_al_mach3_back.ngc",
    // canned cycles
    "pcb2gcode_D1MiniGSR_drill.ngc",
    // G41/G42 with the harness's default tool table (diameter 0: compensation moves nothing)
    "linuxcnc_useful-subroutines.ngc", "linuxcnc_comp.ngc",
    // G33.1 rigid tapping; G38.2 probing, the program reading the probe result #5063
    "linuxcnc_mmount.ngc", "pcb2gcode_example_board_al_linuxcnc_back.ngc",
    // rejected by LinuxCNC (G1 before any F word): must be rejected on the same line
    "freecad_test_centroid_00.ngc", "freecad_test_linuxcnc_00.ngc"};

// Corpus files run again with every tool of this diameter (mm), so that G41/G42 move the tool.
const struct {
  const char* name;
  double tool_diameter;
} kCorpusCompensated[] = {{"linuxcnc_comp.ngc", 3.175}};

/// A program to compare, and the diameter of every tool in the table both interpreters get.
struct Case {
  fs::path file;
  double tool_diameter = 0;
};

void PrintTo(const Case& c, std::ostream* out) {
  *out << c.file << " with tools of " << c.tool_diameter << " mm";
}

bool onPath(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::stringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    if (!dir.empty() && fs::exists(fs::path(dir) / name)) return true;
  return false;
}

struct Motion {
  std::uint32_t line = 0;
  std::string kind;
  double to[3]{}, center[3]{}, axis[3]{};
  int turns = 0;
  double length = 0;  ///< ours only
};

struct Reference {
  std::vector<Motion> motions;
  std::uint32_t error_line = 0;  ///< LinuxCNC rejected the program at this line
  std::string error;
};

std::string quotedForShell(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// A program's side files: NAME.var (parameters: work offsets, homes) and NAME.tbl (tool table),
/// both in inches as the Debian rs274 reads them.
fs::path sideFile(const fs::path& program, const char* extension) {
  fs::path side = program;
  side.replace_extension(extension);
  return fs::exists(side) ? side : fs::path();
}

/// NAME.subs: a directory of LinuxCNC subroutine files (the harness's --subroutine-path).
fs::path subroutineDir(const fs::path& program) {
  fs::path dir = program;
  dir.replace_extension(".subs");
  return fs::is_directory(dir) ? dir : fs::path();
}

/// The tool diameter of NAME.dia, or 0 (the harness's default table).
double toolDiameter(const fs::path& program) {
  double diameter = 0;
  if (const fs::path dia = sideFile(program, ".dia"); !dia.empty()) std::ifstream(dia) >> diameter;
  return diameter;
}

/// The options that tell readProgram what the side files (and the tool diameter) tell rs274.
ProgramOptions optionsFor(const fs::path& program, double tool_diameter) {
  ProgramOptions options;
  // The harness searches NAME.subs, then the program's directory (as the CLI does).
  if (const fs::path subs = subroutineDir(program); !subs.empty())
    options.subroutine_path.push_back(subs.string());
  options.subroutine_path.push_back(program.parent_path().string());
  // The harness's generated table holds T1-T99, all of the --tool-diameter given.
  for (int tool = 1; tool <= 99; ++tool) options.tool_diameters_mm[tool] = tool_diameter;
  options.machine_unit_mm = 25.4;
  if (const fs::path var = sideFile(program, ".var"); !var.empty()) {
    std::ifstream in(var);
    options.parameters = readParameterFile(in, var.string());
  }
  if (const fs::path table = sideFile(program, ".tbl"); !table.empty()) {
    std::ifstream in(table);
    for (std::string line; std::getline(in, line);) {  // "T1 P1 Z1.0 D0.1": tool and length
      std::istringstream words(line);
      int tool = -1;
      double length = 0;
      for (std::string word; words >> word;) {
        if (word[0] == 'T') tool = std::stoi(word.substr(1));
        if (word[0] == 'Z') length = std::stod(word.substr(1)) * 25.4;
      }
      if (tool >= 0) options.tool_lengths_mm[tool] = length;
    }
  }
  return options;
}

Reference runLinuxcnc(const fs::path& file, double tool_diameter) {
  Reference reference;
  std::string command =
      "python3 " + quotedForShell(kHarness.string()) + " -q " + quotedForShell(file.string());
  if (const fs::path var = sideFile(file, ".var"); !var.empty())
    command += " -v " + quotedForShell(var.string());
  if (const fs::path table = sideFile(file, ".tbl"); !table.empty())
    command += " -t " + quotedForShell(table.string());
  if (tool_diameter > 0) command += " --tool-diameter " + std::to_string(tool_diameter);
  if (const fs::path subs = subroutineDir(file); !subs.empty())
    command += " --subroutine-path " + quotedForShell(subs.string());
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return reference;
  char text[4096];
  while (std::fgets(text, sizeof text, pipe)) {
    std::string line(text);
    if (line.rfind("# error line ", 0) == 0) {
      reference.error_line = static_cast<std::uint32_t>(std::stoul(line.substr(13)));
      reference.error = line;
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Motion motion;
    fields >> motion.line >> motion.kind >> motion.to[0] >> motion.to[1] >> motion.to[2];
    if (motion.kind == "arc")
      fields >> motion.center[0] >> motion.center[1] >> motion.center[2] >> motion.axis[0] >>
          motion.axis[1] >> motion.axis[2] >> motion.turns;
    if (motion.kind == "tap") {
      // G33.1: down to the bottom and back out to where the tap started, as two feed moves
      // (ours has no tap kind); the start is where the previous motion ended.
      Motion back = motion;
      std::fill(back.to, back.to + 3, 0.0);
      if (!reference.motions.empty())
        std::copy(reference.motions.back().to, reference.motions.back().to + 3, back.to);
      motion.kind = back.kind = "feed";
      reference.motions.push_back(motion);
      reference.motions.push_back(back);
      continue;
    }
    reference.motions.push_back(motion);
  }
  pclose(pipe);
  return reference;
}

/// rs274 reports G0/G1 without axis words, G43 and G49 as moves to the current point.
std::vector<Motion> withoutZeroLength(const std::vector<Motion>& motions) {
  std::vector<Motion> kept;
  double at[3] = {0, 0, 0};
  for (const Motion& m : motions) {
    const bool still = std::equal(at, at + 3, m.to);
    std::copy(m.to, m.to + 3, at);
    if (m.kind != "arc" && still) continue;
    kept.push_back(m);
  }
  return kept;
}

/// Ours, without the moves withoutZeroLength drops from LinuxCNC's: a line or rapid ending where
/// the previous move ended (after a tool length change the current point jumps, so a move can
/// have length and still end there).
std::vector<Motion> ours(const Program& program) {
  std::vector<Motion> motions;
  Vec3 at;
  for (const Move& move : program.moves) {
    const bool still = move.to == at;
    at = move.to;
    if (move.kind != MoveKind::Arc && still) continue;
    Motion m;
    m.line = move.line;
    m.kind = move.kind == MoveKind::Rapid   ? "rapid"
             : move.kind == MoveKind::Feed  ? "feed"
             : move.kind == MoveKind::Probe ? "probe"
                                            : "arc";
    for (int i = 0; i < 3; ++i) {
      m.to[i] = move.to[i];
      m.center[i] = move.center[i];
      m.axis[i] = move.axis[i];
    }
    m.turns = move.turns;
    m.length = norm(move.to - move.from);
    motions.push_back(m);
  }
  return motions;
}

/// True for a program in inches somewhere.
bool usesInches(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::string text;
  for (char c; in.get(c);)
    if (c != ' ' && c != '\t')
      text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text.find("g20") != std::string::npos;
}

bool near(const double* a, const double* b, double tolerance) {
  for (int i = 0; i < 3; ++i)
    if (std::abs(a[i] - b[i]) > tolerance) return false;
  return true;
}

std::string describe(const Motion& m) {
  char text[256];
  std::snprintf(text, sizeof text,
                "line %u %s to (%.6f %.6f %.6f) centre (%.6f %.6f %.6f) axis (%g %g %g) turns %d",
                m.line, m.kind.c_str(), m.to[0], m.to[1], m.to[2], m.center[0], m.center[1],
                m.center[2], m.axis[0], m.axis[1], m.axis[2], m.turns);
  return text;
}

class LinuxcncComparison : public testing::TestWithParam<Case> {
 protected:
  // Skipped on a developer machine without LinuxCNC or the shared corpus; CI (environment
  // variable CI set) installs both, so there their absence fails the comparison.
  void SetUp() override {
    std::string missing;
    if (!onPath("rs274"))
      missing = "rs274 (LinuxCNC's interpreter, Debian package linuxcnc-uspace) is not on the PATH";
    else if (!fs::exists(kHarness))
      missing = "harness " + std::string(kHarness) + " not found";
    else if (!fs::exists(GetParam().file))
      missing = GetParam().file.string() + " not found";
    if (missing.empty()) return;
    if (std::getenv("CI")) FAIL() << missing;
    GTEST_SKIP() << missing << ": comparison with LinuxCNC skipped";
  }
};

TEST_P(LinuxcncComparison, SameMotionsAsLinuxcnc) {
  const fs::path& file = GetParam().file;
  const double tool_diameter = GetParam().tool_diameter;
  const Reference reference = runLinuxcnc(file, tool_diameter);
  std::ifstream in(file, std::ios::binary);
  if (reference.error_line != 0) {
    try {
      readProgram(in, file.string(), optionsFor(file, tool_diameter));
      ADD_FAILURE() << "LinuxCNC rejects the program, readProgram accepts it: " << reference.error;
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), reference.error_line) << e.what() << "\nLinuxCNC: " << reference.error;
    }
    return;
  }
  const std::vector<Motion> expected = withoutZeroLength(reference.motions);
  ASSERT_FALSE(expected.empty()) << "the harness printed no motion for " << file;
  // rs274 prints 4 decimals in program units: 5e-5 mm for G21, 1.27e-3 mm for G20.
  const bool inches = usesInches(file);
  const double tolerance = inches ? 3e-3 : 1e-4;
  const std::vector<Motion> actual =
      ours(readProgram(in, file.string(), optionsFor(file, tool_diameter)));
  // rs274 rounds each end point to 4 decimals in program units, so a move shorter than that
  // (a 1e-5 inch step of a V-carve) can print as zero-length and be dropped above: ours may
  // skip such a tiny move where it does not match.
  const auto same = [tolerance](const Motion& a, const Motion& e) {
    // The harness gives line 0 to a move run from a subroutine file, ours the line of the call.
    bool equal =
        (a.line == e.line || e.line == 0) && a.kind == e.kind && near(a.to, e.to, tolerance);
    if (equal && a.kind == "arc")
      equal =
          near(a.center, e.center, tolerance) && near(a.axis, e.axis, 1e-9) && a.turns == e.turns;
    return equal;
  };
  std::size_t i = 0, j = 0;
  int mismatches = 0;
  while (i < actual.size() && j < expected.size() && mismatches < 5) {
    if (same(actual[i], expected[j])) {
      ++i, ++j;
    } else if (actual[i].kind != "arc" && actual[i].length <= tolerance) {
      ++i;
    } else {
      ++mismatches;
      ADD_FAILURE() << "motion " << j + 1
                    << " of LinuxCNC's differs\n  ours:     " << describe(actual[i])
                    << "\n  LinuxCNC: " << describe(expected[j]);
      ++i, ++j;
    }
  }
  while (i < actual.size() && actual[i].kind != "arc" && actual[i].length <= tolerance) ++i;
  EXPECT_EQ(actual.size() - i, 0u) << "ours has more motions than LinuxCNC";
  EXPECT_EQ(expected.size() - j, 0u) << "LinuxCNC has more motions than ours";
}

std::vector<Case> programsToCompare() {
  std::vector<fs::path> files;
  if (fs::is_directory(kPrograms))
    for (const auto& entry : fs::directory_iterator(kPrograms))
      if (entry.path().extension() == ".ngc") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<Case> cases;
  for (const fs::path& file : files) cases.push_back({file, toolDiameter(file)});
  for (const char* name : kCorpusAccepted) cases.push_back({kCorpus / name, 0});
  for (const auto& corpus : kCorpusCompensated)
    cases.push_back({kCorpus / corpus.name, corpus.tool_diameter});
  return cases;
}

std::string testName(const testing::TestParamInfo<Case>& info) {
  const fs::path& file = info.param.file;
  std::string name = file.parent_path().filename().string() + "_" + file.stem().string();
  if (file.parent_path() == kCorpus && info.param.tool_diameter > 0)
    name += "_tool_" + std::to_string(info.param.tool_diameter);
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

/// Corpus files that reach a construct gougechek does not model yet (after parameters and
/// O-words that it does): rejected there, on that line, never run past it.
TEST(LinuxcncCorpus, FilesBeyondTheSupportedDialectAreRejectedWhereTheyLeaveIt) {
  const struct {
    const char* file;
    std::uint32_t line;
    const char* what;
  } cases[] = {
      // a 5-axis program: its B and C words at 0 (line 6) are accepted, the first that turns
      // an axis is not; LinuxCNC's XYZABC interpreter stops later, at its W word (line 34)
      {"linuxcnc_cone.ngc", 12, "B axis: only X, Y and Z"},
  };
  for (const auto& expected : cases) {
    const fs::path file = kCorpus / expected.file;
    if (!fs::exists(file)) continue;
    std::ifstream in(file, std::ios::binary);
    try {
      readProgram(in, file.string());
      ADD_FAILURE() << file << " was accepted";
    } catch (const InputError& e) {
      EXPECT_EQ(e.line(), expected.line) << e.what();
      EXPECT_NE(e.message().find(expected.what), std::string::npos) << e.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Programs, LinuxcncComparison, testing::ValuesIn(programsToCompare()),
                         testName);

}  // namespace
}  // namespace gougechek
