#include "excess/certified_maximum.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "excess/concave_maximum.hpp"

namespace gougechek {
namespace {

// A cell is split at most this many times (a cell of 0.05 mm down to 3 nm).
constexpr int kMaxDepth = 14;
// At most this many cells are split for each cell of the lattice, and this many more: a
// boundary no bound settles (rays leaving one sweep for another's far side, an entry GJK cannot
// confirm) would otherwise split to the smallest size all along it.
constexpr std::size_t kSplitBudget = 16;
constexpr std::size_t kSplitAllowance = 256;
// A lattice piece's bound is raised by this, mm, before it chooses the sweeps its rays ask, so
// that rounding drops none.
constexpr double kBoundSlack = 1e-6;

struct Cell {
  std::array<Vec3, 3> p;
  std::array<SampleExcess, 3> e;
  std::uint32_t facet = 0;
  int depth = 0;
  std::uint32_t piece = 0;  // the lattice piece it lies in (PieceRays)
};

// How the rays of one lattice piece are answered, and those of every cell split from it: at the
// cap with none cast (clear), or among the sweeps a ray may enter within the piece's bound.
// The candidates are gathered when a ray first needs them: a facet no larger than the spacing
// has only its corners on the lattice, and most such are never split. A ray proven to enter
// some sweep within `floor` stops there (ExcessField::at's `enough`): only where the excess may
// exceed the floor is the first entry needed.
struct PieceRays {
  std::array<Vec3, 3> piece;
  bool clear = false;
  double bound = 0;
  double floor = -std::numeric_limits<double>::infinity();
  bool gathered = false;
  std::vector<std::uint32_t> candidates;

  SampleExcess at(const ExcessField& field, const Vec3& p, const Vec3& n, std::int32_t hint) {
    if (clear) return field.capped(p, n);
    if (!gathered) field.gather(piece, n, bound, candidates), gathered = true;
    return field.atAmong(p, n, candidates, bound, hint, floor);
  }
};

// The upper bound of the excess over a cell: the maximum of the minimum of the interpolants of
// every sweep entered at a corner and proven entered at all three, and of the cap.
double cellBound(const ExcessField& field, const DesignFacet& facet, const Cell& cell) {
  std::vector<std::array<double, 3>> bounds;
  std::array<std::array<double, 3>, 3> caps{};
  int cap_count = 0;
  for (std::size_t v = 0; v < 3; ++v) {
    const std::array<double, 3> lengths = field.capLengths(cell.p[v], facet.normal, cap_count);
    for (std::size_t k = 0; k < 3; ++k) caps[k][v] = lengths[k];
  }
  for (int k = 0; k < cap_count; ++k) bounds.push_back(caps[static_cast<std::size_t>(k)]);
  const auto& sweeps = field.tree().sweeps();
  for (std::size_t corner = 0; corner < 3; ++corner) {
    const std::int32_t k = cell.e[corner].sweep;
    if (k < 0 || std::any_of(cell.e.begin(), cell.e.begin() + static_cast<long>(corner),
                             [k](const SampleExcess& e) { return e.sweep == k; }))
      continue;
    std::array<double, 3> f{};
    for (std::size_t v = 0; v < 3; ++v)
      f[v] = cell.e[v].sweep == k ? cell.e[v].hi
                                  : castRay(sweeps[static_cast<std::size_t>(k)], cell.p[v],
                                            facet.normal, field.capLength(cell.p[v], facet.normal))
                                        .hi;
    if (std::isfinite(f[0]) && std::isfinite(f[1]) && std::isfinite(f[2])) bounds.push_back(f);
  }
  return std::max(maximumOfMinimum(bounds).value, 0.0);
}

// The bound of `cell` (cellBound) where it is at most `floor`; above it, with its corners that
// stopped within the floor (PieceRays) cast again in full first. A corner so stopped keeps any
// sweep entered within the floor, and on the seam between two passes' footprints each corner
// may keep its own pass, neither reaching the other corners: with no sweep common to all three
// the bound would be the cap's, where the first entries' sweep (often a pass between) settles it.
double boundOf(const ExcessField& field, const DesignFacet& facet, Cell& cell, double floor,
               ExcessBracket& result) {
  const double bound = cellBound(field, facet, cell);
  if (!(bound > floor)) return bound;
  bool recast = false;
  for (std::size_t v = 0; v < 3; ++v) {
    if (!(cell.e[v].sweep >= 0 && cell.e[v].hi <= floor)) continue;
    cell.e[v] = field.at(cell.p[v], facet.normal, cell.e[v].sweep);
    ++result.samples;
    if (cell.e[v].sweep >= 0) ++result.entered;
    recast = true;
  }
  return recast ? cellBound(field, facet, cell) : bound;
}

// Which corner of a piece lattice point (i, j) of n divisions is (0: a, 1: b, 2: c), -1 none.
int cornerAt(int i, int j, int n) {
  if (i == 0 && j == 0) return 0;
  if (i == n && j == 0) return 1;
  return i == 0 && j == n ? 2 : -1;
}

// The last two lattice pieces laid: a sliver's strips share corners with them, whose rays are
// cast once (latticeCells) and counted once (latticeSamples).
class RecentPieces {
 public:
  /// The slot (0–5) of `corner` among the two pieces' corners, -1 if neither has it.
  int find(const Vec3& corner) const {
    for (std::size_t slot = 0; slot < std::min<std::size_t>(laid_, 2) * 3; ++slot)
      if (corners_[slot] == corner) return static_cast<int>(slot);
    return -1;
  }
  /// Lays `piece`; its corners take the slots first + 0, 1, 2 (returned).
  std::size_t lay(const std::array<Vec3, 3>& piece) {
    const std::size_t first = 3 * (laid_++ % 2);
    std::copy(piece.begin(), piece.end(), corners_.begin() + static_cast<long>(first));
    return first;
  }

