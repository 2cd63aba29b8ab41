#pragma once
// Where one tool piece swept along one move meets one column of the stock (a vertical line at
// (x, y)): the entry (lowest point) and the exit (highest point) of the swept solid along it,
// exactly (docs/checking-rules.md "Stock"). The piece is the checker's own convex core,
// FrustumCore (convex/frustum_core.hpp), grown by its rounding; the path a line or an ArcSweep
// (geom/arc_sweep.hpp). The swept solid's entry is min over the path of z(t) + low(ρ(t)), ρ the
// horizontal distance from the column to the tool axis and low the piece's lower profile; the
// exit is the same problem for the piece mirrored in z.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "convex/frustum_core.hpp"
#include "geom/arc_sweep.hpp"
#include "gougechek/move.hpp"

namespace gougechek::stock {

inline constexpr double kNoHeight = std::numeric_limits<double>::infinity();

/// A piece's vertical profile about its axis, heights above the tool tip.
struct PieceProfile {
  FrustumCore core;  ///< the piece as the checker models it (margin: the rounding)
  double outer = 0;  ///< largest radius, rounding included

  static PieceProfile of(const FrustumCore& core);
  /// The piece turned upside down (z → −z): its lower profile is the original's upper one negated.
  PieceProfile mirrored() const;
  /// Lowest height of the piece at horizontal distance `rho` from its axis (kNoHeight beyond it).
  double low(double rho) const;
  /// The lower profile is one sphere (a ball end, a lollipop): a closed form for sloped lines.
  bool sphereBottom() const {
    return core.radius_bottom == 0 && core.radius_top == 0 && core.margin > 0;
  }
  /// The lower profile is a flat disc (a flat end, a shank, a holder): a closed form too.
  bool flatBottom() const {
    return core.margin == 0 && core.radius_top <= core.radius_bottom && core.radius_bottom > 0;
  }
};

/// A move's tool-tip path: a straight line or an arc (helix, spiral, any plane), with z negated
/// when `mirrored` (for exits).
struct SweepPath {
  explicit SweepPath(const Move& move);
  bool arc = false;
  Vec3 from, delta;               ///< line: start and end − start
  double horizontal = 0;          ///< line: |delta's xy|²
  double slope = 0;               ///< line: |delta|
  std::optional<ArcSweep> sweep;  ///< arcs
  bool vertical_axis = false;     ///< arc about ±Z
  double speed = 0;               ///< arc: a bound on |dp/dt| over t ∈ [0, 1], mm
  Vec3 at(double t) const;
};

/// Where a column meets a swept piece: [entry, exit], and the path parameter of the entry.
struct ColumnHit {
  double entry = kNoHeight, exit = -kNoHeight;
  double t = 0;
  bool hit() const { return entry <= exit; }
};

/// Entry of `piece` swept along `path` into the column at (x, y): the lowest height and its
/// path parameter; entry = kNoHeight when the sweep misses the column. `mirrored_z` negates the
/// path's heights (for exits: pass the mirrored profile, negate the result).
struct Entry {
  double z = kNoHeight;
  double t = 0;
};
Entry sweepEntry(const PieceProfile& piece, const SweepPath& path, double x, double y,
                 bool mirrored_z = false);

/// False when the piece swept along the straight `path` certainly stays at or above `top` in
/// the column at (x, y) (its lowest height along the path over its nearest approach): a test
/// without square roots that spares most columns the exact entry. True for arcs.
inline bool mayReachBelow(const PieceProfile& piece, const SweepPath& path, double x, double y,
                          double top) {
  if (path.arc) return true;
  const double px = x - path.from.x, py = y - path.from.y;
  const double dx = path.delta.x, dy = path.delta.y;
  const double along = px * dx + py * dy;
  const double u = path.horizontal > 0 ? std::clamp(along / path.horizontal, 0.0, 1.0) : 0.0;
  const double ex = px - u * dx, ey = py - u * dy, rho2 = ex * ex + ey * ey;
  if (rho2 > piece.outer * piece.outer) return false;
  const double lowest = path.from.z + std::min(0.0, path.delta.z);
  if (piece.sphereBottom()) {
    // lowest + zb − √(r² − ρ²) < top, squared.
    const double above = lowest + piece.core.z_bottom - top, r = piece.core.margin;
    return above < 0 || above * above < r * r - rho2;
  }
  return lowest + piece.low(std::sqrt(rho2)) < top;
}

/// Both ends: `mirror` is piece.mirrored(), passed in so that callers make it once.
ColumnHit sweepColumn(const PieceProfile& piece, const PieceProfile& mirror, const SweepPath& path,
                      double x, double y);

}  // namespace gougechek::stock
