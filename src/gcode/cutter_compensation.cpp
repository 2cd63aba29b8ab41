#include "gcode/cutter_compensation.hpp"

#include <cmath>
#include <numbers>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// TOLERANCE_CONCAVE_CORNER: corners sharper than this (radians) need an arc or an intersection.
constexpr double kCornerTolerance = 0.05;
constexpr double kPi = std::numbers::pi;

}  // namespace

void CutterCompensation::start(int side, double radius, const Vec3& at) {
  side_ = side;
  radius_ = radius;
  first_move_ = true;
  current_ = at;
  emitted_ = at;
}

void CutterCompensation::setEndpoint(double x, double y) {
  endpoint_[0] = x;
  endpoint_[1] = y;
  endpoint_valid_ = true;
}

void CutterCompensation::enqueue(MoveKind kind, double dx, double dy, const Vec3& to) {
  Queued queued;
  queued.move.kind = kind;
  queued.move.to = to;
  queued.dx = dx;
  queued.dy = dy;
  queue_.push_back(queued);
}

void CutterCompensation::flush(std::vector<Move>& out) {
  endpoint_valid_ = false;
  for (Queued& queued : queue_) {
    queued.move.from = emitted_;
    emitted_ = queued.move.to;
    out.push_back(queued.move);
  }
  queue_.clear();
}

void CutterCompensation::moveEndpointAndFlush(double x, double y, std::uint32_t line,
                                              std::uint32_t column, std::vector<Move>& out) {
  for (Queued& queued : queue_) {
    // A move whose new end lies behind its start has been backed up past its length: the
    // tool does not fit in the concave corner.
    const double dot = queued.dx * (x - endpoint_[0]) + queued.dy * (y - endpoint_[1]);
    if (endpoint_valid_ && dot < 0)
      throw InputError(
          file_name_, line, column,
          std::string(queued.move.kind == MoveKind::Rapid ? "straight traverse" : "straight feed") +
              " in concave corner cannot be reached by the tool without gouging "
              "(cutter radius compensation)");
    queued.move.to.x = x;
    queued.move.to.y = y;
  }
  flush(out);
  setEndpoint(x, y);
}

void CutterCompensation::straight(MoveKind kind, const Vec3& from, const Vec3& to,
                                  std::uint32_t line, std::uint32_t column,
                                  std::vector<Move>& out) {
  const double radius = radius_;
  const double cx = current_.x, cy = current_.y, cz = current_.z;
  const double px = to.x, py = to.y;
  if (first_move_) {
    const double distance = std::hypot(px - cx, py - cy);
    if (distance <= radius)
      throw InputError(file_name_, line, column,
                       "length of cutter compensation entry move is not greater than the tool "
                       "radius");
    const double alpha = std::atan2(py - cy, px - cx) + (side_ > 0 ? kPi / 2 : -kPi / 2);
    current_ = {px + radius * std::cos(alpha), py + radius * std::sin(alpha), to.z};
    setEndpoint(cx, cy);
    enqueue(kind, std::cos(alpha), std::sin(alpha), current_);
    first_move_ = false;
    return;
  }
  const double opx = from.x, opy = from.y;
  if (px == opx && py == opy) {  // no XY motion: waits in the queue with the rest
    current_.z = to.z;
    enqueue(kind, 0, 0, current_);
    return;
  }
  double theta = std::atan2(cy - opy, cx - opx);
  double alpha = std::atan2(py - opy, px - opx);
  double beta = 0, gamma = 0;
  if (side_ > 0) {
    if (theta < alpha) theta += 2 * kPi;
    beta = theta - alpha - kPi / 2;
    gamma = kPi / 2;
  } else {
    if (alpha < theta) alpha += 2 * kPi;
    beta = alpha - theta - kPi / 2;
    gamma = -kPi / 2;
  }
  const double end_x = px + radius * std::cos(alpha + gamma);
  const double end_y = py + radius * std::sin(alpha + gamma);
  const double mid_x = opx + radius * std::cos(alpha + gamma);
  const double mid_y = opy + radius * std::sin(alpha + gamma);
  const bool concave = beta < -kCornerTolerance || beta > kPi + kCornerTolerance;
  if (!concave && beta > kCornerTolerance) {  // convex: around the programmed corner
    moveEndpointAndFlush(cx, cy, line, column, out);
    Move corner;
    corner.from = emitted_;
    corner.to = {mid_x, mid_y, cz};
    if (kind == MoveKind::Feed) {
      corner.kind = MoveKind::Arc;
      corner.center = {opx, opy, cz};
      corner.axis = {0, 0, side_ > 0 ? -1.0 : 1.0};
    } else {
      corner.kind = MoveKind::Rapid;  // there is no rapid arc
    }
    out.push_back(corner);
    emitted_ = corner.to;
    setEndpoint(mid_x, mid_y);
  } else if (concave) {  // the previous move ends where the tool touches both sides
    const double half_corner = (beta + kPi) / 2.0;
    if (half_corner == 0.0)
      throw InputError(file_name_, line, column,
                       "zero degree inside corner is invalid for cutter compensation");
    const double retreat = radius / std::tan(half_corner);
    moveEndpointAndFlush(cx + retreat * std::cos(theta + gamma),
                         cy + retreat * std::sin(theta + gamma), line, column, out);
  } else {  // straight on
    flush(out);
    setEndpoint(cx, cy);
  }
  current_ = {end_x, end_y, to.z};
  enqueue(kind, px - opx, py - opy, current_);
}

Vec3 CutterCompensation::stop(std::uint32_t line, std::uint32_t column, std::vector<Move>& out) {
  if (active() && !first_move_) moveEndpointAndFlush(current_.x, current_.y, line, column, out);
  flush(out);
  side_ = 0;
  first_move_ = true;
  return emitted_;
}

}  // namespace gougechek
