#include "excess/move_tree.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
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

}  // namespace

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

double MoveTree::boxEntry(const Node& node, const Vec3& origin, const Vec3& inverse,
                          double max_length) {
  double enter = 0, leave = max_length;
  for (int axis = 0; axis < 3; ++axis) {
    const double o = origin[axis], lo = node.lo[axis], hi = node.hi[axis];
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

FirstEntry MoveTree::firstEntry(const Vec3& origin, const Vec3& direction,
                                double max_length) const {
  FirstEntry best;
  if (nodes_.empty()) return best;
  const Vec3 inverse{1 / direction.x, 1 / direction.y, 1 / direction.z};
  using Item = std::pair<double, std::uint32_t>;  // box entry, node
  std::priority_queue<Item, std::vector<Item>, std::greater<>> open;
  if (const double t = boxEntry(nodes_[0], origin, inverse, max_length); std::isfinite(t))
    open.push({t, 0});
  // Entries beyond the best proven one cannot lower the first entry.
  auto reach = [&] { return std::min(max_length, best.hi); };
  while (!open.empty()) {
    const auto [t, index] = open.top();
    open.pop();
    if (t > reach()) break;
    const Node& node = nodes_[index];
    if (node.count == 0) {
      for (const std::uint32_t child : {node.first, node.first + 1})
        if (const double c = boxEntry(nodes_[child], origin, inverse, reach()); std::isfinite(c))
          open.push({c, child});
      continue;
    }
    for (std::uint32_t i = node.first; i < node.first + node.count; ++i) {
      const RayEntry e = castRay(sweeps_[order_[i]], origin, direction, reach());
      best.lo = std::min(best.lo, e.lo);
      if (e.hi < best.hi) best.hi = e.hi, best.sweep = static_cast<std::int32_t>(order_[i]);
    }
  }
  return best;
}

}  // namespace gougechek
