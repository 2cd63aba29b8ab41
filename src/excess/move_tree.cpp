#include "excess/move_tree.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace gougechek {
namespace {

constexpr std::uint32_t kLeafSize = 4;
// Boxes are widened by this, mm, so that rounding in the support values culls no entry.
constexpr double kBoxSlack = 1e-7;

Vec3 componentMin(const Vec3& a, const Vec3& b) {
  return {std::min(a.x, b.x), std::min(a.y, b.y), std::min(a.z, b.z)};
}
Vec3 componentMax(const Vec3& a, const Vec3& b) {
  return {std::max(a.x, b.x), std::max(a.y, b.y), std::max(a.z, b.z)};
}

/// Distance from p to the segment a + s·(b − a), s in [0, 1] (a point when b = a).
double segmentDistance(const Vec3& p, const Vec3& a, const Vec3& b) {
  const Vec3 ab = b - a;
  const double length2 = norm2(ab);
  const double s = length2 > 0 ? std::clamp(dot(p - a, ab) / length2, 0.0, 1.0) : 0.0;
  return norm(a + ab * s - p);
}

/// A lower bound of the distance from p to the parallelogram base + s·u + t·w, s, t in [0, 1]
/// (either edge may be empty), never above it: the nearest edge's distance, and where the foot
/// of the perpendicular may fall inside (within 1e-6 of its coordinates, which a nearly
/// degenerate parallelogram computes poorly) the distance to its plane, which is at most the
/// distance to any of its points.
double parallelogramDistance(const Vec3& p, const Vec3& base, const Vec3& u, const Vec3& w) {
  const double uu = dot(u, u), uw = dot(u, w), ww = dot(w, w);
  // A ball's core is a point: its parallelogram, the chord.
  if (ww == 0) return segmentDistance(p, base, base + u);
  if (uu == 0) return segmentDistance(p, base, base + w);
  const double edges = std::min(
      {segmentDistance(p, base, base + u), segmentDistance(p, base, base + w),
       segmentDistance(p, base + u, base + u + w), segmentDistance(p, base + w, base + u + w)});
  const Vec3 normal = cross(u, w);
  const double area2 = norm2(normal);
  if (!(area2 > 0)) return edges;
  // The foot's coordinates in the frame (u, w⊥), w⊥ = w − (uw/uu)·u orthogonal to u.
  const Vec3 r = p - base;
  const Vec3 w_perp = w - u * (uw / uu);
  const double t = dot(r, w_perp) / norm2(w_perp);
  const double s = (dot(r, u) - t * uw) / uu;
  constexpr double kSlack = 1e-6;
  if (s < -kSlack || s > 1 + kSlack || t < -kSlack || t > 1 + kSlack) return edges;
  return std::min(edges, std::abs(dot(r, normal)) / std::sqrt(area2));
}

/// An entry of firstEntry's queue: a node of the tree, or a sweep (bounded by its leaf, or by
/// its hull), at the least ray parameter where it may be entered.
struct SearchItem {
  enum class Kind : std::uint8_t { Box, Sweep, Bounded };
  double at;
  std::uint32_t index;
  Kind kind;
  // Ties (every box round the ray's start bounds it at 0) go to sweeps, then to the deeper
  // box (children are stored after their parents): a dive that soon casts a sweep.
  bool operator>(const SearchItem& o) const {
    if (at != o.at) return at > o.at;
    if ((kind == Kind::Box) != (o.kind == Kind::Box)) return kind == Kind::Box;
    return index < o.index;
  }
};

/// Distance from p to the box [lo, hi] (0 inside).
double boxDistance(const Vec3& p, const Vec3& lo, const Vec3& hi) {
  const Vec3 outside{std::max({lo.x - p.x, 0.0, p.x - hi.x}),
                     std::max({lo.y - p.y, 0.0, p.y - hi.y}),
                     std::max({lo.z - p.z, 0.0, p.z - hi.z})};
  return norm(outside);
}

}  // namespace

