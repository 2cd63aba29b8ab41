// The stock stage (src/stock/) on the 1M-move ball-end finish of bench/make_bench_inputs.sh,
// cutting a block round the mold (0, 0, 0 .. 100, 80, 28 mm) at 0.1 mm columns: µs per move and
// per move per core, bytes per column, on 1 and 2 threads (issue 23's targets: ≤ 20 µs per move
// per core, ≤ 4 bytes per single-interval column, 2 threads ≥ 1.8× one).
//
//   bench/make_bench_inputs.sh && build/release/bench/stock_bench
//
// GOUGECHEK_BENCH_PATH overrides the program; GOUGECHEK_BENCH_STOCK_RESOLUTION the spacing;
// GOUGECHEK_BENCH_STOCK_TOOL the tool (a --tool spec, e.g. chamfer:20:2:45,flute=100).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <span>

#include "bench_inputs.hpp"
#include "gcode/program.hpp"
#include "gougechek/tool.hpp"
#include "stock/stock_check.hpp"

namespace gougechek {
namespace {

/// CPU time of the whole process (every thread), s: its share per move is the cost per move
/// per core whatever else the machine runs.
double processCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

const Program& program() {
  static const Program loaded = [] {
    const std::string path = inputPath("GOUGECHEK_BENCH_PATH", "bench/out/finish_1m.nc");
    std::ifstream in(path, std::ios::binary);
    return readProgram(in, path);
  }();
  return loaded;
}

double resolution() {
  const char* value = std::getenv("GOUGECHEK_BENCH_STOCK_RESOLUTION");
  return value ? std::atof(value) : 0.1;
}

// The 6 mm ball the finish was made for, or GOUGECHEK_BENCH_STOCK_TOOL (a --tool spec): every
// cutter type's entries are computed their own way.
ToolSpec tool() {
  const char* value = std::getenv("GOUGECHEK_BENCH_STOCK_TOOL");
  return value ? parseToolSpec(value, "GOUGECHEK_BENCH_STOCK_TOOL")
               : ToolSpec{CutterType::Ball, 6, 3, 0, 24, 6, 0};
}

// Argument: threads.
void BM_StockFinish(benchmark::State& state) {
  const std::vector<Move>& moves = program().moves;
  stock::StockSettings settings;
  settings.shape.kind = stock::StockShape::Kind::Box;
  settings.shape.lo = {0, 0, 0};
  settings.shape.hi = {100, 80, 28};
  settings.resolution = resolution();
  settings.threads = static_cast<int>(state.range(0));
  ToolLibrary tools;
  tools.fallback = tool();
  stock::StockOutcome outcome;
  program();  // read before the clock starts
  const double cpu_before = processCpuSeconds();
  for (auto _ : state) {
    stock::StockStage stage(settings, tools);
    // In blocks of 4096 moves, as the job layer reads a program.
    for (std::size_t first = 0; first < moves.size(); first += 4096)
      stage.run(std::span(moves).subspan(first, std::min<std::size_t>(4096, moves.size() - first)));
    outcome = stage.finish();
  }
  const double cpu = processCpuSeconds() - cpu_before;
  const double moves_m = static_cast<double>(moves.size()) * 1e-6;
  state.counters["cpu_us_per_move"] = cpu / static_cast<double>(state.iterations()) / moves_m;
  const auto threads = static_cast<double>(state.range(0));
  state.counters["us_per_move"] =
      benchmark::Counter(moves_m, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["us_per_move_core"] = benchmark::Counter(
      moves_m / threads, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["moves"] = static_cast<double>(moves.size());
  state.counters["columns"] = static_cast<double>(outcome.columns);
  state.counters["bytes_per_column"] =
      static_cast<double>(outcome.bytes) / static_cast<double>(outcome.columns);
  state.counters["removed_mm3"] = outcome.volume_removed;
  state.counters["collisions"] = static_cast<double>(outcome.collisions.size());
  state.counters["air_moves"] = static_cast<double>(outcome.air.size());
}
BENCHMARK(BM_StockFinish)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->Iterations(1)->UseRealTime();

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
