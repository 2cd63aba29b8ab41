#pragma once
// k-DOPs in 16-bit grid codes: a tree node's box in K·2 bytes instead of K·8. Each slab j has a
// grid of kCodes equally spaced values spanning the part's own slab (the root's k-DOP), and a
// node keeps the code at or below its lower bound and the code at or above its upper bound, so
// a decoded box only ever grows: it holds everything the exact one holds, and a query that
// culls against it stays conservative. On a part 100 mm wide a code step is 1.5 µm along the
// axes (twice that along the diagonal directions), far below the size of a triangle.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "geom/kdop.hpp"

namespace gougechek {

template <int K>
struct QuantizedKdop {
  static constexpr int kSlabs = K / 2;
  std::array<std::uint16_t, kSlabs> lo;
  std::array<std::uint16_t, kSlabs> hi;

  /// Grows this box to hold `other` (codes on the same grid).
  void add(const QuantizedKdop& other) {
    for (int j = 0; j < kSlabs; ++j) {
      lo[j] = std::min(lo[j], other.lo[j]);
      hi[j] = std::max(hi[j], other.hi[j]);
    }
  }
};

template <int K>
class KdopGrid {
 public:
  static constexpr int kSlabs = K / 2;
  static constexpr std::uint32_t kLastCode = 0xffff;

  KdopGrid() = default;

  /// The grid spanning `bounds` (finite, not empty): code 0 is its lower and kLastCode at or
  /// above its upper bound on every slab.
  explicit KdopGrid(const Kdop<K>& bounds) {
    for (int j = 0; j < kSlabs; ++j) {
      origin_[j] = bounds.lo[j];
      step_[j] = (bounds.hi[j] - bounds.lo[j]) / kLastCode;
      // Rounding may leave the last code short of the upper bound; boxes there must still fit.
      while (at(j, kLastCode) < bounds.hi[j]) step_[j] = std::nextafter(step_[j], INFINITY);
      inverse_step_[j] = step_[j] > 0 ? 1 / step_[j] : 0;
    }
  }

  /// The smallest grid box holding `box`, which lies within the grid's bounds.
  QuantizedKdop<K> enclose(const Kdop<K>& box) const {
    QuantizedKdop<K> q;
    for (int j = 0; j < kSlabs; ++j) {
      q.lo[j] = static_cast<std::uint16_t>(codeAtOrBelow(j, box.lo[j]));
      q.hi[j] = static_cast<std::uint16_t>(codeAtOrAbove(j, box.hi[j]));
    }
    return q;
  }

  /// The box the codes stand for.
  Kdop<K> decode(const QuantizedKdop<K>& q) const {
    Kdop<K> box;
    for (int j = 0; j < kSlabs; ++j) {
      box.lo[j] = at(j, q.lo[j]);
      box.hi[j] = at(j, q.hi[j]);
    }
    return box;
  }

 private:
  double at(int j, std::uint32_t code) const { return origin_[j] + code * step_[j]; }

  // The estimate from a division may be one code off either way; the steps settle it against
  // the decoding itself, which is what a query compares. The first step is taken without a
  // branch (a branch on it is mispredicted often, and a build settles millions of codes); a
  // second is rare.
  std::uint32_t estimate(int j, double v) const {
    // Truncation is the floor here: the code is positive where it is converted.
    const double code = (v - origin_[j]) * inverse_step_[j];
    return code <= 0 ? 0 : code >= kLastCode ? kLastCode : static_cast<std::uint32_t>(code);
  }
  std::uint32_t codeAtOrBelow(int j, double v) const {
    std::uint32_t code = estimate(j, v);
    code -= static_cast<std::uint32_t>((code > 0) & (at(j, code) > v));
    while (code > 0 && at(j, code) > v) --code;
    return code;
  }
  std::uint32_t codeAtOrAbove(int j, double v) const {
    std::uint32_t code = estimate(j, v);
    code += static_cast<std::uint32_t>((code < kLastCode) & (at(j, code) < v));
    while (code < kLastCode && at(j, code) < v) ++code;
    return code;
  }

  std::array<double, kSlabs> origin_{};
  std::array<double, kSlabs> step_{};
  std::array<double, kSlabs> inverse_step_{};  ///< 0 for a slab of zero width: every code is 0
};

}  // namespace gougechek
