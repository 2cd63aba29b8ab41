#pragma once
// A tree over the program's cutting sweeps (the move tree): axis-aligned boxes, split at the
// median of the longest axis. A ray finds the sweep it enters first best-first, nearest box
// entry first, and stops as soon as no box can hold an earlier entry than the one proven.
#include <cstdint>
#include <limits>
#include <vector>

#include "excess/cutting_sweep.hpp"
#include "excess/ray_cast.hpp"

namespace gougechek {

/// The first entry of a ray into the union of the sweeps: lo ≤ entry ≤ hi. `sweep` is the
/// sweep proven entered at hi (-1: none proven); lo = ∞ when the ray misses them all.
struct FirstEntry {
  double lo = std::numeric_limits<double>::infinity();
  double hi = std::numeric_limits<double>::infinity();
  std::int32_t sweep = -1;
};

class MoveTree {
 public:
  explicit MoveTree(std::vector<CuttingSweep> sweeps);

  /// The ray origin + λ·direction (unit), 0 ≤ λ ≤ max_length, against every sweep.
  FirstEntry firstEntry(const Vec3& origin, const Vec3& direction, double max_length) const;
  const std::vector<CuttingSweep>& sweeps() const { return sweeps_; }
  /// Lowest and highest corner of all sweeps (empty tree: lo > hi).
  Vec3 lowest() const { return nodes_.empty() ? Vec3{1, 1, 1} : nodes_[0].lo; }
  Vec3 highest() const { return nodes_.empty() ? Vec3{0, 0, 0} : nodes_[0].hi; }

 private:
  struct Node {
    Vec3 lo, hi;              // the box of every sweep below
    std::uint32_t first = 0;  // leaf: first index into order_; inner: the left child
    std::uint32_t count = 0;  // leaf: number of sweeps; 0 for an inner node (right = first + 1)
  };
  void build(std::uint32_t self, std::uint32_t begin, std::uint32_t end,
             const std::vector<Vec3>& lows, const std::vector<Vec3>& highs);
  /// Parameter where the ray enters node's box, or ∞ when it misses it within max_length.
  static double boxEntry(const Node& node, const Vec3& origin, const Vec3& inverse,
                         double max_length);

  std::vector<CuttingSweep> sweeps_;
  std::vector<std::uint32_t> order_;  // sweep indices, leaves' ranges contiguous
  std::vector<Node> nodes_;
};

}  // namespace gougechek
