#include "excess/design_excess.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_sort.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <set>
#include <tuple>

#include "convex/closest_points.hpp"

namespace gougechek {
namespace {

/// The width each region's bracket is refined to, mm (certifiedMaximum's target).
constexpr double kTarget = 1e-5;
/// Cells are measured in runs of neighbours of about this many lattice samples: each passes its
/// sweep to the next as the one its first ray casts first.
constexpr std::size_t kRunSamples = 256;

/// What a cell is to the report.
enum class CellClass : std::uint8_t { InTolerance, Excess, NotMachined };

/// A cell's class: where its largest excess may exceed the threshold by more than the target
/// width it is a finding (proven when lo is above it; where a refinement ran out of its budget
/// the region says its bracket is wider than promised): not machined where any of its rays met
/// no sweep before the cap, else excess a cutter left.
CellClass classOf(const ExcessBracket& bracket, double threshold) {
  if (!(bracket.lo > threshold) && !(bracket.hi > threshold + kTarget))
    return CellClass::InTolerance;
  return bracket.entered == bracket.samples ? CellClass::Excess : CellClass::NotMachined;
}

/// Union-find over cell indices.
class Groups {
 public:
  explicit Groups(std::size_t size) : parent_(size) {
    std::iota(parent_.begin(), parent_.end(), 0U);
  }
  std::uint32_t root(std::uint32_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  // The smaller root wins, so that a group's root is its first cell whatever the order.
  void join(std::uint32_t a, std::uint32_t b) {
    a = root(a), b = root(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<std::uint32_t> parent_;
};

double triangleArea(const std::array<Vec3, 3>& t) {
  return 0.5 * norm(cross(t[1] - t[0], t[2] - t[0]));
}

/// Whether two triangles touch: within `gap` of each other (an edge of one against the other).
bool touch(const std::array<Vec3, 3>& a, const std::array<Vec3, 3>& b, double gap) {
  for (int pass = 0; pass < 2; ++pass) {
    const auto& edges = pass == 0 ? a : b;
    const auto& other = pass == 0 ? b : a;
    for (std::size_t k = 0; k < 3; ++k) {
      const ClosestPair pair = closestSegmentTriangle(edges[k], edges[(k + 1) % 3], other);
      if (norm2(pair.on_segment - pair.on_triangle) <= gap * gap) return true;
    }
  }
  return false;
}

/// Joins the cells of one class (and one exact face) that share a corner exactly: most touching
/// cells do (a welded mesh's facets, the cells split from one facet), and once joined the pairs
/// of joinTouching need no geometry (a fan of slivers puts thousands of boxes round its apex).
void joinSharedCorners(const Mesh& mesh, const DesignExcess& design,
                       std::span<const std::uint32_t> face_of_triangle,
                       const std::vector<CellClass>& classes, Groups& groups) {
  struct Corner {
    Vec3 at;
    CellClass kind;
    std::uint32_t face, cell;
    auto key() const { return std::tie(at.x, at.y, at.z, kind, face); }
  };
  std::vector<Corner> corners;
  for (std::uint32_t c = 0; c < design.cells.size(); ++c) {
    if (classes[c] == CellClass::InTolerance) continue;
    const std::uint32_t facet = design.cells[c].facet;
    const std::uint32_t face = face_of_triangle.empty() ? 0 : face_of_triangle[facet];
    for (const Vec3& p : design.shape(mesh, c).corners) corners.push_back({p, classes[c], face, c});
  }
  std::sort(corners.begin(), corners.end(),
            [](const Corner& a, const Corner& b) { return a.key() < b.key(); });
  for (std::size_t i = 1; i < corners.size(); ++i)
    if (corners[i].key() == corners[i - 1].key()) groups.join(corners[i - 1].cell, corners[i].cell);
}

/// Joins the cells of one class (and one exact face) that touch, edge or corner: the pairs of
/// boxes that share a cell of a grid twice as fine as the boxes' median size, then the exact
/// test.
void joinTouching(const Mesh& mesh, const DesignExcess& design,
                  std::span<const std::uint32_t> face_of_triangle,
                  const std::vector<CellClass>& classes, Groups& groups) {
  struct Box {
    Vec3 lo, hi;
    std::uint32_t cell;
    std::array<Vec3, 3> corners;
  };
  std::vector<Box> boxes;
  double scale = 1;
  std::vector<double> extents;
  for (std::uint32_t c = 0; c < design.cells.size(); ++c) {
    if (classes[c] == CellClass::InTolerance) continue;
    const std::array<Vec3, 3> t = design.shape(mesh, c).corners;
    Box box{t[0], t[0], c, t};
    for (const Vec3& p : t) {
      box.lo = {std::min(box.lo.x, p.x), std::min(box.lo.y, p.y), std::min(box.lo.z, p.z)};
      box.hi = {std::max(box.hi.x, p.x), std::max(box.hi.y, p.y), std::max(box.hi.z, p.z)};
      scale = std::max({scale, std::abs(p.x), std::abs(p.y), std::abs(p.z)});
    }
    const Vec3 extent = box.hi - box.lo;
    extents.push_back(std::max({extent.x, extent.y, extent.z}));
    boxes.push_back(box);
  }
  if (boxes.empty()) return;
  joinSharedCorners(mesh, design, face_of_triangle, classes, groups);
  // Cells split from one facet share their corners exactly; facets of a welded mesh too. The gap
  // takes in rounding of the split points only.
  const double gap = 1e-9 * scale;
  std::nth_element(extents.begin(), extents.begin() + extents.size() / 2, extents.end());
  const double pitch = std::max(2 * extents[extents.size() / 2], 1e-6 * scale);
  struct Slot {
    std::int64_t x, y, z;
    std::uint32_t box;
    bool operator<(const Slot& o) const {
      return std::tie(x, y, z, box) < std::tie(o.x, o.y, o.z, o.box);
    }
  };
  std::vector<Slot> slots;
  const auto index = [&](double v) { return static_cast<std::int64_t>(std::floor(v / pitch)); };
  for (std::uint32_t i = 0; i < boxes.size(); ++i) {
    const Box& box = boxes[i];
    for (std::int64_t x = index(box.lo.x - gap); x <= index(box.hi.x + gap); ++x)
      for (std::int64_t y = index(box.lo.y - gap); y <= index(box.hi.y + gap); ++y)
        for (std::int64_t z = index(box.lo.z - gap); z <= index(box.hi.z + gap); ++z)
          slots.push_back({x, y, z, i});
  }
  std::sort(slots.begin(), slots.end());
  const auto same_slot = [](const Slot& a, const Slot& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
  };
  for (std::size_t first = 0; first < slots.size();) {
    std::size_t last = first + 1;
    while (last < slots.size() && same_slot(slots[first], slots[last])) ++last;
    // A slot whose cells are all joined already (a fan's apex) asks no pair.
    const std::uint32_t joined = groups.root(boxes[slots[first].box].cell);
    bool apart = false;
    for (std::size_t i = first + 1; i < last && !apart; ++i)
      apart = groups.root(boxes[slots[i].box].cell) != joined;
    for (std::size_t i = first; i < last && apart; ++i)
      for (std::size_t j = i + 1; j < last; ++j) {
        const Box& a = boxes[slots[i].box];
        const Box& b = boxes[slots[j].box];
        if (classes[a.cell] != classes[b.cell]) continue;
        if (b.lo.x > a.hi.x + gap || a.lo.x > b.hi.x + gap || b.lo.y > a.hi.y + gap ||
            a.lo.y > b.hi.y + gap || b.lo.z > a.hi.z + gap || a.lo.z > b.hi.z + gap)
          continue;
        if (!face_of_triangle.empty() && face_of_triangle[design.cells[a.cell].facet] !=
                                             face_of_triangle[design.cells[b.cell].facet])
          continue;
        if (groups.root(a.cell) == groups.root(b.cell)) continue;
        if (touch(a.corners, b.corners, gap)) groups.join(a.cell, b.cell);
      }
    first = last;
  }
}

/// The cells of each class joined into patches (cells, class and face set), in the order of
/// their first cells.
std::vector<ExcessPatch> patchesOf(const Mesh& mesh, const DesignExcess& design,
                                   std::span<const std::uint32_t> face_of_triangle,
                                   const std::vector<CellClass>& classes) {
  const std::vector<DesignCell>& cells = design.cells;
  Groups groups(classes.size());
  joinTouching(mesh, design, face_of_triangle, classes, groups);
  // Made at each group's first cell, its root.
  std::vector<std::uint32_t> patch_of(classes.size(), 0);
  std::vector<ExcessPatch> patches;
  for (std::uint32_t c = 0; c < classes.size(); ++c) {
    if (classes[c] == CellClass::InTolerance) continue;
    const std::uint32_t root = groups.root(c);
    if (root == c) {
      patch_of[c] = static_cast<std::uint32_t>(patches.size());
      patches.emplace_back();
      if (!face_of_triangle.empty()) patches.back().face = face_of_triangle[cells[c].facet];
    }
    patches[patch_of[root]].cells.push_back(c);
  }
  return patches;
}

/// `shape` cut into cells of at most `size` across: its lattice pieces (a sliver's strips),
/// each on a regular grid of ⌈longest edge / size⌉ divisions a side.
std::vector<DesignFacet> cellsOf(const DesignFacet& shape, double size) {
  std::vector<std::array<Vec3, 3>> pieces;
  latticePieces(shape.corners, size, pieces);
  std::vector<DesignFacet> out;
  for (const std::array<Vec3, 3>& piece : pieces) {
    const Vec3 a = piece[0], b = piece[1], c = piece[2];  // captured below: no bindings
    const int n = std::max(1, static_cast<int>(std::ceil(longestEdge(piece) / size - 1e-9)));
    const auto at = [&](int i, int j) {
      return a + (b - a) * (static_cast<double>(i) / n) + (c - a) * (static_cast<double>(j) / n);
    };
    for (int i = 0; i < n; ++i)
      for (int j = 0; i + j < n; ++j) {
        out.push_back({{at(i, j), at(i + 1, j), at(i, j + 1)}, shape.normal});
        if (i + j + 2 <= n)
          out.push_back({{at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)}, shape.normal});
      }
  }
  return out;
}

/// The design's cells (and parts) into `design`: each facet, or where it is longer than `size`
/// its cellsOf; design.area is set.
void cellsOfDesign(const Mesh& mesh, double size, tbb::task_arena& arena, DesignExcess& design) {
  // Facets longer than the region size are measured as cells of it, so that what was machined
  // and what was not are told apart on a coarse mesh, and the work is shared out evenly.
  const std::size_t count = mesh.triangles.size();
  const auto is_long = [size](const DesignFacet& facet) {
    return longestEdge(facet.corners) > size;
  };
  // Each facet's first cell and first part, counted first so that both are made in place, in
  // parallel.
  std::vector<std::size_t> first(count + 1, 0), first_part(count + 1, 0);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, count, [&](std::size_t t) {
      const DesignFacet facet = facetOf(mesh, t);
      first_part[t + 1] = is_long(facet) ? cellsOf(facet, size).size() : 0;
      first[t + 1] = std::max<std::size_t>(first_part[t + 1], 1);
    });
  });
  std::partial_sum(first.begin(), first.end(), first.begin());
  std::partial_sum(first_part.begin(), first_part.end(), first_part.begin());
  design.cells.assign(first[count], {});
  design.parts.assign(first_part[count], {});
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, count, [&](std::size_t t) {
      const DesignFacet facet = facetOf(mesh, t);
      const auto index = static_cast<std::uint32_t>(t);
      if (first_part[t + 1] == first_part[t]) {
        design.cells[first[t]] = {index, kWholeFacet, triangleArea(facet.corners), {}};
        return;
      }
      std::size_t k = first[t], part = first_part[t];
      for (const DesignFacet& shape : cellsOf(facet, size)) {
        design.parts[part] = shape;
        design.cells[k++] = {
            index, static_cast<std::uint32_t>(part++), triangleArea(shape.corners), {}};
      }
    });
  });
  design.area = 0;
  for (std::size_t t = 0; t < count; ++t)  // in the mesh's order, whatever the threads
    design.area += triangleArea(facetOf(mesh, t).corners);
}

