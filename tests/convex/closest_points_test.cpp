// closestSegmentTriangle against a brute-force minimum that shares no code with it: the distance
// |p + s(q − p) − y| is jointly convex in s and y's barycentric coordinates, so nested golden
// sections (brute_force_distance.hpp) find its minimum to within their resolution times its
// Lipschitz constant 1 — from above, since every value they see is attained, and from below to
// that resolution, since golden section on a convex function never loses the minimiser.
#include "convex/closest_points.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "brute_force_distance.hpp"
#include "random_geometry.hpp"

namespace gougechek {
namespace {

/// The minimum distance between the segment [p, q] and the triangle, by nested golden sections.
double bruteDistance(const Vec3& p, const Vec3& q, const test::Triangle& t) {
  auto at = [&](double s) {
    const Vec3 x = p + (q - p) * s;
    return test::minimumOverTriangle(t, [&](const Vec3& y) { return norm(x - y); });
  };
  const double length = norm(q - p);
  if (length == 0) return at(0);
  return test::goldenMinimum(at, 0.0, 1.0, test::kOracleResolution / length);
}

/// Distance from x to the segment [p, q], in closed form.
double distanceToSegment(const Vec3& x, const Vec3& p, const Vec3& q) {
  const Vec3 d = q - p;
  const double length2 = norm2(d);
  const double s = length2 > 0 ? std::clamp(dot(x - p, d) / length2, 0.0, 1.0) : 0.0;
  return norm(x - p - d * s);
}

double distanceToTriangle(const Vec3& x, const test::Triangle& t) {
  return test::minimumOverTriangle(t, [&](const Vec3& y) { return norm(x - y); });
}

/// The checks every case gets: the pair's points lie on the segment and on the triangle, and
/// their distance is the brute-force minimum. `scale`: the size of the coordinates involved.
void expectClosest(const Vec3& p, const Vec3& q, const test::Triangle& t, double scale) {
  const ClosestPair pair = closestSegmentTriangle(p, q, t);
  const double tolerance = 1e-9 * (1 + scale);
  EXPECT_LE(distanceToSegment(pair.on_segment, p, q), tolerance);
  EXPECT_LE(distanceToTriangle(pair.on_triangle, t), 10 * tolerance);
  const double returned = norm(pair.on_triangle - pair.on_segment);
  const double brute = bruteDistance(p, q, t);
  // The brute force is attained (an upper bound) and within its resolution of the minimum.
  EXPECT_LE(returned, brute + tolerance);
  EXPECT_GE(returned, brute - 10 * tolerance);
}

double scaleOf(const Vec3& p, const Vec3& q, const test::Triangle& t) {
  double scale = 0;
  for (const Vec3& v : {p, q, t[0], t[1], t[2]})
    scale = std::max({scale, std::abs(v.x), std::abs(v.y), std::abs(v.z)});
  return scale;
}

TEST(ClosestSegmentTriangle, MatchesBruteForceOnRandomCases) {
  // Moves of every kind (zero-length, vertical, horizontal, tiny, oblique) against triangles of
  // every kind (zero-area, collinear, a point, tiny, huge, nearly parallel to the segment, an
  // edge parallel to it, far apart).
  test::RandomGeometry random(2026);
  for (int i = 0; i < 2000; ++i) {
    std::string move_kind, triangle_kind;
    const test::Move move = random.move(move_kind);
    const double scale = random.uniform(0.5, 5);
    const test::Triangle t =
        random.triangle((move.from + move.to) / 2, scale, move.to - move.from, triangle_kind);
    SCOPED_TRACE("case " + std::to_string(i) + ": " + move_kind + " segment, " + triangle_kind +
                 " triangle");
    expectClosest(move.from, move.to, t, scaleOf(move.from, move.to, t));
  }
}

TEST(ClosestSegmentTriangle, SegmentsThroughTheTriangleMeetIt) {
  // A segment through a point well inside the triangle, at any slant: the pair is that point,
  // twice, and the brute force agrees it is at distance 0.
  test::RandomGeometry random(7);
  for (int i = 0; i < 400; ++i) {
    const test::Triangle t{random.inBox(5), random.inBox(5), random.inBox(5)};
    const Vec3 n = cross(t[1] - t[0], t[2] - t[0]);
    if (norm(n) < 1) continue;
    double w0 = random.uniform(0.05, 1), w1 = random.uniform(0.05, 1), w2 = random.uniform(0.05, 1);
    const double sum = w0 + w1 + w2;
    w0 /= sum, w1 /= sum, w2 /= sum;
    const Vec3 x = t[0] * w0 + t[1] * w1 + t[2] * w2;
    Vec3 d = random.direction();
    if (std::abs(dot(d, normalized(n))) < 0.05) d = normalized(n);
    const Vec3 p = x - d * random.uniform(0.1, 3), q = x + d * random.uniform(0.1, 3);
    SCOPED_TRACE("case " + std::to_string(i));
    const ClosestPair pair = closestSegmentTriangle(p, q, t);
    EXPECT_LE(norm(pair.on_segment - x), 1e-9);
    EXPECT_EQ(pair.on_segment, pair.on_triangle);
    expectClosest(p, q, t, scaleOf(p, q, t));
  }
}

TEST(ClosestSegmentTriangle, SegmentsInTheTrianglesPlane) {
  // In the plane: inside it, crossing an edge, crossing it whole, and beside it (nearest an
  // edge or a corner, or parallel to an edge).
  test::RandomGeometry random(11);
  for (int i = 0; i < 600; ++i) {
    const test::Triangle t{random.inBox(4), random.inBox(4), random.inBox(4)};
    const Vec3 n = cross(t[1] - t[0], t[2] - t[0]);
    if (norm(n) < 0.5) continue;
    const Vec3 e1 = normalized(t[1] - t[0]), e2 = normalized(cross(n, e1));
    auto in_plane = [&](double spread) {
      return t[0] + e1 * random.uniform(-spread, spread) + e2 * random.uniform(-spread, spread);
    };
    Vec3 p = in_plane(8), q = in_plane(8);
    if (i % 4 == 0) {  // parallel to an edge, at some offset in the plane
      const int k = random.below(3);
      const Vec3 edge = t[(k + 1) % 3] - t[k];
      const Vec3 offset = normalized(cross(n, edge)) * random.uniform(-2, 2);
      p = t[k] + offset + edge * random.uniform(-1, 2);
      q = p + edge * random.uniform(-1.5, 1.5);
    }
    SCOPED_TRACE("case " + std::to_string(i));
    expectClosest(p, q, t, scaleOf(p, q, t));
  }
}

TEST(ClosestSegmentTriangle, SegmentsParallelToAnEdgeOffThePlane) {
  // Every point of an overlap is a closest point: the distance must still be the least.
  test::RandomGeometry random(13);
  for (int i = 0; i < 400; ++i) {
    const test::Triangle t{random.inBox(4), random.inBox(4), random.inBox(4)};
    const int k = random.below(3);
    const Vec3 edge = t[(k + 1) % 3] - t[k];
    const Vec3 p = t[k] + random.direction() * random.uniform(0, 3) + edge * random.uniform(-1, 2);
    const Vec3 q = p + edge * random.uniform(-2, 2);
    SCOPED_TRACE("case " + std::to_string(i));
    expectClosest(p, q, t, scaleOf(p, q, t));
  }
}

TEST(ClosestSegmentTriangle, DegenerateSegmentsAndTriangles) {
  const test::Triangle t{{Vec3{0, 0, 0}, Vec3{4, 0, 0}, Vec3{0, 3, 0}}};
  // A point above the face, beside an edge, beyond a corner, and in the face.
  for (const Vec3& x : {Vec3{1, 1, 2}, Vec3{2, -1, 1}, Vec3{-1, -2, -3}, Vec3{1, 1, 0}})
    expectClosest(x, x, t, 4);
  // A collinear triangle and a point triangle, against segments over, along and through them.
  const test::Triangle line{{Vec3{0, 0, 0}, Vec3{4, 0, 0}, Vec3{2, 0, 0}}};
  const test::Triangle point{{Vec3{1, 2, 3}, Vec3{1, 2, 3}, Vec3{1, 2, 3}}};
  for (const test::Triangle& d : {line, point})
    for (const auto& [p, q] :
         {std::pair{Vec3{1, 1, 1}, Vec3{3, 1, 1}}, std::pair{Vec3{1, -1, 0}, Vec3{3, 1, 0}},
          std::pair{Vec3{-2, 0, 0}, Vec3{6, 0, 0}}, std::pair{Vec3{1, 2, 1}, Vec3{1, 2, 5}},
          std::pair{Vec3{}, Vec3{}}}) {
      SCOPED_TRACE("degenerate triangle");
      expectClosest(p, q, d, 6);
    }
  // Exact answers: 2 above the face; 1 beside the edge y = 0.
  EXPECT_NEAR(norm(closestSegmentTriangle({1, 1, 2}, {2, 0.5, 2}, t).on_segment -
                   closestSegmentTriangle({1, 1, 2}, {2, 0.5, 2}, t).on_triangle),
              2, 1e-12);
  const ClosestPair beside = closestSegmentTriangle({1, -1, 0}, {3, -1, 0}, t);
  EXPECT_NEAR(norm(beside.on_segment - beside.on_triangle), 1, 1e-12);
}

}  // namespace
}  // namespace gougechek