MoveTree::Hull MoveTree::hullOf(const CuttingSweep& sweep) {
  const FrustumCore& core = sweep.core;
  const Vec3 from = sweep.path.start(), to = sweep.path.end();
  // How far the piece strays from its chord: an arc's enclosing points (its ends and tangent
  // meeting points), else the corners of its box.
  std::vector<Vec3> points;
  if (!sweep.path.enclosingPoints(points)) {
    const auto [lo, hi] = sweep.path.bounds();
    for (int corner = 0; corner < 8; ++corner)
      points.push_back(
          {corner & 1 ? hi.x : lo.x, corner & 2 ? hi.y : lo.y, corner & 4 ? hi.z : lo.z});
  }
  double sagitta = 0;
  for (const Vec3& point : points) sagitta = std::max(sagitta, segmentDistance(point, from, to));
  Hull hull;
  hull.base = from + Vec3{0, 0, core.z_bottom};
  hull.along = to - from;
  hull.up = {0, 0, core.z_top - core.z_bottom};
  hull.reach = std::max(core.radius_bottom, core.radius_top) + core.margin + sagitta + kBoxSlack;
  return hull;
}

MoveTree::MoveTree(std::vector<CuttingSweep> sweeps) : sweeps_(std::move(sweeps)) {
  std::vector<Vec3> lows, highs;
  for (const CuttingSweep& s : sweeps_) {
    const double m = s.core.margin + kBoxSlack;
    lows.push_back(Vec3{s.support({-1, 0, 0}).point.x, s.support({0, -1, 0}).point.y,
                        s.support({0, 0, -1}).point.z} -
                   Vec3{m, m, m});
    highs.push_back(Vec3{s.support({1, 0, 0}).point.x, s.support({0, 1, 0}).point.y,
                         s.support({0, 0, 1}).point.z} +
                    Vec3{m, m, m});
  }
  boxes_.reserve(sweeps_.size());
  for (std::size_t i = 0; i < sweeps_.size(); ++i) boxes_.push_back({lows[i], highs[i]});
  hulls_.reserve(sweeps_.size());
  for (const CuttingSweep& sweep : sweeps_) hulls_.push_back(hullOf(sweep));
  order_.resize(sweeps_.size());
  for (std::uint32_t i = 0; i < order_.size(); ++i) order_[i] = i;
  if (!sweeps_.empty()) {
    nodes_.reserve(2 * sweeps_.size());
    nodes_.resize(1);
    build(0, 0, static_cast<std::uint32_t>(order_.size()), lows, highs);
  }
}

// Fills node `self` for order_[begin, end); its children are allocated as a pair, so that
// the right one is left + 1.
void MoveTree::build(std::uint32_t self, std::uint32_t begin, std::uint32_t end,
                     const std::vector<Vec3>& lows, const std::vector<Vec3>& highs) {
  Vec3 lo = lows[order_[begin]], hi = highs[order_[begin]];
  for (std::uint32_t i = begin + 1; i < end; ++i) {
    lo = componentMin(lo, lows[order_[i]]);
    hi = componentMax(hi, highs[order_[i]]);
  }
  nodes_[self].lo = lo;
  nodes_[self].hi = hi;
  Node& node = nodes_[self];
  node.axis_lo = Vec3{1, 1, 1} * std::numeric_limits<double>::infinity();
  node.axis_hi = -node.axis_lo;
  for (std::uint32_t i = begin; i < end; ++i) {
    const Hull& h = hulls_[order_[i]];
    for (const Vec3& corner : {h.base, h.base + h.along, h.base + h.up, h.base + h.along + h.up}) {
      node.axis_lo = componentMin(node.axis_lo, corner);
      node.axis_hi = componentMax(node.axis_hi, corner);
    }
    node.reach = std::max(node.reach, h.reach);
  }
  if (end - begin <= kLeafSize) {
    nodes_[self].first = begin;
    nodes_[self].count = end - begin;
    return;
  }
  const Vec3 extent = hi - lo;
  const int axis =
      extent.x >= extent.y && extent.x >= extent.z ? 0 : (extent.y >= extent.z ? 1 : 2);
  const std::uint32_t middle = begin + (end - begin) / 2;
  std::nth_element(order_.begin() + begin, order_.begin() + middle, order_.begin() + end,
                   [&](std::uint32_t a, std::uint32_t b) {
                     return (lows[a] + highs[a])[axis] < (lows[b] + highs[b])[axis];
                   });
  const auto left = static_cast<std::uint32_t>(nodes_.size());
  nodes_.resize(nodes_.size() + 2);
  nodes_[self].first = left;
  build(left, begin, middle, lows, highs);
  build(left + 1, middle, end, lows, highs);
}

