#include "io/mesh_check.hpp"

#include <algorithm>
#include <string>
#include <utility>

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

// Groups the 3·T edge uses by vertex pair with a counting sort on the lower vertex (linear, no
// hash table); the few uses per vertex are then sorted by the upper vertex.
EdgeCounts countEdges(const Mesh& mesh) {
  std::vector<std::uint32_t> first(mesh.vertices.size() + 1, 0);
  for (const Triangle& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) ++first[std::min(t[i], t[(i + 1) % 3]) + 1];
  for (std::size_t v = 1; v < first.size(); ++v) first[v] += first[v - 1];

  std::vector<EdgeUse> uses(3 * mesh.triangles.size());
  std::vector<std::uint32_t> fill(first.begin(), first.end() - 1);
  for (const Triangle& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t from = t[i], to = t[(i + 1) % 3];
      uses[fill[std::min(from, to)]++] = {std::max(from, to), from < to};
    }

  EdgeCounts counts;
  for (std::size_t v = 0; v + 1 < first.size(); ++v) {
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
}

// Six times the enclosed volume, by the divergence theorem; taken about the bounding box's
// centre so far-from-origin parts do not lose the sum to cancellation.
double sixTimesSignedVolume(const Mesh& mesh) {
  const auto [lo, hi] = bounds(mesh);
  const Vec3 centre = (lo + hi) * 0.5;
  double sum = 0;
  for (const Triangle& t : mesh.triangles) {
    const Vec3 a = mesh.vertices[t[0]] - centre, b = mesh.vertices[t[1]] - centre,
               c = mesh.vertices[t[2]] - centre;
    sum += dot(a, cross(b, c));
  }
  return sum;
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
