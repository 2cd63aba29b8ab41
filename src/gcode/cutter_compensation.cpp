#include "gcode/cutter_compensation.hpp"

#include <cmath>
#include <numbers>
#include <sstream>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// TOLERANCE_CONCAVE_CORNER: corners sharper than this (radians) need an arc or an intersection.
constexpr double kCornerTolerance = 0.05;
/// TOLERANCE_EQUAL: below it, the re-centred entry arc has no centre.
constexpr double kEqualTolerance = 0.0001;
/// How much longer (radians) a clipped arc may get before LinuxCNC calls it a gouge.
constexpr double kSweepTolerance = 0.001;
constexpr double kPi = std::numbers::pi;

double direction(PlanePoint from, PlanePoint to) {
  return std::atan2(to.b - from.b, to.a - from.a);
}

double distance(PlanePoint p, PlanePoint q) {
  return std::hypot(q.a - p.a, q.b - p.b);
}

PlanePoint offset(PlanePoint p, double length, double angle) {
  return {p.a + length * std::cos(angle), p.b + length * std::sin(angle)};
}

/// LinuxCNC's find_turn: the signed angle an arc of `turn` turns sweeps from `start` to `end`.
double findTurn(PlanePoint start, PlanePoint center, int turn, PlanePoint end) {
  double alpha = direction(center, start);
  double beta = direction(center, end);
  if (turn > 0) {
    if (beta <= alpha) beta += 2 * kPi;
    return beta - alpha + (turn - 1) * 2 * kPi;
  }
  if (alpha <= beta) alpha += 2 * kPi;
  return beta - alpha + (turn + 1) * 2 * kPi;
}

std::string millimetres(double value) {
  std::ostringstream text;
  text.precision(6);
  text << value << " mm";
  return text.str();
}

}  // namespace

void CutterCompensation::start(int side, double radius, const Vec3& at, Plane plane) {
  side_ = side;
  radius_ = radius;
  const PlaneAxes axes = planeAxes(plane);  // G18 in (Z, X), as LinuxCNC's arcs run
  first_ = axes.first, second_ = axes.second, normal_ = axes.normal;
  first_move_ = true;
  current_ = at;
  emitted_ = at;
}

Vec3 CutterCompensation::point(PlanePoint p, double normal) const {
  double v[3];
  v[first_] = p.a;
  v[second_] = p.b;
  v[normal_] = normal;
  return {v[0], v[1], v[2]};
}

void CutterCompensation::fail(std::uint32_t line, std::uint32_t column,
                              const std::string& message) const {
  throw InputError(file_name_, line, column, message);
}

void CutterCompensation::setEndpoint(PlanePoint at) {
  endpoint_ = at;
  endpoint_valid_ = true;
}

void CutterCompensation::enqueueStraight(MoveKind kind, double dx, double dy, const Vec3& to) {
  Queued queued;
  queued.move.kind = kind;
  queued.move.to = to;
  queued.dx = dx;
  queued.dy = dy;
  queue_.push_back(queued);
}

void CutterCompensation::enqueueArc(PlanePoint end, PlanePoint center, int turn, double end_normal,
                                    double sweep) {
  Queued queued;
  queued.move.kind = MoveKind::Arc;
  queued.move.to = point(end, end_normal);
  queued.move.center = point(center, 0);  // its normal coordinate is the start's, set on release
  queued.move.axis = point({0, 0}, turn > 0 ? 1.0 : -1.0);
  queued.move.turns = std::abs(turn) - 1;
  queued.turn = turn;
  queued.sweep = sweep;
  queue_.push_back(queued);
}

const CutterCompensation::Queued* CutterCompensation::queuedArc() const {
  if (queue_.empty() || queue_.front().move.kind != MoveKind::Arc) return nullptr;
  return &queue_.front();
}

void CutterCompensation::flush(std::vector<Move>& out) {
  endpoint_valid_ = false;
  for (Queued& queued : queue_) {
    queued.move.from = emitted_;
    if (queued.move.kind == MoveKind::Arc)
      queued.move.center = point(inPlane(queued.move.center), normal(emitted_));
    emitted_ = queued.move.to;
    out.push_back(queued.move);
  }
  queue_.clear();
}

