#pragma once
// A tree over the program's cutting sweeps (the move tree): axis-aligned boxes, split at the
// median of the longest axis. A ray finds the sweep it enters first best-first, nearest box
// entry first, and stops as soon as no box can hold an earlier entry than the one proven.
#include <array>
#include <cstdint>
#include <limits>
#include <span>
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
  /// `hint`: a sweep cast first (a neighbouring ray's, most likely entered first again), so
  /// that every box beyond its entry is passed over. `enough`: once a sweep is proven entered
  /// within it, the search stops: hi is then that entry, not the first, and lo what the sweeps
  /// left unasked may still hold (an excess that small is in tolerance whichever it is).
  FirstEntry firstEntry(const Vec3& origin, const Vec3& direction, double max_length,
                        std::int32_t hint = -1,
                        double enough = -std::numeric_limits<double>::infinity()) const;
  const std::vector<CuttingSweep>& sweeps() const { return sweeps_; }
  /// Whether any sweep may meet the box [lo, hi]: its box meets it, and its hull comes within
  /// its reach of it.
  bool meets(const Vec3& lo, const Vec3& hi) const;
  /// Appends the sweeps that may meet the box [lo, hi] (as meets()) to `out`.
  void gather(const Vec3& lo, const Vec3& hi, std::vector<std::uint32_t>& out) const;
  /// firstEntry among `candidates` only: what it gives when every other sweep is known to be
  /// entered beyond max_length (its box misses the box around the ray).
  FirstEntry firstEntryAmong(const Vec3& origin, const Vec3& direction, double max_length,
                             std::span<const std::uint32_t> candidates, std::int32_t hint,
                             double enough = -std::numeric_limits<double>::infinity()) const;
  /// Lowest and highest corner of all sweeps (empty tree: lo > hi).
  Vec3 lowest() const { return nodes_.empty() ? Vec3{1, 1, 1} : nodes_[0].lo; }
  Vec3 highest() const { return nodes_.empty() ? Vec3{0, 0, 0} : nodes_[0].hi; }

 private:
  /// What a sweep lies within: the parallelogram its core's axis sweeps along the piece's chord,
  /// grown by `reach` (the core's radius, the skin and the piece's sagitta). A ray cannot enter
  /// the sweep nearer than it enters that: a cheap lower bound that orders and culls the casts.
  struct Hull {
    Vec3 base, along, up;  // base + s·along + t·up, s, t in [0, 1]
    double reach = 0;
  };
  struct Node {
    Vec3 lo, hi;              // the box of every sweep below
    Vec3 axis_lo, axis_hi;    // the box of their hulls' parallelograms
    double reach = 0;         // the largest of their hulls' reaches
    std::uint32_t first = 0;  // leaf: first index into order_; inner: the left child
    std::uint32_t count = 0;  // leaf: number of sweeps; 0 for an inner node (right = first + 1)
  };
  static Hull hullOf(const CuttingSweep& sweep);
  /// Calls visit(sweep) for each sweep that may meet [lo, hi] (meets()), until it returns false.
  template <class Visit>
  void forEachMeeting(const Vec3& lo, const Vec3& hi, const Visit& visit) const;
  /// A lower bound of where the ray enters the grown hull (0 when it starts in it), refined
  /// while it is at most `max_length`.
  static double hullEntry(const Hull& hull, const Vec3& origin, const Vec3& direction,
                          double max_length);
  void build(std::uint32_t self, std::uint32_t begin, std::uint32_t end,
             const std::vector<Vec3>& lows, const std::vector<Vec3>& highs);
  /// Parameter where the ray enters the box [low, high], or ∞ when it misses it within
  /// max_length.
  static double boxEntry(const Vec3& low, const Vec3& high, const Vec3& origin, const Vec3& inverse,
                         double max_length);

  std::vector<CuttingSweep> sweeps_;
  std::vector<std::array<Vec3, 2>> boxes_;  // by sweep: its box, least and greatest corner
  std::vector<Hull> hulls_;                 // by sweep
  std::vector<std::uint32_t> order_;        // sweep indices, leaves' ranges contiguous
  std::vector<Node> nodes_;
};

}  // namespace gougechek
