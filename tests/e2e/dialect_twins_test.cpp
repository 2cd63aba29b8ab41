// The grbl, Fanuc and Mach3 posts of each CAM corpus program, read in their dialect, move the tool
// through the same points as the LinuxCNC post (../shared/corpus/cam/*/).
//
// End points are compared, not kinds: the Mach3 post writes some of LinuxCNC's rapids as G1 F5000.
// Deliberate differences of the posts, not of the reading: grbl's post expands drilling cycles
// itself (adding zero-length moves, which are skipped here) and re-enters a G83 peck 0.125 mm
// above the last depth where LinuxCNC's G83 uses 0.254 mm (those rapids compare in X and Y only).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;
using namespace e2e;

const fs::path kCorpus = fs::path(GOUGECHEK_SHARED_DIR) / "corpus" / "cam";

struct PrintedMove {
  std::string kind;
  std::array<double, 3> to{};
  int line = 0;
};

/// The moves `--moves --dialect dialect` prints for `program`, without zero-length ones.
std::vector<PrintedMove> movesOf(const fs::path& program, const std::string& dialect) {
  const fs::path dir = fs::temp_directory_path();
  const CliRun run = runCli(dir, "--moves --dialect " + dialect + " '" + program.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << program << ": " << run.err;
  std::vector<PrintedMove> moves;
  std::istringstream lines(run.out);
  for (std::string text; std::getline(lines, text);) {
    const nlohmann::json json = nlohmann::json::parse(text);
    PrintedMove move{json["kind"], {json["to"][0], json["to"][1], json["to"][2]}, json["line"]};
    if (json["kind"] != "arc" && json["from"] == json["to"]) continue;
    moves.push_back(move);
  }
  return moves;
}

std::vector<std::string> linesOf(const fs::path& file) {
  std::vector<std::string> lines{""};
  std::istringstream text(readText(file));
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  return lines;
}

void expectTwins(const fs::path& part, const std::string& post, const std::string& dialect) {
  SCOPED_TRACE(part.filename().string() + "/" + post);
  const std::vector<PrintedMove> reference = movesOf(part / "linuxcnc.nc", "linuxcnc");
  const std::vector<PrintedMove> twin = movesOf(part / (post + ".nc"), dialect);
  ASSERT_EQ(twin.size(), reference.size());
  const std::vector<std::string> reference_lines = linesOf(part / "linuxcnc.nc");
  int mismatches = 0;
  for (std::size_t i = 0; i < twin.size() && mismatches < 5; ++i) {
    const bool peck = post == "grbl" && twin[i].kind == "rapid" &&
                      reference_lines[static_cast<std::size_t>(reference[i].line)].find("G83") !=
                          std::string::npos;
    const int axes = peck ? 2 : 3;
    bool same = true;
    for (int axis = 0; axis < axes; ++axis)
      same = same && std::fabs(twin[i].to[static_cast<std::size_t>(axis)] -
                               reference[i].to[static_cast<std::size_t>(axis)]) <= 1e-4;
    if (!same) {
      ++mismatches;
      ADD_FAILURE() << "move " << i + 1 << " (line " << twin[i].line << " of " << post
                    << ".nc, line " << reference[i].line << " of linuxcnc.nc) differs";
    }
  }
}

TEST(DialectTwins, EveryPostMovesLikeTheLinuxCncPost) {
  int parts = 0;
  for (const auto& entry : fs::directory_iterator(kCorpus)) {
    if (!fs::exists(entry.path() / "linuxcnc.nc")) continue;
    ++parts;
    expectTwins(entry.path(), "grbl", "grbl");
    expectTwins(entry.path(), "fanuc", "fanuc");
    expectTwins(entry.path(), "mach3_mach4", "linuxcnc");
  }
  EXPECT_GE(parts, 5);
}

}  // namespace
}  // namespace gougechek
