// A tool as a stack of convex pieces: the single description the checker, the reports and the
// pictures share, so that a cutter, its shank and its holder are entries of one list.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "gougechek/tool.hpp"

namespace gougechek {

std::vector<ToolSegment> toolAssembly(const ToolSpec& tool) {
  const double radius = tool.diameter / 2, corner = tool.corner_radius;
  const double flute = tool.flute_length;
  std::vector<ToolSegment> pieces;
  switch (tool.type) {
    case CutterType::Ball:
    case CutterType::Bull:
      pieces.push_back({"flutes", true, corner, std::max(flute, corner), radius - corner,
                        radius - corner, corner});
      break;
    case CutterType::Flat:
      pieces.push_back({"flutes", true, 0, flute, radius, radius, 0});
      break;
    case CutterType::Taper: {
      // D is the diameter at the tip's widest point; the flank widens by tan A per mm.
      const double tan_a = std::tan(tool.taper_angle_deg * std::numbers::pi / 180);
      const double tip = radius - corner;
      const double top = std::max(flute, corner);
      pieces.push_back({"flutes", true, corner, top, tip, tip + (top - corner) * tan_a, corner});
      break;
    }
  }
  if (tool.overall_length > flute) {
    const double shank = tool.shank_diameter / 2;
    pieces.push_back({"shank", false, flute, tool.overall_length, shank, shank, 0});
  }
  pieces.insert(pieces.end(), tool.holder.begin(), tool.holder.end());
  return pieces;
}

}  // namespace gougechek
