#include "gcode/arc_center.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gcode/input_limits.hpp"

namespace gougechek {

namespace {

constexpr double kMmPerInch = 25.4;
// interp_internal.hh, in inches and mm (the SAI's defaults; an INI file may change them).
constexpr double kRadiusToleranceInch = 0.00005;
constexpr double kCenterArcRadiusToleranceInch = 2 * 0.001 * 1.41421356237309504880;
constexpr double kCenterArcRadiusToleranceMm = 2 * 0.01 * 1.41421356237309504880;
constexpr double kSpiralRelativeTolerance = 0.001;
constexpr double kGrblMaxRadiusDifferenceMm = 0.5;

std::string mm(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g mm", value);
  return text;
}

}  // namespace

ArcTolerances ArcTolerances::forProgramUnits(bool inch) {
  // RADIUS_TOLERANCE_MM is defined as the inch value times 25.4: the same length in both.
  return {kRadiusToleranceInch * kMmPerInch,
          inch ? kCenterArcRadiusToleranceInch * kMmPerInch : kCenterArcRadiusToleranceMm};
}

ArcCenter checkCenterArc(PlanePoint start, PlanePoint end, PlanePoint center,
                         const ArcTolerances& tolerances) {
  const double start_radius = std::hypot(center.a - start.a, center.b - start.b);
  const double end_radius = std::hypot(center.a - end.a, center.b - end.b);
  if (start_radius < tolerances.zero_radius || end_radius < tolerances.zero_radius)
    return {center, "zero radius (start or end closer than " + mm(tolerances.zero_radius) +
                        " to the centre)"};
  // LinuxCNC rejects abs_err > 100·tol, or rel_err > 0.1 % together with abs_err > tol; that is
  // abs_err > max(tol, min(100·tol, 0.1 % of the larger radius)).
  const double difference = std::fabs(start_radius - end_radius);
  const double larger = std::max(start_radius, end_radius);
  const double tol = tolerances.radius_difference;
  bool rejected = false;
  double allowed = tol;
  switch (tolerances.rule) {
    case ArcRadiusRule::LinuxCnc:
      rejected = difference > 100.0 * tol ||
                 (difference / larger > kSpiralRelativeTolerance && difference > tol);
      allowed = std::max(tol, std::min(100.0 * tol, kSpiralRelativeTolerance * larger));
      break;
    case ArcRadiusRule::Grbl:
      rejected = difference > tol && (difference > kGrblMaxRadiusDifferenceMm ||
                                      difference > kSpiralRelativeTolerance * start_radius);
      allowed = std::max(
          tol, std::min(kGrblMaxRadiusDifferenceMm, kSpiralRelativeTolerance * start_radius));
      break;
    case ArcRadiusRule::Absolute:
      rejected = difference > tol;
      break;
    case ArcRadiusRule::Unchecked:
      break;
  }
  if (rejected) {
    return {center, "radius mismatch " + mm(difference) + " between start and end (allowed " +
                        mm(allowed) + ")"};
  }
  return {center, {}};
}

ArcCenter radiusArcCenter(PlanePoint start, PlanePoint end, double radius, bool clockwise,
                          const ArcTolerances& tolerances) {
  if (start.a == end.a && start.b == end.b)
    return {{}, "R format cannot make a full circle: the end point is the start point"};
  const double abs_radius = std::fabs(radius);
  // Its square must stay exact enough to place the centre (1e155 overflowed, 1e15 put it off
  // the path and cost gigabytes of arc pieces).
  if (!(abs_radius <= kMaxLengthMm)) {
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", abs_radius);
    return {{}, "R " + std::string(text) + " mm is outside the supported range (±1e6 mm)"};
  }
  const double chord_a = end.a - start.a;
  const double chord_b = end.b - start.b;
  const double chord = std::hypot(chord_a, chord_b);
  const double half = chord / 2.0;
  if (half - abs_radius > tolerances.zero_radius)
    return {{},
            "radius " + mm(abs_radius) + " too small to reach the end point (half the chord is " +
                mm(half) + ")"};
  // The centre lies on the chord's perpendicular bisector, right of the chord for a short
  // clockwise arc (or a long counter-clockwise one), left otherwise.
  const double offset = std::sqrt(std::max(0.0, abs_radius * abs_radius - half * half));
  const bool right = clockwise == (radius > 0);
  const double side = right ? -1.0 : 1.0;
  const PlanePoint mid{(start.a + end.a) / 2.0, (start.b + end.b) / 2.0};
  return {{mid.a - side * offset * chord_b / chord, mid.b + side * offset * chord_a / chord}, {}};
}

}  // namespace gougechek
