#include "geom/arc_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gougechek {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

}  // namespace

ArcSweep::ArcSweep(const Move& arc) : axis(normalized(arc.axis)) {
  // The move's centre lies in the start's plane; its height is taken from the start all the same,
  // so that a move built otherwise still starts where it says.
  center = arc.center + axis * dot(arc.from - arc.center, axis);
  const auto in_plane = [&](const Vec3& p) {
    const Vec3 r = p - arc.center;
    return r - axis * dot(r, axis);
  };
  const Vec3 r0 = in_plane(arc.from), r1 = in_plane(arc.to);
  start_radius = norm(r0);
  end_radius = norm(r1);
  if (start_radius > 0) {
    radial = r0 / start_radius;
    tangent = cross(axis, radial);
  }
  // atan2 gives the end's angle from the start in (−π, π]; the arc turns counter-clockwise, so
  // an end behind the start, on it, or within the fuzz ahead of it adds a whole turn.
  angle = std::atan2(dot(r1, tangent), dot(r1, radial));
  if (angle < kFullCircleFuzz) angle += kTwoPi;
  angle += kTwoPi * arc.turns;
  rise = dot(arc.to - arc.from, axis);
}

Vec3 ArcSweep::direction(double theta) const {
  return radial * std::cos(theta) + tangent * std::sin(theta);
}

Vec3 ArcSweep::at(double t) const {
  return center + direction(angle * t) * radius(t) + axis * (rise * t);
}

double ArcSweep::length() const {
  return std::hypot(angle * (start_radius + end_radius) / 2, rise);
}

double ArcSweep::chordStep(double chord_error) const {
  // The sagitta of a chord turning Δ at radius r is r(1 − cos(Δ/2)).
  constexpr double kQuarterTurn = std::numbers::pi / 2;
  const double larger = std::max(start_radius, end_radius);
  if (chord_error >= larger) return kQuarterTurn;
  return std::min(2 * std::acos(1 - chord_error / larger), kQuarterTurn);
}

}  // namespace gougechek
