#pragma once
// The excess at a design sample (docs/checking-rules.md "Excess"): the distance along the
// outward normal to the first entry into a cutting sweep, capped where the ray leaves the stock's
// box (or a box around the part), bracketed [lo, hi] as the ray casts prove it.
#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

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

  /// Excess at p, outward unit normal n; `hint`: a sweep likely entered first (a neighbouring
  /// sample's), cast first. `enough`: an excess proven at most this is not narrowed further
  /// (MoveTree::firstEntry).
  SampleExcess at(const Vec3& p, const Vec3& n, std::int32_t hint = -1,
                  double enough = -std::numeric_limits<double>::infinity()) const;
  /// True when no ray along n from a point of the triangle `piece` can meet a sweep before the
  /// cap: no sweep may meet the box around the rays (the piece swept along n up to the cap).
  /// Then the excess at each of its points is its cap length (capped()), with no ray cast.
  bool clear(const std::array<Vec3, 3>& piece, const Vec3& n) const;
  /// Appends to `out` every sweep a ray along n from a point of `piece` may enter within
  /// `length` (and the cap): those whose boxes meet the box around these rays.
  void gather(const std::array<Vec3, 3>& piece, const Vec3& n, double length,
              std::vector<std::uint32_t>& out) const;
  /// at() for a point of a piece whose excess is at most `limit` everywhere and whose sweeps
  /// within it are `candidates` (gather()).
  SampleExcess atAmong(const Vec3& p, const Vec3& n, std::span<const std::uint32_t> candidates,
                       double limit, std::int32_t hint,
                       double enough = -std::numeric_limits<double>::infinity()) const;
  /// The excess at p of a clear piece: the cap length, met by no sweep.
  SampleExcess capped(const Vec3& p, const Vec3& n) const {
    const double cap = capLength(p, n);
    return {cap, cap, -1};
  }
  /// Where the ray p + λ·n leaves the cap box (0 when p is outside it).
  double capLength(const Vec3& p, const Vec3& n) const;
  /// The ray's exit from the box along each axis it is not parallel to, as up to three lengths
  /// affine in p (capLength is their minimum); `count` of them filled.
  std::array<double, 3> capLengths(const Vec3& p, const Vec3& n, int& count) const;
  const MoveTree& tree() const { return tree_; }

 private:
  /// The longest ray from the piece to the cap.
  double capReach(const std::array<Vec3, 3>& piece, const Vec3& n) const;
  /// The box around the rays of `length` along n from the piece.
  static std::array<Vec3, 2> prism(const std::array<Vec3, 3>& piece, const Vec3& n, double length);

  const MoveTree& tree_;
  CapBox cap_;
};

}  // namespace gougechek