/// The floor each cell is refined above so that each excess patch's largest excess is within
/// the target width: only its cells that may hold more than the largest sample of the patch are
/// refined (∞: not at all), and only where they may (that sample).
std::vector<double> regionFloors(const std::vector<ExcessPatch>& patches,
                                 const std::vector<DesignCell>& cells,
                                 const std::vector<CellClass>& classes) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> floor(cells.size(), inf);
  for (const ExcessPatch& patch : patches) {
    // What no cutter reached is measured to the cap: no finding of a size to certify.
    if (classes[patch.cells[0]] == CellClass::NotMachined) continue;
    double lo = -inf;
    for (const std::uint32_t c : patch.cells) lo = std::max(lo, cells[c].bracket.lo);
    for (const std::uint32_t c : patch.cells)
      if (cells[c].bracket.hi > lo + kTarget) floor[c] = lo;
  }
  return floor;
}

/// A patch's bracket (the largest of its cells'), area and facet count.
void summarize(ExcessPatch& patch, const std::vector<DesignCell>& cells) {
  patch.bracket.lo = patch.bracket.hi = -std::numeric_limits<double>::infinity();
  std::set<std::uint32_t> facets;
  for (const std::uint32_t c : patch.cells) {
    const ExcessBracket& cell = cells[c].bracket;
    facets.insert(cells[c].facet);
    patch.area += cells[c].area;
    patch.bracket.hi = std::max(patch.bracket.hi, cell.hi);
    patch.bracket.samples += cell.samples;
    patch.bracket.entered += cell.entered;
    patch.bracket.rounds = std::max(patch.bracket.rounds, cell.rounds);
    if (cell.lo > patch.bracket.lo) {
      patch.bracket.lo = cell.lo;
      patch.bracket.at = cell.at;
      patch.bracket.sweep = cell.sweep;
    }
  }
  patch.facets = facets.size();
}

