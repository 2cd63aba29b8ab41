#pragma once
// Klosowski's front: the cut of a k-DOP tree where the previous query stopped (the nodes first
// found disjoint, and the overlapping leaves), kept between consecutive queries so the next
// one starts there instead of at the root. Any cut gives the same query result; the front only
// saves node tests when consecutive query boxes are close. A front belongs to the one tree that
// filled it; one front per thread (it is mutable state).
#include <cstdint>
#include <vector>

namespace gougechek {

struct Front {
  std::vector<std::uint32_t> nodes;  ///< node indices, left to right; empty = start at the root
  /// Per node, for queries that certify separation (see KdopTree::query): the node's proven
  /// distance from the query shape plus the travel at the time, −∞ where none is known.
  std::vector<double> budgets;
  std::vector<std::uint32_t> scratch;          ///< the next front is built here, then swapped in
  std::vector<std::uint8_t> scratch_disjoint;  ///< per scratch node: found disjoint this query
  std::vector<double> scratch_budgets;
  std::uint64_t certified = 0;  ///< node tests skipped on a certificate, over all queries

  /// Forgets the cut, e.g. after a rapid move or a jump: the next query starts at the root.
  void reset() {
    nodes.clear();
    budgets.clear();
  }
};

}  // namespace gougechek
