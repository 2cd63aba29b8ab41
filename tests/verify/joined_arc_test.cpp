// PathPiece::joined on the pieces splitMovePath makes of arcs and helices: where it joins them,
// the joined arc's hull is theirs (its support value in every direction is the largest of
// theirs, and it passes through their ends); it joins nothing else — a spiral's pieces, the
// pieces of two arcs, a segment among arcs, pieces out of order — and nothing past a half turn.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "convex/path_piece.hpp"
#include "verify/move_path.hpp"

namespace gougechek {
namespace {

constexpr double kTolerance = 0.01;
constexpr double kPi = std::numbers::pi;

Vec3 randomDirection(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(-1, 1);
  for (;;) {
    const Vec3 v{unit(rng), unit(rng), unit(rng)};
    if (norm2(v) > 1e-4 && norm2(v) <= 1) return normalized(v);
  }
}

/// An arc move about `axis` through `center`, from radius r0 to radius r1 (a spiral when they
/// differ), turning `sweep` (< 2π) and rising `rise` along the axis.
Move arcMove(const Vec3& center, const Vec3& axis, const Vec3& toward, double r0, double r1,
             double sweep, double rise) {
  const Vec3 u = normalized(toward - axis * dot(toward, axis)), t = cross(axis, u);
  Move m;
  m.kind = MoveKind::Arc;
  m.center = center;
  m.axis = axis;
  m.from = center + u * r0;
  m.to = center + (u * std::cos(sweep) + t * std::sin(sweep)) * r1 + axis * rise;
  return m;
}

std::vector<PathPiece> split(const Move& move) {
  std::vector<PathPiece> pieces;
  splitMovePath(move, move.from, kTolerance, pieces);
  return pieces;
}

/// The joined arc's hull is the pieces' hull: equal support values along random directions
/// (and the axes), and it runs through every piece's ends.
void expectSameHull(const PathPiece& joined, std::span<const PathPiece> pieces,
                    std::mt19937_64& rng) {
  double scale = 1;
  for (const PathPiece& p : pieces) scale = std::max(scale, norm(p.start()));
  std::vector<Vec3> directions{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {-1, 0, 0}, {0, -1, 0}, {0, 0, -1}};
  for (int i = 0; i < 200; ++i) directions.push_back(randomDirection(rng));
  for (const Vec3& v : directions) {
    double theirs = -INFINITY;
    for (const PathPiece& p : pieces) theirs = std::max(theirs, dot(v, p.support(v).point));
    EXPECT_NEAR(dot(v, joined.support(v).point), theirs, 1e-9 * scale);
  }
  EXPECT_LE(norm(joined.start() - pieces.front().start()), 1e-9 * scale);
  EXPECT_LE(norm(joined.end() - pieces.back().end()), 1e-9 * scale);
  const double n = static_cast<double>(pieces.size());
  for (std::size_t k = 0; k < pieces.size(); ++k)
    EXPECT_LE(norm(joined.at(static_cast<double>(k) / n) - pieces[k].start()), 1e-9 * scale);
}

TEST(JoinedArc, PiecesOfOneArcOrHelixJoinWithTheirHull) {
  std::mt19937_64 rng(20261124);
  std::uniform_real_distribution<double> unit(0, 1);
  int joined_count = 0;
  for (int i = 0; i < 300; ++i) {
    const Vec3 axis = i % 3 == 0 ? Vec3{0, 0, i % 2 ? 1.0 : -1.0} : randomDirection(rng);
    const Vec3 center = Vec3{unit(rng), unit(rng), unit(rng)} * 100 - Vec3{50, 50, 50};
    const double radius = std::pow(10.0, -1 + 2.5 * unit(rng));
    const double sweep = kPi * (0.02 + 0.98 * unit(rng));
    const double rise = i % 2 ? 0.0 : 10 * (unit(rng) - 0.5);
    const Move move = arcMove(center, axis, randomDirection(rng), radius, radius, sweep, rise);
    const std::vector<PathPiece> pieces = split(move);
    SCOPED_TRACE("case " + std::to_string(i) + ", " + std::to_string(pieces.size()) + " pieces");
    // The whole arc, and runs of consecutive pieces as MoveChecker groups them.
    const std::optional<PathPiece> whole = PathPiece::joined(pieces);
    ASSERT_TRUE(whole.has_value());
    expectSameHull(*whole, pieces, rng);
    const std::size_t first = rng() % pieces.size();
    const std::size_t count = 1 + rng() % std::min<std::size_t>(8, pieces.size() - first);
    const std::span<const PathPiece> run(pieces.data() + first, count);
    const std::optional<PathPiece> part = PathPiece::joined(run);
    ASSERT_TRUE(part.has_value());
    expectSameHull(*part, run, rng);
    joined_count += static_cast<int>(pieces.size());
  }
  EXPECT_GT(joined_count, 3000);  // most arcs made many pieces
}

TEST(JoinedArc, NoneBeyondAHalfTurn) {
  std::mt19937_64 rng(5);
  const Move move = arcMove({1, 2, 3}, {0, 0, 1}, {1, 0, 0}, 4, 4, 1.3 * kPi, 2);
  const std::vector<PathPiece> pieces = split(move);
  ASSERT_GT(pieces.size(), 10u);
  EXPECT_FALSE(PathPiece::joined(pieces).has_value());
  // The pieces of the first half turn, and no more, still join.
  const double step = 1.3 * kPi / static_cast<double>(pieces.size());
  const auto half = static_cast<std::size_t>(std::floor(kPi / step));
  const std::span<const PathPiece> within(pieces.data(), half);
  const std::optional<PathPiece> joined = PathPiece::joined(within);
  ASSERT_TRUE(joined.has_value());
  expectSameHull(*joined, within, rng);
  EXPECT_FALSE(PathPiece::joined(std::span<const PathPiece>(pieces.data(), half + 1)).has_value());
}

TEST(JoinedArc, NoneForASpiral) {
  // The radius changes from piece to piece (by 0.01 mm over the arc, or 1 mm): no one arc has
  // their hull.
  for (const double r1 : {5.01, 6.0, 4.99}) {
    const Move move = arcMove({0, 0, 0}, {0, 0, 1}, {0, 1, 0}, 5, r1, 0.8 * kPi, 0);
    const std::vector<PathPiece> pieces = split(move);
    ASSERT_GT(pieces.size(), 2u);
    EXPECT_FALSE(PathPiece::joined(pieces).has_value()) << r1;
    EXPECT_FALSE(PathPiece::joined(std::span<const PathPiece>(pieces.data(), 2)).has_value()) << r1;
  }
}

TEST(JoinedArc, NoneForPiecesOfTwoArcs) {
  // The second arc starts where the first ends: about another centre, or about the same centre
  // on a circle of twice the radius tangent to it, or the same circle in other steps.
  const Move a = arcMove({0, 0, 0}, {0, 0, 1}, {1, 0, 0}, 5, 5, 0.3 * kPi, 0);
  for (const Move& b :
       {arcMove(a.to + (a.to - a.center) * 0.5, {0, 0, 1}, a.center - a.to, 2.5, 2.5, 0.3 * kPi, 0),
        arcMove(a.to - (a.to - a.center) * 2.0, {0, 0, 1}, a.to - a.center, 10, 10, 0.2 * kPi, 0),
        arcMove({0, 0, 0}, {0, 0, 1}, a.to, 5, 5, 0.07 * kPi, 0)}) {
    std::vector<PathPiece> pieces = split(a);
    const std::vector<PathPiece> second = split(b);
    ASSERT_LE(norm(second.front().start() - pieces.back().end()), 1e-9);
    pieces.insert(pieces.end(), second.begin(), second.end());
    EXPECT_FALSE(PathPiece::joined(pieces).has_value());
    // Just the last piece of the one and the first of the other.
    EXPECT_FALSE(
        PathPiece::joined(std::span<const PathPiece>(pieces.data() + split(a).size() - 1, 2))
            .has_value());
  }
}

TEST(JoinedArc, NoneForASegmentAmongArcsOrPiecesOutOfOrder) {
  const Move move = arcMove({3, -2, 1}, normalized(Vec3{1, 2, 3}), {1, 0, 0}, 4, 4, 0.5 * kPi, 1);
  std::vector<PathPiece> pieces = split(move);
  ASSERT_GT(pieces.size(), 4u);
  // A segment in place of a piece, first or in the middle, or only segments.
  for (const std::size_t k : {std::size_t{0}, std::size_t{2}}) {
    std::vector<PathPiece> mixed = pieces;
    mixed[k] = PathPiece::segment(pieces[k].start(), pieces[k].end());
    EXPECT_FALSE(PathPiece::joined(mixed).has_value()) << k;
  }
  const std::vector<PathPiece> segments{PathPiece::segment({0, 0, 0}, {1, 0, 0}),
                                        PathPiece::segment({1, 0, 0}, {2, 1, 0})};
  EXPECT_FALSE(PathPiece::joined(segments).has_value());
  EXPECT_FALSE(PathPiece::joined({}).has_value());
  // A piece left out, and two pieces swapped, on that helix and on a flat arc (where only the
  // pieces' ends tell).
  const Move flat = arcMove({3, -2, 1}, {0, 0, 1}, {1, 0, 0}, 4, 4, 0.5 * kPi, 0);
  for (const std::vector<PathPiece>& arc : {pieces, split(flat)}) {
    std::vector<PathPiece> gap = arc;
    gap.erase(gap.begin() + 2);
    EXPECT_FALSE(PathPiece::joined(gap).has_value());
    std::vector<PathPiece> swapped = arc;
    std::swap(swapped[1], swapped[2]);
    EXPECT_FALSE(PathPiece::joined(swapped).has_value());
  }
}

TEST(JoinedArc, NoneForPiecesOfCirclesInTwoPlanes) {
  // Two steps of one radius about one centre, the second about an axis tilted about the joint:
  // continuous, but on two great circles of a sphere, which no one arc covers.
  const Vec3 center{1, 2, 3};
  const double step = 0.2;
  const PathPiece first = PathPiece::arc(center, {4, 0, 0}, {0, 0, 1}, step, 0);
  const Vec3 joint = normalized(first.end() - center);
  const Vec3 tilted = Vec3{0, 0, 1} * std::cos(0.5) + cross(joint, Vec3{0, 0, 1}) * std::sin(0.5);
  const std::vector<PathPiece> pieces{first, PathPiece::arc(center, joint * 4, tilted, step, 0)};
  ASSERT_LE(norm(pieces[1].start() - first.end()), 1e-12);
  EXPECT_FALSE(PathPiece::joined(pieces).has_value());
}

TEST(JoinedArc, NoneForAnSCurveOfEqualSteps) {
  // Two steps of the same angle, radius and axis, the second about the centre across the joint:
  // only the centres tell them apart.
  const Vec3 center{1, 2, 3};
  const double step = 0.2;
  const PathPiece first = PathPiece::arc(center, {4, 0, 0}, {0, 0, 1}, step, 0);
  const Vec3 other = first.end() + (first.end() - center);
  const std::vector<PathPiece> pieces{
      first, PathPiece::arc(other, center - first.end(), {0, 0, 1}, step, 0)};
  ASSERT_LE(norm(pieces[1].start() - first.end()), 1e-12);
  EXPECT_FALSE(PathPiece::joined(pieces).has_value());
}

}  // namespace
}  // namespace gougechek
