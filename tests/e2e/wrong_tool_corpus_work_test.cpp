// Issue 21: a wrong tool must be caught as fast as the right one, on real programs: the
// corpus's boss_block finish with a tool library's wrong cutters in the spindle, read as the CLI
// reads it, held to a bound on the depth search's work a move (bench/wrong_tool_cli.sh times
// the same runs).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/part.hpp"
#include "gougechek/program.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/verify.hpp"
#include "verify/tuning.hpp"

namespace gougechek {
namespace {

/// The moves of the corpus's boss_block LinuxCNC post with every T and G43 H word made `tool`
/// (as bench/wrong_tool_cli.sh runs it), its lengths from `tools`.
std::vector<Move> bossBlockWith(int tool, const ToolLibrary& tools) {
  const std::string shared = GOUGECHEK_SHARED_DIR;
  const std::string cam = shared + "/corpus/cam/boss_block/";
  std::ifstream in(cam + "linuxcnc.nc");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string number = std::to_string(tool);
  std::string program =
      std::regex_replace(text.str(), std::regex("(^|[^A-Za-z(;])T[0-9]+"), "$1T" + number);
  program =
      std::regex_replace(program, std::regex("(G43[^\n]*[^A-Za-z(;])H[0-9]+"), "$1H" + number);
  ProgramOptions options;
  addToolOffsets(options, tools);
  ProgramStream stream = ProgramStream::fromText(program, "boss_block.nc", options);
  std::vector<Move> moves;
  while (stream.read(moves, 1 << 16)) {
  }
  return moves;
}

TEST(WrongTool, ChamferMillOnBossBlockGoesStraightToItsDeepest) {
  // Matsuura MX330's T1, a 92 mm chamfer mill with a 79.5 mm flat tip, along the whole
  // boss_block job (written for an 8 mm bull with 1 mm corners): on most moves its flank is
  // buried in the boss, every node of the boss tied at the flank's half height; on others its
  // end lies 2 mm under the boss's top, which its flank clears. Tied nodes are split the one
  // split last first, down to a triangle that deep (the oldest first split them level by
  // level), the triangle of the last finding is measured ahead of the entries tied at its
  // bound, and a node is bounded by the flank's normal toward it as well as by the end's cut
  // (the k-DOP's directions bound the flank 2 mm deep where it clears the boss). Before: 522
  // queue steps a move; now 15.
  const std::string shared = GOUGECHEK_SHARED_DIR;
  if (!std::filesystem::is_directory(shared + "/corpus/cam") ||
      !std::filesystem::is_directory(shared + "/corpus/tools"))
    GTEST_SKIP() << "no CAM corpus or tool libraries";
  ToolLibrary tools = readToolLibrary(shared + "/corpus/tools/fusion/carlbass_Matsuura_MX330.json");
  tools.fallback = ToolSpec{CutterType::Ball, 8, 4, 0, 16, 8, 0};  // tool 0, before the first M6
  const std::vector<Move> moves = bossBlockWith(1, tools);
  TunedSettings settings;
  settings.threads = 1;
  const Part part = readPart(shared + "/corpus/cam/boss_block/part.stl");
  const CountedResult result = verify(part.mesh(), moves, tools, settings, "boss_block.nc");
  EXPECT_GT(result.violations.size(), 20000u);
  const double steps =
      static_cast<double>(result.stats.queue_steps) / static_cast<double>(moves.size());
  RecordProperty("queue_steps_per_move", std::to_string(steps));
  EXPECT_LT(steps, 40);
}

}  // namespace
}  // namespace gougechek
