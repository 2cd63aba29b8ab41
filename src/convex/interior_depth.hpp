#pragma once
// How deep a point lies inside a support-mapped convex shape: the distance from x to the shape's
// boundary, min over unit v of h(v) − v·x. Computed by expanding a polytope of support points
// (EPA, van den Bergen §4.3.8) around x: the polytope lies inside the shape, so the distance
// from x to its nearest face is a lower bound; the support plane along that face's normal gives
// an upper bound. Expansion stops when the bounds agree to the tolerance.
#include <array>
#include <cmath>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct DepthBracket {
  double lower = 0;   ///< x is at least this deep (0 when x is outside or on the boundary)
  double upper = 0;   ///< and at most this deep
};

/// The polytope EPA grows: vertices relative to x, outward triangular faces.
class ExpandingPolytope {
 public:
  /// Starts from the given points (≥ 4, not coplanar); false when they span no volume.
  bool start(const std::vector<Vec3>& points);
  /// Adds a point outside the polytope, replacing the faces it sees.
  void add(const Vec3& p);
  /// The face nearest to the origin: its unit outward normal and signed distance.
  void nearestFace(Vec3& normal, double& distance) const;

 private:
  struct Face {
    std::array<int, 3> v;
    Vec3 normal;       // unit, outward
    double offset;     // normal · vertex: signed distance of the plane from the origin
  };
  void addFace(int a, int b, int c);

  std::vector<Vec3> vertices_;
  std::vector<Face> faces_;
};

template <class Shape>
DepthBracket interiorDepth(const Shape& shape, const Vec3& x, double tolerance) {
  static constexpr std::array<Vec3, 14> kStart = {{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0},
                                                   {0, 0, 1}, {0, 0, -1}, {1, 1, 1}, {-1, -1, -1},
                                                   {1, -1, 1}, {-1, 1, -1}, {1, 1, -1}, {-1, -1, 1},
                                                   {1, -1, -1}, {-1, 1, 1}}};
  std::vector<Vec3> points;
  points.reserve(kStart.size());
  DepthBracket bracket{0, INFINITY};
  for (const Vec3& d : kStart) {
    const Vec3 p = shape.support(d).point - x;
    points.push_back(p);
    bracket.upper = std::min(bracket.upper, dot(d, p) / norm(d));
  }
  if (bracket.upper <= 0) return {0, 0};   // x is outside or on the boundary
  ExpandingPolytope polytope;
  if (!polytope.start(points)) return {0, 0};   // a flat shape has no interior
  constexpr int kMaxExpansions = 200;
  for (int i = 0; i < kMaxExpansions; ++i) {
    Vec3 normal;
    double distance;
    polytope.nearestFace(normal, distance);
    bracket.lower = std::max(bracket.lower, std::max(distance, 0.0));
    const Vec3 p = shape.support(normal).point - x;
    const double height = dot(normal, p);
    bracket.upper = std::min(bracket.upper, height);
    if (bracket.upper - bracket.lower <= tolerance || height - distance <= 0.25 * tolerance) break;
    polytope.add(p);
  }
  if (bracket.upper <= 0) return {0, 0};
  bracket.lower = std::min(bracket.lower, bracket.upper);
  return bracket;
}

}  // namespace gougechek
