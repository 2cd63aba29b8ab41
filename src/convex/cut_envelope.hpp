#pragma once
// The lower envelope of affine functions over a triangle, U(x) = min_j (c_j − v_j·x), and its
// highest point. Kelley's cutting-plane method (convex/surface_depth) maximises a concave
// function this way: each cut bounds the function from above, so U's top bounds its maximum
// and says where to measure next. Kept as cells, one convex polygon per cut where that cut is
// the lowest, so adding a cut only clips polygons.
#include <array>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek {

/// The affine function x ↦ c − v·x (over points of the triangle's plane).
struct Cut {
  Vec3 v;
  double c = 0;
  double at(const Vec3& x) const { return c - dot(v, x); }
};

class CutEnvelope {
 public:
  explicit CutEnvelope(const std::array<Vec3, 3>& triangle) : triangle_(triangle) {}

  /// Lowers the envelope to min(U, cut).
  void add(const Cut& cut);

  struct Top {
    Vec3 point;  ///< a point of the triangle where U is highest
    double value = 0;
  };
  /// The envelope's highest point; needs at least one cut.
  Top top() const;

 private:
  struct Cell {
    Cut cut;
    std::vector<Vec3> polygon;  // convex, in the triangle, where `cut` is the lowest
  };

  std::array<Vec3, 3> triangle_;
  std::vector<Cell> cells_;
  std::vector<Vec3> scratch_;
};

}  // namespace gougechek
