// The GJK ray cast and the move tree against brute force: marching along the ray with an
// independent membership test, and every sweep cast one by one.
#include "excess/ray_cast.hpp"

#include <gtest/gtest.h>

#include <random>

#include "excess/move_tree.hpp"
#include "excess/sweep_oracle.hpp"

namespace gougechek {
namespace {

class Random {
 public:
  explicit Random(unsigned seed) : rng_(seed) {}
  double uniform(double lo, double hi) { return std::uniform_real_distribution<>(lo, hi)(rng_); }
  Vec3 inBox(double half) {
    return {uniform(-half, half), uniform(-half, half), uniform(-half, half)};
  }
  Vec3 direction() {
    for (;;)
      if (const Vec3 v = inBox(1); norm2(v) > 1e-2 && norm2(v) <= 1) return normalized(v);
  }
  // A ball, bull, flat (thin skin) or taper cutting piece.
  FrustumCore core(int kind) {
    const double r = uniform(0.5, 4);
    switch (kind % 4) {
      case 0:
        return {r, r, 0, 0, r};
      case 1: {
        const double c = uniform(0.2, 0.9) * r;
        return {c, c + uniform(0, 5), r - c, r - c, c};
      }
      case 2:
        return {0.01, uniform(2, 10), r - 0.01, r - 0.01, 0.01};
      default:
        return {0.05, uniform(2, 10), uniform(0, r), r, 0.05};
    }
  }

