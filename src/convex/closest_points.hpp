#pragma once
// Closest points between a triangle and a point or a segment (Ericson, Real-Time Collision
// Detection §5.1.5 and §5.1.9): GJK's simplex reduction needs the first, the depth bounds
// the second to aim a cut at where a triangle comes nearest a cutter's path.
#include <array>

#include "gougechek/vec3.hpp"

namespace gougechek {

/// Closest point to the origin on the triangle (a, b, c), as barycentric weights. A triangle
/// without area falls back to its closest edge.
std::array<double, 3> closestOnTriangle(const Vec3& a, const Vec3& b, const Vec3& c);

struct ClosestPair {
  Vec3 on_segment;
  Vec3 on_triangle;
};

/// A closest pair of points between the segment [p, q] and the triangle; equal points where
/// the segment passes through it.
ClosestPair closestSegmentTriangle(const Vec3& p, const Vec3& q,
                                   const std::array<Vec3, 3>& triangle);

}  // namespace gougechek
