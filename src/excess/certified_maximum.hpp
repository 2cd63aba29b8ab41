#pragma once
// The largest excess over a set of planar design facets as a bracket [lo, hi] proven to contain
// it (docs/checking-rules.md "Excess"): the facets are sampled on a barycentric lattice, and
// every lattice cell that could hold more than the largest sample is split until it cannot.
//
// Why a cell's bound holds: on a planar facet with fixed normal n, the entry f_k(p) into one
// convex sweep k is convex where the ray reaches k (a convex set), so where all three corners
// reach k it lies below the interpolant of the corner values; the excess is below every such
// interpolant and below the cap (the minimum of three affine exit lengths). The cell's bound is
// the maximum of that minimum (concave_maximum.hpp).
#include <algorithm>
#include <array>
#include <cstddef>
#include <limits>
#include <span>
#include <vector>

#include "excess/excess_field.hpp"

namespace gougechek {

struct DesignFacet {
  std::array<Vec3, 3> corners;
  Vec3 normal;  ///< outward, unit
};

struct ExcessBracket {
  double lo = 0;            ///< the largest proven sample excess: the maximum is ≥ lo
  double hi = 0;            ///< the maximum is ≤ hi
  Vec3 at;                  ///< a sample where lo is attained
  std::int32_t sweep = -1;  ///< the sweep entered there (-1: the cap)
  std::size_t samples = 0;  ///< rays cast on sample points
  std::size_t entered = 0;  ///< of them, rays that entered a sweep before the cap
  int rounds = 0;           ///< refinement rounds run
  /// Within the width docs/checking-rules.md promises.
  bool certified() const { return hi - lo <= kWidth; }
  static constexpr double kWidth = 1e-4;  ///< the widest bracket a report may give, mm
};

/// The longest edge of the triangle `t`, mm: what its lattice's divisions are counted on.
inline double longestEdge(const std::array<Vec3, 3>& t) {
  return std::max({norm(t[1] - t[0]), norm(t[2] - t[1]), norm(t[0] - t[2])});
}

/// Appends the pieces a facet's lattice is laid on to `out`: the facet itself, or, for a sliver
/// whose lattice (⌈longest edge / spacing⌉ divisions on every edge) would cast far more rays
/// than its area needs, strips parallel to its shortest edge, two triangles each.
void latticePieces(const std::array<Vec3, 3>& facet, double spacing,
                   std::vector<std::array<Vec3, 3>>& out);

/// The rays certifiedMaximum casts on `facet`'s lattice before any refinement (a sliver's
/// strips counted as they are laid, each corner once); counting stops once past `limit` (a
/// spacing that would lay billions of strips is refused without laying them).
std::size_t latticeSamples(const std::array<Vec3, 3>& facet, double spacing,
                           std::size_t limit = std::numeric_limits<std::size_t>::max());

/// The bracket of the largest excess over `facets` (lattice spacing `spacing`, mm), refined
/// until it is at most `target` wide (or cells reach their smallest size, or the refinement its
/// budget: 16 splits a lattice cell and 256 more; the bracket is then wider, and still holds).
/// Cells bounded at or below `floor` are not refined, and a sample proven at most `floor` is not
/// narrowed (its lo may be as low as 0): a result with hi <= floor proves the maximum no larger
/// (a design in tolerance), one with hi > floor is refined as without it. `hint`: a sweep the
/// first ray casts first (a neighbouring facet's), likely entered where it starts.
ExcessBracket certifiedMaximum(const ExcessField& field, std::span<const DesignFacet> facets,
                               double spacing, double target = 1e-6,
                               double floor = -std::numeric_limits<double>::infinity(),
                               std::int32_t hint = -1);

}  // namespace gougechek