 private:
  std::mt19937_64 rng_;
};

CuttingSweep randomSweep(Random& random, int kind) {
  const Vec3 from = random.inBox(5);
  const Vec3 to = kind % 5 == 4 ? from : from + random.inBox(6);  // some stationary tools
  return {random.core(kind), PathPiece::segment(from, to), 0};
}

TEST(GjkRayCast, BracketsTheMarchedEntry) {
  Random random(24);
  int hits = 0, misses = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const CuttingSweep sweep = randomSweep(random, trial);
    const Vec3 origin = random.inBox(15);
    // Half the rays aimed near the sweep, half anywhere.
    const Vec3 target = sweep.interiorPoint() + random.inBox(trial % 2 ? 6 : 1);
    const Vec3 direction = normalized(target - origin);
    const double max = 40;
    const RayEntry entry = castRay(sweep, origin, direction, max);
    const Vec3 from = sweep.path.start(), to = sweep.path.end();
    const double marched = test::marchedEntry(sweep.core, from, to, origin, direction, max, 2e-3);
    SCOPED_TRACE(trial);
    if (std::isinf(marched)) {
      // No marched point inside: a miss, or a graze thinner than the march.
      if (std::isfinite(entry.hi)) {
        EXPECT_TRUE(test::insideSweep(sweep.core, from, to, origin + direction * entry.hi, 1e-9));
      }
      ++misses;
      continue;
    }
    ++hits;
    ASSERT_FALSE(entry.missed());
    EXPECT_LE(entry.lo, marched + 1e-9);
    EXPECT_GE(entry.hi, marched - 1e-9);
    EXPECT_LE(entry.hi - entry.lo, 1e-5);
  }
  EXPECT_GT(hits, 50);
  EXPECT_GT(misses, 25);
}

TEST(GjkRayCast, OriginInsideIsZero) {
  const CuttingSweep sweep{{3, 3, 0, 0, 3}, PathPiece::segment({0, 0, 0}, {10, 0, 0}), 0};
  const RayEntry entry = castRay(sweep, {5, 0, 1}, {0, 0, 1}, 10);
  EXPECT_EQ(entry.lo, 0);
  EXPECT_EQ(entry.hi, 0);
}

TEST(GjkRayCast, BallSweepMatchesTheCapsule) {
  // Ray (x, 0, 0) + t·z against a ball R 3 (centre z = 3) swept along y: entry 3 − √(9 − x²).
  const CuttingSweep sweep{{3, 3, 0, 0, 3}, PathPiece::segment({0, -5, 0}, {0, 5, 0}), 0};
  for (const double x : {0.0, 0.15, 0.25, 1.0, 2.5, 2.99}) {
    const RayEntry entry = castRay(sweep, {x, 0, 0}, {0, 0, 1}, 10);
    const double exact = 3 - std::sqrt(9 - x * x);
    EXPECT_LE(entry.lo, exact);
    EXPECT_GE(entry.hi, exact);
    EXPECT_LE(entry.hi - entry.lo, 1e-6) << x;
  }
  EXPECT_TRUE(castRay(sweep, {3.01, 0, 0}, {0, 0, 1}, 10).missed());
  EXPECT_TRUE(castRay(sweep, {0, 0, -1}, {0, 0, -1}, 10).missed());  // pointing away
  EXPECT_TRUE(castRay(sweep, {0, 0, -10}, {0, 0, 1}, 5).missed());   // too short
}

// 300 random sweeps spread over a box 4 times as wide as randomSweep's, for the move tree.
std::vector<CuttingSweep> spreadSweeps(Random& random) {
  std::vector<CuttingSweep> sweeps;
  for (int i = 0; i < 300; ++i) {
    CuttingSweep s = randomSweep(random, i);
    s.path = PathPiece::segment(s.path.start() * 4,
                                s.path.start() * 4 + (s.path.end() - s.path.start()));
    s.move = static_cast<std::uint32_t>(i);
    sweeps.push_back(s);
  }
  return sweeps;
}

TEST(MoveTree, FindsTheFirstEntryOfBruteForce) {
  Random random(2024);
  const std::vector<CuttingSweep> sweeps = spreadSweeps(random);
  const MoveTree tree(sweeps);
  for (int trial = 0; trial < 300; ++trial) {
    const Vec3 origin = random.inBox(30);
    const Vec3 direction = random.direction();
    const double max = random.uniform(5, 60);
    double lo = INFINITY, hi = INFINITY;
    for (const CuttingSweep& s : sweeps) {
      const RayEntry e = castRay(s, origin, direction, max);
      lo = std::min(lo, e.lo);
      hi = std::min(hi, e.hi);
    }
    const FirstEntry first = tree.firstEntry(origin, direction, max);
    SCOPED_TRACE(trial);
    EXPECT_LE(first.lo, hi);
    EXPECT_GE(first.lo, lo - 1e-12);
    if (std::isinf(hi)) {
      EXPECT_TRUE(std::isinf(first.hi));
    } else {
      EXPECT_NEAR(first.hi, hi, 1e-9);
      ASSERT_GE(first.sweep, 0);
      EXPECT_TRUE(provenInside(tree.sweeps()[static_cast<std::size_t>(first.sweep)],
                               origin + direction * first.hi));
    }
  }
}

TEST(MoveTree, StopsAtAnEntryWithinEnoughAndStillBracketsTheFirst) {
  // With `enough` the search may stop at any sweep proven entered within it: hi is then an entry
  // within enough (not the first), lo still below the first entry. Beyond enough it is the full
  // search.
  Random random(77);
  const std::vector<CuttingSweep> sweeps = spreadSweeps(random);
  const MoveTree tree(sweeps);
  int stopped_early = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Vec3 origin = random.inBox(30);
    const Vec3 direction = random.direction();
    const double max = random.uniform(5, 60);
    const FirstEntry full = tree.firstEntry(origin, direction, max);
    const double enough = random.uniform(0, 20);
    const FirstEntry first = tree.firstEntry(origin, direction, max, -1, enough);
    SCOPED_TRACE(trial);
    EXPECT_LE(first.lo, full.hi);
    if (full.hi <= enough) {
      EXPECT_LE(first.hi, enough);
      ASSERT_GE(first.sweep, 0);
      EXPECT_TRUE(provenInside(tree.sweeps()[static_cast<std::size_t>(first.sweep)],
                               origin + direction * first.hi));
      stopped_early += first.hi > full.hi + 1e-9;
    } else {
      EXPECT_EQ(first.hi, full.hi);
      EXPECT_EQ(first.lo, full.lo);
      EXPECT_EQ(first.sweep, full.sweep);
    }
  }
  EXPECT_GT(stopped_early, 0);  // the case the option is for did occur
}

}  // namespace
}  // namespace gougechek
