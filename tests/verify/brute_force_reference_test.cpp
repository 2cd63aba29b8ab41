// The whole check against a brute-force reference: every triangle, a solid-angle winding
// number, no tree, no GJK. Ball-end cutters measured by exact feature enumeration (their swept
// core is a parallelogram), bull-nose cutters by the golden-section oracle of the convex tests;
// docs/checking-rules.md requires both exactly (1e-6 mm) while the core stays outside the part.
#include <gtest/gtest.h>

#include <random>

#include "bvh/mesh_fixtures.hpp"
#include "convex/brute_force_distance.hpp"
#include "gougechek/verify.hpp"
#include "verify/polygon_distance.hpp"

namespace gougechek {
namespace {
using test::latticeBox;
using test::solidAngleWinding;

constexpr double kRadius = 3, kFlute = 12, kTolerance = 0.01;

struct ReferenceDepth {
  double depth = -INFINITY;  // deepest penetration of the ball into the part's surface
  bool severe = false;       // core reached the surface, or buried
};

// A closed block 40 × 40 mm whose top is flat (z = 40) for x ≤ 15 and random bumps elsewhere.
Mesh makePart(std::mt19937& rng) {
  constexpr int n = 8;
  std::uniform_real_distribution<double> bump(-2.5, 2.5);
  std::vector<double> top((n + 1) * (n + 1));
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) top[i * (n + 1) + j] = i * 5.0 <= 15 ? 40 : 40 + bump(rng);
  return latticeBox(n, [&](int i, int j, int k) {
    const double z = top[i * (n + 1) + j];
    return Vec3{i * 5.0, j * 5.0, k == n ? z : k * (z / n)};
  });
}

// The cutter as docs/checking-rules.md defines it: skin m around a core from height m to the flute
// length.
struct ReferenceCutter {
  ToolSpec spec;
  FrustumCore core;  // for the bull oracle; the ball's core is an axial segment
};

ReferenceCutter ballCutter() {
  return {{CutterType::Ball, 2 * kRadius, kRadius, 0, kFlute, 2 * kRadius, 0},
          {kRadius, kFlute, 0, 0, kRadius}};
}
ReferenceCutter bullCutter() {
  constexpr double corner = 1;
  return {{CutterType::Bull, 2 * kRadius, corner, 0, kFlute, 2 * kRadius, 0},
          {corner, kFlute, kRadius - corner, kRadius - corner, corner}};
}

ReferenceDepth referenceDepth(const Mesh& part, const ReferenceCutter& cutter, const Vec3& from,
                              const Vec3& to) {
  const FrustumCore& core = cutter.core;
  const double m = core.margin;
  const Vec3 low{0, 0, core.z_bottom}, high{0, 0, core.z_top};
  const std::vector<Vec3> axis_sweep{from + low, from + high, to + high, to + low};
  // A box around the swept cutter: triangles wholly outside it cannot come within m.
  Vec3 lo = from, hi = from;
  for (const Vec3& p : {from, to}) {
    lo = {std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
    hi = {std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
  }
  const double reach = core.outerRadius() + 1e-3;
  ReferenceDepth r;
  bool touched = false;
  for (const Triangle& t : part.triangles) {
    const std::array<Vec3, 3> tri{part.vertices[t[0]], part.vertices[t[1]], part.vertices[t[2]]};
    bool outside = false;
    for (int axis = 0; axis < 3; ++axis) {
      const double tmin = std::min({tri[0][axis], tri[1][axis], tri[2][axis]});
      const double tmax = std::max({tri[0][axis], tri[1][axis], tri[2][axis]});
      const double top = axis == 2 ? hi[axis] + core.z_top + m : hi[axis] + reach;
      outside |= tmin > top || tmax < lo[axis] - reach;
    }
    if (outside) continue;
    const double d = core.radius_top == 0
                         ? reference::polygonPolygon(axis_sweep, {tri[0], tri[1], tri[2]})
                         : test::distanceToSweptCore(core, from, to, tri);
    touched |= d < m;
    if (d <= 1e-9) r.severe = true;
    r.depth = std::max(r.depth, m - d);
  }
  if (!touched && std::round(solidAngleWinding(part, from + low)) != 0) {
    r.depth = kRadius;
    r.severe = true;
  }
  return r;
}

std::vector<Move> makeProgram(std::mt19937& rng, int random_moves = 60) {
  std::vector<Move> moves;
  Vec3 at{20, 20, 60};
  auto go = [&](MoveKind kind, const Vec3& to) {
    Move m;
    m.kind = kind;
    m.from = at;
    m.to = to;
    m.tool = 1;
    m.line = static_cast<std::uint32_t>(moves.size() + 10);
    moves.push_back(m);
    at = to;
  };
  // Known depths on the flat top (z = 40 for x ≤ 15): the ball dips δ below it.
  for (double depth : {0.0, 0.005, 0.02, 0.1, 0.5, 1.0}) {
    go(MoveKind::Rapid, {5, 8, 50});
    go(MoveKind::Feed, {5, 8, 40 - depth});
    go(MoveKind::Feed, {10, 30, 40 - depth});
    go(MoveKind::Feed, {10, 30, 50});
  }
  // Random moves over the whole block, some in the air, some grazing, some cutting; rapids too.
  std::uniform_real_distribution<double> xy(-5, 45), z(35, 46);
  for (int i = 0; i < random_moves; ++i)
    go(i % 4 == 0 ? MoveKind::Rapid : MoveKind::Feed, {xy(rng), xy(rng), z(rng)});
  // A rapid clipping the block's corner and buried moves deep inside: after the first, each
  // starts where the last, touching nothing, left off (the checker carries inside/outside on).
  // A rapid straight through the block: its cutter reaches the part well after the start.
  go(MoveKind::Rapid, {-10, 20, 60});
  go(MoveKind::Rapid, {-10, 20, 30});
  go(MoveKind::Rapid, {50, 20, 30});
  go(MoveKind::Rapid, {50, 20, 60});
  go(MoveKind::Rapid, {-10, -10, 30});
  go(MoveKind::Rapid, {10, -2, 30});
  go(MoveKind::Rapid, {20, 20, 60});
  go(MoveKind::Feed, {20, 20, 10});
  go(MoveKind::Feed, {25, 20, 10});
  go(MoveKind::Feed, {25, 25, 12});
  go(MoveKind::Feed, {20, 25, 10});
  go(MoveKind::Feed, {20, 20, 11});
  go(MoveKind::Feed, {25, 20, 60});
  return moves;
}

void expectMatchesReference(int seed, const ReferenceCutter& cutter, int random_moves) {
  std::mt19937 rng(seed);
  const Mesh part = makePart(rng);
  const std::vector<Move> moves = makeProgram(rng, random_moves);
  ToolLibrary tools;
  tools.fallback = cutter.spec;
  VerifySettings settings;
  settings.tolerance = kTolerance;
  settings.start = moves.front().from;
  settings.threads = 1;
  const VerifyResult one = verify(part, moves, tools, settings, "random.nc");
  settings.threads = 2;
  const VerifyResult two = verify(part, moves, tools, settings, "random.nc");

  ASSERT_EQ(one.violations.size(), two.violations.size());
  for (std::size_t i = 0; i < one.violations.size(); ++i) {
    EXPECT_EQ(one.violations[i].move, two.violations[i].move);
    EXPECT_EQ(one.violations[i].depth, two.violations[i].depth);
    EXPECT_EQ(one.violations[i].at, two.violations[i].at);
  }

  std::size_t reported = 0, checked_known = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const ReferenceDepth ref = referenceDepth(part, cutter, moves[i].from, moves[i].to);
    const Violation* found = nullptr;
    for (const Violation& v : one.violations)
      if (v.move == i + 1) found = &v;
    SCOPED_TRACE("move " + std::to_string(i + 1) + " reference depth " + std::to_string(ref.depth));
    if (std::abs(ref.depth - kTolerance) < 1e-6) continue;  // on the fence: either is right
    if (ref.depth <= kTolerance && !ref.severe) {
      EXPECT_EQ(found, nullptr);
      continue;
    }
    ASSERT_NE(found, nullptr);
    ++reported;
    EXPECT_EQ(found->kind, moves[i].kind == MoveKind::Rapid ? ViolationKind::RapidCollision
                                                            : ViolationKind::Gouge);
    EXPECT_EQ(found->severe, ref.severe);
    // `at` is where the move reaches its depth: the cutter standing there reaches it too (a
    // severe one there touches the part with its core, or stands buried).
    const ReferenceDepth there = referenceDepth(part, cutter, found->at, found->at);
    if (ref.severe)
      EXPECT_TRUE(there.severe) << "at " << found->at.x << " " << found->at.y << " " << found->at.z;
    else
      EXPECT_GE(there.depth, found->depth - 1e-6);
    if (ref.severe) {
      EXPECT_GE(found->depth, cutter.core.margin - 1e-6);
    } else {
      EXPECT_NEAR(found->depth, ref.depth, 1e-6);
      ++checked_known;
    }
  }
  EXPECT_GT(reported, 10u);
  EXPECT_GT(checked_known, 5u);
}

class BruteForceReference : public ::testing::TestWithParam<int> {};

TEST_P(BruteForceReference, EveryBallMoveMatchesTheReference) {
  expectMatchesReference(GetParam(), ballCutter(), 60);
}

// The bull oracle is a nested golden search: slow, so fewer seeds and moves.
TEST_P(BruteForceReference, EveryBullMoveMatchesTheReference) {
  if (GetParam() <= 3) expectMatchesReference(GetParam(), bullCutter(), 24);
}

TEST(BruteForceReference, InjectedDepthsOnAFlatFaceAreExact) {
  std::mt19937 rng(7);
  const Mesh part = makePart(rng);
  const std::vector<Move> moves = makeProgram(rng);
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Ball, 2 * kRadius, kRadius, 0, kFlute, 2 * kRadius, 0};
  VerifySettings settings;
  settings.start = moves.front().from;
  const VerifyResult result = verify(part, moves, tools, settings, "flat.nc");
  // Moves 3, 7, 11, ... run 0, 0.005, 0.02, 0.1, 0.5, 1.0 mm below the flat top.
  const double depths[] = {0.0, 0.005, 0.02, 0.1, 0.5, 1.0};
  for (int k = 0; k < 6; ++k) {
    const std::uint32_t move = 3 + 4 * k;
    const Violation* found = nullptr;
    for (const Violation& v : result.violations)
      if (v.move == move) found = &v;
    if (depths[k] <= kTolerance) {
      EXPECT_EQ(found, nullptr) << "move " << move;
    } else {
      ASSERT_NE(found, nullptr) << "move " << move;
      EXPECT_NEAR(found->depth, depths[k], 1e-9);
      EXPECT_FALSE(found->severe);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, BruteForceReference, ::testing::Values(1, 2, 3, 4, 5));

}  // namespace
}  // namespace gougechek
