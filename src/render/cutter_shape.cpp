#include "render/cutter_shape.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

namespace gougechek::render {

CutterProfile::CutterProfile(const ToolSpec& tool) {
  if (!(std::isfinite(tool.diameter) && tool.diameter > 0))
    throw std::invalid_argument("render: the cutter's diameter must be > 0");
  radius_ = tool.diameter / 2;
  switch (tool.type) {
    case CutterType::Ball:
      corner_ = radius_;
      angle_ = 0;
      break;
    case CutterType::Flat:
      corner_ = 0;
      angle_ = 0;
      break;
    case CutterType::Bull:
      corner_ = std::clamp(tool.corner_radius, 0.0, radius_);
      angle_ = 0;
      break;
    case CutterType::Taper:
      corner_ = std::clamp(tool.corner_radius, 0.0, radius_);
      angle_ = std::clamp(tool.taper_angle_deg, 0.0, 89.0) * std::numbers::pi / 180;
      break;
  }
  // The corner arc runs from the bottom to where its tangent turns into the flank's slope.
  arc_top_ = corner_ * (1 - std::sin(angle_));
  // --tool defaults the flutes to 4·D; a spec built by hand may leave them 0.
  const double flute = tool.flute_length > 0 ? tool.flute_length : 4 * tool.diameter;
  flute_ = std::max(flute, arc_top_);
  const double flute_top_radius =
      radius_ - corner_ + corner_ * std::cos(angle_) + (flute_ - arc_top_) * std::tan(angle_);
  shank_radius_ = tool.shank_diameter > 0 ? tool.shank_diameter / 2 : flute_top_radius;
  top_ = tool.overall_length > flute_ ? tool.overall_length : flute_ + tool.diameter;
}

double CutterProfile::radiusAt(double z) const {
  if (!(z >= 0 && z <= top_)) return -1;
  if (z > flute_) return shank_radius_;
  if (z >= arc_top_) {
    return radius_ - corner_ + corner_ * std::cos(angle_) + (z - arc_top_) * std::tan(angle_);
  }
  const double below_centre = corner_ - z;
  return radius_ - corner_ +
         std::sqrt(std::max(0.0, corner_ * corner_ - below_centre * below_centre));
}

std::vector<std::array<double, 2>> CutterProfile::outline(int arc_steps) const {
  std::vector<std::array<double, 2>> points{{0, 0}};
  if (corner_ > 0) {
    // From straight down (−90°) to the flank's normal (−angle).
    const double start = -std::numbers::pi / 2, end = -angle_;
    for (int i = 0; i <= arc_steps; ++i) {
      const double a = start + (end - start) * i / arc_steps;
      points.push_back(
          {radius_ - corner_ + corner_ * std::cos(a), corner_ + corner_ * std::sin(a)});
    }
  } else {
    points.push_back({radius_, 0});
  }
  points.push_back({radiusAt(flute_), flute_});
  points.push_back({shank_radius_, flute_});
  points.push_back({shank_radius_, top_});
  points.push_back({0, top_});
  return points;
}

Mesh cutterMesh(const ToolSpec& tool, const Vec3& tip, int segments) {
  const std::vector<std::array<double, 2>> outline = CutterProfile(tool).outline(16);
  Mesh mesh;
  // A ring of `segments` vertices for each outline point; the rings of the axis points are
  // degenerate, their triangles of zero area, which the rasteriser skips.
  for (const auto& [r, z] : outline) {
    for (int j = 0; j < segments; ++j) {
      const double a = 2 * std::numbers::pi * j / segments;
      mesh.vertices.push_back(tip + Vec3{r * std::cos(a), r * std::sin(a), z});
    }
  }
  const auto at = [segments](std::size_t ring, int j) {
    return static_cast<std::uint32_t>(ring * segments + (j % segments));
  };
  for (std::size_t ring = 0; ring + 1 < outline.size(); ++ring) {
    for (int j = 0; j < segments; ++j) {
      // Around counter-clockwise seen from above, the outline rising: normals point outwards.
      mesh.triangles.push_back({at(ring, j), at(ring, j + 1), at(ring + 1, j + 1)});
      mesh.triangles.push_back({at(ring, j), at(ring + 1, j + 1), at(ring + 1, j)});
    }
  }
  return mesh;
}

}  // namespace gougechek::render
