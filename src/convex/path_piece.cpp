#include "convex/path_piece.hpp"

#include <array>
#include <numbers>

namespace gougechek {

PathPiece PathPiece::segment(const Vec3& from, const Vec3& to) {
  PathPiece p;
  p.start_ = from;
  p.delta_ = to - from;
  return p;
}

PathPiece PathPiece::arc(const Vec3& center, const Vec3& radial, const Vec3& axis, double angle,
                         double rise) {
  PathPiece p;
  p.is_arc_ = true;
  p.center_ = center;
  p.radial_ = radial;
  p.axis_ = axis;
  p.tangent_ = cross(axis, radial);
  p.angle_ = angle;
  p.rise_ = rise;
  p.start_ = center + radial;
  return p;
}

Vec3 PathPiece::pointAtAngle(double theta) const {
  return center_ + radial_ * std::cos(theta) + tangent_ * std::sin(theta) +
         axis_ * (rise_ * theta / angle_);
}

Vec3 PathPiece::at(double s) const {
  return is_arc_ ? pointAtAngle(s * angle_) : start_ + delta_ * s;
}

PathPoint PathPiece::support(const Vec3& v) const {
  if (!is_arc_) {
    if (dot(v, delta_) > 0) return {start_ + delta_, 1.0};
    return {start_, 0.0};
  }
  // v·p(θ) = a cos θ + b sin θ + c θ (+ const). Its maxima over [0, angle] lie at the ends or
  // where −a sin θ + b cos θ + c = 0, i.e. ρ sin(θ − φ) = c with ρ = |(a, b)|, φ = atan2(b, a).
  const double a = dot(v, radial_), b = dot(v, tangent_), c = dot(v, axis_) * rise_ / angle_;
  std::array<double, 4> candidates{0.0, angle_, -1.0, -1.0};
  const double rho = std::hypot(a, b);
  if (rho > 0 && std::abs(c) <= rho) {
    const double phi = std::atan2(b, a);
    const double delta = std::asin(c / rho);
    int n = 2;
    for (double theta : {phi + delta, phi + std::numbers::pi - delta}) {
      const double two_pi = 2 * std::numbers::pi;
      theta = std::fmod(theta, two_pi);
      if (theta < 0) theta += two_pi;
      if (theta <= angle_) candidates[n++] = theta;
    }
  }
  double best_theta = 0, best_value = -INFINITY;
  for (double theta : candidates) {
    if (theta < 0) continue;
    const double value = a * std::cos(theta) + b * std::sin(theta) + c * theta;
    if (value > best_value) best_value = value, best_theta = theta;
  }
  return {pointAtAngle(best_theta), best_theta / angle_};
}

}  // namespace gougechek
