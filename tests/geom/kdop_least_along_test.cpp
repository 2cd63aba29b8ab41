// leastAlong against brute force: it bounds v·x over a k-DOP from below, so it is never
// above the least v·p over the points the k-DOP was built from (every one lies inside it), for
// every k; exact for an axis-aligned box, where the least is at a corner.
#include "geom/kdop_least_along.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace gougechek {
namespace {

template <int K>
void expectNeverAboveTheLeastOverPoints() {
  std::mt19937_64 random(K);
  std::uniform_real_distribution<double> unit(-1, 1);
  for (int i = 0; i < 20000; ++i) {
    // A few points about a random place, spread over a random size (a node of a tree).
    const Vec3 centre{50 * unit(random), 50 * unit(random), 50 * unit(random)};
    const double size = std::pow(10, 2 * unit(random));
    std::vector<Vec3> points(1 + i % 7);
    Kdop<K> box = Kdop<K>::empty();
    for (Vec3& p : points) {
      p = centre + Vec3{unit(random), unit(random), unit(random)} * size;
      box.add(p);
    }
    const Vec3 v{unit(random), unit(random), unit(random)};
    double least = INFINITY;
    for (const Vec3& p : points) least = std::min(least, dot(v, p));
    EXPECT_LE(leastAlong(box, v), least + 1e-12 * (1 + std::abs(least)))
        << "K " << K << " case " << i;
  }
}

TEST(KdopLeastAlong, NeverAboveTheLeastOverItsPoints) {
  expectNeverAboveTheLeastOverPoints<6>();
  expectNeverAboveTheLeastOverPoints<14>();
  expectNeverAboveTheLeastOverPoints<18>();
  expectNeverAboveTheLeastOverPoints<26>();
}

TEST(KdopLeastAlong, ExactAtABoxCorner) {
  Kdop<6> box = Kdop<6>::empty();
  box.add(Vec3{-1, 2, 3});
  box.add(Vec3{4, 5, 6});
  EXPECT_DOUBLE_EQ(leastAlong(box, {1, -2, 0.5}), -1 - 2 * 5 + 0.5 * 3);
}

TEST(KdopLeastAlong, DiagonalSlabsTightenItForATiltedPatch) {
  // A thin patch along the plane x = z: its 18-DOP knows x − z ≈ 0, its box does not, so along
  // (1, 0, −1) the 18-DOP's bound is the patch's own (about 0), the box's 1 below it.
  Kdop<18> dop = Kdop<18>::empty();
  Kdop<6> box = Kdop<6>::empty();
  for (const Vec3& p : {Vec3{0, 0, 0}, Vec3{1, 0, 1}, Vec3{0, 1, 0}, Vec3{1, 1, 1}}) {
    dop.add(p);
    box.add(p);
  }
  EXPECT_NEAR(leastAlong(dop, {1, 0, -1}), 0, 1e-12);
  EXPECT_NEAR(leastAlong(box, {1, 0, -1}), -1, 1e-12);
}

}  // namespace
}  // namespace gougechek
