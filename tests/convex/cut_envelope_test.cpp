// CutEnvelope against brute force: the top of the least of some affine functions over a
// triangle, compared with their least evaluated on a fine barycentric grid.
#include "convex/cut_envelope.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "random_geometry.hpp"

namespace gougechek {
namespace {

double least(const std::vector<Cut>& cuts, const Vec3& x) {
  double value = INFINITY;
  for (const Cut& cut : cuts) value = std::min(value, cut.at(x));
  return value;
}

TEST(CutEnvelope, TopMatchesAGridSearchAsCutsAreAdded) {
  test::RandomGeometry random(17);
  constexpr int kGrid = 120;
  for (int trial = 0; trial < 40; ++trial) {
    const test::Triangle t{random.inBox(5), random.inBox(5), random.inBox(5)};
    CutEnvelope envelope(t);
    std::vector<Cut> cuts;
    for (int k = 0; k < 25; ++k) {
      cuts.push_back({random.direction(), random.uniform(-3, 3)});
      envelope.add(cuts.back());
      const CutEnvelope::Top top = envelope.top();
      // The top is a point of the triangle where the envelope has the value claimed.
      EXPECT_NEAR(top.value, least(cuts, top.point), 1e-9);
      // No grid point lies higher; the highest lies within the grid's spacing of it (each cut
      // changes by at most 1 per millimetre: its v is a unit vector).
      double best = -INFINITY;
      for (int i = 0; i <= kGrid; ++i)
        for (int j = 0; i + j <= kGrid; ++j) {
          const Vec3 x =
              t[0] + (t[1] - t[0]) * (double(i) / kGrid) + (t[2] - t[0]) * (double(j) / kGrid);
          best = std::max(best, least(cuts, x));
        }
      const double spacing = std::max({norm(t[1] - t[0]), norm(t[2] - t[0])}) / kGrid;
      EXPECT_GE(top.value, best - 1e-9) << "trial " << trial << ", cut " << k;
      EXPECT_LE(top.value, best + 2 * spacing) << "trial " << trial << ", cut " << k;
    }
  }
}

TEST(CutEnvelope, ACutNowhereLowerChangesNothing) {
  const test::Triangle t{Vec3{0, 0, 0}, Vec3{4, 0, 0}, Vec3{0, 3, 0}};
  CutEnvelope envelope(t);
  envelope.add({{1, 0, 0}, 2});  // 2 − x: highest at x = 0
  envelope.add({{1, 0, 0}, 5});  // 5 − x: above the first everywhere
  const CutEnvelope::Top top = envelope.top();
  EXPECT_DOUBLE_EQ(top.value, 2);
  EXPECT_DOUBLE_EQ(top.point.x, 0);
}

}  // namespace
}  // namespace gougechek
