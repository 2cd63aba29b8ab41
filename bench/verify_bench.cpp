// End-to-end benchmark on a generated mold (≥ 1M triangles) and a ball-end finishing program
// (≥ 1M moves) made by bench/make_bench_inputs.sh: import, parse, tree build and the check,
// per k, with and without front tracking, on 1 and 2 threads; and a tool assembly (shank and
// an ER32-like holder) against the cutter alone.
//
//   bench/make_bench_inputs.sh && build/release/bench/verify_bench
//
// GOUGECHEK_BENCH_PART / GOUGECHEK_BENCH_PATH override the inputs.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <optional>

#include "bench_inputs.hpp"
#include "gcode/program.hpp"
#include "io/part_reader.hpp"
#include "verify/verifier.hpp"

namespace gougechek {
namespace {

const std::string& partPath() {
  static const std::string path = inputPath("GOUGECHEK_BENCH_PART", "bench/out/mold_1m.stl");
  return path;
}
const std::string& programPath() {
  static const std::string path = inputPath("GOUGECHEK_BENCH_PATH", "bench/out/finish_1m.nc");
  return path;
}

// Loaded once and shared by the benchmarks that do not measure loading.
const ImportedPart& part() {
  static const ImportedPart loaded = importPart(partPath(), 1.0);
  return loaded;
}
const Program& program() {
  static const Program loaded = [] {
    std::ifstream in(programPath(), std::ios::binary);
    return readProgram(in, programPath());
  }();
  return loaded;
}

void BM_ImportPart(benchmark::State& state) {
  std::size_t triangles = 0;
  for (auto _ : state) triangles = importPart(partPath(), 1.0).mesh.triangles.size();
  state.counters["triangles"] = static_cast<double>(triangles);
}

void BM_ParseProgram(benchmark::State& state) {
  std::size_t moves = 0;
  for (auto _ : state) {
    std::ifstream in(programPath(), std::ios::binary);
    moves = readProgram(in, programPath()).moves.size();
  }
  state.counters["moves"] = static_cast<double>(moves);
}

template <int K>
void BM_BuildTree(benchmark::State& state) {
  for (auto _ : state) {
    KdopTree<K> tree(part().mesh);
    benchmark::DoNotOptimize(tree.nodeCount());
  }
}

// Arguments: front tracking (0/1), threads.
template <int K>
void BM_Check(benchmark::State& state) {
  static const KdopTree<K> tree(part().mesh);
  TunedSettings settings;
  settings.kdop = K;
  settings.front_tracking = state.range(0) != 0;
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Ball, 6, 3, 0, 24, 6, 0};
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism,
                              static_cast<std::size_t>(state.range(1)));
  CountedResult result;
  for (auto _ : state) {
    Verifier<K> verifier(part().mesh, tree, tools, settings, programPath());
    verifier.check(program().moves);
    result = verifier.finish();
  }
  const double moves = static_cast<double>(program().moves.size());
  state.counters["violations"] = static_cast<double>(result.violations.size());
  state.counters["node_tests/move"] = static_cast<double>(result.stats.node_tests) / moves;
  state.counters["certified/move"] = static_cast<double>(result.stats.certified_nodes) / moves;
  state.counters["ray_tests/move"] = static_cast<double>(result.stats.ray_node_tests) / moves;
  state.counters["tri_tests/move"] = static_cast<double>(result.stats.triangle_tests) / moves;
  state.counters["us/move"] =
      benchmark::Counter(moves * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

// The program raised by `dz` (every position and arc centre): the ball-end finish raised by
// R − r puts a bull (flat: r = 0) where it lies inside the ball and the cylinder above its
// equator, so it touches the surface as the ball does, and cuts nowhere.
const std::vector<Move>& raisedMoves(double dz) {
  static std::map<double, std::vector<Move>> raised;
  auto [it, added] = raised.try_emplace(dz);
  if (added) {
    it->second = program().moves;
    for (Move& move : it->second) {
      move.from.z += dz;
      move.to.z += dz;
      move.center.z += dz;
    }
  }
  return it->second;
}

// A 6 mm cutter (ball, bull r1 or flat; argument 0, 1, 2), flutes 24, alone or (argument 1)
// with a 40 mm stick-out of shank and an ER32-like holder: nut Ø50 × 20, body cone Ø44 to Ø63,
// flange Ø63 × 16. Four non-cutting pieces, far above the surface on this program: what they
// cost is what tracking their fronts costs. k = 18, front tracking, one thread.
void BM_Assembly(benchmark::State& state) {
  static const KdopTree<18> tree(part().mesh);
  const CutterType types[] = {CutterType::Ball, CutterType::Bull, CutterType::Flat};
  const double corners[] = {3, 1, 0};
  const double corner = corners[state.range(0)];
  ToolSpec tool{types[state.range(0)], 6, corner, 0, 24, 6, 0};
  if (state.range(1) != 0) {
    tool.overall_length = 40;
    tool.holder = {{"holder: nut", false, 40, 60, 25, 25, 0},
                   {"holder: body", false, 60, 90, 22, 31.5, 0},
                   {"holder: flange", false, 90, 106, 31.5, 31.5, 0}};
  }
  const std::vector<Move>& moves = raisedMoves(3 - corner);
  ToolLibrary tools;
  tools.fallback = tool;
  TunedSettings settings;
  tbb::global_control threads(tbb::global_control::max_allowed_parallelism, 1);
  CountedResult result;
  for (auto _ : state) {
    Verifier<18> verifier(part().mesh, tree, tools, settings, programPath());
    verifier.check(moves);
    result = verifier.finish();
  }
  const double count = static_cast<double>(moves.size());
  state.counters["violations"] = static_cast<double>(result.violations.size());
  state.counters["node_tests/move"] = static_cast<double>(result.stats.node_tests) / count;
  state.counters["us/move"] =
      benchmark::Counter(count * 1e-6, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

BENCHMARK(BM_ImportPart)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK(BM_ParseProgram)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK_TEMPLATE(BM_BuildTree, 6)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_BuildTree, 14)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_BuildTree, 18)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(BM_BuildTree, 26)->Unit(benchmark::kMillisecond)->Iterations(1);
#define GOUGECHEK_CHECK_BENCH(K)       \
  BENCHMARK_TEMPLATE(BM_Check, K)      \
      ->ArgNames({"front", "threads"}) \
      ->Args({0, 1})                   \
      ->Args({1, 1})                   \
      ->Args({1, 2})                   \
      ->Unit(benchmark::kMillisecond)  \
      ->Iterations(1)                  \
      ->UseRealTime()
GOUGECHEK_CHECK_BENCH(6);
GOUGECHEK_CHECK_BENCH(14);
GOUGECHEK_CHECK_BENCH(18);
GOUGECHEK_CHECK_BENCH(26);
BENCHMARK(BM_Assembly)
    ->ArgNames({"cutter", "holder"})
    ->ArgsProduct({{0, 1, 2}, {0, 1}})
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->UseRealTime();

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
