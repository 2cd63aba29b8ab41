// Arc pieces: the support map of a (possibly helical) arc piece's convex hull against dense
// sampling of the arc, and GJK on core ⊕ hull against the brute-force distance to the core moved
// along the true arc, which the hull may undercut by at most the piece's sagitta.
#include <gtest/gtest.h>

#include <iomanip>
#include <numbers>
#include <sstream>

#include "brute_force_distance.hpp"
#include "convex/gjk.hpp"
#include "convex/swept_core.hpp"
#include "cutter_cores.hpp"
#include "random_geometry.hpp"

namespace gougechek {
namespace {

using test::RandomGeometry;
using test::Triangle;

constexpr double kAgreement = 1e-7;

/// An arc piece as PathPiece::arc takes it, with its own evaluation (not PathPiece::at).
struct Arc {
  Vec3 center, radial, axis;
  double angle = 0, rise = 0;

  Vec3 at(double theta) const {
    return center + radial * std::cos(theta) + cross(axis, radial) * std::sin(theta) +
           axis * (rise * theta / angle);
  }
  double radius() const { return norm(radial); }
  /// Millimetres travelled per radian.
  double speed() const { return std::hypot(radius(), rise / angle); }
  /// How far a point of the hull can be from the arc: the sagitta for a planar piece; for a
  /// helix a bound from the point at the hull point's mean angle, which matches the hull point's
  /// height: r·√((a²/8)² + (a³/24)²).
  double hullExcess() const {
    if (rise == 0) return radius() * (1 - std::cos(angle / 2));
    return radius() * angle * angle / 8 * std::sqrt(1 + angle * angle / 9);
  }
  PathPiece piece() const { return PathPiece::arc(center, radial, axis, angle, rise); }
  std::string describe() const {
    std::ostringstream out;
    out << std::setprecision(17) << "arc centre (" << center.x << ", " << center.y << ", "
        << center.z << ") radial (" << radial.x << ", " << radial.y << ", " << radial.z
        << ") axis (" << axis.x << ", " << axis.y << ", " << axis.z << ") angle " << angle
        << " rise " << rise;
    return out.str();
  }
};

Arc randomArc(RandomGeometry& random, double largest_angle) {
  const Vec3 axes[] = {{0, 0, 1}, {0, 0, -1}, {0, 1, 0}, {-1, 0, 0}};
  Arc arc;
  arc.axis = random.below(3) ? axes[random.below(4)] : random.direction();
  arc.radial = random.perpendicular(arc.axis) * random.uniform(0.5, 20);
  arc.center = random.inBox(10);
  arc.angle = random.uniform(0.01, largest_angle);
  arc.rise = random.below(2) ? 0.0 : random.uniform(-5, 5);
  return arc;
}

TEST(GjkArcMove, PieceRunsFromStartToEnd) {
  RandomGeometry random(21);
  for (int i = 0; i < 200; ++i) {
    const Arc arc = randomArc(random, 2 * std::numbers::pi);
    const PathPiece piece = arc.piece();
    EXPECT_LE(norm(piece.at(0) - arc.at(0)), 1e-12) << arc.describe();
    EXPECT_LE(norm(piece.start() - arc.at(0)), 1e-12) << arc.describe();
    EXPECT_LE(norm(piece.at(1) - arc.at(arc.angle)), 1e-12) << arc.describe();
    EXPECT_LE(norm(piece.at(0.3) - arc.at(0.3 * arc.angle)), 1e-12) << arc.describe();
  }
}

TEST(GjkArcMove, SupportIsTheArcsTrueExtreme) {
  RandomGeometry random(22);
  constexpr int kSamples = 8000;
  for (int i = 0; i < 200; ++i) {
    const Arc arc = randomArc(random, 1.99 * std::numbers::pi);
    const PathPiece piece = arc.piece();
    for (int j = 0; j < 12; ++j) {
      // Random directions, and the ones with ties: along the axis, across it.
      Vec3 v = random.direction();
      if (j == 0) v = arc.axis;
      if (j == 1) v = normalized(arc.at(0.5 * arc.angle) - arc.center);
      if (j == 2) v = random.perpendicular(arc.axis);
      const PathPoint support = piece.support(v);
      ASSERT_GE(support.s, 0) << arc.describe();
      ASSERT_LE(support.s, 1) << arc.describe();
      ASSERT_LE(norm(support.point - arc.at(support.s * arc.angle)), 1e-9) << arc.describe();
      double sampled = -INFINITY;
      for (int k = 0; k <= kSamples; ++k)
        sampled = std::max(sampled, dot(v, arc.at(arc.angle * k / kSamples)));
      ASSERT_GE(dot(v, support.point), sampled - 1e-12 * arc.speed())
          << arc.describe() << "\n  direction (" << v.x << ", " << v.y << ", " << v.z << ")";
    }
  }
}

/// GJK distance from core ⊕ hull(arc piece) to the points b.
double gjkToArc(const FrustumCore& core, const Arc& arc, const Vec3* b, int count,
                const Vec3& initial_direction) {
  const PathPiece piece = arc.piece();
  const SweptCore swept{&core, &piece};
  GjkQuery query;
  query.initial_direction = initial_direction;
  return gjkDistance(swept, b, count, query).distance;
}

TEST(GjkArcMove, PointsWithinTheSagittaOfBruteForce) {
  RandomGeometry random(23);
  for (const auto& core : test::allCores()) {
    for (int i = 0; i < 300; ++i) {
      const Arc arc = randomArc(random, 1.5);
      const Vec3 x = arc.at(random.uniform(0, arc.angle)) + random.inBox(8);
      const double truth = test::minimumAlongArc(arc.angle, arc.speed(), [&](double theta) {
        return test::distanceToCore(core.core, x - arc.at(theta));
      });
      const double d = gjkToArc(core.core, arc, &x, 1, random.direction());
      const std::string what = core.name + ", " + arc.describe();
      ASSERT_LE(d, truth + kAgreement) << what;
      ASSERT_GE(d, truth - arc.hullExcess() - kAgreement) << what;
    }
  }
}

TEST(GjkArcMove, TrianglesWithinTheSagittaOfBruteForce) {
  RandomGeometry random(24);
  for (const auto& core : test::allCores()) {
    const double scale = core.core.outerRadius() + 0.5 * (core.core.z_top - core.core.z_bottom);
    for (int i = 0; i < 24; ++i) {
      const Arc arc = randomArc(random, 1.5);
      std::string kind;
      const Vec3 near = arc.at(random.uniform(0, arc.angle)) +
                        Vec3{0, 0, 0.5 * (core.core.z_bottom + core.core.z_top)};
      const Triangle t = random.triangle(near, scale, cross(arc.axis, arc.radial), kind);
      const double truth = test::minimumAlongArc(arc.angle, arc.speed(), [&](double theta) {
        return test::minimumOverTriangle(
            t, [&](const Vec3& x) { return test::distanceToCore(core.core, x - arc.at(theta)); });
      });
      const double d = gjkToArc(core.core, arc, t.data(), 3, random.direction());
      const std::string what = core.name + ", " + kind + ", " + arc.describe();
      ASSERT_LE(d, truth + kAgreement) << what;
      ASSERT_GE(d, truth - arc.hullExcess() - kAgreement) << what;
    }
  }
}

}  // namespace
}  // namespace gougechek