double MoveTree::boxEntry(const Vec3& low, const Vec3& high, const Vec3& origin,
                          const Vec3& inverse, double max_length) {
  double enter = 0, leave = max_length;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = origin[axis], lo = low[axis], hi = high[axis];
    if (std::isinf(inverse[axis])) {  // parallel to the slab
      if (o < lo || o > hi) return std::numeric_limits<double>::infinity();
      continue;
    }
    double t0 = (lo - o) * inverse[axis], t1 = (hi - o) * inverse[axis];
    if (t0 > t1) std::swap(t0, t1);
    enter = std::max(enter, t0);
    leave = std::min(leave, t1);
  }
  return enter <= leave ? enter : std::numeric_limits<double>::infinity();
}

double MoveTree::hullEntry(const Hull& hull, const Vec3& origin, const Vec3& direction,
                           double max_length) {
  // The distance to the parallelogram is convex and 1-Lipschitz along the ray: each step by
  // the distance left beyond the reach stays short of where the ray enters the grown hull.
  double lambda = 0;
  for (int step = 0; step < 3 && lambda <= max_length; ++step) {
    const double gap =
        parallelogramDistance(origin + direction * lambda, hull.base, hull.along, hull.up) -
        hull.reach;
    if (gap <= 0) break;
    lambda += gap;
  }
  return lambda;
}

template <class Visit>
void MoveTree::forEachMeeting(const Vec3& lo, const Vec3& hi, const Visit& visit) const {
  if (nodes_.empty()) return;
  const auto apart = [&](const Vec3& low, const Vec3& high) {
    return low.x > hi.x || high.x < lo.x || low.y > hi.y || high.y < lo.y || low.z > hi.z ||
           high.z < lo.z;
  };
  const Vec3 centre = (lo + hi) * 0.5;
  const double half_diagonal = norm(hi - lo) / 2 + kBoxSlack;
  std::vector<std::uint32_t> stack{0};
  while (!stack.empty()) {
    const Node& node = nodes_[stack.back()];
    stack.pop_back();
    if (apart(node.lo, node.hi)) continue;
    if (node.count == 0) {
      stack.push_back(node.first);
      stack.push_back(node.first + 1);
      continue;
    }
    // A leaf's box is its sweeps' union: ask each of them, and the hull of each whose box
    // meets [lo, hi] (within its reach of the box's centre less the centre's farthest corner;
    // the distance is 1-Lipschitz).
    for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
      const std::uint32_t sweep = order_[i];
      if (apart(boxes_[sweep][0], boxes_[sweep][1])) continue;
      const Hull& hull = hulls_[sweep];
      if (parallelogramDistance(centre, hull.base, hull.along, hull.up) - half_diagonal >
          hull.reach)
        continue;
      if (!visit(sweep)) return;
    }
  }
}

bool MoveTree::meets(const Vec3& lo, const Vec3& hi) const {
  bool met = false;
  forEachMeeting(lo, hi, [&met](std::uint32_t) { return !(met = true); });
  return met;
}

void MoveTree::gather(const Vec3& lo, const Vec3& hi, std::vector<std::uint32_t>& out) const {
  forEachMeeting(lo, hi, [&out](std::uint32_t sweep) {
    out.push_back(sweep);
    return true;
  });
}

