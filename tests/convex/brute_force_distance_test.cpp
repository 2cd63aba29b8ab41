// The oracle itself, on distances worked out by hand, so that agreement with it means something.
#include "brute_force_distance.hpp"

#include <gtest/gtest.h>

#include <numbers>

namespace gougechek {
namespace {

constexpr double kExact = 1e-12;

TEST(BruteForceDistance, GoldenMinimumFindsInteriorAndEndMinima) {
  EXPECT_NEAR(test::goldenMinimum([](double x) { return (x - 0.3) * (x - 0.3) + 2; }, 0, 1, 1e-12),
              2, kExact);
  EXPECT_NEAR(test::goldenMinimum([](double x) { return std::abs(x - 5) + 1; }, 0, 1, 1e-12), 5,
              kExact);
  EXPECT_NEAR(test::goldenMinimum([](double x) { return std::abs(x + 5); }, 0, 1, 1e-12), 5,
              kExact);
}

TEST(BruteForceDistance, PointToCylinder) {
  const FrustumCore cylinder{0, 10, 2, 2, 0};
  EXPECT_NEAR(test::distanceToCore(cylinder, {5, 0, 5}), 3, kExact);
  EXPECT_NEAR(test::distanceToCore(cylinder, {0, 3, 5}), 1, kExact);
  EXPECT_NEAR(test::distanceToCore(cylinder, {0.5, 0.5, -1}), 1, kExact);
  EXPECT_NEAR(test::distanceToCore(cylinder, {3, 4, 12}), std::sqrt(13.0), kExact);
  EXPECT_EQ(test::distanceToCore(cylinder, {1, 1, 9}), 0);
  EXPECT_EQ(test::distanceToCore(cylinder, {2, 0, 0}), 0);
}

TEST(BruteForceDistance, PointToConeSegmentAndDisk) {
  const FrustumCore cone{0, 10, 0, 10, 0};  // 45° flank from the tip
  EXPECT_NEAR(test::distanceToCore(cone, {5, 0, 1}), 4 / std::numbers::sqrt2, kExact);
  EXPECT_NEAR(test::distanceToCore(cone, {0, -3, -4}), 5, kExact);
  EXPECT_EQ(test::distanceToCore(cone, {0, 3, 4}), 0);
  const FrustumCore axial{3, 12, 0, 0, 3};
  EXPECT_NEAR(test::distanceToCore(axial, {3, 4, 7}), 5, kExact);
  EXPECT_NEAR(test::distanceToCore(axial, {0, 0, 1}), 2, kExact);
  const FrustumCore disk{2, 2, 3, 3, 0};
  EXPECT_NEAR(test::distanceToCore(disk, {1, 1, 5}), 3, kExact);
  EXPECT_NEAR(test::distanceToCore(disk, {7, 0, 5}), 5, kExact);
}

TEST(BruteForceDistance, SweptPointAndTriangle) {
  const FrustumCore point{0, 0, 0, 0, 0};
  EXPECT_NEAR(test::distanceToSweptCore(point, {0, 0, 0}, {10, 0, 0}, Vec3{5, 3, 4}), 5, 1e-10);
  EXPECT_NEAR(test::distanceToSweptCore(point, {0, 0, 0}, {10, 0, 0}, Vec3{13, 4, 0}), 5, 1e-10);
  const FrustumCore cylinder{0, 10, 2, 2, 0};
  EXPECT_NEAR(test::distanceToSweptCore(cylinder, {0, 0, 0}, {0, 20, 0}, Vec3{7, 10, 5}), 5, 1e-10);
  // A triangle 2 above the point's path, its nearest point inside the triangle.
  const std::array<Vec3, 3> above{{Vec3{-5, -5, 2}, Vec3{5, -5, 2}, Vec3{0, 5, 2}}};
  EXPECT_NEAR(test::distanceToSweptCore(point, {0, 0, 0}, {10, 0, 0}, above), 2, 1e-10);
  // Its nearest point on an edge: the cylinder's rim passes 1 below the edge y = −5.
  const std::array<Vec3, 3> beside{{Vec3{0, -5, 11}, Vec3{0, -20, 11}, Vec3{5, -20, 11}}};
  EXPECT_NEAR(test::distanceToSweptCore(cylinder, {0, 0, 0}, {0, 0, 0}, beside),
              std::hypot(3.0, 1.0), 1e-10);
}

TEST(BruteForceDistance, MinimumAlongArcFindsTheInteriorMinimum) {
  // Distance from the origin to the circle of radius 5 about (10, 0, 0).
  auto distance_at = [](double theta) {
    return norm(Vec3{10 + 5 * std::cos(theta), 5 * std::sin(theta), 0});
  };
  EXPECT_NEAR(test::minimumAlongArc(std::numbers::pi, 5, distance_at), 5, 1e-10);
  EXPECT_NEAR(test::minimumAlongArc(1.5 * std::numbers::pi, 5, distance_at), 5, 1e-10);
  EXPECT_NEAR(test::minimumAlongArc(0.5 * std::numbers::pi, 5, distance_at), std::sqrt(125.0),
              1e-10);
}

}  // namespace
}  // namespace gougechek
