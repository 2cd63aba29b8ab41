#pragma once
// The excess at a design sample (docs/checking-rules.md "Excess"): the distance along the
// outward normal to the first entry into a cutting sweep, capped where the ray leaves the stock's
// box (or a box around the part), bracketed [lo, hi] as the ray casts prove it.
#include <array>
#include <cstdint>

#include "excess/move_tree.hpp"

namespace gougechek {

/// The box that caps the excess: the stock's outer boundary, or a box around the part.
struct CapBox {
  Vec3 lo, hi;
};

struct SampleExcess {
  double lo = 0, hi = 0;    ///< lo ≤ excess ≤ hi, mm
  std::int32_t sweep = -1;  ///< the sweep whose entry bounds it (-1: the cap does)
};

class ExcessField {
 public:
  ExcessField(const MoveTree& tree, const CapBox& cap) : tree_(tree), cap_(cap) {}

  /// Excess at p, outward unit normal n.
  SampleExcess at(const Vec3& p, const Vec3& n) const;
  /// Where the ray p + λ·n leaves the cap box (0 when p is outside it).
  double capLength(const Vec3& p, const Vec3& n) const;
  /// The ray's exit from the box along each axis it is not parallel to, as up to three lengths
  /// affine in p (capLength is their minimum); `count` of them filled.
  std::array<double, 3> capLengths(const Vec3& p, const Vec3& n, int& count) const;
  const MoveTree& tree() const { return tree_; }

 private:
  const MoveTree& tree_;
  CapBox cap_;
};

}  // namespace gougechek
