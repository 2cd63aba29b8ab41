// Setup and memory on a 2M-triangle mold with a 251k-move ball finish (issue 9): the part's
// import (read, weld, surface checks) and the k-DOP tree build, on 1 and 2 threads, and the
// whole program's peak memory per triangle.
//
//   bench/make_bench_inputs.sh && build/release/bench/setup_bench
//
// BM_Setup: importPart and the default tree (k = 18), in this process; BM_Import and BM_Tree
// time its two halves apart.
// BM_WholeRun: `gougechek PART PATH --tool ball:6 -jN -q` in a child process, from the part
// file's first byte to the report; counter peak_rss/triangle is its peak resident memory (as
// /usr/bin/time reports it) over the part's triangles.
//
// GOUGECHEK_BENCH_SETUP_PART / GOUGECHEK_BENCH_SETUP_PATH override the inputs.
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <tbb/global_control.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_inputs.hpp"
#include "bvh/kdop_tree.hpp"
#include "io/part_reader.hpp"

extern char** environ;

namespace gougechek {
namespace {

const std::string& partPath() {
  static const std::string path = inputPath("GOUGECHEK_BENCH_SETUP_PART", "bench/out/mold_2m.stl");
  return path;
}
const std::string& programPath() {
  static const std::string path =
      inputPath("GOUGECHEK_BENCH_SETUP_PATH", "bench/out/finish_250k.nc");
  return path;
}

tbb::global_control threadLimit(benchmark::State& state) {
  return tbb::global_control(tbb::global_control::max_allowed_parallelism,
                             static_cast<std::size_t>(state.range(0)));
}

void BM_Setup(benchmark::State& state) {
  const tbb::global_control threads = threadLimit(state);
  std::size_t triangles = 0;
  for (auto _ : state) {
    const ImportedPart part = importPart(partPath(), 1.0);
    const KdopTree<18> tree(part.mesh);
    benchmark::DoNotOptimize(tree.nodeCount());
    triangles = part.mesh.triangles.size();
  }
  state.counters["triangles"] = static_cast<double>(triangles);
}

// The two halves of BM_Setup apart: importPart alone, and the tree alone over a mesh read once.
void BM_Import(benchmark::State& state) {
  const tbb::global_control threads = threadLimit(state);
  for (auto _ : state) benchmark::DoNotOptimize(importPart(partPath(), 1.0).mesh.triangles.size());
}

void BM_Tree(benchmark::State& state) {
  static const ImportedPart part = importPart(partPath(), 1.0);
  const tbb::global_control threads = threadLimit(state);
  for (auto _ : state) {
    const KdopTree<18> tree(part.mesh);
    benchmark::DoNotOptimize(tree.nodeCount());
  }
}

// Runs `command` to its end under GNU time; returns its peak resident memory in bytes. GNU time
// forks it from its own small process: a child started from this one would inherit this
// process's peak in its ru_maxrss.
double peakResidentBytes(const std::vector<std::string>& command) {
  const std::string report = (std::filesystem::temp_directory_path() /
                              ("gougechek_setup_bench_" + std::to_string(::getpid())))
                                 .string();
  std::vector<std::string> arguments = {"/usr/bin/time", "-f", "%M", "-o", report};
  arguments.insert(arguments.end(), command.begin(), command.end());
  std::vector<char*> argv;
  for (const std::string& argument : arguments) argv.push_back(const_cast<char*>(argument.c_str()));
  argv.push_back(nullptr);
  pid_t child = 0;
  if (posix_spawn(&child, argv[0], nullptr, nullptr, argv.data(), environ) != 0)
    throw std::runtime_error("cannot start /usr/bin/time");
  int status = 0;
  if (waitpid(child, &status, 0) != child || !WIFEXITED(status) || WEXITSTATUS(status) > 1)
    throw std::runtime_error(command.front() + " failed");
  double kilobytes = 0;
  std::ifstream(report) >> kilobytes;
  std::filesystem::remove(report);
  constexpr double kBytesPerKilobyte = 1024;  // GNU time's %M is in kilobytes
  return kilobytes * kBytesPerKilobyte;
}

void BM_WholeRun(benchmark::State& state) {
  static const double triangles =
      static_cast<double>(importPart(partPath(), 1.0).mesh.triangles.size());
  double peak = 0;
  for (auto _ : state)
    peak = peakResidentBytes({GOUGECHEK_CLI, partPath(), programPath(), "--tool", "ball:6",
                              "-j" + std::to_string(state.range(0)), "-q"});
  state.counters["peak_rss/triangle"] = peak / triangles;
  state.counters["peak_rss_MB"] = peak / 1e6;
}

BENCHMARK(BM_Setup)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Import)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_Tree)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_WholeRun)
    ->ArgName("threads")
    ->Arg(1)
    ->Arg(2)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(3)
    ->UseRealTime();

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
