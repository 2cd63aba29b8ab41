#pragma once
// Helpers of the stock tests: programs read through the interpreter, run through the stage.
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/program.hpp"
#include "gougechek/tool.hpp"
#include "stock/stock_check.hpp"

namespace gougechek::stock::test {

inline std::vector<Move> movesOf(const std::string& program) {
  ProgramStream stream = ProgramStream::fromText(program, "test.nc");
  std::vector<Move> moves;
  while (stream.read(moves, 1000)) {
  }
  return moves;
}

inline StockSettings boxSettings(Vec3 lo, Vec3 hi) {
  StockSettings settings;
  settings.shape.kind = StockShape::Kind::Box;
  settings.shape.lo = lo;
  settings.shape.hi = hi;
  return settings;
}

inline ToolLibrary library(const std::string& tool) {
  ToolLibrary tools;
  tools.fallback = parseToolSpec(tool, "--tool");
  return tools;
}

inline StockOutcome runMoves(const std::vector<Move>& moves, const StockSettings& settings,
                             const ToolLibrary& tools) {
  StockStage stage(settings, tools);
  stage.run(moves);
  return stage.finish();
}

inline StockOutcome runProgram(const std::string& program, const StockSettings& settings,
                               const std::string& tool) {
  return runMoves(movesOf(program), settings, library(tool));
}

}  // namespace gougechek::stock::test
