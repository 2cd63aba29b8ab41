#include "convex/path_piece.hpp"

#include <array>
#include <cmath>
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
  p.cos_angle_ = std::cos(angle);
  p.sin_angle_ = std::sin(angle);
  p.end_ = p.pointAtAngle(angle);
  return p;
}

std::optional<PathPiece> PathPiece::joined(std::span<const PathPiece> pieces) {
  if (pieces.empty() || !pieces[0].is_arc_) return std::nullopt;
  const PathPiece& first = pieces[0];
  const double angle = first.angle_ * static_cast<double>(pieces.size());
  if (angle > std::numbers::pi) return std::nullopt;
  // Rounding apart, each piece is the first turned on by its steps: the same step, rise, axis
  // and radius, its centre risen along the axis, its start the previous piece's end. Pieces
  // split from one arc agree to a few 1e-16 of their size; what is accepted stays within
  // 1e-13 of it, about 1e-8 mm at the largest sizes (coordinates 1e4, radii 1e5), below the
  // 1e-7 mm slack every bound and box is given.
  const double slack = 1e-13 * (1 + norm(first.center_) + norm(first.radial_));
  auto near = [&](const Vec3& a, const Vec3& b) { return norm2(a - b) <= slack * slack; };
  for (std::size_t k = 1; k < pieces.size(); ++k) {
    const PathPiece& piece = pieces[k];
    if (!piece.is_arc_ || piece.angle_ != first.angle_ || piece.rise_ != first.rise_ ||
        piece.axis_ != first.axis_ || std::abs(norm(piece.radial_) - norm(first.radial_)) > slack ||
        !near(piece.center_,
              first.center_ + first.axis_ * (first.rise_ * static_cast<double>(k))) ||
        !near(piece.start_, pieces[k - 1].end_))
      return std::nullopt;
  }
  return arc(first.center_, first.radial_, first.axis_, angle,
             first.rise_ * static_cast<double>(pieces.size()));
}

Vec3 PathPiece::pointAtAngle(double theta) const {
  return center_ + radial_ * std::cos(theta) + tangent_ * std::sin(theta) +
         axis_ * (rise_ * theta / angle_);
}

Vec3 PathPiece::at(double s) const {
  return is_arc_ ? pointAtAngle(s * angle_) : start_ + delta_ * s;
}

bool PathPiece::enclosingPoints(std::vector<Vec3>& out) const {
  if (!is_arc_) {
    out.push_back(start_);
    out.push_back(start_ + delta_);
    return true;
  }
  if (angle_ > std::numbers::pi / 2) return false;
  // The tangents at the ends meet on the bisector, r / cos(angle/2) from the centre; the arc
  // lies in the triangle of its ends and that point (in the plane ⟂ axis).
  const Vec3 apex = center_ + radial_ + tangent_ * std::tan(angle_ / 2);
  out.insert(out.end(), {start_, apex, end_});
  if (rise_ != 0) {  // a helix: the same triangle at the other end's height too
    const Vec3 rise = axis_ * rise_;
    out.insert(out.end(), {start_ + rise, apex + rise, end_ - rise});
  }
  return true;
}

std::array<Vec3, 2> PathPiece::bounds() const {
  return {
      Vec3{support({-1, 0, 0}).point.x, support({0, -1, 0}).point.y, support({0, 0, -1}).point.z},
      Vec3{support({1, 0, 0}).point.x, support({0, 1, 0}).point.y, support({0, 0, 1}).point.z}};
}

PathPoint PathPiece::support(const Vec3& v) const {
  if (!is_arc_) {
    if (dot(v, delta_) > 0) return {start_ + delta_, 1.0};
    return {start_, 0.0};
  }
  // v·p(θ) = a cos θ + b sin θ + c θ (+ const) = ρ cos(θ − φ) + c θ, with ρ = |(a, b)| and
  // φ = atan2(b, a). Its maxima over [0, angle] lie at the ends or at its one interior local
  // maximum, θ = φ + δ with sin δ = c/ρ, |δ| ≤ π/2 (the other stationary point, φ + π − δ, is
  // a minimum). That θ's cosine and sine follow from (a, b)/ρ and δ without trigonometry.
  const double a = dot(v, radial_), b = dot(v, tangent_), c = dot(v, axis_) * rise_ / angle_;
  double best_theta = 0, best_value = a;
  Vec3 best_point = start_;
  if (const double end_value = a * cos_angle_ + b * sin_angle_ + c * angle_; end_value > a)
    best_theta = angle_, best_value = end_value, best_point = end_;
  const double rho = std::sqrt(a * a + b * b);
  if (rho > 0 && std::abs(c) < rho) {
    const double cos_phi = a / rho, sin_phi = b / rho;
    const double sin_delta = c / rho, cos_delta = std::sqrt(1 - sin_delta * sin_delta);
    const double cos_theta = cos_phi * cos_delta - sin_phi * sin_delta;
    const double sin_theta = sin_phi * cos_delta + cos_phi * sin_delta;
    // A sector of at most π is the half-planes left of its start and right of its end: most
    // candidates fail that before an atan2 is spent on them.
    const bool outside_sector =
        angle_ <= std::numbers::pi &&
        (sin_theta < 0 || cos_angle_ * sin_theta - sin_angle_ * cos_theta > 0);
    double theta = outside_sector ? 0 : std::atan2(sin_theta, cos_theta);
    if (theta < 0) theta += 2 * std::numbers::pi;
    if (!outside_sector && theta <= angle_) {
      if (const double value = a * cos_theta + b * sin_theta + c * theta; value > best_value) {
        best_theta = theta, best_value = value;
        best_point =
            center_ + radial_ * cos_theta + tangent_ * sin_theta + axis_ * (rise_ * theta / angle_);
      }
    }
  }
  return {best_point, best_theta / angle_};
}

}  // namespace gougechek