 private:
  std::array<Vec3, 6> corners_{};
  std::size_t laid_ = 0;
};

// The lattice cells of one facet: n divisions of each edge of each of its lattice pieces,
// n = ⌈longest edge / spacing⌉. `hint`: the sweep cast first at the first corner, then each
// piece's last sample's is.
void latticeCells(const ExcessField& field, const DesignFacet& facet, std::uint32_t index,
                  double spacing, double floor, std::int32_t& hint, std::vector<Cell>& cells,
                  std::vector<PieceRays>& rays, ExcessBracket& result) {
  std::vector<std::array<Vec3, 3>> pieces;
  latticePieces(facet.corners, spacing, pieces);
  // A facet clear as a whole is clear in every piece: one tree query for a sliver's strips.
  const bool facet_clear = pieces.size() > 1 && field.clear(facet.corners, facet.normal);
  RecentPieces recent;
  std::array<SampleExcess, 6> recent_values{};  // by RecentPieces' slot
  std::vector<Vec3> points;
  std::vector<SampleExcess> values;
  for (const std::array<Vec3, 3>& piece : pieces) {
    const auto piece_index = static_cast<std::uint32_t>(rays.size());
    PieceRays& answer = rays.emplace_back();
    answer.piece = piece;
    answer.floor = floor;
    const auto& [a, b, c] = piece;
    // Where no sweep comes near, every sample is the cap's (the bottom of a part, the foot of
    // its walls): no ray is cast.
    answer.clear = facet_clear || field.clear(piece, facet.normal);
    // Otherwise the piece's corners bound the excess over it (cellBound), and only the sweeps a
    // ray may enter within that bound are asked at its lattice points: one tree query a piece
    // rather than one a ray.
    std::array<SampleExcess, 3> corner{};
    std::array<bool, 3> shared{};
    for (std::size_t v = 0; v < 3; ++v) {
      if (const int slot = recent.find(piece[v]); slot >= 0) {
        corner[v] = recent_values[static_cast<std::size_t>(slot)], shared[v] = true;
        continue;
      }
      corner[v] = answer.clear ? field.capped(piece[v], facet.normal)
                               : field.at(piece[v], facet.normal,
                                          v == 0 ? hint : corner[v - 1].sweep, floor);
    }
    if (!answer.clear) {
      Cell whole{piece, corner, index, 0, 0};
      answer.bound = boundOf(field, facet, whole, floor, result) + kBoundSlack;
      corner = whole.e;
    }
    std::copy(corner.begin(), corner.end(),
              recent_values.begin() + static_cast<long>(recent.lay(piece)));
    const int n = std::max(1, static_cast<int>(std::ceil(longestEdge(piece) / spacing - 1e-9)));
    const auto row = [n](int i) { return i * (2 * n + 3 - i) / 2; };  // first slot of row i
    points.clear();
    values.clear();
    for (int i = 0; i <= n; ++i)
      for (int j = 0; i + j <= n; ++j) {
        const Vec3 p =
            a + (b - a) * (static_cast<double>(i) / n) + (c - a) * (static_cast<double>(j) / n);
        points.push_back(p);
        const std::int32_t near = values.empty() ? corner[0].sweep : values.back().sweep;
        if (const int v = cornerAt(i, j, n); v >= 0) {
          values.push_back(corner[static_cast<std::size_t>(v)]);
          if (shared[static_cast<std::size_t>(v)]) continue;  // counted with its first piece
        } else if (answer.clear) {
          values.push_back(field.capped(p, facet.normal));
        } else {
          values.push_back(answer.at(field, p, facet.normal, near));
        }
        ++result.samples;
        if (values.back().sweep >= 0) ++result.entered;
      }
    if (values.back().sweep >= 0) hint = values.back().sweep;
    auto slot = [&](int i, int j) { return static_cast<std::size_t>(row(i) + j); };
    auto add = [&](std::size_t s0, std::size_t s1, std::size_t s2) {
      cells.push_back({{points[s0], points[s1], points[s2]},
                       {values[s0], values[s1], values[s2]},
                       index,
                       0,
                       piece_index});
    };
    for (int i = 0; i < n; ++i)
      for (int j = 0; i + j < n; ++j) {
        add(slot(i, j), slot(i + 1, j), slot(i, j + 1));
        if (i + j + 2 <= n) add(slot(i + 1, j), slot(i + 1, j + 1), slot(i, j + 1));
      }
  }
}

// The four halves-of-edges cells of `cell`, the three midpoints sampled.
void split(const ExcessField& field, const DesignFacet& facet, PieceRays& rays, const Cell& cell,
           std::vector<Cell>& out, ExcessBracket& result) {
  std::array<Vec3, 3> m;
  std::array<SampleExcess, 3> me;
  for (std::size_t i = 0; i < 3; ++i) {
    m[i] = (cell.p[i] + cell.p[(i + 1) % 3]) * 0.5;
    me[i] = rays.at(field, m[i], facet.normal, cell.e[i].sweep);
    if (me[i].sweep >= 0) ++result.entered;
  }
  result.samples += 3;
  const int d = cell.depth + 1;
  out.push_back({{cell.p[0], m[0], m[2]}, {cell.e[0], me[0], me[2]}, cell.facet, d, cell.piece});
  out.push_back({{m[0], cell.p[1], m[1]}, {me[0], cell.e[1], me[1]}, cell.facet, d, cell.piece});
  out.push_back({{m[2], m[1], cell.p[2]}, {me[2], me[1], cell.e[2]}, cell.facet, d, cell.piece});
  out.push_back({{m[0], m[1], m[2]}, {me[0], me[1], me[2]}, cell.facet, d, cell.piece});
}

// Calls visit(piece) for each piece of `t`'s lattice (latticePieces) in order, until it returns
// false.
template <class Visit>
void forEachLatticePiece(const std::array<Vec3, 3>& t, double spacing, const Visit& visit) {
  std::size_t shortest = 0;
  double longest = 0, edge = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < 3; ++k) {
    const double length = norm(t[(k + 1) % 3] - t[k]);
    longest = std::max(longest, length);
    if (length < edge) edge = length, shortest = k;
  }
  const double divisions = std::ceil(longest / spacing - 1e-9);
  const double area = 0.5 * norm(cross(t[1] - t[0], t[2] - t[0]));
  // A well-shaped triangle's lattice has about 4·area/spacing² samples, well below this.
  if (divisions <= 2 || divisions * divisions <= 16 * area / (spacing * spacing)) {
    visit(t);
    return;
  }
  const Vec3& apex = t[(shortest + 2) % 3];
  const Vec3 to_q = t[shortest] - apex, to_r = t[(shortest + 1) % 3] - apex;
  // Each strip is as long as keeps its triangles' edges (at most its length plus that edge)
  // within one spacing, or two where that edge is wider than half of one: each triangle is then
  // one lattice cell (three samples, two shared with the strip before) or at most four (six
  // samples). An edge wider than the spacing makes strips 2·edge long, with the lattice their
  // edges ask for.
  const double reach = edge < spacing / 2 ? spacing : edge < spacing ? 2 * spacing : 2 * edge;
  const double strips = std::ceil(longest / (0.999 * (reach - edge)));
  for (double i = 0; i < strips; ++i) {
    const double near = i / strips, far = (i + 1) / strips;
    const Vec3 q1 = apex + to_q * far, r1 = apex + to_r * far;
    if (i == 0) {
      if (!visit({apex, q1, r1})) return;
      continue;
    }
    const Vec3 q0 = apex + to_q * near, r0 = apex + to_r * near;
    if (!visit({q0, q1, r1}) || !visit({q0, r1, r0})) return;
  }
}

}  // namespace

