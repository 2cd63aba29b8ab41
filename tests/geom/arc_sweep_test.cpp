// The arc sweep the checks, the exact confirmation and the pictures share: its turn as LinuxCNC
// reads it (counter-clockwise about the axis; an end on the start, or less than CIRCLE_FUZZ ahead
// of it, a full circle; extra turns), and the points along it (a spiral's radius and a helix's
// height changing linearly with the turn, from the start to the end).
#include "geom/arc_sweep.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace gougechek {
namespace {

constexpr double kPi = std::numbers::pi;

/// An arc about `axis` through `center` from `from`, ending `angle` radians on (counter-clockwise
/// about the axis) at radius `end_radius` and `rise` above the start.
Move arcMove(const Vec3& center, const Vec3& axis, const Vec3& from, double angle,
             double end_radius, double rise, int turns = 0) {
  const Vec3 u = normalized(from - center), t = cross(axis, u);
  Move m;
  m.kind = MoveKind::Arc;
  m.center = center;
  m.axis = axis;
  m.from = from;
  m.to = center + (u * std::cos(angle) + t * std::sin(angle)) * end_radius + axis * rise;
  m.turns = turns;
  return m;
}

void expectNear(const Vec3& a, const Vec3& b, double within = 1e-12) {
  EXPECT_NEAR(a.x, b.x, within);
  EXPECT_NEAR(a.y, b.y, within);
  EXPECT_NEAR(a.z, b.z, within);
}

TEST(ArcSweep, TurnsCounterClockwiseAboutItsAxis) {
  // G3 in G17 (axis +Z) from (10, 0) to (0, 10): a quarter turn through (7.07, 7.07).
  const ArcSweep g3(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, kPi / 2, 10, 0));
  EXPECT_NEAR(g3.angle, kPi / 2, 1e-15);
  expectNear(g3.at(0.5), {10 / std::sqrt(2), 10 / std::sqrt(2), 0});
  // G2 between the same points (axis −Z) goes the long way round, through (−10, 0).
  Move g2 = arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, kPi / 2, 10, 0);
  g2.axis = {0, 0, -1};
  const ArcSweep long_way(g2);
  EXPECT_NEAR(long_way.angle, 3 * kPi / 2, 1e-15);
  expectNear(long_way.at(2.0 / 3), {-10, 0, 0});
}

TEST(ArcSweep, EndOnTheStartIsAFullCircle) {
  const ArcSweep circle(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, 0, 10, 0));
  EXPECT_DOUBLE_EQ(circle.angle, 2 * kPi);
  expectNear(circle.at(0.5), {-10, 0, 0});
}

TEST(ArcSweep, EndARoundingErrorAheadOfTheStartIsAFullCircle) {
  // LinuxCNC's motion and preview turn a full circle for an end less than CIRCLE_FUZZ (1e-6
  // rad) ahead of the start, as an end a rounding error past it: not a sliver of 1e-13 or
  // 1e-9 rad. (The copies before this sweep read these as slivers: 1e-9 both, 1e-13 one.)
  for (const double ahead : {1e-13, 1e-9, 0.9e-6}) {
    const ArcSweep arc(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, ahead, 10, 0));
    EXPECT_NEAR(arc.angle, 2 * kPi + ahead, 1e-12) << ahead;
    expectNear(arc.at(0.5), {-10, 0, 0}, 1e-5);
  }
  // Past the fuzz the end is where the arc stops.
  const ArcSweep sliver(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, 1.1e-6, 10, 0));
  EXPECT_NEAR(sliver.angle, 1.1e-6, 1e-12);
  // An end a rounding error behind the start is all but a full turn, as before.
  const ArcSweep behind(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, -1e-9, 10, 0));
  EXPECT_NEAR(behind.angle, 2 * kPi - 1e-9, 1e-12);
}

TEST(ArcSweep, ExtraTurnsAddWholeTurns) {
  // G3 ... P3 from (10, 0) to (0, 10): two extra turns after the quarter; a full circle P2.
  const ArcSweep three(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, kPi / 2, 10, 0, 2));
  EXPECT_NEAR(three.angle, 4 * kPi + kPi / 2, 1e-14);
  const ArcSweep two_circles(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, 0, 10, 0, 1));
  EXPECT_DOUBLE_EQ(two_circles.angle, 4 * kPi);
}

TEST(ArcSweep, SpiralAndHelixChangeLinearlyWithTheTurnToTheEnd) {
  // G18 (axis −Y for G2): a half turn in XZ from radius 4 to 6, rising 3 along the axis.
  const Vec3 center{1, 2, 3}, axis{0, -1, 0};
  const Move m = arcMove(center, axis, center + Vec3{4, 0, 0}, kPi, 6, 3);
  const ArcSweep arc(m);
  EXPECT_NEAR(arc.angle, kPi, 1e-14);
  EXPECT_DOUBLE_EQ(arc.start_radius, 4);
  EXPECT_NEAR(arc.end_radius, 6, 1e-14);
  EXPECT_NEAR(arc.rise, 3, 1e-14);
  expectNear(arc.at(0), m.from);
  expectNear(arc.at(1), m.to);
  // Halfway: a quarter turn, radius 5, risen 1.5; counter-clockwise about −Y takes +X to +Z.
  expectNear(arc.at(0.5), center + Vec3{0, -1.5, 5});
  EXPECT_NEAR(arc.length(), std::hypot(kPi * 5, 3), 1e-12);
}

TEST(ArcSweep, TheCentreIsTakenAtTheStartsHeight) {
  // A move built with its centre off the start's plane still starts at its start.
  Move m = arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, kPi / 2, 10, 0);
  m.center = {0, 0, 7};
  const ArcSweep arc(m);
  expectNear(arc.center, {0, 0, 0});
  expectNear(arc.at(0), m.from);
  expectNear(arc.at(1), m.to);
}

TEST(ArcSweep, ChordStepKeepsTheSagittaWithinTheError) {
  const ArcSweep arc(arcMove({0, 0, 0}, {0, 0, 1}, {10, 0, 0}, kPi, 20, 0));
  const double step = arc.chordStep(0.01);
  // At the larger radius, 20: r(1 − cos(Δ/2)) = 0.01.
  EXPECT_NEAR(20 * (1 - std::cos(step / 2)), 0.01, 1e-12);
  // Never more than a quarter turn, however coarse the error.
  EXPECT_DOUBLE_EQ(arc.chordStep(15), kPi / 2);
  EXPECT_DOUBLE_EQ(arc.chordStep(100), kPi / 2);
}

TEST(ArcSweep, StartOnTheAxisHasNoDirection) {
  // No interpreted arc starts on its axis (zero radius is refused); a built one has no radial
  // direction, and its points stay on the axis.
  Move m;
  m.kind = MoveKind::Arc;
  m.center = {0, 0, 0};
  m.axis = {0, 0, 1};
  m.from = {0, 0, 0};
  m.to = {0, 0, 2};
  const ArcSweep arc(m);
  EXPECT_EQ(arc.start_radius, 0);
  EXPECT_EQ(arc.radial, Vec3{});
  expectNear(arc.at(0.5), {0, 0, 1});
}

}  // namespace
}  // namespace gougechek
