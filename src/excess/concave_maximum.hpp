#pragma once
// The largest value over a triangle of the minimum of a few affine functions, each given by its
// values at the triangle's corners: a concave piecewise-linear function, so the maximum lies at
// a corner, where a crease (two functions equal) crosses an edge, or where two creases meet.
// The refinement's cell bound (docs/checking-rules.md "Excess").
#include <array>
#include <span>

namespace gougechek {

struct ConcaveMaximum {
  double value = 0;
  std::array<double, 3> at{};  ///< barycentric coordinates of a point attaining it
};

/// `functions` not empty.
ConcaveMaximum maximumOfMinimum(std::span<const std::array<double, 3>> functions);

}  // namespace gougechek
