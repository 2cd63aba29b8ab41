#include "verify/move_path.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gougechek {

void splitMovePath(const Move& move, const Vec3& from, double tolerance,
                   std::vector<PathPiece>& pieces) {
  pieces.clear();
  if (move.kind != MoveKind::Arc) {
    pieces.push_back(PathPiece::segment(from, move.to));
    return;
  }
  const Vec3 axis = normalized(move.axis);
  auto in_plane = [&](const Vec3& p) {
    const Vec3 r = p - move.center;
    return r - axis * dot(r, axis);
  };
  const Vec3 r0 = in_plane(move.from), r1 = in_plane(move.to);
  const double radius0 = norm(r0), radius1 = norm(r1);
  if (radius0 == 0) {  // degenerate arc: the tool stays on the axis
    pieces.push_back(PathPiece::segment(move.from, move.to));
    return;
  }
  const Vec3 u = r0 / radius0, t = cross(axis, u);
  constexpr double kTwoPi = 2 * std::numbers::pi;
  double sweep = std::atan2(dot(r1, t), dot(r1, u));
  if (sweep <= 0) sweep += kTwoPi;  // end == start is a full circle, as LinuxCNC reads it
  sweep += kTwoPi * move.turns;
  const double rise = dot(move.to - move.from, axis);

  // Sagitta r(1 − cos(Δ/2)) ≤ tolerance/10; a spiral's radius change per piece stays below
  // tolerance/20 as well.
  const double allowed = std::max(tolerance, 1e-4) / 10;
  const double radius = std::max(radius0, radius1);
  const double max_step =
      allowed >= radius ? std::numbers::pi / 2 : 2 * std::acos(1 - allowed / radius);
  const double pieces_for_spiral = std::abs(radius1 - radius0) / (allowed / 2);
  const int count = static_cast<int>(std::clamp(
      std::ceil(std::max(sweep / std::min(max_step, std::numbers::pi / 2), pieces_for_spiral)), 1.0,
      1e6));
  const double step = sweep / count;
  for (int k = 0; k < count; ++k) {
    const double theta = k * step;
    const double r_mid = radius0 + (radius1 - radius0) * (k + 0.5) / count;
    const Vec3 radial = (u * std::cos(theta) + t * std::sin(theta)) * r_mid;
    const Vec3 center = move.center + axis * (rise * k / count);
    pieces.push_back(PathPiece::arc(center, radial, axis, step, rise / count));
  }
}

}  // namespace gougechek
