#include "excess/design_excess.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <tuple>

namespace gougechek {
namespace {

/// The width each region's bracket is refined to, mm (certifiedMaximum's target).
constexpr double kTarget = 1e-5;

/// What a facet is to the report.
enum class FacetClass : std::uint8_t { InTolerance, Excess, NotMachined };

/// A facet's class: its largest excess proven above the threshold is a finding, of a cutter's
/// sweep or (met by no sweep before the cap) not machined. A bracket straddling the threshold
/// is within the target width of it (certifiedMaximum refines every facet above its floor).
FacetClass classOf(const ExcessBracket& bracket, double threshold) {
  if (!(bracket.lo > threshold)) return FacetClass::InTolerance;
  return bracket.sweep >= 0 ? FacetClass::Excess : FacetClass::NotMachined;
}

/// Union-find over facet indices.
class Groups {
 public:
  explicit Groups(std::size_t size) : parent_(size) {
    std::iota(parent_.begin(), parent_.end(), 0U);
  }
  std::uint32_t root(std::uint32_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  // The smaller root wins, so that a group's root is its first facet whatever the order.
  void join(std::uint32_t a, std::uint32_t b) {
    a = root(a), b = root(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<std::uint32_t> parent_;
};

/// Joins facets of one class (and one exact face) that share an edge of the welded mesh.
void joinAlongEdges(const Mesh& mesh, std::span<const std::uint32_t> face_of_triangle,
                    const std::vector<FacetClass>& classes, Groups& groups) {
  struct Edge {
    std::uint32_t a, b, facet;
    bool operator<(const Edge& o) const {
      return std::tie(a, b, facet) < std::tie(o.a, o.b, o.facet);
    }
  };
  std::vector<Edge> edges;
  for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t) {
    if (classes[t] == FacetClass::InTolerance) continue;
    const Triangle& tri = mesh.triangles[t];
    for (int k = 0; k < 3; ++k) {
      const std::uint32_t u = tri[static_cast<std::size_t>(k)],
                          v = tri[static_cast<std::size_t>((k + 1) % 3)];
      edges.push_back({std::min(u, v), std::max(u, v), t});
    }
  }
  std::sort(edges.begin(), edges.end());
  for (std::size_t i = 1; i < edges.size(); ++i) {
    const Edge& e = edges[i - 1];
    const Edge& f = edges[i];
    if (e.a != f.a || e.b != f.b || classes[e.facet] != classes[f.facet]) continue;
    if (!face_of_triangle.empty() && face_of_triangle[e.facet] != face_of_triangle[f.facet])
      continue;
    groups.join(e.facet, f.facet);
  }
}

double facetArea(const Mesh& mesh, const Triangle& t) {
  const Vec3& a = mesh.vertices[t[0]];
  return 0.5 * norm(cross(mesh.vertices[t[1]] - a, mesh.vertices[t[2]] - a));
}

/// The facets of each class joined into patches (facets, class and face set), in the order of
/// their first facets.
std::vector<ExcessPatch> patchesOf(const Mesh& mesh,
                                   std::span<const std::uint32_t> face_of_triangle,
                                   const std::vector<FacetClass>& classes) {
  Groups groups(classes.size());
  joinAlongEdges(mesh, face_of_triangle, classes, groups);
  // Made at each group's first facet, its root.
  std::vector<std::uint32_t> patch_of(classes.size(), 0);
  std::vector<ExcessPatch> patches;
  for (std::uint32_t t = 0; t < classes.size(); ++t) {
    if (classes[t] == FacetClass::InTolerance) continue;
    const std::uint32_t root = groups.root(t);
    if (root == t) {
      patch_of[t] = static_cast<std::uint32_t>(patches.size());
      patches.emplace_back();
      patches.back().machined = classes[t] == FacetClass::Excess;
      if (!face_of_triangle.empty()) patches.back().face = face_of_triangle[t];
    }
    patches[patch_of[root]].facets.push_back(t);
  }
  return patches;
}

}  // namespace

DesignExcess measureDesign(const Mesh& mesh, std::span<const std::uint32_t> face_of_triangle,
                           const ExcessField& field, const DesignExcessSettings& settings) {
  DesignExcess result;
  const std::size_t count = mesh.triangles.size();
  result.facets.resize(count);
  std::vector<DesignFacet> facets(count);
  for (std::size_t t = 0; t < count; ++t) {
    const Triangle& tri = mesh.triangles[t];
    DesignFacet& facet = facets[t];
    facet.corners = {mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]]};
    facet.normal =
        normalized(cross(facet.corners[1] - facet.corners[0], facet.corners[2] - facet.corners[0]));
  }
  tbb::task_arena arena(settings.threads > 0 ? settings.threads : tbb::task_arena::automatic);
  // Runs `measure(t)` for every facet t that `wanted(t)`, in parallel.
  const auto each = [&](const auto& wanted, const auto& measure) {
    arena.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count, 64),
                        [&](const tbb::blocked_range<std::size_t>& range) {
                          for (std::size_t t = range.begin(); t != range.end(); ++t)
                            if (wanted(t)) result.facets[t] = measure(t);
                        });
    });
  };
  const auto certify = [&](std::size_t t, double target, double floor) {
    ExcessBracket bracket =
        certifiedMaximum(field, std::span(&facets[t], 1), settings.spacing, target, floor);
    bracket.samples += result.facets[t].samples;  // a facet measured again counts both
    return bracket;
  };
  const double inf = std::numeric_limits<double>::infinity();
  // The lattice alone: most facets are then in tolerance (every cell bounded below the
  // threshold) or proven above it (a sample above it); only those in between are refined.
  each([](std::size_t) { return true; }, [&](std::size_t t) { return certify(t, inf, -inf); });
  each(
      [&](std::size_t t) {
        const ExcessBracket& b = result.facets[t];
        return !(b.lo > settings.threshold) && b.hi > settings.threshold;
      },
      [&](std::size_t t) { return certify(t, kTarget, settings.threshold); });

  std::vector<FacetClass> classes(count);
  for (std::size_t t = 0; t < count; ++t)
    classes[t] = classOf(result.facets[t], settings.threshold);
  std::vector<ExcessPatch> patches = patchesOf(mesh, face_of_triangle, classes);
  // Each patch's largest excess to the target width: only its facets that may hold more than
  // the largest sample of the patch are refined, and only where they may (the floor).
  std::vector<double> floor(count, inf);
  for (const ExcessPatch& patch : patches) {
    double lo = -inf;
    for (const std::uint32_t t : patch.facets) lo = std::max(lo, result.facets[t].lo);
    for (const std::uint32_t t : patch.facets)
      if (result.facets[t].hi > lo + kTarget) floor[t] = lo;
  }
  each([&](std::size_t t) { return floor[t] < inf; },
       [&](std::size_t t) { return certify(t, kTarget, floor[t]); });

  for (ExcessPatch& patch : patches) {
    patch.bracket.lo = patch.bracket.hi = -inf;
    for (const std::uint32_t t : patch.facets) {
      const ExcessBracket& facet = result.facets[t];
      patch.area += facetArea(mesh, mesh.triangles[t]);
      patch.bracket.hi = std::max(patch.bracket.hi, facet.hi);
      patch.bracket.samples += facet.samples;
      patch.bracket.entered += facet.entered;
      patch.bracket.rounds = std::max(patch.bracket.rounds, facet.rounds);
      if (facet.lo > patch.bracket.lo) {
        patch.bracket.lo = facet.lo;
        patch.bracket.at = facet.at;
        patch.bracket.sweep = facet.sweep;
      }
    }
    // A patch whose largest excess, once refined, met no sweep is not machined there.
    patch.machined = patch.bracket.sweep >= 0;
    (patch.machined ? result.regions : result.not_machined).push_back(std::move(patch));
  }
  for (std::size_t t = 0; t < count; ++t) {
    result.samples += result.facets[t].samples;
    result.area += facetArea(mesh, mesh.triangles[t]);
  }
  std::stable_sort(
      result.regions.begin(), result.regions.end(),
      [](const ExcessPatch& a, const ExcessPatch& b) { return a.bracket.hi > b.bracket.hi; });
  std::stable_sort(result.not_machined.begin(), result.not_machined.end(),
                   [](const ExcessPatch& a, const ExcessPatch& b) { return a.area > b.area; });
  return result;
}

}  // namespace gougechek