/// A cell's bracket once measured again (`after`; `before` has no samples the first time): both
/// measures' rays counted, and those that entered a sweep, and what both prove kept: a sample
/// that stopped within the new floor may prove less (its lo as low as 0) than the same point did.
ExcessBracket measuredAgain(const ExcessBracket& before, ExcessBracket after) {
  if (before.samples > 0) {
    if (before.lo > after.lo)
      after.lo = before.lo, after.at = before.at, after.sweep = before.sweep;
    after.hi = std::max(after.lo, std::min(after.hi, before.hi));
  }
  after.samples += before.samples;
  after.entered += before.entered;
  return after;
}

/// Runs `measure(c, hint)` for every cell c of `design` that `wanted(c)`, in parallel: the
/// wanted ones listed, the largest lattices first, as a few of them may take most of the time,
/// in runs of neighbours in the mesh's order, each cell's hint the sweep of the one before it in
/// its run. The runs are fixed by the list alone, so the thread count changes no result.
template <class Wanted, class Measure>
void measureEach(tbb::task_arena& arena, const Mesh& mesh, double spacing, DesignExcess& design,
                 const Wanted& wanted, const Measure& measure) {
  std::vector<std::pair<std::size_t, std::size_t>> sized;  // (lattice samples, cell)
  for (std::size_t c = 0; c < design.cells.size(); ++c)
    if (wanted(c)) sized.emplace_back(0, c);
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, sized.size(), [&](std::size_t i) {
      sized[i].first = latticeSamples(design.shape(mesh, sized[i].second).corners, spacing);
    });
    // Largest first, then in the mesh's order: a total order, the same whatever the threads.
    tbb::parallel_sort(sized.begin(), sized.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
  });
  std::vector<std::size_t> run_starts;
  for (std::size_t i = 0, samples = kRunSamples; i < sized.size(); ++i) {
    if (samples >= kRunSamples) run_starts.push_back(i), samples = 0;
    samples += sized[i].first;
  }
  run_starts.push_back(sized.size());
  arena.execute([&] {
    tbb::parallel_for(std::size_t{0}, run_starts.size() - 1, [&](std::size_t run) {
      std::int32_t hint = -1;
      for (std::size_t i = run_starts[run]; i < run_starts[run + 1]; ++i) {
        ExcessBracket& bracket = design.cells[sized[i].second].bracket;
        bracket = measure(sized[i].second, hint);
        if (bracket.sweep >= 0) hint = bracket.sweep;
      }
    });
  });
}

}  // namespace

