// A tool as a stack of convex pieces: the single description the checker, the reports and the
// pictures share, so that a cutter, its shank and its holder are entries of one list.
#include "tool/tool_assembly.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gougechek {

namespace {

double degrees(double value) {
  return value * std::numbers::pi / 180;
}

}  // namespace

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
      const double tan_a = std::tan(degrees(tool.taper_angle_deg));
      const double tip = radius - corner;
      const double top = std::max(flute, corner);
      pieces.push_back({"flutes", true, corner, top, tip, tip + (top - corner) * tan_a, corner});
      break;
    }
    case CutterType::Chamfer: {
      // The cone from the tip diameter up to D, then the side flutes, D wide, to the flute
      // length when that is longer (finishToolSpec keeps the flutes at least the cone).
      const double tip = tool.tip_diameter / 2;
      const double cone = (radius - tip) / std::tan(degrees(tool.taper_angle_deg));
      pieces.push_back({"flutes", true, 0, cone, tip, radius, 0});
      if (flute > cone) pieces.push_back({"side flutes", true, cone, flute, radius, radius, 0});
      break;
    }
    case CutterType::Drill: {
      const double point = radius / std::tan(degrees(tool.point_angle_deg / 2));
      pieces.push_back({"point", true, 0, point, 0, radius, 0});
      pieces.push_back({"flutes", true, point, flute, radius, radius, 0});
      break;
    }
    case CutterType::Lollipop: {
      // The sphere is a point core rounded by R. The neck starts where it leaves the sphere:
      // below that it lies inside the sphere at every position, so it can meet nothing the
      // sphere has not cut, and would only repeat the sphere's gouges as holder collisions.
      pieces.push_back({"flutes", true, radius, radius, 0, 0, radius});
      const double neck = tool.neck_diameter / 2;
      const double neck_bottom = radius + std::sqrt(radius * radius - neck * neck);
      pieces.push_back({"neck", false, neck_bottom, std::max(flute, neck_bottom), neck, neck, 0});
      break;
    }
    case CutterType::Dovetail: {
      const double height = tool.cutting_height;
      const double top = radius - height * std::tan(degrees(tool.taper_angle_deg));
      pieces.push_back({"flutes", true, 0, height, radius, top, 0});
      const double neck = tool.neck_diameter / 2;
      pieces.push_back({"neck", false, height, flute, neck, neck, 0});
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

std::vector<ToolSegment> stockAssembly(const ToolSpec& tool) {
  std::vector<ToolSegment> pieces = toolAssembly(tool);
  // A holder placed without a length (a library's body no longer than the flutes) sits on the
  // flutes' top: nothing is implied between.
  if (tool.overall_length == 0 && tool.holder.empty()) {
    const ToolSegment& flutes = pieces.back();
    // A spec built by hand may leave the shank's diameter out: then the flutes' top.
    const double shank =
        tool.shank_diameter > 0 ? tool.shank_diameter / 2 : flutes.radius_top + flutes.rounding;
    const double top = flutes.z_top;
    pieces.push_back({"shank", false, top, top + kImpliedShankLength, shank, shank, 0});
  }
  return pieces;
}

}  // namespace gougechek
