// innerCylinderReaches, the shortcut SweptRegionQuery::separation takes before GJK: whenever it
// says a box is reached, the core swept along the chord (the narrowest region it is used for)
// meets the box — an exact GJK distance of 0 — and a box built deep inside the core's inner
// cylinder is always reached.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>

#include "convex/cutter_cores.hpp"
#include "convex/gjk.hpp"
#include "convex/random_geometry.hpp"
#include "convex/swept_region.hpp"
#include "verify/move_checker.hpp"

namespace gougechek {
namespace {

/// The corners of the box origin + Σ λ_i e_i (λ ∈ [0, 1]) in PatchBox::corners' order.
std::array<Vec3, 8> boxCorners(const Vec3& origin, const Vec3& e0, const Vec3& e1, const Vec3& e2) {
  std::array<Vec3, 8> c;
  for (int i = 0; i < 8; ++i)
    c[i] = origin + e0 * double(i & 1) + e1 * double((i >> 1) & 1) + e2 * double((i >> 2) & 1);
  return c;
}

/// A box about `centre` with half sizes `half`, in a random orthonormal frame or axis-aligned.
std::array<Vec3, 8> randomBox(test::RandomGeometry& random, const Vec3& centre, const Vec3& half) {
  Vec3 a{1, 0, 0}, b{0, 1, 0}, c{0, 0, 1};
  if (random.below(2)) {
    a = random.direction();
    b = random.perpendicular(a);
    c = cross(a, b);
  }
  const Vec3 e0 = a * (2 * half.x), e1 = b * (2 * half.y), e2 = c * (2 * half.z);
  return boxCorners(centre - (e0 + e1 + e2) / 2, e0, e1, e2);
}

/// Exact distance from the core swept along the chord to the box.
double sweptDistance(const FrustumCore& core, const Chord& chord,
                     const std::array<Vec3, 8>& corners) {
  const std::array<Vec3, 2> ends{chord.from, chord.to};
  const SweptRegion region{&core, ends, {}};
  GjkQuery query;
  query.initial_direction = {1, 0, 0};
  query.tolerance = 1e-12;
  return gjkDistance(region, corners.data(), 8, query).distance;
}

TEST(InnerCylinderReaches, OnlyBoxesTheSweptCoreMeets) {
  test::RandomGeometry random(1729);
  int reached = 0, missed = 0;
  for (const test::NamedCore& named : test::allCores()) {
    const FrustumCore& core = named.core;
    for (int i = 0; i < 3000; ++i) {
      std::string kind;
      const test::Move move = random.move(kind);
      const Chord chord{move.from, move.to};
      // A box about a point near the swept core, of any size from a sliver to the core's.
      const double t = random.uniform(-0.2, 1.2);
      const Vec3 near =
          move.from + (move.to - move.from) * t +
          Vec3{0, 0, random.uniform(core.z_bottom - 2, core.z_top + 2)} +
          Vec3{random.uniform(-1, 1), random.uniform(-1, 1), 0} * (core.outerRadius() + 1);
      const double size = std::pow(10.0, random.uniform(-3, 0.7));
      const Vec3 half{size * random.uniform(0, 1), size * random.uniform(0.1, 1),
                      size * random.uniform(0.1, 1)};
      const std::array<Vec3, 8> corners = randomBox(random, near, half);
      if (!innerCylinderReaches(core, chord, corners)) {
        ++missed;
        continue;
      }
      ++reached;
      SCOPED_TRACE(named.name + ", case " + std::to_string(i) + ", " + kind + " chord");
      EXPECT_LE(sweptDistance(core, chord, corners), 1e-9);
    }
  }
  EXPECT_GT(reached, 2000);
  EXPECT_GT(missed, 2000);
}

TEST(InnerCylinderReaches, BoxesDeepInTheInnerCylinder) {
  // Boxes about a point well inside the inner cylinder at the chord's middle (at most 0.8 of
  // its radius off the axis, 0.15 of its height from its ends), small enough to stay inside.
  test::RandomGeometry random(31);
  int checked = 0;
  for (const test::NamedCore& named : test::allCores()) {
    const FrustumCore& core = named.core;
    const double r = std::min(core.radius_bottom, core.radius_top);
    const double height = core.z_top - core.z_bottom;
    if (r == 0 || height == 0) continue;  // no inner cylinder: the ball's core, the disk
    for (int i = 0; i < 1000; ++i) {
      std::string kind;
      const test::Move move = random.move(kind);
      const Chord chord{move.from, move.to};
      const double angle = random.uniform(0, 2 * std::numbers::pi);
      const double off = 0.8 * r * std::sqrt(random.uniform(0, 1));
      const Vec3 inside =
          (move.from + move.to) / 2 + Vec3{off * std::cos(angle), off * std::sin(angle),
                                           core.z_bottom + height * random.uniform(0.15, 0.85)};
      const double size = random.uniform(0, 0.05 * std::min(r, height));
      const std::array<Vec3, 8> corners = randomBox(random, inside + random.inBox(size / 2),
                                                    {size, size * random.uniform(0, 1), size});
      SCOPED_TRACE(named.name + ", case " + std::to_string(i) + ", " + kind + " chord");
      EXPECT_TRUE(innerCylinderReaches(core, chord, corners));
      ++checked;
    }
  }
  EXPECT_EQ(checked, 5000);
}

TEST(InnerCylinderReaches, ExactEdgesOfTheCylinder) {
  // bull core: radius 4 from height 1 to 20, moved from (0, 0, 0) to (10, 0, 0). A thin box
  // just inside the cylinder's side, top and end, and just outside them.
  const FrustumCore bull = test::bullCore();
  const Chord chord{{0, 0, 0}, {10, 0, 0}};
  auto reaches = [&](const Vec3& centre) {
    return innerCylinderReaches(bull, chord,
                                boxCorners(centre, {1e-3, 0, 0}, {0, 1e-3, 0}, {0, 0, 1e-3}));
  };
  EXPECT_TRUE(reaches({5, 3.99, 10}));
  EXPECT_FALSE(reaches({5, 4.01, 10}));
  EXPECT_TRUE(reaches({5, -3.998, 10}));
  EXPECT_TRUE(reaches({5, 0, 1.01}));
  EXPECT_FALSE(reaches({5, 0, 0.99}));
  EXPECT_TRUE(reaches({5, 0, 19.99 - 1e-3}));
  EXPECT_FALSE(reaches({5, 0, 20.01}));
  EXPECT_TRUE(reaches({13.99, 0, 10}));
  EXPECT_FALSE(reaches({14.01, 0, 10}));
  // A rising chord: along it the cylinder spans heights 1 to 30.
  const Chord rising{{0, 0, 0}, {0, 0, 10}};
  EXPECT_TRUE(innerCylinderReaches(bull, rising,
                                   boxCorners({0, 0, 1.01}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-3})));
  EXPECT_TRUE(innerCylinderReaches(bull, rising,
                                   boxCorners({0, 0, 29.9}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-3})));
  EXPECT_FALSE(innerCylinderReaches(bull, rising,
                                    boxCorners({0, 0, 30.1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-3})));
  EXPECT_FALSE(innerCylinderReaches(bull, rising,
                                    boxCorners({0, 0, 0.9}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1e-3})));
}

}  // namespace
}  // namespace gougechek