// The pieces a facet's lattice is laid on (certified_maximum.hpp). A sliver's own lattice, ⌈longest
// edge / spacing⌉ divisions on every edge, would cast that number squared over almost no area (an
// STL's floors and walls are often fans of them): it is cut instead into strips parallel to its
// shortest edge, each strip two triangles: as long as the spacing allows across their diagonal
// where that edge is shorter than the spacing, else as long as that edge.
void latticePieces(const std::array<Vec3, 3>& t, double spacing,
                   std::vector<std::array<Vec3, 3>>& out) {
  forEachLatticePiece(t, spacing, [&out](const std::array<Vec3, 3>& piece) {
    out.push_back(piece);
    return true;
  });
}

std::size_t latticeSamples(const std::array<Vec3, 3>& facet, double spacing, std::size_t limit) {
  // Counted piece by piece, none kept, and no further than the limit: a facet a hostile spacing
  // cuts into billions of strips is refused, not laid out.
  std::size_t samples = 0;
  RecentPieces recent;
  forEachLatticePiece(facet, spacing, [&](const std::array<Vec3, 3>& piece) {
    const double n = std::max(1.0, std::ceil(longestEdge(piece) / spacing - 1e-9));
    samples += static_cast<std::size_t>(std::min((n + 1) * (n + 2) / 2, 1e18));
    // Less the corners the two pieces before it cast (latticeCells).
    for (const Vec3& corner : piece) samples -= recent.find(corner) >= 0;
    recent.lay(piece);
    return samples <= limit;
  });
  return samples;
}

