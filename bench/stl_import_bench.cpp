// Part import speed on a generated closed torus of 1M triangles (500k vertices), written once
// per run into the temp folder: the whole importPart (file read, parse, weld, surface check) and
// its stages, for binary and ASCII STL.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "gougechek/part.hpp"
#include "io/file_bytes.hpp"
#include "io/mesh_check.hpp"
#include "io/part_reader.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {
namespace {

// major × minor segments, two triangles per quad: 1000 × 500 × 2 = 1M triangles.
Mesh torus(int major_segments, int minor_segments) {
  constexpr double kMajorRadius = 50, kMinorRadius = 15;
  Mesh mesh;
  for (int i = 0; i < major_segments; ++i)
    for (int j = 0; j < minor_segments; ++j) {
      const double u = 2 * std::numbers::pi * i / major_segments;
      const double v = 2 * std::numbers::pi * j / minor_segments;
      const double ring = kMajorRadius + kMinorRadius * std::cos(v);
      mesh.vertices.push_back({ring * std::cos(u), ring * std::sin(u), kMinorRadius * std::sin(v)});
    }
  const auto index = [&](int i, int j) {
    return static_cast<std::uint32_t>((i % major_segments) * minor_segments + j % minor_segments);
  };
  for (int i = 0; i < major_segments; ++i)
    for (int j = 0; j < minor_segments; ++j) {
      const std::uint32_t a = index(i, j), b = index(i + 1, j), c = index(i + 1, j + 1),
                          d = index(i, j + 1);
      mesh.triangles.push_back({a, b, c});
      mesh.triangles.push_back({a, c, d});
    }
  return mesh;
}

std::string asciiStl(const Mesh& mesh) {
  std::string text = "solid torus\n";
  char number[32];
  for (const Triangle& t : mesh.triangles) {
    text += "  facet normal 0 0 0\n    outer loop\n";
    for (std::uint32_t v : t) {
      text += "      vertex";
      for (int axis = 0; axis < 3; ++axis) {
        const auto end = std::to_chars(number, number + sizeof number,
                                       static_cast<float>(mesh.vertices[v][axis]),
                                       std::chars_format::scientific, 6);
        text += ' ';
        text.append(number, end.ptr);
      }
      text += '\n';
    }
    text += "    endloop\n  endfacet\n";
  }
  return text + "endsolid torus\n";
}

// The generated files, removed when the program ends.
struct BenchFiles {
  std::string binary, ascii;
  std::size_t triangles = 0;

  BenchFiles() {
    const std::string stem = (std::filesystem::temp_directory_path() /
                              ("gougechek_bench_torus_" + std::to_string(::getpid())))
                                 .string();
    binary = stem + "_binary.stl";
    ascii = stem + "_ascii.stl";
    const Mesh mesh = torus(1000, 500);
    triangles = mesh.triangles.size();
    writeStlBinary(mesh, binary);
    std::ofstream(ascii, std::ios::binary) << asciiStl(mesh);
  }
  ~BenchFiles() {
    std::filesystem::remove(binary);
    std::filesystem::remove(ascii);
  }
};

}  // namespace

const BenchFiles& files() {
  static const BenchFiles instance;
  return instance;
}

namespace {

void reportRates(benchmark::State& state, const std::string& path) {
  state.SetBytesProcessed(state.iterations() *
                          static_cast<std::int64_t>(std::filesystem::file_size(path)));
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(files().triangles));
}

void BM_ReadPartBinary(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(importPart(files().binary, 1.0));
  reportRates(state, files().binary);
}
BENCHMARK(BM_ReadPartBinary)->Unit(benchmark::kMillisecond);

void BM_ReadPartAscii(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(importPart(files().ascii, 1.0));
  reportRates(state, files().ascii);
}
BENCHMARK(BM_ReadPartAscii)->Unit(benchmark::kMillisecond);

// Stages of the binary import: file to memory, parse and weld, surface check.
void BM_ReadFileBytes(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(readFileBytes(files().binary));
  reportRates(state, files().binary);
}
BENCHMARK(BM_ReadFileBytes)->Unit(benchmark::kMillisecond);

void BM_ParseAndWeldBinary(benchmark::State& state) {
  const std::string bytes = readFileBytes(files().binary);
  for (auto _ : state) benchmark::DoNotOptimize(readStl(bytes, files().binary, 1.0));
  reportRates(state, files().binary);
}
BENCHMARK(BM_ParseAndWeldBinary)->Unit(benchmark::kMillisecond);

void BM_CheckSurface(benchmark::State& state) {
  const ImportedPart part = readStl(readFileBytes(files().binary), files().binary, 1.0);
  for (auto _ : state) {
    Mesh mesh = part.mesh;
    MeshDiagnostics diagnostics;
    checkSurface(mesh, diagnostics);
    benchmark::DoNotOptimize(diagnostics);
  }
  reportRates(state, files().binary);
}
BENCHMARK(BM_CheckSurface)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gougechek

// The files are generated before any timing starts.
int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  gougechek::files();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
