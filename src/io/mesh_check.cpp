#include "io/mesh_check.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "geom/huge_page_allocator.hpp"

namespace gougechek {

namespace {
struct EdgeCounts {
  std::size_t boundary = 0;
  std::size_t non_manifold = 0;
  std::size_t misoriented = 0;
};

// One triangle's use of an edge, filed under the edge's lower vertex index.
struct EdgeUse {
  std::uint32_t upper;  ///< the edge's other (higher) vertex index
  bool upward;          ///< the triangle runs the edge from lower to upper
};

using Range = tbb::blocked_range<std::size_t>;

// Groups the 3·T edge uses by vertex pair with a counting sort on the lower vertex (linear, no
// hash table); the few uses per vertex are then sorted by the upper vertex. Threads fill a
// vertex's uses in any order, which the counts do not see: a pair's uses are counted, and two
// of them compared with each other, whatever their order.
EdgeCounts countEdges(const Mesh& mesh) {
  const std::size_t vertices = mesh.vertices.size();
  std::vector<std::uint32_t> first(vertices + 1, 0);
  auto each_edge = [&](auto&& visit) {
    tbb::parallel_for(Range(0, mesh.triangles.size()), [&](const Range& range) {
      for (std::size_t t = range.begin(); t < range.end(); ++t)
        for (int i = 0; i < 3; ++i) visit(mesh.triangles[t][i], mesh.triangles[t][(i + 1) % 3]);
    });
  };
  each_edge([&](std::uint32_t from, std::uint32_t to) {
    std::atomic_ref<std::uint32_t>(first[std::min(from, to) + 1])
        .fetch_add(1, std::memory_order_relaxed);
  });
  std::partial_sum(first.begin(), first.end(), first.begin());

  HugePageVector<EdgeUse> uses(3 * mesh.triangles.size());
  std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
  each_edge([&](std::uint32_t from, std::uint32_t to) {
    const std::uint32_t at = std::atomic_ref<std::uint32_t>(fill[std::min(from, to)])
                                 .fetch_add(1, std::memory_order_relaxed);
    uses[at] = {std::max(from, to), from < to};
  });

  auto count_vertices = [&](const Range& range, EdgeCounts counts) {
    for (std::size_t v = range.begin(); v < range.end(); ++v) {
      const auto begin = uses.begin() + first[v], end = uses.begin() + first[v + 1];
      std::sort(begin, end, [](const EdgeUse& a, const EdgeUse& b) { return a.upper < b.upper; });
      for (auto run = begin; run != end;) {
        const auto run_end =
            std::find_if(run, end, [&](const EdgeUse& use) { return use.upper != run->upper; });
        const auto users = run_end - run;
        if (users == 1) ++counts.boundary;
        if (users > 2) ++counts.non_manifold;
        // Two neighbours agreeing in orientation run their shared edge in opposite directions.
        if (users == 2 && run->upward == (run + 1)->upward) ++counts.misoriented;
        run = run_end;
      }
    }
    return counts;
  };
  return tbb::parallel_reduce(Range(0, vertices), EdgeCounts{}, count_vertices,
                              [](EdgeCounts a, const EdgeCounts& b) {
                                a.boundary += b.boundary;
                                a.non_manifold += b.non_manifold;
                                a.misoriented += b.misoriented;
                                return a;
                              });
}

// Six times the enclosed volume, by the divergence theorem; taken about the bounding box's
// centre so far-from-origin parts do not lose the sum to cancellation. Summed in fixed blocks,
// added in order, so the rounding is the same on any number of threads.
double sixTimesSignedVolume(const Mesh& mesh) {
  constexpr std::size_t kBlockTriangles = 1 << 14;
  const auto [lo, hi] = bounds(mesh);
  const Vec3 centre = (lo + hi) * 0.5;
  const std::size_t blocks = (mesh.triangles.size() + kBlockTriangles - 1) / kBlockTriangles;
  std::vector<double> block_sums(blocks, 0.0);
  tbb::parallel_for(Range(0, blocks), [&](const Range& range) {
    for (std::size_t block = range.begin(); block < range.end(); ++block) {
      const std::size_t end = std::min(mesh.triangles.size(), (block + 1) * kBlockTriangles);
      for (std::size_t t = block * kBlockTriangles; t < end; ++t) {
        const Triangle& tri = mesh.triangles[t];
        const Vec3 a = mesh.vertices[tri[0]] - centre, b = mesh.vertices[tri[1]] - centre,
                   c = mesh.vertices[tri[2]] - centre;
        block_sums[block] += dot(a, cross(b, c));
      }
    }
  });
  return std::accumulate(block_sums.begin(), block_sums.end(), 0.0);
}
}  // namespace

void checkSurface(Mesh& mesh, MeshDiagnostics& diagnostics) {
  const EdgeCounts edges = countEdges(mesh);
  diagnostics.boundary_edges = edges.boundary;
  diagnostics.non_manifold_edges = edges.non_manifold;
  diagnostics.misoriented_edges = edges.misoriented;
  std::vector<std::string>& warnings = diagnostics.warnings;
  if (edges.boundary > 0)
    warnings.push_back("part surface is open: " + std::to_string(edges.boundary) +
                       " boundary edges; inside/outside is judged by triangle orientation and "
                       "may be wrong near the holes");
  if (edges.non_manifold > 0)
    warnings.push_back("part surface is non-manifold: " + std::to_string(edges.non_manifold) +
                       " edges are shared by more than two triangles; inside/outside may be "
                       "wrong near them");
  if (edges.misoriented > 0)
    warnings.push_back(
        "part surface is inconsistently oriented: " + std::to_string(edges.misoriented) +
        " edges join triangles facing opposite ways; inside/outside may be wrong "
        "near them");
  // Only a closed, consistently oriented surface has a meaningful volume sign.
  if (edges.boundary == 0 && edges.misoriented == 0 && sixTimesSignedVolume(mesh) < 0) {
    for (Triangle& t : mesh.triangles) std::swap(t[1], t[2]);
    warnings.push_back("part surface was inside out (negative volume): orientation reversed");
  }
}

}  // namespace gougechek
