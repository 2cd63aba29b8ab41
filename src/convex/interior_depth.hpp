#pragma once
// How deep a point lies inside a support-mapped convex shape: the distance from x to the shape's
// boundary, min over unit v of h(v) − v·x. Computed by expanding a polytope of support points
// (EPA, van den Bergen §4.3.8): the polytope lies inside the shape, so the distance from x to
// its nearest face is a lower bound (when x is inside it); the support plane along that face's
// normal gives an upper bound. Expansion stops when the bounds agree to the tolerance.
#include <array>
#include <cmath>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct DepthBracket {
  double lower = 0;  ///< x is at least this deep (0 when x is outside or on the boundary)
  double upper = 0;  ///< and at most this deep
  /// Unit direction whose support plane gives `upper`: x lies h(direction) − direction·x from
  /// that plane. Zero for a shape with no interior.
  Vec3 direction;
};

/// The polytope EPA grows: support points of the shape, outward triangular faces. It depends
/// only on the shape, so one polytope serves many query points (the surface-depth search asks
/// for hundreds close together): each query refines it where that query needs it.
class ExpandingPolytope {
 public:
  /// Starts from the given points (≥ 4, not coplanar); false when they span no volume.
  bool start(const std::vector<Vec3>& points);
  /// Adds a point outside the polytope, replacing the faces it sees; false when that changes
  /// nothing (p inside or on it, or seeing its faces only as rounding allows).
  bool add(const Vec3& p);
  /// The face nearest to x: its unit outward normal and the distance from x to its plane
  /// (negative when x is beyond it).
  void nearestFace(const Vec3& x, Vec3& normal, double& distance) const;

 private:
  struct Face {
    std::array<int, 3> v;
    Vec3 normal;    // unit, outward
    double offset;  // normal · vertex
  };
  void addFace(int a, int b, int c);
  void growPatch(int seed);
  bool horizonIsOneLoop();

  std::vector<Vec3> vertices_;
  std::vector<Face> faces_;
  // Scratch for add(): the faces that see the point (indices), those not yet reached from the
  // first, the patch's edges and the horizon's, which faces go, the faces that stay.
  std::vector<int> patch_, candidates_;
  std::vector<std::pair<int, int>> patch_edges_, horizon_;
  std::vector<bool> in_patch_;
  std::vector<Face> kept_;
};

/// Interior depths of many points in one shape, sharing one expanding polytope. The shape is
/// kept by value (a swept core is two pointers).
template <class Shape>
class InteriorDepth {
 public:
  explicit InteriorDepth(const Shape& shape) : shape_(shape) {}

  DepthBracket at(const Vec3& x, double tolerance) {
    if (!started_) start();
    if (flat_) return {};
    DepthBracket bracket{0, INFINITY, {}};
    constexpr int kMaxExpansions = 200;
    for (int i = 0; i < kMaxExpansions; ++i) {
      Vec3 normal;
      double distance;
      polytope_.nearestFace(x, normal, distance);
      bracket.lower = std::max(bracket.lower, std::max(distance, 0.0));
      const Vec3 p = shape_.support(normal).point;
      const double height = dot(normal, p - x);
      if (height < bracket.upper) bracket.upper = height, bracket.direction = normal;
      if (bracket.upper - bracket.lower <= tolerance || height - distance <= 0.25 * tolerance)
        break;
      if (!polytope_.add(p)) break;  // nothing would change in the next round either
    }
    if (bracket.upper <= 0) return {0, 0, bracket.direction};  // outside or on the boundary
    bracket.lower = std::min(bracket.lower, bracket.upper);
    return bracket;
  }

 private:
  void start() {
    static constexpr std::array<Vec3, 14> kStart = {{{1, 0, 0},
                                                     {-1, 0, 0},
                                                     {0, 1, 0},
                                                     {0, -1, 0},
                                                     {0, 0, 1},
                                                     {0, 0, -1},
                                                     {1, 1, 1},
                                                     {-1, -1, -1},
                                                     {1, -1, 1},
                                                     {-1, 1, -1},
                                                     {1, 1, -1},
                                                     {-1, -1, 1},
                                                     {1, -1, -1},
                                                     {-1, 1, 1}}};
    std::vector<Vec3> points;
    points.reserve(kStart.size());
    for (const Vec3& d : kStart) points.push_back(shape_.support(d).point);
    flat_ = !polytope_.start(points);
    started_ = true;
  }

  Shape shape_;
  ExpandingPolytope polytope_;
  bool started_ = false, flat_ = false;
};

/// The interior depth of one point (a fresh polytope).
template <class Shape>
DepthBracket interiorDepth(const Shape& shape, const Vec3& x, double tolerance) {
  return InteriorDepth<Shape>(shape).at(x, tolerance);
}

}  // namespace gougechek
