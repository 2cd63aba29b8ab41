#include "bvh/exact_predicates.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace gougechek {
namespace {

double ulpsAbove(double x, int n) {
  for (int i = 0; i < n; ++i) x = std::nextafter(x, 2 * x);
  return x;
}

// Shewchuk's classic: points within a few ulps of the line y = x through (12,12) and (24,24).
// orient2d(p, (12,12), (24,24)) = 12·(p.y - p.x) exactly, so its sign is known.
TEST(ExactPredicates, Orient2dNearCollinearPointsHaveTheExactSign) {
  for (int i = 0; i < 48; ++i)
    for (int j = 0; j < 48; ++j) {
      const double px = ulpsAbove(0.5, i), py = ulpsAbove(0.5, j);
      const int expected = (py > px) - (py < px);
      EXPECT_EQ(orient2dSign(px, py, 12, 12, 24, 24), expected) << i << ' ' << j;
    }
}

// The vertical plane y = x through (12,12,0), (24,24,0), (12,12,7) has normal (84,-84,0), so
// the side of p is the sign of p.x - p.y.
TEST(ExactPredicates, PlaneSideNearThePlaneHasTheExactSign) {
  const Vec3 a{12, 12, 0}, b{24, 24, 0}, c{12, 12, 7};
  for (int i = 0; i < 48; ++i)
    for (int j = 0; j < 48; ++j) {
      const Vec3 p{ulpsAbove(0.5, i), ulpsAbove(0.5, j), 0.3};
      const int expected = (p.x > p.y) - (p.x < p.y);
      EXPECT_EQ(planeSideSign(a, b, c, p), expected) << i << ' ' << j;
    }
}

TEST(ExactPredicates, AgreeWithPlainArithmeticOnWellSeparatedPoints) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-100, 100);
  for (int n = 0; n < 2000; ++n) {
    const Vec3 a{coord(rng), coord(rng), coord(rng)}, b{coord(rng), coord(rng), coord(rng)},
        c{coord(rng), coord(rng), coord(rng)}, p{coord(rng), coord(rng), coord(rng)};
    const double side = dot(cross(b - a, c - a), p - a);
    if (std::abs(side) > 1e-6) {
      EXPECT_EQ(planeSideSign(a, b, c, p), side > 0 ? 1 : -1);
    }
    const double turn = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    if (std::abs(turn) > 1e-6) {
      EXPECT_EQ(orient2dSign(a.x, a.y, b.x, b.y, c.x, c.y), turn > 0 ? 1 : -1);
    }
  }
}

TEST(ExactPredicates, ExactZeroOnDegenerateInput) {
  EXPECT_EQ(orient2dSign(0.1, 0.2, 0.3, 0.6, 0.2, 0.4), 0);
  EXPECT_EQ(planeSideSign({0.1, 0.2, 0.3}, {1.1, 0.7, 0.3}, {0.4, 2.9, 0.3}, {5.5, -3.25, 0.3}), 0);
  // Coplanar but tilted: p = a + 3(b-a) - 2(c-a), with every coordinate a small integer.
  EXPECT_EQ(planeSideSign({1, 2, 3}, {4, 1, 7}, {2, 5, 1}, {8, -7, 19}), 0);
}

}  // namespace
}  // namespace gougechek
