#pragma once
// Where an arc's centre is, and whether the arc is acceptable, exactly as LinuxCNC 2.9's
// interpreter decides it (rs274ngc interp_arc.cc: arc_data_ijk, arc_data_r). Works in the two
// coordinates of the active plane; lengths in mm.
#include <cstdint>
#include <string>

namespace gougechek {

struct PlanePoint {
  double a = 0;  ///< first axis of the plane (X in G17, Z in G18, Y in G19)
  double b = 0;  ///< second axis (Y in G17, X in G18, Z in G19)
};

/// How far the end radius of an I/J/K arc may be from its start radius.
enum class ArcRadiusRule : std::uint8_t {
  LinuxCnc,  ///< `radius_difference`, or up to 100 times it within 0.1 % of the radius
  Grbl,      ///< grbl 1.1 (gcode.c): beyond `radius_difference` (0.005 mm), at most 0.5 mm
             ///< and 0.1 % of the start radius
  Absolute,  ///< at most `radius_difference`
  Unchecked  ///< any: the arc is the spiral from the start radius to the end radius
};

/// LinuxCNC's tolerances (interp_internal.hh), fixed in program units and converted to mm here;
/// other controllers' rules replace `rule` and `radius_difference` (see dialect.hpp).
struct ArcTolerances {
  /// RADIUS_TOLERANCE: a start or end radius below it is a zero-radius arc; an R arc may fall
  /// short of half its chord by this much.
  double zero_radius = 0;
  /// CENTER_ARC_RADIUS_TOLERANCE: start and end radius may always differ by this much, and by up
  /// to 100 times it when that is within 0.1 % of the radius.
  double radius_difference = 0;
  ArcRadiusRule rule = ArcRadiusRule::LinuxCnc;

  static ArcTolerances forProgramUnits(bool inch);
};

/// The centre, or why the arc is rejected (`error` non-empty; no file position, no "G2 arc:").
struct ArcCenter {
  PlanePoint center;
  std::string error;
};

/// Centre given by I/J/K (`center` already absolute): checks both radii as LinuxCNC does.
ArcCenter checkCenterArc(PlanePoint start, PlanePoint end, PlanePoint center,
                         const ArcTolerances& tolerances);

/// Centre of an R-format arc; a negative radius asks for the arc longer than a half circle.
ArcCenter radiusArcCenter(PlanePoint start, PlanePoint end, double radius, bool clockwise,
                          const ArcTolerances& tolerances);

}  // namespace gougechek