ExcessBracket certifiedMaximum(const ExcessField& field, std::span<const DesignFacet> facets,
                               double spacing, double target, double floor, std::int32_t hint) {
  ExcessBracket result;
  std::vector<Cell> cells;
  std::vector<PieceRays> rays;
  for (std::uint32_t i = 0; i < facets.size(); ++i)
    latticeCells(field, facets[i], i, spacing, floor, hint, cells, rays, result);
  result.lo = -std::numeric_limits<double>::infinity();
  const std::size_t budget = kSplitBudget * cells.size() + kSplitAllowance;
  std::size_t split_cells = 0;
  double settled = -std::numeric_limits<double>::infinity();  // bound of the cells let go
  // Rounds: every sample of a round is in before any cell is judged, so the result does not
  // depend on the order cells are visited in.
  while (!cells.empty()) {
    std::vector<double> bounds(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c)
      bounds[c] = boundOf(field, facets[cells[c].facet], cells[c], floor, result);
    for (const Cell& cell : cells)
      for (std::size_t v = 0; v < 3; ++v)
        if (cell.e[v].lo > result.lo)
          result.lo = cell.e[v].lo, result.at = cell.p[v], result.sweep = cell.e[v].sweep;
    std::size_t splitting = 0;
    for (std::size_t c = 0; c < cells.size(); ++c)
      splitting += bounds[c] > std::max(result.lo + target, floor) && cells[c].depth < kMaxDepth;
    // Past its budget the bracket is left as wide as it is (not certified, and said so).
    split_cells += splitting;
    const bool within_budget = split_cells <= budget;
    std::vector<Cell> open;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const Cell& cell = cells[c];
      if (!within_budget || bounds[c] <= std::max(result.lo + target, floor) ||
          cell.depth >= kMaxDepth)
        settled = std::max(settled, bounds[c]);
      else
        split(field, facets[cell.facet], rays[cell.piece], cell, open, result);
    }
    cells = std::move(open);
    ++result.rounds;
  }
  result.hi = std::max(settled, result.lo);
  return result;
}

}  // namespace gougechek
