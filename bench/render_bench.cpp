// The renderer of the HTML report's pictures (src/render/) on generated height-field parts:
// a 1000 × 1000 grid (2,000,000 triangles) and a 354 × 354 one (250,632), 200 × 200 mm, drawn
// at 800 × 600 from the top and in the iso view on one thread, with the overlays; the iso view
// again under a raster path over the part (a pass every 10th grid row: 100k segments) and 1000
// markers; a section through the middle; PNG encoding of the iso picture.
//
//   build/release/bench/render_bench --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <vector>

#include "render/render.hpp"

namespace gougechek {
namespace {

constexpr double kSide = 200;  // mm

double height(double x, double y) {
  return 6 * std::sin(x / 9) * std::cos(y / 13) + 0.05 * x + 2 * std::sin((x + y) / 3);
}

const Mesh& heightField(int cells) {
  static std::map<int, Mesh> meshes;
  Mesh& mesh = meshes[cells];
  if (!mesh.triangles.empty()) return mesh;
  const int n = cells + 1;
  for (int j = 0; j < n; ++j) {
    for (int i = 0; i < n; ++i) {
      const double x = kSide * i / cells, y = kSide * j / cells;
      mesh.vertices.push_back({x, y, height(x, y)});
    }
  }
  const auto at = [n](int i, int j) { return static_cast<std::uint32_t>(j * n + i); };
  for (int j = 0; j < cells; ++j) {
    for (int i = 0; i < cells; ++i) {
      mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
  }
  return mesh;
}

// A ball's raster over the part, 0.1 mm above it, every 10th grid row, feeds joined by rapids.
std::vector<render::PathSegment> rasterPath(int cells) {
  std::vector<render::PathSegment> path;
  const double step = kSide / cells;
  for (int j = 0; j <= cells; j += 10) {
    const double y = j * step;
    if (!path.empty()) path.push_back({path.back().to, {0, y, 30}, true});
    for (int i = 0; i < cells; ++i) {
      const double x0 = i * step, x1 = (i + 1) * step;
      path.push_back({{x0, y, height(x0, y) + 0.1}, {x1, y, height(x1, y) + 0.1}, false});
    }
  }
  return path;
}

std::vector<render::Marker> markers(int count) {
  std::vector<render::Marker> result;
  for (int k = 0; k < count; ++k) {
    const double x = std::fmod(k * 37.3, kSide), y = std::fmod(k * 91.7, kSide);
    result.push_back({{x, y, height(x, y)}, 0.001 * (k % 50), k % 17 == 0});
  }
  return result;
}

void setCounters(benchmark::State& state, const Mesh& mesh) {
  const auto triangles = static_cast<double>(mesh.triangles.size());
  state.counters["triangles"] = triangles;
  state.counters["triangles_per_s"] = benchmark::Counter(
      triangles * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void renderView(benchmark::State& state, render::ViewKind kind, bool overlay_path) {
  const int cells = static_cast<int>(state.range(0));
  const Mesh& mesh = heightField(cells);
  const std::vector<render::PathSegment> path =
      overlay_path ? rasterPath(cells) : std::vector<render::PathSegment>{};
  const std::vector<render::Marker> found = overlay_path ? markers(1000) : markers(0);
  render::RenderOptions options;
  options.depth_scale = render::depthScaleFor(found);
  const render::Camera camera = render::viewOf(kind, bounds(mesh));
  for (auto _ : state) {
    benchmark::DoNotOptimize(render::view(mesh, path, found, camera, options));
  }
  setCounters(state, mesh);
  if (overlay_path) state.counters["segments"] = static_cast<double>(path.size());
}

void BM_RenderTop(benchmark::State& state) {
  renderView(state, render::ViewKind::Top, false);
}
void BM_RenderIso(benchmark::State& state) {
  renderView(state, render::ViewKind::Iso, false);
}
void BM_RenderIsoPathMarkers(benchmark::State& state) {
  renderView(state, render::ViewKind::Iso, true);
}

void BM_Section(benchmark::State& state) {
  const Mesh& mesh = heightField(static_cast<int>(state.range(0)));
  const render::Plane plane{{kSide / 2, kSide / 2, 0}, {0, -1, 0}};
  render::RenderOptions options;
  options.cutter = render::CutterPose{{.type = CutterType::Ball, .diameter = 6, .corner_radius = 3},
                                      {kSide / 2, kSide / 2, height(kSide / 2, kSide / 2) - 0.05}};
  const render::Camera camera = render::sectionView(plane, 10);
  for (auto _ : state) {
    benchmark::DoNotOptimize(render::section(mesh, plane, {}, camera, options));
  }
  setCounters(state, mesh);
}

void BM_EncodePng(benchmark::State& state) {
  const Mesh& mesh = heightField(static_cast<int>(state.range(0)));
  const render::Image image = render::view(
      mesh, {}, {}, render::viewOf(render::ViewKind::Iso, bounds(mesh)), render::RenderOptions{});
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string png = render::encodePng(image);
    bytes = png.size();
    benchmark::DoNotOptimize(png);
  }
  state.counters["png_bytes"] = static_cast<double>(bytes);
  setCounters(state, mesh);
}

BENCHMARK(BM_RenderTop)->Arg(354)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RenderIso)->Arg(354)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RenderIsoPathMarkers)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Section)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_EncodePng)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
