#include "stock/column_sweep.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <queue>
#include <vector>

namespace gougechek::stock {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;
// Branch and bound on arcs stops when the lowest bound is within this of the best value found
// (a fifth of the stock's height quantum, stock_field.hpp), or after this many evaluations.
constexpr double kArcTolerance = 2e-5;
constexpr int kArcEvaluations = 6000;
// Golden-section steps on a line's convex height function at most: 0.618^80 of the footprint.
constexpr int kGoldenSteps = 80;
// Newton steps (bisections where a step would leave the bracket) for a bull end's lowest rim
// point at most: bisections alone reach kRootOffset of the corner radius in about 50.
constexpr int kRootSteps = 100;
// The rim point is found to this share of the corner radius: the height is least there, but
// where the rim is steep a small error in the point is not a smaller one in the height.
constexpr double kRootOffset = 1e-15;

/// The column's polar place about a vertical arc's centre: distance and angle from the start.
struct Polar {
  double distance, angle;
};

Polar polarOf(const ArcSweep& arc, double x, double y) {
  const double vx = x - arc.center.x, vy = y - arc.center.y;
  const double along = vx * arc.radial.x + vy * arc.radial.y;
  const double across = vx * arc.tangent.x + vy * arc.tangent.y;
  double angle = std::atan2(across, along);
  if (angle < 0) angle += kTwoPi;
  return {std::sqrt(vx * vx + vy * vy), angle};
}

/// Nearest horizontal distance from the column to the annular sector swept by a vertical arc
/// between turns θ1 and θ2 (radii between r1 and r2): a lower bound of ρ on that piece.
double sectorDistance(const Polar& q, double theta1, double theta2, double r1, double r2) {
  const double rmin = std::min(r1, r2), rmax = std::max(r1, r2);
  if (q.distance == 0) return rmin;
  const double k = std::ceil((theta1 - q.angle) / kTwoPi);
  if (theta2 - theta1 >= kTwoPi || q.angle + kTwoPi * k <= theta2)
    return std::max({0.0, rmin - q.distance, q.distance - rmax});
  double best = kNoHeight;
  for (const double theta : {theta1, theta2}) {
    const double cosine = std::cos(q.angle - theta);
    const double s = std::clamp(q.distance * cosine, rmin, rmax);
    const double d2 = q.distance * q.distance + s * s - 2 * q.distance * s * cosine;
    best = std::min(best, std::sqrt(std::max(0.0, d2)));
  }
  return best;
}

/// A horizontal circular arc about a vertical axis: the lowest profile point is at the path's
/// nearest approach, the whole arc at one height.
Entry planarArcEntry(const PieceProfile& piece, const SweepPath& path, double x, double y,
                     double sign) {
  const ArcSweep& arc = *path.sweep;
  const Polar q = polarOf(arc, x, y);
  double rho = 0, t = 0;
  if (q.distance == 0) {
    rho = arc.start_radius;
  } else if (arc.angle >= kTwoPi || q.angle <= arc.angle) {
    rho = std::abs(q.distance - arc.start_radius);
    t = q.angle / arc.angle;
  } else {
    const Vec3 s = arc.at(0), e = arc.at(1);
    const double ds = std::hypot(x - s.x, y - s.y), de = std::hypot(x - e.x, y - e.y);  // rare
    rho = std::min(ds, de);
    t = de < ds ? 1 : 0;
  }
  if (rho > piece.outer) return {};
  return {sign * arc.center.z + piece.low(rho), t};
}

/// Helices, spirals and arcs in other planes: branch and bound on the path parameter. On a
/// parameter piece, (lowest z) + low(nearest ρ) bounds the height from below (low rises with
/// ρ); any evaluation bounds the minimum from above.
Entry arcBranchAndBound(const PieceProfile& piece, const SweepPath& path, double x, double y,
                        double sign) {
  const ArcSweep& arc = *path.sweep;
  const Polar q = polarOf(arc, x, y);
  const auto value = [&](double t) {
    const Vec3 p = arc.at(t);
    const double rho = std::hypot(p.x - x, p.y - y);
    return rho > piece.outer ? kNoHeight : sign * p.z + piece.low(rho);
  };
  const auto bound = [&](double t1, double t2) {
    if (path.vertical_axis) {
      const double rho =
          sectorDistance(q, arc.angle * t1, arc.angle * t2, arc.radius(t1), arc.radius(t2));
      if (rho > piece.outer) return kNoHeight;
      const double z1 = sign * arc.at(t1).z, z2 = sign * arc.at(t2).z;
      return std::min(z1, z2) + piece.low(rho);
    }
    const double reach = path.speed * (t2 - t1) / 2;
    const Vec3 p = arc.at((t1 + t2) / 2);
    const double rho = std::max(0.0, std::hypot(p.x - x, p.y - y) - reach);
    if (rho > piece.outer) return kNoHeight;
    return sign * p.z - reach + piece.low(rho);
  };
  struct Piece {
    double bound, t1, t2;
    bool operator>(const Piece& o) const { return bound > o.bound; }
  };
  std::priority_queue<Piece, std::vector<Piece>, std::greater<>> open;
  Entry best;
  int evaluations = 0;
  const auto add = [&](double t1, double t2) {
    const double mid = (t1 + t2) / 2, v = value(mid);
    ++evaluations;
    if (v < best.z) best = {v, mid};
    const double b = bound(t1, t2);
    if (b < kNoHeight) open.push({b, t1, t2});
  };
  for (const double t : {0.0, 1.0}) {
    const double v = value(t);
    if (v < best.z) best = {v, t};
  }
  const int first = std::max(8, static_cast<int>(std::ceil(arc.angle / (std::numbers::pi / 8))));
  for (int i = 0; i < first; ++i) add(double(i) / first, double(i + 1) / first);
  while (!open.empty() && evaluations < kArcEvaluations) {
    const Piece top = open.top();
    if (top.bound >= best.z - kArcTolerance) break;
    open.pop();
    const double mid = (top.t1 + top.t2) / 2;
    add(top.t1, mid);
    add(mid, top.t2);
  }
  return best;
}

}  // namespace

