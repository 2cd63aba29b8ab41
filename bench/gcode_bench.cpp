// Interpreter throughput on plain G1 programs (the bulk of CAM output): a 1M-line program is
// generated in memory and read block by block as the checker reads it. Target: ≥ 50 MB/s on one
// core.
//
//   build/release/bench/gcode_bench
#include <benchmark/benchmark.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "gcode/program_reader.hpp"

namespace gougechek {
namespace {

/// `lines` G1 moves with four-decimal coordinates, as CAM posts write them.
std::string plainFeedProgram(std::size_t lines) {
  std::string text = "G21 G90\nG0 X0 Y0 Z50\nG1 F1000\n";
  char line[64];
  for (std::size_t i = 0; i < lines; ++i) {
    const double x = static_cast<double>(i % 1000) * 0.1;
    const double y = static_cast<double>(i / 1000 % 1000) * 0.1;
    const double z = 50.0 + static_cast<double>(i % 7) * 0.0123;
    const int length = std::snprintf(line, sizeof line, "G1 X%.4f Y%.4f Z%.4f\n", x, y, z);
    text.append(line, static_cast<std::size_t>(length));
  }
  return text + "M2\n";
}

void BM_ReadPlainFeedProgram(benchmark::State& state) {
  const std::string text = plainFeedProgram(static_cast<std::size_t>(state.range(0)));
  std::vector<Move> block;
  std::size_t moves = 0;
  for (auto _ : state) {
    std::istringstream in(text);
    ProgramReader reader(in, "bench.nc");
    moves = 0;
    for (bool more = true; more;) {
      block.clear();
      more = reader.read(block, 4096);
      moves += block.size();
    }
    benchmark::DoNotOptimize(moves);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.counters["moves"] = static_cast<double>(moves);
}
BENCHMARK(BM_ReadPlainFeedProgram)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
