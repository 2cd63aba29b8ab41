#pragma once
// The tool as a solid of revolution about its vertical axis: its radius at each height above
// the tip, the widest of the pieces of toolAssembly() there (cutter, neck, shank, holder), and
// that solid tessellated.
#include <array>
#include <vector>

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
  /// points, each rounded rim in `arc_steps` chords; a step between pieces is a flat face.
  std::vector<std::array<double, 2>> outline(int arc_steps) const;

  double top() const { return top_; }

 private:
  /// The widest piece at `z`, counting only pieces reaching below `z` (`from_below`) or above.
  double radiusNear(double z, bool from_below) const;

  std::vector<ToolSegment> pieces_;  ///< toolAssembly(), with a drawn shank when it has none
  double top_ = 0;                   ///< the highest point of any piece
};

/// The cutter with its tip at `tip`, `segments` facets around, outward-facing triangles.
Mesh cutterMesh(const ToolSpec& tool, const Vec3& tip, int segments);

}  // namespace gougechek::render