namespace detail {

/// The least height of a piece along a line at the candidates, clamped to [ta, tb]: of a
/// convex h, those that hold its minimiser.
template <std::size_t N>
Entry leastAt(const PieceProfile& piece, const Line& l, const std::array<double, N>& candidates,
              double ta, double tb) {
  Entry best;
  for (const double candidate : candidates) {
    const double t = std::clamp(candidate, ta, tb);
    const double z = l.z0 + t * l.dz + piece.low(std::min(piece.outer, std::sqrt(l.nearQ(t))));
    if (z < best.z) best = {z, t};
  }
  return best;
}

/// How the tool's axis passes the column along a sloped line: nearest at t0, ρ0² its distance
/// squared then, and within `radius` of it from `enter` to `leave` (both t0 when never).
struct AxisPass {
  double t0, rho0_squared, enter, leave;
};

AxisPass axisPass(const Line& l, double radius) {
  const double t0 = -l.b / (2 * l.a), rho0_squared = l.across * l.across / l.a;
  const double half =
      radius * radius > rho0_squared ? std::sqrt((radius * radius - rho0_squared) / l.a) : 0;
  return {t0, rho0_squared, t0 - half, t0 + half};
}

Entry coneEntry(const PieceProfile& piece, const Line& l, double ta, double tb) {
  // With u = t − t0 (t0 where the axis passes nearest the column, ρ0 that distance), the
  // axis is √(a u² + ρ0²) away, and h(t) = z0 + t·dz + low(ρ): on the tip (ρ ≤ rb) linear in
  // t, on the flank zb + k(ρ − rb), k = (zt − zb)/(rt − rb), where h' = dz + k·a·u/ρ = 0 at
  // u = s·ρ0/√(a(a − s²)), s = −dz/k, when s² < a. h is convex, so its least value on
  // [ta, tb] is at one of: the ends, t0 (the flank's crease when ρ0 = 0), the tip's edges
  // (ρ = rb) and that root.
  const FrustumCore& core = piece.core;
  const double k = (core.z_top - core.z_bottom) / (core.radius_top - core.radius_bottom);
  const AxisPass pass = axisPass(l, core.radius_bottom);
  std::array<double, 6> candidates{ta, tb, pass.t0, pass.enter, pass.leave, pass.t0};
  if (const double s = -l.dz / k; s * s < l.a)
    candidates[5] = pass.t0 + s * std::sqrt(pass.rho0_squared / (l.a * (l.a - s * s)));
  return leastAt(piece, l, candidates, ta, tb);
}

/// Where a bull end moving along a sloped line is lowest over the column: how far out w from the
/// flat's edge R0 its rim point lies where h' = 0. With ρ = R0 + w, h' = 0 is
/// w/√(r² − w²) · √(1 − ρ0²/ρ²) = s (s = |dz|/√a), whose left side grows from 0 to ∞ over
/// [w0, r) (w0 = max(0, ρ0 − R0)); squared, g(w) = w²(ρ² − ρ0²) − s²ρ²(r² − w²) = 0, a
/// polynomial of the same sign: Newton's steps on it kept inside a shrinking bracket, from
/// the root of the small-angle form w ≈ s·r/√(1 − ρ0²/R0²).
double torusRootOffset(double R0, double r, double rho0, double s) {
  double lo = std::max(0.0, rho0 - R0), hi = r;
  const double flat_share = rho0 < R0 ? 1 - rho0 * rho0 / (R0 * R0) : 0;
  double w = flat_share > 0 ? s * r / std::sqrt(flat_share) : 0.5 * (lo + hi);
  if (!(w > lo && w < hi)) w = 0.5 * (lo + hi);
  const double s2 = s * s, r2 = r * r, rho0_2 = rho0 * rho0;
  for (int i = 0; i < kRootSteps && hi - lo > kRootOffset * r; ++i) {
    const double rho = R0 + w, rho2 = rho * rho, w2 = w * w;
    const double g = w2 * (rho2 - rho0_2) - s2 * rho2 * (r2 - w2);
    (g < 0 ? lo : hi) = w;
    const double slope =
        2 * w * (rho2 - rho0_2) + 2 * w2 * rho - s2 * (2 * rho * (r2 - w2) - 2 * rho2 * w);
    const double next = slope > 0 ? w - g / slope : lo - 1;
    const double step = (next > lo && next < hi ? next : 0.5 * (lo + hi)) - w;
    w += step;
    if (std::abs(step) <= kRootOffset * r) break;
  }
  return w;
}

Entry torusEntry(const PieceProfile& piece, const Line& l, double ta, double tb) {
  // As for a cone: h is linear over the flat (ρ ≤ R0, from enter to leave) and smooth and
  // convex over the rim, where h' = 0 at most once, on the side u of sign −dz, at the root
  // above. h is convex, so its least value on [ta, tb] is at the ends, the flat's edges or
  // that point.
  const FrustumCore& core = piece.core;
  const double R0 = core.radius_bottom;
  const AxisPass pass = axisPass(l, R0);
  const double rho = R0 + torusRootOffset(R0, core.margin, std::sqrt(pass.rho0_squared),
                                          std::abs(l.dz) / std::sqrt(l.a));
  const double u = std::sqrt(std::max(0.0, rho * rho - pass.rho0_squared) / l.a);
  const std::array<double, 5> candidates{ta, tb, pass.enter, pass.leave,
                                         l.dz > 0 ? pass.t0 - u : pass.t0 + u};
  return leastAt(piece, l, candidates, ta, tb);
}

/// A lower bound on a convex function over [t0, t3] from its values at t0 < t1 < t2 < t3:
/// outside a chord the function lies above the chord's line, so on each of the three spans
/// above the higher of the two chords that do not cover it, least at an end of the span or
/// where those lines cross. An end's value may be infinite (a rim's height rounded off the
/// profile): its chord then says nothing.
double convexLowerBound(const std::array<double, 4>& t, const std::array<double, 4>& h) {
  struct Chord {
    double at, value, slope;
    bool known() const { return std::isfinite(value) && std::isfinite(slope); }
    double operator()(double x) const { return value + slope * (x - at); }
  };
  const auto chord = [&](int i) {
    return Chord{t[i], h[i], (h[i + 1] - h[i]) / (t[i + 1] - t[i])};
  };
  const auto least = [](const Chord& p, const Chord& q, double from, double to) {
    if (!p.known() || !q.known()) {
      const Chord& line = p.known() ? p : q;
      return line.known() ? std::min(line(from), line(to)) : -kNoHeight;
    }
    double value = std::min(std::max(p(from), q(from)), std::max(p(to), q(to)));
    if (p.slope != q.slope) {
      const double cross =
          (q.value - p.value + p.slope * p.at - q.slope * q.at) / (p.slope - q.slope);
      if (cross > from && cross < to) value = std::min(value, p(cross));
    }
    return value;
  };
  const Chord c01 = chord(0), c12 = chord(1), c23 = chord(2);
  return std::min(
      {least(c12, c23, t[0], t[1]), least(c01, c23, t[1], t[2]), least(c01, c12, t[2], t[3])});
}

/// Any convex piece along a line: h(t) = z(t) + low(ρ(t)) is convex in t (low rises convexly
/// with ρ, ρ is convex in t), so golden-section search finds its minimum.
Entry convexEntry(const PieceProfile& piece, const Line& l, double ta, double tb) {
  // Golden-section search, stopped as soon as convexity proves that no height in the bracket
  // lies more than kArcTolerance below the least found (the arcs' rule).
  const auto h = [&](double t) {
    return l.z0 + t * l.dz + piece.low(std::min(piece.outer, std::sqrt(l.q(t))));
  };
  constexpr double kRatio = 0.6180339887498949;
  std::array<double, 4> t{ta, tb - kRatio * (tb - ta), ta + kRatio * (tb - ta), tb};
  std::array<double, 4> z{h(t[0]), h(t[1]), h(t[2]), h(t[3])};
  for (int i = 0; i < kGoldenSteps && t[3] - t[0] > 1e-13; ++i) {
    if (convexLowerBound(t, z) >= std::min(z[1], z[2]) - kArcTolerance) break;
    if (z[1] <= z[2]) {
      t = {t[0], t[2] - kRatio * (t[2] - t[0]), t[1], t[2]};
      z = {z[0], h(t[1]), z[1], z[2]};
    } else {
      t = {t[1], t[2], t[1] + kRatio * (t[3] - t[1]), t[3]};
      z = {z[1], z[2], h(t[2]), z[3]};
    }
  }
  const auto least = std::min_element(z.begin(), z.end());
  return {*least, t[least - z.begin()]};
}

Entry arcEntry(const PieceProfile& piece, const SweepPath& path, double x, double y, double sign) {
  const ArcSweep& arc = *path.sweep;
  if (path.vertical_axis && arc.rise == 0 && arc.start_radius == arc.end_radius &&
      arc.start_radius > 0)
    return planarArcEntry(piece, path, x, y, sign);
  return arcBranchAndBound(piece, path, x, y, sign);
}
}  // namespace detail

