// The depth search's accuracy rules (verify/depth_accuracy): docs/checking-rules.md's
// ε = max(0.1·tolerance, 1% of the depth), of which each triangle is measured to 0.15·ε.
#include "verify/depth_accuracy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace gougechek {
namespace {

constexpr double kTolerance = 0.01;

double epsilon(double depth) {
  return std::max(0.1 * kTolerance, 0.01 * depth);
}

// A sharp cutter of radius 3 with a thin artificial skin, reported beyond the tolerance.
DepthLimits sharp() {
  return {0.002 - kTolerance, kTolerance, 3.0, false};
}
// A ball of radius 3, its skin its own.
DepthLimits ball() {
  return {3.0 - kTolerance, kTolerance, 3.0, true};
}

TEST(DepthAccuracy, MeasuresEachTriangleToAFractionOfEpsilon) {
  const DepthAccuracy accuracy(kTolerance, sharp(), 0.002);
  for (const double depth : {0.0, 0.005, 0.1, 0.5, 1.0, 6.35, 40.0}) {
    EXPECT_DOUBLE_EQ(accuracy.measuredTo(depth), 0.15 * epsilon(depth)) << depth;
    EXPECT_DOUBLE_EQ(accuracy.allowance(depth), accuracy.measuredTo(depth)) << depth;
  }
  // However fine the tolerance, no finer than 1e-6 mm.
  EXPECT_DOUBLE_EQ(DepthAccuracy(1e-6, sharp(), 0.002).measuredTo(0), 1e-6);
}

TEST(DepthAccuracy, SevereFromTheRadiusWithinWhatDepthsAreMeasuredTo) {
  const DepthAccuracy accuracy(kTolerance, sharp(), 0.002);
  EXPECT_TRUE(accuracy.severe(3.0));
  EXPECT_TRUE(accuracy.severe(3.0 - 0.9 * accuracy.measuredTo(3.0)));
  EXPECT_FALSE(accuracy.severe(3.0 - 1.1 * accuracy.measuredTo(3.0)));
  EXPECT_TRUE(accuracy.onlyMeasuredFindingsMatter());
  EXPECT_FALSE(DepthAccuracy(kTolerance, ball(), 3.0).onlyMeasuredFindingsMatter());
}

TEST(DepthAccuracy, ShallowBoundsCannotMatterAndDeepOnesMayUntilAFindingBeatsThem) {
  const DepthAccuracy accuracy(kTolerance, sharp(), 0.002);
  const DeepestSoFar none;
  EXPECT_TRUE(accuracy.cannotMatter(kTolerance - 1e-6, none));
  EXPECT_FALSE(accuracy.cannotMatter(kTolerance + 1e-6, none));
  // A finding 1 mm deep, not severe: bounds within the allowance of it cannot beat it.
  const DeepestSoFar best{true, 1.0, false};
  EXPECT_TRUE(accuracy.cannotMatter(1.0 + 0.9 * accuracy.allowance(1.0), best));
  EXPECT_FALSE(accuracy.cannotMatter(1.0 + 1.1 * accuracy.allowance(1.0), best));
  // One that may make the move severe matters however deep the finding.
  EXPECT_FALSE(accuracy.cannotMatter(3.0, best));
  EXPECT_TRUE(accuracy.cannotMatter(3.0, {true, 2.999, true}));
  // A ball's exact findings: only a bound below the deepest finding cannot beat it.
  const DepthAccuracy exact(kTolerance, ball(), 3.0);
  EXPECT_FALSE(exact.cannotMatter(0.5 + 1e-6, {true, 0.5, false}));
  EXPECT_TRUE(exact.cannotMatter(0.5 - 1e-6, {true, 0.5, false}));
}

TEST(DepthAccuracy, CannotMatterIsMonotone) {
  // The search stops at the first queued bound that cannot matter, which rules out every
  // lower one: true for a bound must stay true for any lower bound.
  std::mt19937 random(21);
  std::uniform_real_distribution<double> depth(-0.5, 4.0);
  for (const DepthLimits& limits : {sharp(), ball()}) {
    const double margin = limits.natural_skin ? 3.0 : 0.002;
    const DepthAccuracy accuracy(kTolerance, limits, margin);
    for (int i = 0; i < 20000; ++i) {
      const DeepestSoFar best{i % 5 != 0, std::abs(depth(random)), i % 3 == 0};
      double low = depth(random), high = depth(random);
      if (low > high) std::swap(low, high);
      if (accuracy.cannotMatter(high, best)) {
        EXPECT_TRUE(accuracy.cannotMatter(low, best)) << low << " " << high << " " << best.depth;
      }
    }
  }
}

TEST(DepthAccuracy, IrrelevantUpToIsADepthThatCannotMatter) {
  // GJK and the queue drop whatever is proven no deeper than irrelevantUpTo: cannotMatter must
  // hold there (so, being monotone, below it). It lies just under the deepest finding (by what
  // beats it) wherever cannotMatter holds just under it, and is −∞ with nothing found.
  std::mt19937 random(34);
  std::uniform_real_distribution<double> depth(-0.5, 4.0);
  int finite = 0;
  for (const DepthLimits& limits : {sharp(), ball()}) {
    const double margin = limits.natural_skin ? 3.0 : 0.002;
    const DepthAccuracy accuracy(kTolerance, limits, margin);
    EXPECT_EQ(accuracy.irrelevantUpTo(DeepestSoFar{}), -INFINITY);
    for (int i = 0; i < 20000; ++i) {
      const DeepestSoFar best{true, std::abs(depth(random)), i % 3 == 0};
      const double irrelevant = accuracy.irrelevantUpTo(best);
      const double allowed = accuracy.beaten(best.depth);
      const double below = best.depth + allowed - 3 * kBoundSlack;
      if (irrelevant == -INFINITY) {
        EXPECT_FALSE(accuracy.cannotMatter(below, best)) << best.depth;
        continue;
      }
      ++finite;
      EXPECT_TRUE(accuracy.cannotMatter(irrelevant, best)) << best.depth;
      EXPECT_GE(irrelevant, below) << best.depth;
      EXPECT_LT(irrelevant, best.depth + allowed) << best.depth;
    }
  }
  EXPECT_GT(finite, 30000);
}

TEST(DepthAccuracy, ExactDepthsTieWithinATenthOfAMicronWhileTheCoreStaysOutside) {
  // A ball's skin (margin 3) is measured exactly. A distance finding (core outside the part) is
  // not beaten by a bound that ties it within kExactTie (a flat face under a bull's end ties
  // thousands of triangles); a deeper bound, by far less than the 1e-6 mm depths are reported
  // to, still is. Where the core reached the part (depth 3), a tie still matters: the move is
  // reported where the core first reaches it.
  const DepthAccuracy accuracy(kTolerance, ball(), 3.0);
  const DeepestSoFar outside{true, 0.5, false};
  EXPECT_TRUE(accuracy.cannotMatter(0.5, outside));
  EXPECT_TRUE(accuracy.cannotMatter(0.5 + 0.5 * kBoundSlack, outside));
  EXPECT_FALSE(accuracy.cannotMatter(0.5 + 1e-6, outside));
  const DeepestSoFar reached{true, 3.0, true};
  EXPECT_FALSE(accuracy.cannotMatter(3.0, reached));
}

TEST(DepthAccuracy, ATieNeverHidesTheCoreReachingThePart) {
  // A bull's corner (skin 1) reported from 4 on: a distance finding a hair short of the skin
  // is not tied by a bound just past it, where the core itself may have reached the part.
  const DepthAccuracy accuracy(kTolerance, {0.99, 0.01, 4.0, true}, 1.0);
  const DeepestSoFar near_skin{true, 1.0 - 5e-8, false};
  EXPECT_FALSE(accuracy.cannotMatter(1.0 + 1e-9, near_skin));
  EXPECT_LT(accuracy.irrelevantUpTo(near_skin) + kBoundSlack, 1.0);
  // Further below the skin the tie still holds.
  const DeepestSoFar below_skin{true, 1.0 - 1e-4, false};
  EXPECT_TRUE(accuracy.cannotMatter(1.0 - 1e-4 + 0.5 * kBoundSlack, below_skin));
}

TEST(DepthAccuracy, SearchesStopAtTheFloorUnlessTheMoveMayTurnSevere) {
  const DepthAccuracy accuracy(kTolerance, sharp(), 0.002);
  // Nothing found: what is relevant, or, where the bound reaches R, short of being severe.
  EXPECT_DOUBLE_EQ(accuracy.stopBelow(1.0, {}), kTolerance);
  EXPECT_DOUBLE_EQ(accuracy.stopBelow(3.0, {}), kTolerance);
  const DeepestSoFar best{true, 2.0, false};
  EXPECT_DOUBLE_EQ(accuracy.stopBelow(2.5, best), 2.0 + accuracy.allowance(2.0));
  EXPECT_LT(accuracy.stopBelow(3.5, best), 3.0 - accuracy.measuredTo(3.0));
  // A ball that may turn severe measures the triangle fully.
  EXPECT_EQ(DepthAccuracy(kTolerance, ball(), 3.0).stopBelow(1.0, {true, 1.0, false}), -INFINITY);
}

}  // namespace
}  // namespace gougechek
