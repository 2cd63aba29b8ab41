// k-DOP tree on a 1M-triangle terrain: build time, and the cost of culling along a raster
// finishing path of a 6 mm ball (radius 3) with and without front tracking, for every k and a
// few leaf sizes. Counters: node k-DOP tests and reported triangles per query, front size.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "bvh/kdop_tree.hpp"

namespace gougechek {
namespace {

constexpr int kGrid = 708;           // 2·707² ≈ 1.0M triangles
constexpr double kPartSize = 200.0;  // mm
constexpr double kBallRadius = 3.0;
constexpr double kStep = 0.5;      // mm along a raster line
constexpr double kStepover = 1.0;  // mm between raster lines

double height(double x, double y) {
  return 10 * std::sin(x / 15) * std::cos(y / 20) + 3 * std::sin(x / 4 + y / 7);
}

const Mesh& terrain() {
  static const Mesh mesh = [] {
    Mesh m;
    const double spacing = kPartSize / (kGrid - 1);
    for (int j = 0; j < kGrid; ++j)
      for (int i = 0; i < kGrid; ++i)
        m.vertices.push_back({i * spacing, j * spacing, height(i * spacing, j * spacing)});
    for (int j = 0; j + 1 < kGrid; ++j)
      for (int i = 0; i + 1 < kGrid; ++i) {
        const auto v = static_cast<std::uint32_t>(j * kGrid + i);
        m.triangles.push_back({v, v + 1, v + kGrid + 1});
        m.triangles.push_back({v, v + kGrid + 1, v + kGrid});
      }
    return m;
  }();
  return mesh;
}

/// Zigzag raster over the part with the ball resting on the surface: one swept-ball k-DOP per move.
template <int K>
std::vector<Kdop<K>> rasterPath() {
  std::vector<Kdop<K>> moves;
  auto centre = [](double x, double y) { return Vec3{x, y, height(x, y) + kBallRadius}; };
  bool forward = true;
  Vec3 at = centre(0, 0);
  for (double y = 0; y <= kPartSize; y += kStepover, forward = !forward)
    for (double s = 0; s <= kPartSize; s += kStep) {
      const Vec3 to = centre(forward ? s : kPartSize - s, y);
      Kdop<K> box = Kdop<K>::empty();
      box.add(at);
      box.add(to);
      box.grow(kBallRadius);
      moves.push_back(box);
      at = to;
    }
  return moves;
}

template <int K>
void BM_Build(benchmark::State& state) {
  const Mesh& mesh = terrain();
  for (auto _ : state) {
    const KdopTree<K> tree(mesh, static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize(tree.rootBox());
    state.counters["nodes"] = static_cast<double>(tree.nodeCount());
    state.counters["depth"] = tree.depth();
  }
  state.counters["triangles"] = static_cast<double>(mesh.triangles.size());
}

template <int K, bool kFront>
void BM_RasterQuery(benchmark::State& state) {
  const KdopTree<K> tree(terrain(), static_cast<int>(state.range(0)));
  const std::vector<Kdop<K>> moves = rasterPath<K>();
  Front front;
  std::uint64_t node_tests = 0, triangles = 0, front_cells = 0;
  std::size_t move = 0;
  auto count = [&](std::uint32_t) { ++triangles; };
  for (auto _ : state) {
    if (kFront) {
      tree.query(moves[move], front, count, node_tests);
      front_cells += front.nodes.size();
    } else {
      tree.query(moves[move], count, node_tests);
    }
    if (++move == moves.size()) move = 0;
  }
  using benchmark::Counter;
  state.counters["node_tests/query"] = Counter(double(node_tests), Counter::kAvgIterations);
  state.counters["tris/query"] = Counter(double(triangles), Counter::kAvgIterations);
  if (kFront) state.counters["front/query"] = Counter(double(front_cells), Counter::kAvgIterations);
}

// Fixed iteration counts: each call builds a 1M-triangle tree, which must not be repeated while
// the library searches for an iteration count. 160k queries ≈ two passes over the path.
void leafSizes(benchmark::internal::Benchmark* b) {
  for (const int leaf : {1, 2, 4, 8}) b->Arg(leaf);
  b->ArgName("leaf");
}

#define GOUGECHEK_KDOP_BENCH(K)                                                                    \
  BENCHMARK_TEMPLATE(BM_Build, K)->Apply(leafSizes)->Unit(benchmark::kMillisecond)->Iterations(2); \
  BENCHMARK_TEMPLATE(BM_RasterQuery, K, false)->Apply(leafSizes)->Iterations(160000);              \
  BENCHMARK_TEMPLATE(BM_RasterQuery, K, true)->Apply(leafSizes)->Iterations(160000);

GOUGECHEK_KDOP_BENCH(6)
GOUGECHEK_KDOP_BENCH(14)
GOUGECHEK_KDOP_BENCH(18)
GOUGECHEK_KDOP_BENCH(26)

}  // namespace
}  // namespace gougechek

BENCHMARK_MAIN();