PieceProfile PieceProfile::of(const FrustumCore& core) {
  return {core, std::max(core.radius_bottom, core.radius_top) + core.margin};
}

PieceProfile PieceProfile::mirrored() const {
  FrustumCore m = core;
  m.z_bottom = -core.z_top;
  m.z_top = -core.z_bottom;
  m.radius_bottom = core.radius_top;
  m.radius_top = core.radius_bottom;
  return of(m);
}

SweepPath::SweepPath(const Move& move)
    : arc(move.kind == MoveKind::Arc),
      from(move.from),
      delta(move.to - move.from),
      horizontal(delta.x * delta.x + delta.y * delta.y),
      slope(std::sqrt(horizontal + delta.z * delta.z)),
      sweep(arc ? std::optional<ArcSweep>(move) : std::nullopt) {
  if (!arc) return;
  vertical_axis = sweep->axis.x == 0 && sweep->axis.y == 0;
  speed = sweep->angle * std::max(sweep->start_radius, sweep->end_radius) +
          std::abs(sweep->end_radius - sweep->start_radius) + std::abs(sweep->rise);
}

Vec3 SweepPath::at(double t) const {
  return arc ? sweep->at(t) : from + delta * t;
}

ColumnHit sweepColumn(const PieceProfile& piece, const PieceProfile& mirror, const SweepPath& path,
                      double x, double y) {
  const Entry entry = sweepEntry(piece, path, x, y);
  if (entry.z == kNoHeight) return {};
  const Entry exit = sweepEntry(mirror, path, x, y, true);
  return {entry.z, -exit.z, entry.t};
}

}  // namespace gougechek::stock