void CutterCompensation::moveEndpointAndFlush(PlanePoint to, std::uint32_t line,
                                              std::uint32_t column, std::vector<Move>& out) {
  if (queue_.empty()) return;  // LinuxCNC keeps its endpoint then
  for (Queued& queued : queue_) {
    if (queued.move.kind == MoveKind::Arc) {
      // An arc that has to turn further than programmed to reach the corner has been clipped
      // past its start: the tool does not fit in the concave corner.
      const double sweep = findTurn(endpoint_, inPlane(queued.move.center), queued.turn, to);
      if (queued.sweep != 0 && endpoint_valid_ &&
          std::abs(sweep) > std::abs(queued.sweep) + kSweepTolerance)
        fail(line, column,
             "arc move in concave corner cannot be reached by the tool without gouging "
             "(cutter radius compensation)");
    } else {
      // A move whose new end lies behind its start has been backed up past its length.
      const double dot = queued.dx * (to.a - endpoint_.a) + queued.dy * (to.b - endpoint_.b);
      if (endpoint_valid_ && dot < 0)
        fail(line, column,
             std::string(queued.move.kind == MoveKind::Rapid ? "straight traverse"
                                                             : "straight feed") +
                 " in concave corner cannot be reached by the tool without gouging "
                 "(cutter radius compensation)");
    }
    queued.move.to = point(to, normal(queued.move.to));
  }
  flush(out);
  setEndpoint(to);
}

void CutterCompensation::straight(MoveKind kind, const Vec3& from, const Vec3& to,
                                  std::uint32_t line, std::uint32_t column,
                                  std::vector<Move>& out) {
  const double radius = radius_;
  const PlanePoint current = inPlane(current_);
  const double current_normal = normal(current_);
  const PlanePoint programmed = inPlane(to);
  if (first_move_) {
    if (distance(current, programmed) <= radius)
      fail(line, column,
           "length of cutter compensation entry move is not greater than the tool radius");
    const double alpha = direction(current, programmed) + side_ * kPi / 2;
    setEndpoint(current);
    current_ = point(offset(programmed, radius, alpha), normal(to));
    enqueueStraight(kind, std::cos(alpha), std::sin(alpha), current_);
    first_move_ = false;
    return;
  }
  const PlanePoint start = inPlane(from);
  if (programmed.a == start.a && programmed.b == start.b) {  // waits in the queue with the rest
    current_ = point(current, normal(to));
    enqueueStraight(kind, 0, 0, current_);
    return;
  }
  double theta = direction(start, current);
  double alpha = direction(start, programmed);
  double beta = 0;
  if (side_ > 0) {
    if (theta < alpha) theta += 2 * kPi;
    beta = theta - alpha - kPi / 2;
  } else {
    if (alpha < theta) alpha += 2 * kPi;
    beta = alpha - theta - kPi / 2;
  }
  const double gamma = side_ * kPi / 2;
  const PlanePoint end = offset(programmed, radius, alpha + gamma);
  const PlanePoint mid = offset(start, radius, alpha + gamma);
  const Queued* previous_arc = queuedArc();
  // Beyond a half turn around an arc the tool runs outside of (an "h" seen from its round
  // side), LinuxCNC takes the corner as concave rather than loop around it.
  const bool concave =
      beta < -kCornerTolerance || beta > kPi + kCornerTolerance ||
      (beta > kPi - kCornerTolerance && previous_arc != nullptr && !toolInside(previous_arc->turn));
  if (!concave && beta > kCornerTolerance) {  // convex: around the programmed corner
    moveEndpointAndFlush(current, line, column, out);
    if (kind == MoveKind::Feed)
      enqueueArc(mid, start, -side_, current_normal, 0);
    else
      enqueueStraight(MoveKind::Rapid, 0, 0, point(mid, current_normal));  // no rapid arc
    flush(out);
    setEndpoint(mid);
  } else if (concave && previous_arc != nullptr) {
    moveEndpointAndFlush(concaveLineAfterArc(*previous_arc, start, programmed, line, column), line,
                         column, out);
  } else if (concave) {  // the previous line ends where the tool touches both sides
    const double half_corner = (beta + kPi) / 2.0;
    if (half_corner == 0.0)
      fail(line, column, "zero degree inside corner is invalid for cutter compensation");
    moveEndpointAndFlush(offset(current, radius / std::tan(half_corner), theta + gamma), line,
                         column, out);
  } else {  // straight on
    flush(out);
    setEndpoint(current);
  }
  current_ = point(end, normal(to));
  enqueueStraight(kind, programmed.a - start.a, programmed.b - start.b, current_);
}

