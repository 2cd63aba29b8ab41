#pragma once
// An arc move's turn about its axis, derived once for the checks (verify/move_path.cpp), the
// exact confirmation (verify/exact_confirmation.cpp) and the pictures (core/program_stream.cpp):
// where it starts, how far it turns, and the points along it.
#include "gougechek/move.hpp"

namespace gougechek {

/// An arc whose end lies less than this turn, radians, ahead of its start is a full circle:
/// LinuxCNC's CIRCLE_FUZZ (posemath.h), which its motion planner (pmCircleInit) and its preview
/// (rs274_arc_to_segments) both apply. The interpreter passes such an arc on as written, so an
/// end a rounding error past the start (offsets, incremental moves, unit conversion) turns the
/// full circle the program meant, not a sliver.
inline constexpr double kFullCircleFuzz = 1e-6;

/// The path of an arc move as LinuxCNC's motion follows it (pmCirclePoint): counter-clockwise
/// about the axis by `angle`, the distance from the axis changing linearly with the turn from
/// the start's to the end's (a spiral), the height along the axis likewise (a helix).
struct ArcSweep {
  explicit ArcSweep(const Move& arc);

  Vec3 center;              ///< on the axis, at the start's height
  Vec3 axis;                ///< unit
  Vec3 radial;              ///< unit, from the axis toward the start (zero if the start is on it)
  Vec3 tangent;             ///< cross(axis, radial): where the arc turns to
  double start_radius = 0;  ///< the start's distance from the axis, mm
  double end_radius = 0;    ///< the end's distance from the axis, mm
  double angle = 0;  ///< the turn, radians, full turns included: in [fuzz, 2π(turns+1)+fuzz)
  double rise = 0;   ///< the end's height above the start's along the axis, mm

  /// Unit direction from the axis after turning `theta` radians from the start.
  Vec3 direction(double theta) const;
  /// Distance from the axis at fraction `t` of the turn, mm.
  double radius(double t) const { return start_radius + (end_radius - start_radius) * t; }
  /// The point at fraction `t` of the turn: the start at 0, the end at 1 (up to rounding).
  Vec3 at(double t) const;
  /// Length of the path, mm (the spiral's as a circle of the mean radius).
  double length() const;
  /// Largest turn, radians, whose chord stays within `chord_error` (mm) of the arc at its larger
  /// radius: at most a quarter turn.
  double chordStep(double chord_error) const;
};

}  // namespace gougechek
