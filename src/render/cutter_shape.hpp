#pragma once
// The cutter as a solid of revolution about its vertical axis: its radius at each height above
// the tip (ball, flat, bull and taper profiles, then the shank), and that solid tessellated.
#include "gougechek/mesh.hpp"
#include "gougechek/tool.hpp"

namespace gougechek::render {

class CutterProfile {
 public:
  explicit CutterProfile(const ToolSpec& tool);

  /// The radius at `z` mm above the tip; negative where the cutter has no section (below the
  /// tip, above the top drawn).
  double radiusAt(double z) const;

  /// The profile from the tip's centre up and around to the top's centre, as (radius, z)
  /// points, arcs in `arc_steps` chords.
  std::vector<std::array<double, 2>> outline(int arc_steps) const;

  double top() const { return top_; }

 private:
  double radius_;        ///< R, the flutes' radius at the tip's widest point
  double corner_;        ///< the corner radius: ball R, flat 0
  double angle_;         ///< taper: the flank's angle from the axis, radians; others 0
  double arc_top_;       ///< where the corner arc meets the flank
  double flute_;         ///< the flutes' top
  double shank_radius_;  ///< above the flutes
  double top_;           ///< the top drawn: the overall length, else the flutes and one D more
};

/// The cutter with its tip at `tip`, `segments` facets around, outward-facing triangles.
Mesh cutterMesh(const ToolSpec& tool, const Vec3& tip, int segments);

}  // namespace gougechek::render