FirstEntry MoveTree::firstEntryAmong(const Vec3& origin, const Vec3& direction, double max_length,
                                     std::span<const std::uint32_t> candidates, std::int32_t hint,
                                     double enough) const {
  FirstEntry best;
  auto reach = [&] { return std::min(max_length, best.hi); };
  auto cast = [&](std::uint32_t sweep) {
    const RayEntry e = castRay(sweeps_[sweep], origin, direction, reach());
    best.lo = std::min(best.lo, e.lo);
    if (e.hi < best.hi) best.hi = e.hi, best.sweep = static_cast<std::int32_t>(sweep);
  };
  if (hint >= 0) cast(static_cast<std::uint32_t>(hint));
  const Vec3 inverse{1 / direction.x, 1 / direction.y, 1 / direction.z};
  for (const std::uint32_t sweep : candidates) {
    // The candidates left are unasked: no entry is nearer than the ray's start.
    if (best.hi <= enough) {
      best.lo = 0;
      break;
    }
    if (static_cast<std::int32_t>(sweep) != hint &&
        boxEntry(boxes_[sweep][0], boxes_[sweep][1], origin, inverse, reach()) <= reach() &&
        hullEntry(hulls_[sweep], origin, direction, reach()) <= reach())
      cast(sweep);
  }
  return best;
}

FirstEntry MoveTree::firstEntry(const Vec3& origin, const Vec3& direction, double max_length,
                                std::int32_t hint, double enough) const {
  FirstEntry best;
  if (nodes_.empty()) return best;
  const Vec3 inverse{1 / direction.x, 1 / direction.y, 1 / direction.z};
  // Nodes (by where the ray may first enter one of their sweeps) and sweeps (by their hulls'
  // entries), nearest first: a ray starting inside many sweeps' boxes (a design point under a
  // raster) casts into the nearest passes only.
  // A sweep is queued at its leaf's bound first, and bounded by its hull only when it comes to
  // the top: most are never needed once the nearest sweep's entry is proven.
  using Kind = SearchItem::Kind;
  std::priority_queue<SearchItem, std::vector<SearchItem>, std::greater<>> open;
  auto reach = [&] { return std::min(max_length, best.hi); };
  auto push_node = [&](std::uint32_t index) {
    const Node& node = nodes_[index];
    const double t = std::max(boxEntry(node.lo, node.hi, origin, inverse, reach()),
                              boxDistance(origin, node.axis_lo, node.axis_hi) - node.reach);
    if (t <= reach()) open.push({t, index, Kind::Box});
  };
  auto cast = [&](std::uint32_t sweep) {
    const RayEntry e = castRay(sweeps_[sweep], origin, direction, reach());
    best.lo = std::min(best.lo, e.lo);
    if (e.hi < best.hi) best.hi = e.hi, best.sweep = static_cast<std::int32_t>(sweep);
  };
  if (hint >= 0) {
    // A raster's next sample is often past the hint's move and within the next (or the one
    // before): the sweeps beside it in the program are cast before the tree is searched.
    const auto h = static_cast<std::uint32_t>(hint);
    cast(h);
    if (best.hi > enough && h + 1 < sweeps_.size()) cast(h + 1);
    if (best.hi > enough && h > 0) cast(h - 1);
  }
  push_node(0);
  // Where the hint is not enough, the search goes on for a sweep well within it: the next
  // sample's hint, which a marginal one would soon fail.
  const double stop = best.hi <= enough ? enough : enough / 2;
  while (!open.empty()) {
    const SearchItem item = open.top();
    open.pop();
    // Entries beyond the best proven one cannot lower the first entry.
    if (item.at > reach()) break;
    // Nearest first: no entry left unasked is nearer than this item's bound.
    if (best.hi <= stop) {
      best.lo = std::min(best.lo, item.at);
      break;
    }
    switch (item.kind) {
      case Kind::Bounded:
        cast(item.index);
        break;
      case Kind::Sweep: {
        const double t =
            std::max(item.at, hullEntry(hulls_[item.index], origin, direction, reach()));
        if (t > reach()) break;
        // A sweep that may be entered within `stop` is cast at once: it may end the search.
        if (t <= stop || open.empty() || t <= open.top().at) {
          cast(item.index);
        } else {
          open.push({t, item.index, Kind::Bounded});
        }
        break;
      }
      case Kind::Box: {
        const Node& node = nodes_[item.index];
        if (node.count == 0) {
          push_node(node.first);
          push_node(node.first + 1);
        } else {
          for (std::uint32_t i = node.first; i < node.first + node.count; ++i)
            open.push({item.at, order_[i], Kind::Sweep});
        }
        break;
      }
    }
  }
  return best;
}

}  // namespace gougechek