DesignFacet facetOf(const Mesh& mesh, std::size_t triangle) {
  const Triangle& t = mesh.triangles[triangle];
  DesignFacet facet;
  facet.corners = {mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]};
  const auto& c = facet.corners;
  facet.normal = normalized(cross(c[1] - c[0], c[2] - c[0]));
  return facet;
}

DesignExcess measureDesign(const Mesh& mesh, std::span<const std::uint32_t> face_of_triangle,
                           const ExcessField& field, const DesignExcessSettings& settings) {
  DesignExcess result;
  std::vector<DesignCell>& cells = result.cells;
  tbb::task_arena arena(settings.threads > 0 ? settings.threads : tbb::task_arena::automatic);
  cellsOfDesign(
      mesh, settings.region_size > 0 ? settings.region_size : std::max(1.0, 10 * settings.spacing),
      arena, result);
  const auto each = [&](const auto& wanted, const auto& measure) {
    measureEach(arena, mesh, settings.spacing, result, wanted, measure);
  };
  const auto certify = [&](std::size_t c, double target, double floor, std::int32_t hint) {
    const DesignFacet shape = result.shape(mesh, c);
    return measuredAgain(cells[c].bracket, certifiedMaximum(field, std::span(&shape, 1),
                                                            settings.spacing, target, floor, hint));
  };
  const auto stop = [&settings] {
    if (settings.check_stop) settings.check_stop();
  };
  const double inf = std::numeric_limits<double>::infinity();
  const auto all = [](std::size_t) { return true; };
  // The lattice alone: most facets are then in tolerance (every cell bounded below the
  // threshold) or proven above it (a sample above it). A sample proven within the threshold
  // is not narrowed further.
  each(all,
       [&](std::size_t c, std::int32_t hint) { return certify(c, inf, settings.threshold, hint); });
  stop();
  // Only the cells between in tolerance and proven above are refined, the threshold their floor.
  each(
      [&](std::size_t c) {
        const ExcessBracket& b = cells[c].bracket;
        return !(b.lo > settings.threshold) && b.hi > settings.threshold;
      },
      [&](std::size_t c, std::int32_t hint) {
        return certify(c, kTarget, settings.threshold, hint);
      });
  stop();

  std::vector<CellClass> classes(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c)
    classes[c] = classOf(cells[c].bracket, settings.threshold);
  std::vector<ExcessPatch> patches = patchesOf(mesh, result, face_of_triangle, classes);
  const std::vector<double> floor = regionFloors(patches, cells, classes);
  each([&](std::size_t c) { return floor[c] < inf; },
       [&](std::size_t c, std::int32_t hint) { return certify(c, kTarget, floor[c], hint); });

  for (ExcessPatch& patch : patches) {
    summarize(patch, cells);
    // A patch whose largest excess, once refined, met no sweep is not machined there.
    patch.machined = classes[patch.cells[0]] == CellClass::Excess && patch.bracket.sweep >= 0;
    (patch.machined ? result.regions : result.not_machined).push_back(std::move(patch));
  }
  result.samples = 0;
  for (const DesignCell& cell : cells) result.samples += cell.bracket.samples;
  std::stable_sort(
      result.regions.begin(), result.regions.end(),
      [](const ExcessPatch& a, const ExcessPatch& b) { return a.bracket.hi > b.bracket.hi; });
  std::stable_sort(result.not_machined.begin(), result.not_machined.end(),
                   [](const ExcessPatch& a, const ExcessPatch& b) { return a.area > b.area; });
  return result;
}

}  // namespace gougechek