PlanePoint CutterCompensation::concaveLineAfterArc(const Queued& previous, PlanePoint from,
                                                   PlanePoint to, std::uint32_t line,
                                                   std::uint32_t column) const {
  // Where the line's offset meets the previous arc's offset circle (the queued, compensated
  // one), on the side the arc was running.
  const PlanePoint center = inPlane(previous.move.center);
  const double old_radius = distance(center, inPlane(previous.move.to));
  const bool inside = toolInside(previous.turn);
  const double programmed_radius = inside ? old_radius + radius_ : old_radius - radius_;
  const double theta = direction(from, to) + (previous.turn > 0 ? kPi / 2 : -kPi / 2);
  const double d = programmed_radius * std::cos(theta - direction(from, center));
  const double l = (inside ? d - radius_ : d + radius_) / old_radius;
  if (l > 1.0 || l < -1.0)
    fail(line, column,
         "arc to straight motion makes a corner the compensated tool can't fit in without "
         "gouging (cutter radius compensation)");
  const double turn_back = (inside == (previous.turn > 0)) ? -std::acos(l) : std::acos(l);
  return offset(center, old_radius, turn_back + theta + kPi);
}

void CutterCompensation::arc(bool clockwise, int turns, const Vec3& from, const Vec3& to,
                             const ArcCenterFinder& center_of, std::uint32_t line,
                             std::uint32_t column, std::vector<Move>& out) {
  if (first_move_) return entryArc(clockwise, turns, to, center_of, line, column);
  const int turn = clockwise ? -turns : turns;
  const PlanePoint start = inPlane(from);
  const PlanePoint current = inPlane(current_);
  const double current_normal = normal(current_);
  const PlanePoint end = inPlane(to);
  const PlanePoint center = center_of(start);
  const double arc_radius = distance(center, end);
  const double theta = direction(start, current) - side_ * kPi / 2;  // the last move's heading
  double delta = direction(start, center);
  const double alpha = clockwise ? delta + kPi / 2 : delta - kPi / 2;  // the arc's heading
  double beta = side_ > 0 ? theta - alpha : alpha - theta;
  if (beta > 1.5 * kPi)
    beta -= 2 * kPi;
  else if (beta < -kPi / 2)
    beta += 2 * kPi;
  const bool inside = toolInside(turn);
  double gamma = 0;  // from the programmed end to the tool's
  if (inside) {
    gamma = direction(end, center);
    if (arc_radius <= radius_)
      fail(line, column,
           std::string(clockwise ? "G2" : "G3") + " arc: tool radius " + millimetres(radius_) +
               " not less than arc radius " + millimetres(arc_radius) +
               " with cutter radius compensation (the tool does not fit inside the arc)");
  } else {
    gamma = direction(center, end);
    delta += kPi;
  }
  const PlanePoint new_end = offset(end, radius_, gamma);
  const double sweep = findTurn(start, center, turn, end);
  // Tangent arc to arc over the top of an "m", or line to arc over an "h": concave too.
  if (beta < -kCornerTolerance || beta > kPi + kCornerTolerance ||
      (std::abs(beta - kPi) < kCornerTolerance && !inside)) {
    const Queued* previous_arc = queuedArc();
    const PlanePoint corner =
        previous_arc != nullptr
            ? concaveArcAfterArc(*previous_arc, center, arc_radius, turn, line, column)
            : concaveArcAfterLine(theta, beta, center, arc_radius, turn, line, column);
    moveEndpointAndFlush(corner, line, column, out);
  } else if (beta > kCornerTolerance) {  // convex: around the programmed corner first
    const PlanePoint mid = offset(start, radius_, delta);
    flush(out);
    enqueueArc(mid, start, -side_, current_normal, 0);
    flush(out);
    setEndpoint(mid);
  } else {  // tangent
    flush(out);
    setEndpoint(current);
  }
  enqueueArc(new_end, center, turn, normal(to), sweep);
  current_ = point(new_end, normal(to));
}

