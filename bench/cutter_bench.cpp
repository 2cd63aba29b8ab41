// The check with each cutter type on a real CAM program: the corpus part chamfer_bracket and
// its FreeCAD program linuxcnc.nc, posted for a 4 mm flat end mill (536 lines: pockets,
// helices, drilling cycles, a profile with arcs). One thread, the part's tree built once.
//
//   touching  a cutter of the program's size: it meets the part along floors and walls
//   deep      one size up (6 mm, a program posted for one cutter run with another): every cut
//             about 1 mm too deep, so nearly every move gouges and needs the depth search
//
//   build/release/bench/cutter_bench --benchmark_counters_tabular=true
//
// Counters: moves, violations, gouging moves; CPU µs a move; triangle tests (GJK) a move;
// deep tests (triangles that needed the interior-depth search) and CPU ms a gouging move.
//
// Deep runs take minutes on a slow depth search: every case runs once (Iterations(1)).
// GOUGECHEK_BENCH_CAM_DIR overrides the folder holding part.stl and linuxcnc.nc.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>

#include "gcode/program.hpp"
#include "gougechek/tool.hpp"
#include "io/part_reader.hpp"
#include "verify/verifier.hpp"

namespace gougechek {
namespace {

constexpr int kBenchKdop = 18;  // the CLI's default

struct CutterCase {
  const char* name;
  const char* tool;  // --tool spec
  double stock;      // --stock
};

// Touching cutters are the posted tool's size (the taper's tip as wide as the flat); deep ones
// are 6 mm, with the shorter flutes a 6 mm cutter of that reach would have. Any taper cuts the
// program's vertical walls with its flanks, so even the touching one gouges there.
constexpr CutterCase kCases[] = {
    {"ball/touching", "ball:4", 0},
    {"ball/deep", "ball:6,flute=20", 0},
    {"flat/touching", "flat:4,flute=25", 0},
    {"flat/touching_stock0.2", "flat:4,flute=25", 0.2},
    {"flat/deep", "flat:6,flute=20", 0},
    {"bull/touching", "bull:4:1,flute=25", 0},
    {"bull/deep", "bull:6:1,flute=20", 0},
    {"taper/touching", "taper:4:0:10,flute=25", 0},
    {"taper/deep", "taper:6:0:10,flute=20", 0},
};

std::string camDir() {
  const char* value = std::getenv("GOUGECHEK_BENCH_CAM_DIR");
  return value ? value
               : std::string(GOUGECHEK_SOURCE_DIR) + "/../shared/corpus/cam/chamfer_bracket";
}

struct CamInputs {
  ImportedPart part;
  Program program;
  KdopTree<kBenchKdop> tree;

  explicit CamInputs(const std::string& dir)
      : part(importPart(dir + "/part.stl", 1.0)),
        program(readProgramFile(dir + "/linuxcnc.nc")),
        tree(part.mesh) {}

  static Program readProgramFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return readProgram(in, path);
  }
};

const CamInputs& inputs() {
  static const CamInputs loaded(camDir());
  return loaded;
}

void BM_Cutter(benchmark::State& state, const CutterCase& c) {
  if (!std::filesystem::exists(camDir() + "/part.stl")) {
    state.SkipWithError(("no chamfer_bracket in " + camDir()).c_str());
    return;
  }
  const CamInputs& in = inputs();
  TunedSettings settings;
  settings.kdop = kBenchKdop;
  settings.stock = c.stock;
  ToolLibrary tools;
  tools.fallback = parseToolSpec(c.tool, "cutter_bench");
  tbb::global_control one_thread(tbb::global_control::max_allowed_parallelism, 1);
  CountedResult result;
  // CPU time of the last iteration: the check runs on this thread alone, and its CPU time
  // stays put on a busy machine where its wall time does not.
  double seconds = 0;
  for (auto _ : state) {
    const std::clock_t start = std::clock();
    Verifier<kBenchKdop> verifier(in.part.mesh, in.tree, tools, settings, "linuxcnc.nc");
    verifier.check(in.program.moves);
    result = verifier.finish();
    seconds = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
  }
  // A move gives at most one gouge, so the gouges are the gouging moves.
  std::size_t gouging_moves = result.unlisted.gouges;
  for (const Violation& v : result.violations) gouging_moves += v.kind == ViolationKind::Gouge;
  const double moves = static_cast<double>(in.program.moves.size());
  const double gouging = static_cast<double>(gouging_moves);
  const auto perGouging = [&](double total) { return gouging_moves ? total / gouging : 0.0; };
  state.counters["moves"] = moves;
  state.counters["violations"] =
      static_cast<double>(result.violations.size() + result.unlisted.total());
  state.counters["gouging"] = gouging;
  state.counters["us/move"] = seconds * 1e6 / moves;
  state.counters["tri_tests/move"] = static_cast<double>(result.stats.triangle_tests) / moves;
  state.counters["deep_tests/gouging"] = perGouging(static_cast<double>(result.stats.deep_tests));
  // The whole check's time spread over the gouging moves, which dominate it when they cut deep.
  state.counters["ms/gouging"] = perGouging(seconds * 1e3);
}

}  // namespace
}  // namespace gougechek

int main(int argc, char** argv) {
  for (const auto& c : gougechek::kCases)
    benchmark::RegisterBenchmark(c.name, gougechek::BM_Cutter, c)
        ->Unit(benchmark::kMillisecond)
        ->Iterations(1)
        ->UseRealTime();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
