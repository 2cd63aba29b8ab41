#include "render/cutter_shape.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

namespace gougechek::render {

namespace {

/// The radius at `z` of one piece, its core grown by its rounding; negative off the piece.
/// The sphere around the core point at height t reaches r(t) + sqrt(m² − (t − z)²) at z, a
/// concave function of t: its maximum is where the core's slope s meets the sphere's, t − z =
/// m·s / sqrt(1 + s²), clamped to the core's heights within m of z.
double pieceRadius(const ToolSegment& piece, double z) {
  const double m = piece.rounding;
  const double lo = std::max(piece.z_bottom, z - m), hi = std::min(piece.z_top, z + m);
  if (!(lo <= hi)) return -1;
  const double height = piece.z_top - piece.z_bottom;
  const double slope = height > 0 ? (piece.radius_top - piece.radius_bottom) / height : 0;
  const double t = std::clamp(z + m * slope / std::sqrt(1 + slope * slope), lo, hi);
  const double core = height > 0 ? piece.radius_bottom + slope * (t - piece.z_bottom)
                                 : std::max(piece.radius_bottom, piece.radius_top);
  return core + std::sqrt(std::max(0.0, m * m - (t - z) * (t - z)));
}

}  // namespace

CutterProfile::CutterProfile(const ToolSpec& tool) {
  if (!(std::isfinite(tool.diameter) && tool.diameter > 0))
    throw std::invalid_argument("render: the cutter's diameter must be > 0");
  ToolSpec drawn = tool;
  // --tool defaults the flutes to 4·D; a spec built by hand may leave them 0.
  if (!(drawn.flute_length > 0)) drawn.flute_length = 4 * tool.diameter;
  pieces_ = toolAssembly(drawn);
  top_ = 0;
  for (const ToolSegment& piece : pieces_) top_ = std::max(top_, piece.z_top + piece.rounding);
  // Without an overall length the shank is drawn one diameter above the flutes' top, as wide as
  // the flutes' top unless given.
  if (!(tool.overall_length > drawn.flute_length)) {
    const double flute_top = pieces_.empty() ? 0 : pieceRadius(pieces_.back(), drawn.flute_length);
    const double shank =
        tool.shank_diameter > 0 ? tool.shank_diameter / 2 : std::max(flute_top, 0.0);
    const double top = drawn.flute_length + tool.diameter;
    pieces_.push_back({"shank", false, drawn.flute_length, top, shank, shank, 0});
    top_ = std::max(top_, top);
  }
  for (const ToolSegment& piece : pieces_) {
    for (double value :
         {piece.z_bottom, piece.z_top, piece.radius_bottom, piece.radius_top, piece.rounding}) {
      if (!std::isfinite(value)) throw std::invalid_argument("render: a tool piece is not finite");
    }
  }
}

double CutterProfile::radiusNear(double z, bool from_below) const {
  double widest = -1;
  for (const ToolSegment& piece : pieces_) {
    const double bottom = piece.z_bottom - piece.rounding, top = piece.z_top + piece.rounding;
    if (from_below ? (z > bottom && z <= top) : (z >= bottom && z < top))
      widest = std::max(widest, pieceRadius(piece, z));
  }
  return widest;
}

double CutterProfile::radiusAt(double z) const {
  if (!(z >= 0 && z <= top_)) return -1;
  double widest = -1;
  for (const ToolSegment& piece : pieces_) widest = std::max(widest, pieceRadius(piece, z));
  return widest;
}

std::vector<std::array<double, 2>> CutterProfile::outline(int arc_steps) const {
  // Heights where the profile may turn: every piece's ends, and its rounded rims in chords.
  std::vector<double> heights{0, top_};
  for (const ToolSegment& piece : pieces_) {
    const double m = piece.rounding;
    for (double end : {piece.z_bottom, piece.z_top}) {
      heights.push_back(end - m);
      heights.push_back(end);
      heights.push_back(end + m);
      for (int i = 1; m > 0 && i < arc_steps; ++i) {
        // Evenly in angle around the rim, so the chords follow the arc.
        const double a = std::numbers::pi * i / arc_steps;
        heights.push_back(end - m * std::cos(a));
      }
    }
  }
  std::erase_if(heights, [this](double z) { return !(z >= 0 && z <= top_); });
  std::sort(heights.begin(), heights.end());
  heights.erase(std::unique(heights.begin(), heights.end()), heights.end());

  std::vector<std::array<double, 2>> points{{0, 0}};
  const auto add = [&points](double r, double z) {
    const std::array<double, 2> point{std::max(r, 0.0), z};
    if (points.back() != point) points.push_back(point);
  };
  for (double z : heights) {
    // A step between pieces at this height: the radius coming from below, then going up.
    add(radiusNear(z, true), z);
    add(radiusNear(z, false), z);
  }
  add(0, top_);
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