PlanePoint CutterCompensation::concaveArcAfterLine(double theta, double beta, PlanePoint center,
                                                   double arc_radius, int turn, std::uint32_t line,
                                                   std::uint32_t column) const {
  // Where the arc's offset circle meets the previous line's offset.
  const double along = arc_radius * std::sin(beta - kPi / 2);
  const bool inside = toolInside(turn);
  const double reach = inside ? arc_radius - radius_ : arc_radius + radius_;
  const double l = (inside ? along + radius_ : along - radius_) / reach;
  if (l > 1.0 || l < -1.0)
    fail(line, column,
         "arc move in concave corner cannot be reached by the tool without gouging (cutter "
         "radius compensation)");
  double angle = 0;
  if (inside)
    angle = turn > 0 ? theta + std::asin(l) : theta - std::asin(l);
  else
    angle = turn > 0 ? theta + kPi - std::asin(l) : theta + kPi + std::asin(l);
  return offset(center, reach, angle);
}

PlanePoint CutterCompensation::concaveArcAfterArc(const Queued& previous, PlanePoint center,
                                                  double arc_radius, int turn, std::uint32_t line,
                                                  std::uint32_t column) const {
  // Where the two offset circles meet, on the previous (compensated) arc.
  const PlanePoint old_center = inPlane(previous.move.center);
  const double old_radius = distance(old_center, inPlane(previous.move.to));
  const double new_radius = toolInside(turn) ? arc_radius - radius_ : arc_radius + radius_;
  const double centers = distance(old_center, center);
  if (old_radius == 0 || centers == 0)
    fail(line, column,
         "arc to arc motion is invalid because the arcs have the same centre (cutter radius "
         "compensation)");
  const double a = (old_radius * old_radius + centers * centers - new_radius * new_radius) /
                   (2 * old_radius * centers);
  if (a > 1.0 || a < -1.0)
    fail(line, column,
         "arc to arc motion makes a corner the compensated tool can't fit in without gouging "
         "(cutter radius compensation)");
  const double pullback = std::acos(a);
  const double towards = direction(old_center, center);
  const bool ahead = toolInside(previous.turn) == (turn > 0);
  return offset(old_center, old_radius, ahead ? towards + pullback : towards - pullback);
}

void CutterCompensation::entryArc(bool clockwise, int turns, const Vec3& to,
                                  const ArcCenterFinder& center_of, std::uint32_t line,
                                  std::uint32_t column) {
  const int turn = clockwise ? -turns : turns;
  const PlanePoint current = inPlane(current_);
  const PlanePoint end = inPlane(to);
  const std::string name = clockwise ? "G2" : "G3";
  if (distance(current, end) <= radius_)
    fail(line, column,
         name +
             " arc: radius of cutter compensation entry arc is not greater than the tool "
             "radius");
  // LinuxCNC measures the entry arc from where the tool stands, not from a programmed point.
  const PlanePoint center = center_of(current);
  const bool inside = toolInside(turn);
  const std::string too_small = name + " arc: tool radius " + millimetres(radius_) +
                                " not less than arc radius with cutter radius compensation "
                                "(the tool does not fit inside the arc)";
  if (inside && distance(center, current) <= radius_) fail(line, column, too_small);
  const double gamma = inside ? direction(end, center) : direction(center, end);
  first_move_ = false;
  // The arc the tool runs ends a radius off the programmed end and starts where the tool is:
  // its centre is where the perpendicular bisector of that chord meets the line from the new
  // end towards the programmed centre.
  const PlanePoint new_end = offset(end, radius_, gamma);
  const double half_chord = distance(current, new_end) / 2.0;
  const double towards_center = direction(new_end, center);
  const double angle = direction(new_end, current) - towards_center;
  if (std::abs(std::cos(angle)) < kEqualTolerance) fail(line, column, too_small);
  const PlanePoint new_center = offset(new_end, half_chord / std::cos(angle), towards_center);
  enqueueArc(new_end, new_center, turn, normal(to), findTurn(current, new_center, turn, new_end));
  current_ = point(new_end, normal(to));
}

Vec3 CutterCompensation::stop(std::uint32_t line, std::uint32_t column, std::vector<Move>& out) {
  if (active() && !first_move_) moveEndpointAndFlush(inPlane(current_), line, column, out);
  flush(out);
  side_ = 0;
  first_move_ = true;
  return emitted_;
}

}  // namespace gougechek
