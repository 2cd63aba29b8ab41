// Registration (docs/checking-rules.md, "Registration"): a program whose feed moves (or, with
// none, its rapids) never bring the cutter within reach of the part leaves
// VerifyResult::unreached, naming its closest approach, here measured against a brute-force
// reference (every move, every triangle).
#include <gtest/gtest.h>

#include <random>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"
#include "verify/polygon_distance.hpp"
#include "verify/reach.hpp"

namespace gougechek {
namespace {

constexpr double kRadius = 3, kFlute = 12, kTolerance = 0.01;
// The reach for this ball: the tolerance and a margin of max(1 mm, its radius).
constexpr double kReach = kTolerance + kRadius;

// A closed block 40 × 40 mm, 20 high, its top bumped at random.
Mesh makePart(std::mt19937& rng) {
  constexpr int n = 4;
  std::uniform_real_distribution<double> bump(-2, 2);
  std::vector<double> top((n + 1) * (n + 1));
  for (double& z : top) z = 20 + bump(rng);
  return test::latticeBox(n, [&](int i, int j, int k) {
    const double z = top[i * (n + 1) + j];
    return Vec3{i * 10.0, j * 10.0, k == n ? z : k * (z / n)};
  });
}

ToolLibrary ball() {
  ToolLibrary tools;
  tools.fallback = ToolSpec{CutterType::Ball, 2 * kRadius, kRadius, 0, kFlute, 2 * kRadius, 0};
  return tools;
}

struct Program {
  std::vector<Move> moves;
  Vec3 at{0, 0, 100};
  void go(MoveKind kind, const Vec3& to) {
    Move m;
    m.kind = kind;
    m.from = at;
    m.to = to;
    m.tool = 1;
    m.line = static_cast<std::uint32_t>(moves.size() + 5);
    moves.push_back(m);
    at = to;
  }
};

VerifyResult check(const Mesh& part, const std::vector<Move>& moves) {
  VerifySettings settings;
  settings.tolerance = kTolerance;
  settings.start = moves.front().from;
  return verify(part, moves, ball(), settings, "far.nc");
}

struct Reference {
  double distance = INFINITY;
  std::uint32_t line = 0;
};

// The ball's swept core is a parallelogram (its axial segment from R to the flute length moved
// along the move): its exact distance to each triangle, less the skin R.
Reference closestMove(const Mesh& part, const std::vector<Move>& moves,
                      MoveKind kind = MoveKind::Feed) {
  Reference best;
  const Vec3 low{0, 0, kRadius}, high{0, 0, kFlute};
  for (const Move& move : moves) {
    if (move.kind != kind) continue;
    const std::vector<Vec3> sweep{move.from + low, move.from + high, move.to + high, move.to + low};
    for (const Triangle& t : part.triangles) {
      const double d = reference::polygonPolygon(
                           sweep, {part.vertices[t[0]], part.vertices[t[1]], part.vertices[t[2]]}) -
                       kRadius;
      if (d < best.distance) best = {d, move.line};
    }
  }
  return best;
}

// Feed moves in a box beside the part, rapids anywhere (one straight through it).
Program farProgram(std::mt19937& rng, int feed_moves) {
  std::uniform_real_distribution<double> x(55, 90), y(-30, 70), z(5, 60);
  Program p;
  p.go(MoveKind::Rapid, {20, 20, 10});  // rapids do not count, even inside the part
  p.go(MoveKind::Rapid, {70, 20, 80});
  for (int i = 0; i < feed_moves; ++i) p.go(MoveKind::Feed, {x(rng), y(rng), z(rng)});
  return p;
}

TEST(Registration, ClosestApproachMatchesBruteForce) {
  for (int seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const Mesh part = makePart(rng);
    const Program program = farProgram(rng, 12);
    const Reference reference = closestMove(part, program.moves);
    ASSERT_GT(reference.distance, kReach);
    const VerifyResult result = check(part, program.moves);
    for (const Violation& v : result.violations) EXPECT_EQ(v.kind, ViolationKind::RapidCollision);
    ASSERT_TRUE(result.unreached);
    EXPECT_TRUE(result.unreached->exact);
    EXPECT_EQ(result.unreached->line, reference.line);
    EXPECT_NEAR(result.unreached->distance, reference.distance, 1e-6);
    EXPECT_NEAR(result.unreached->reach, kReach, 1e-12);
    EXPECT_EQ(result.unreached->move, result.unreached->line - 4);
  }
}

// More far moves than the candidates kept: the distance named is exact, or an upper bound
// with a lower bound on the rest, and the reference lies between them.
TEST(Registration, ManyFarMovesBracketTheClosest) {
  for (int seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const Mesh part = makePart(rng);
    const Program program = farProgram(rng, 200);
    const Reference reference = closestMove(part, program.moves);
    const VerifyResult result = check(part, program.moves);
    ASSERT_TRUE(result.unreached);
    if (result.unreached->exact) {
      EXPECT_NEAR(result.unreached->distance, reference.distance, 1e-6);
    } else {
      EXPECT_GE(result.unreached->distance, reference.distance - 1e-6);
      EXPECT_LE(result.unreached->others_beyond, reference.distance + 1e-6);
    }
  }
}

// Over a flat top at z = 20: the tip 3.0 mm above it is within the 3.01 mm reach, 3.02 mm is
// not (and then measured exactly); the same for a program of rapids, or of probe moves, only.
TEST(Registration, ReachIsTheToleranceAndTheMargin) {
  const Mesh part = test::latticeBox(2, [](int i, int j, int k) {
    return Vec3{i * 20.0, j * 20.0, k * 10.0};
  });
  for (const MoveKind kind : {MoveKind::Feed, MoveKind::Rapid, MoveKind::Probe})
    for (const double above : {3.0, 3.02}) {
      Program p;
      p.go(MoveKind::Rapid, {10, 10, 40});
      p.go(kind, {10, 10, 20 + above});
      p.go(kind, {30, 10, 20 + above});
      p.go(kind, {30, 10, 40});
      const VerifyResult result = check(part, p.moves);
      EXPECT_TRUE(result.violations.empty());
      EXPECT_EQ(result.unreached.has_value(), above > kReach) << above;
      if (result.unreached) {
        EXPECT_EQ(result.unreached->rapids, kind != MoveKind::Feed);
        EXPECT_NEAR(result.unreached->distance, above, 1e-9);
        EXPECT_GE(result.unreached->line, 6u);  // every feed move is as far
        EXPECT_LE(result.unreached->line, 8u);
      }
    }
}

// A program of rapids only cuts nothing: its rapids are held to the rule instead, measured as
// feed moves are.
TEST(Registration, RapidsOnlyClosestApproachMatchesBruteForce) {
  for (int seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed);
    const Mesh part = makePart(rng);
    std::uniform_real_distribution<double> x(55, 90), y(-30, 70), z(5, 60);
    Program program;
    program.at = {70, 20, 80};
    for (int i = 0; i < 12; ++i) program.go(MoveKind::Rapid, {x(rng), y(rng), z(rng)});
    const Reference reference = closestMove(part, program.moves, MoveKind::Rapid);
    ASSERT_GT(reference.distance, kReach);
    const VerifyResult result = check(part, program.moves);
    EXPECT_TRUE(result.violations.empty());
    ASSERT_TRUE(result.unreached);
    EXPECT_TRUE(result.unreached->rapids);
    EXPECT_TRUE(result.unreached->exact);
    EXPECT_EQ(result.unreached->line, reference.line);
    EXPECT_NEAR(result.unreached->distance, reference.distance, 1e-6);
    EXPECT_NEAR(result.unreached->reach, kReach, 1e-12);
  }
}

// Once a feed move came, the rapids do not count: the feed moves do.
TEST(Registration, RapidsOverThePartDoNotPlaceFeedMovesOffIt) {
  std::mt19937 rng(7);
  const Mesh part = makePart(rng);
  Program p;
  p.at = {20, 20, 100};
  p.go(MoveKind::Rapid, {20, 20, 60});
  p.go(MoveKind::Feed, {200, 20, 60});
  const VerifyResult result = check(part, p.moves);
  ASSERT_TRUE(result.unreached);
  EXPECT_FALSE(result.unreached->rapids);
  EXPECT_EQ(result.unreached->line, 6u);
}

TEST(Registration, UnitsWarningForExtentsAnInchApart) {
  EXPECT_TRUE(unitsWarning(100 / 25.4, 100));
  EXPECT_TRUE(unitsWarning(100, 100 / 25.4));
  EXPECT_TRUE(unitsWarning(80, 2500));
  EXPECT_FALSE(unitsWarning(100, 100));
  EXPECT_FALSE(unitsWarning(100, 10));
  EXPECT_FALSE(unitsWarning(100, 0));
  EXPECT_NE(unitsWarning(100 / 25.4, 100)->find("--part-units in"), std::string::npos);
  EXPECT_NE(unitsWarning(100, 100 / 25.4)->find("G20"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
