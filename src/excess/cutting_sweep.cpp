#include "excess/cutting_sweep.hpp"

#include "verify/move_path.hpp"

namespace gougechek {

std::vector<CuttingSweep> cuttingSweeps(std::span<const Move> moves,
                                        const std::map<int, CutterModel>& cutters,
                                        double tolerance) {
  std::vector<CuttingSweep> sweeps;
  std::vector<PathPiece> pieces;
  for (std::size_t index = 0; index < moves.size(); ++index) {
    const Move& move = moves[index];
    const auto cutter = cutters.find(move.tool);
    if (move.kind == MoveKind::Probe || cutter == cutters.end()) continue;
    splitMovePath(move, move.from, tolerance, pieces);
    for (const PathPiece& piece : pieces)
      for (const CutterSection& section : cutter->second.sections)
        if (section.cutting)
          sweeps.push_back({section.core, piece, static_cast<std::uint32_t>(index)});
  }
  return sweeps;
}

}  // namespace gougechek
