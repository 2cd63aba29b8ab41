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
  /// The lower profile is a sharp cone widening upward, on a flat tip or none (a chamfer mill,
  /// a drill's point, a V-bit): a closed form too.
  bool coneBottom() const { return core.margin == 0 && core.radius_top > core.radius_bottom; }
  /// The lower profile is a flat disc rounded by a torus (a bull end): a closed form but for
  /// one monotone equation.
  bool torusBottom() const {
    return core.margin > 0 && core.radius_top == core.radius_bottom && core.radius_bottom > 0;
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

namespace detail {

/// Lowest height of a circle of radius r about (cx, cz) at abscissa x (kNoHeight off it).
inline double arcBelow(double cx, double cz, double r, double x) {
  const double d = x - cx;
  if (std::abs(d) > r) return kNoHeight;
  return cz - std::sqrt(std::max(0.0, r * r - d * d));
}

struct Line {
  double z0, dz, a, b, c;
  double across;  ///< (column − start) × the move's xy: √a times the axis's nearest distance
  double q(double t) const { return std::max(0.0, (a * t + b) * t + c); }
  /// Q(t) without the cancellation of q's form near the axis's path (a·c − b²/4 = across²):
  /// a closed form that is exact at the tip of a cone needs it.
  double nearQ(double t) const {
    const double u = t + b / (2 * a);
    return a * u * u + across * across / a;
  }
};

/// A ball's sweep along a line: h(t) = z0 + t·dz + zc − √(r² − Q(t)) is convex, and h' = 0
/// squared is 4a(a + dz²) t² + 4b(a + dz²) t + b² + 4dz²(c − r²) = 0, whose roots are
/// −b/2a ± |dz|·√D / (2a·√(a + dz²)), D the footprint's discriminant: the one where h' = 0
/// lies inside the footprint (|dz| < √(a + dz²)), so the least height is at that root clamped
/// to the footprint within [0, 1].
inline Entry sphereEntry(const PieceProfile& piece, const Line& l, double root_d, double slope,
                         double ta, double tb) {
  const double r = piece.core.margin;
  const double t = std::clamp(-(l.b + l.dz * root_d / slope) / (2 * l.a), ta, tb);
  return {l.z0 + t * l.dz + piece.core.z_bottom - std::sqrt(std::max(0.0, r * r - l.q(t))), t};
}

/// A sharp cone along a sloped line: closed forms (column_sweep.cpp).
Entry coneEntry(const PieceProfile& piece, const Line& l, double ta, double tb);
/// A bull end along a sloped line (column_sweep.cpp).
Entry torusEntry(const PieceProfile& piece, const Line& l, double ta, double tb);
/// Any convex piece along a line (golden-section search on its convex height function).
Entry convexEntry(const PieceProfile& piece, const Line& l, double ta, double tb);
/// Arcs: closed forms for flat vertical-axis arcs, branch and bound otherwise.
Entry arcEntry(const PieceProfile& piece, const SweepPath& path, double x, double y, double sign);

inline Entry lineEntry(const PieceProfile& piece, const SweepPath& path, double x, double y,
                       double sign) {
  const double px = x - path.from.x, py = y - path.from.y;
  const double dx = path.delta.x, dy = path.delta.y, r = piece.outer;
  const Line l{sign * path.from.z,       sign * path.delta.z, path.horizontal,
               -2 * (px * dx + py * dy), px * px + py * py,   px * dy - py * dx};
  if (l.a == 0) {
    // A plunge (or a move in place): the column stays at one distance from the axis.
    if (l.c > r * r) return {};
    const double t = l.dz >= 0 ? 0 : 1;
    return {l.z0 + t * l.dz + piece.low(std::sqrt(l.c)), t};
  }
  // The footprint: the t ∈ [0, 1] with Q(t) = a t² + b t + c ≤ r².
  const double d = l.b * l.b - 4 * l.a * (l.c - r * r);
  if (d < 0) return {};
  const double root_d = std::sqrt(d);
  const double ta = std::max(0.0, (-l.b - root_d) / (2 * l.a));
  const double tb = std::min(1.0, (-l.b + root_d) / (2 * l.a));
  if (ta > tb) return {};
  if (piece.sphereBottom()) return sphereEntry(piece, l, root_d, path.slope, ta, tb);
  if (piece.flatBottom()) {
    const double t = l.dz >= 0 ? ta : tb;
    return {l.z0 + t * l.dz + piece.core.z_bottom, t};
  }
  if (l.dz == 0) {
    const double t = std::clamp(-l.b / (2 * l.a), ta, tb);
    return {l.z0 + piece.low(std::min(piece.outer, std::sqrt(l.q(t)))), t};
  }
  if (piece.coneBottom()) return coneEntry(piece, l, ta, tb);
  if (piece.torusBottom()) return torusEntry(piece, l, ta, tb);
  return convexEntry(piece, l, ta, tb);
}

}  // namespace detail

inline double PieceProfile::low(double rho) const {
  // The section through the axis is the trapezoid of the core grown by a disc of radius r; its
  // lower boundary is the least of the bottom edge, the bottom rim's arc and, when the core
  // widens upward, the flank and the top rim's arc, each shifted by r.
  const double zb = core.z_bottom, zt = core.z_top, rb = core.radius_bottom, rt = core.radius_top,
               r = core.margin;
  if (rho > outer) return kNoHeight;
  double best = rho <= rb ? zb - r : detail::arcBelow(rb, zb, r, rho);
  if (rt > rb) {
    const double dr = rt - rb, dz = zt - zb, length = std::hypot(dr, dz);
    const double nx = r * dz / length, nz = -r * dr / length;  // outward, downward normal · r
    if (rho >= rb + nx && rho <= rt + nx)
      best = std::min(best, zb + nz + (rho - rb - nx) * dz / dr);
    best = std::min(best, detail::arcBelow(rt, zt, r, rho));
  }
  return best;
}

inline Entry sweepEntry(const PieceProfile& piece, const SweepPath& path, double x, double y,
                        bool mirrored_z) {
  const double sign = mirrored_z ? -1 : 1;
  if (!path.arc) return detail::lineEntry(piece, path, x, y, sign);
  return detail::arcEntry(piece, path, x, y, sign);
}

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
