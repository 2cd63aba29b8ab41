// section(): the part's material in a plane, filled by rows between the crossings of its cut
// outline, and the cutter's section in the same plane, tested pixel by pixel against its
// profile.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "render/canvas.hpp"
#include "render/cutter_shape.hpp"
#include "render/layout.hpp"
#include "render/render.hpp"
#include "render/scene.hpp"

namespace gougechek::render {

namespace {

/// Where a cut outline crosses a pixel row's centre line, and which way (+1 down, −1 up).
struct Crossing {
  int row;
  double x;
  int winding;
  bool operator<(const Crossing& o) const { return row != o.row ? row < o.row : x < o.x; }
};

/// The part's outline in the plane, as screen segments, each oriented as the triangle it comes
/// from runs (counter-clockwise from outside), so that closed outlines wind consistently.
struct Cut {
  std::vector<std::array<double, 4>> segments;  ///< x0, y0, x1, y1
  std::vector<Crossing> crossings;              ///< within the clip's rows
};

Cut cutMesh(const Mesh& mesh, const Plane& plane, const Projection& projection, const Rect& clip) {
  const Vec3 normal = normalized(plane.normal);
  const std::size_t count = mesh.vertices.size();
  Cut cut;
  for (const Triangle& t : mesh.triangles) {
    if (t[0] >= count || t[1] >= count || t[2] >= count)
      throw std::invalid_argument("render: a triangle indexes no vertex");
    const Vec3* v[3] = {&mesh.vertices[t[0]], &mesh.vertices[t[1]], &mesh.vertices[t[2]]};
    double d[3];
    bool above[3];
    for (int k = 0; k < 3; ++k) {
      d[k] = dot(*v[k] - plane.point, normal);
      // A vertex on the plane counts as above: every edge then crosses once or not at all,
      // and neighbouring triangles agree on where.
      above[k] = d[k] >= 0;
    }
    if (above[0] == above[1] && above[1] == above[2]) continue;
    Vec3 leave, enter;  // where the triangle's boundary goes below the plane, and back
    for (int k = 0; k < 3; ++k) {
      const int next = (k + 1) % 3;
      if (above[k] == above[next]) continue;
      const Vec3 p = *v[k] + (*v[next] - *v[k]) * (d[k] / (d[k] - d[next]));
      (above[k] ? leave : enter) = p;
    }
    const auto [x0, y0] = projection.pixel(leave);
    const auto [x1, y1] = projection.pixel(enter);
    if (!(std::isfinite(x0) && std::isfinite(y0) && std::isfinite(x1) && std::isfinite(y1)))
      throw std::invalid_argument("render: a vertex is not finite");
    cut.segments.push_back({x0, y0, x1, y1});
    // Rows whose centre y + 0.5 lies in [min y, max y): a vertex shared by two segments
    // counts once.
    const double top = std::min(y0, y1), bottom = std::max(y0, y1);
    const int first = std::max(clip.y0, static_cast<int>(std::ceil(std::max(top, -1.0) - 0.5)));
    const int last = std::min(
        clip.y1 - 1, static_cast<int>(std::ceil(std::min(bottom, clip.y1 + 1.0) - 0.5)) - 1);
    for (int row = first; row <= last; ++row) {
      const double y = row + 0.5;
      cut.crossings.push_back({row, x0 + (y - y0) * (x1 - x0) / (y1 - y0), y1 > y0 ? 1 : -1});
    }
  }
  return cut;
}

/// Marks the material: in each row, between crossings where the winding is not zero. A row
/// whose crossings do not balance crosses an open surface's cut, which encloses nothing: not
/// filled.
std::vector<std::uint8_t> fillMaterial(std::vector<Crossing>& crossings, const Canvas& canvas) {
  std::vector<std::uint8_t> material(static_cast<std::size_t>(canvas.width()) * canvas.height(), 0);
  std::sort(crossings.begin(), crossings.end());
  const Rect& clip = canvas.clip();
  for (std::size_t begin = 0; begin < crossings.size();) {
    std::size_t end = begin;
    int balance = 0;
    while (end < crossings.size() && crossings[end].row == crossings[begin].row)
      balance += crossings[end++].winding;
    if (balance == 0) {
      const int row = crossings[begin].row;
      int winding = 0;
      for (std::size_t k = begin; k + 1 < end; ++k) {
        winding += crossings[k].winding;
        if (winding == 0) continue;
        // Pixels whose centre x + 0.5 lies in [x_k, x_k+1).
        const double from = std::max(crossings[k].x, clip.x0 - 1.0);
        const double to = std::min(crossings[k + 1].x, clip.x1 + 1.0);
        for (int x = std::max(clip.x0, static_cast<int>(std::ceil(from - 0.5)));
             x < std::min(clip.x1, static_cast<int>(std::ceil(to - 0.5))); ++x) {
          material[canvas.index(x, row)] = 1;
        }
      }
    }
    begin = end;
  }
  return material;
}

/// Marks the pixels whose point of the plane, along the view, is inside the cutter.
std::vector<std::uint8_t> cutterSection(const CutterPose& cutter, const Plane& plane,
                                        const Projection& projection, const Canvas& canvas) {
  std::vector<std::uint8_t> inside(static_cast<std::size_t>(canvas.width()) * canvas.height(), 0);
  const Vec3 normal = normalized(plane.normal);
  const double facing = dot(projection.direction, normal);
  if (std::abs(facing) < 1e-9) return inside;  // the plane seen edge-on shows no area
  const CutterProfile profile(cutter.tool);
  const Rect& clip = canvas.clip();
  for (int y = clip.y0; y < clip.y1; ++y) {
    for (int x = clip.x0; x < clip.x1; ++x) {
      const Vec3 on_screen = projection.centre +
                             projection.right * ((x + 0.5 - projection.cx) / projection.px_per_mm) +
                             projection.up * ((projection.cy - (y + 0.5)) / projection.px_per_mm);
      const Vec3 p =
          on_screen + projection.direction * (dot(plane.point - on_screen, normal) / facing);
      const Vec3 r = p - cutter.tip;
      const double radius = profile.radiusAt(r.z);
      if (radius >= 0 && std::hypot(r.x, r.y) <= radius) inside[canvas.index(x, y)] = 1;
    }
  }
  return inside;
}

}  // namespace

Image section(const Mesh& mesh, const Plane& plane, std::span<const Marker> markers,
              const Camera& camera, const RenderOptions& options, const Mesh* stock) {
  const Layout layout = layoutOf(options);
  const Projection projection = projectionOf(camera, options);
  if (!(isFinite(plane.point) && isFinite(plane.normal) && norm2(plane.normal) > 0))
    throw std::invalid_argument("render: the section plane is not finite or has no normal");
  Canvas canvas(options.width, options.height, kBackground);
  canvas.setClip({layout.area_x0, layout.area_y0, layout.area_x1, layout.area_y1});
  const Rect clip = canvas.clip();

  Cut cut = cutMesh(mesh, plane, projection, clip);
  const std::vector<std::uint8_t> material = fillMaterial(cut.crossings, canvas);
  Cut stock_cut;
  std::vector<std::uint8_t> stock_material;
  if (stock) {
    stock_cut = cutMesh(*stock, plane, projection, clip);
    stock_material = fillMaterial(stock_cut.crossings, canvas);
  }
  std::vector<std::uint8_t> cutter;
  if (options.cutter) cutter = cutterSection(*options.cutter, plane, projection, canvas);
  const auto inCutter = [&](int x, int y) {
    return !cutter.empty() && clip.contains(x, y) && cutter[canvas.index(x, y)];
  };

  // Material hatched at 45°; the cutter translucent; what the cutter takes of the material red.
  // The stock's material, where the part's is not, hatched the other way; the cutter in it
  // orange.
  const int hatch = 6 * layout.scale;
  for (int y = clip.y0; y < clip.y1; ++y) {
    for (int x = clip.x0; x < clip.x1; ++x) {
      const std::size_t i = canvas.index(x, y);
      const bool in_material = material[i], in_cutter = inCutter(x, y);
      const bool in_stock = !stock_material.empty() && stock_material[i];
      if (in_material && in_cutter) {
        canvas[i] = kCutMaterialColour;
      } else if (in_material) {
        canvas[i] = (x + y) % hatch == 0 ? kHatchColour : kSectionFill;
      } else if (in_stock && in_cutter) {
        canvas[i] = kStockCutColour;
      } else if (in_stock) {
        canvas[i] = (x - y + hatch * options.height) % hatch == 0 ? kStockHatch : kStockFill;
      } else if (in_cutter) {
        canvas[i] = Canvas::mix(kBackground, kCutterColour, 0.45);
      }
    }
  }
  // The cutter's outline, then the part's over it: the design surface stays visible.
  for (int y = clip.y0; y < clip.y1; ++y) {
    for (int x = clip.x0; x < clip.x1; ++x) {
      if (inCutter(x, y) &&
          !(inCutter(x - 1, y) && inCutter(x + 1, y) && inCutter(x, y - 1) && inCutter(x, y + 1))) {
        canvas.set(x, y, kCutterEdgeColour);
      }
    }
  }
  for (const auto& [x0, y0, x1, y1] : stock_cut.segments)
    drawLine(canvas, x0, y0, x1, y1, kStockEdgeColour);
  for (const auto& [x0, y0, x1, y1] : cut.segments) drawLine(canvas, x0, y0, x1, y1, kInkColour);

  drawMarkers(markers, projection, options, layout.scale, true, canvas);
  canvas.setClip({0, 0, options.width, options.height});
  drawOverlays(canvas, layout, projection, options);
  return canvas.toImage();
}

}  // namespace gougechek::render
