// view(): the part shaded through a depth buffer, the cutter, the path, the markers, the
// overlays.
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "render/canvas.hpp"
#include "render/cutter_shape.hpp"
#include "render/font.hpp"
#include "render/layout.hpp"
#include "render/render.hpp"
#include "render/scene.hpp"

namespace gougechek::render {

namespace {

constexpr float kFar = std::numeric_limits<float>::infinity();
constexpr int kCutterSegments = 72;  ///< facets around the cutter

/// The light, fixed to the view, in view coordinates (right, up, towards the viewer): from the
/// upper left, in front, so that the three faces of a box in the iso view read apart (top
/// brightest, left side brighter than the right one) and a face seen head-on is bright.
const Vec3 kLight = normalized(Vec3{-0.25, 0.5, 0.83});
constexpr double kAmbient = 0.3, kDiffuse = 0.7;

Rgb scaled(Rgb colour, double intensity) {
  const auto channel = [intensity](std::uint8_t c) {
    return static_cast<std::uint8_t>(std::lround(std::min(255.0, c * intensity)));
  };
  return {channel(colour.r), channel(colour.g), channel(colour.b)};
}

/// A triangle's colour: `front` if its outward side (counter-clockwise winding) faces the
/// viewer, else `back`, lit on the side seen.
Rgb shade(const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c, double px_per_mm,
          Rgb front, Rgb back) {
  // Edges in view coordinates, mm: screen x is right, screen y is −up, depth is −towards.
  const Vec3 e1{(double(b.x) - a.x) / px_per_mm, -(double(b.y) - a.y) / px_per_mm,
                -(double(b.z) - a.z)};
  const Vec3 e2{(double(c.x) - a.x) / px_per_mm, -(double(c.y) - a.y) / px_per_mm,
                -(double(c.z) - a.z)};
  Vec3 normal = cross(e1, e2);
  const double length = norm(normal);
  if (!(length > 0)) return scaled(front, kAmbient);
  normal = normal / length;
  const bool facing = normal.z >= 0;
  if (!facing) normal = -normal;
  const double lit = dot(normal, kLight);
  return scaled(facing ? front : back, kAmbient + kDiffuse * std::max(0.0, lit));
}

/// Rasterises `triangles` of `screen` into `depth` and `colour`, nearest wins, nothing nearer
/// than `near`. Throws on an index beyond `screen`.
void drawSurface(const std::vector<ScreenVertex>& screen, std::span<const Triangle> triangles,
                 double px_per_mm, float near, Rgb front, Rgb back, Canvas& canvas,
                 std::vector<float>& depth, std::span<const Rgb> colours = {}) {
  const std::size_t count = screen.size();
  const Rect clip = canvas.clip();
  const int width = canvas.width();
  for (std::size_t k = 0; k < triangles.size(); ++k) {
    const Triangle& t = triangles[k];
    if (t[0] >= count || t[1] >= count || t[2] >= count)
      throw std::invalid_argument("render: a triangle indexes no vertex");
    const ScreenVertex& a = screen[t[0]];
    const ScreenVertex& b = screen[t[1]];
    const ScreenVertex& c = screen[t[2]];
    if (a.z < near && b.z < near && c.z < near) continue;
    const PixelBox box = pixelBox(a, b, c, clip);
    if (box.empty()) continue;  // covers no pixel centre: most triangles of a fine mesh
    const Rgb colour = colours.empty() ? shade(a, b, c, px_per_mm, front, back)
                                       : shade(a, b, c, px_per_mm, colours[k], colours[k]);
    rasterise(a, b, c, box, [&](int x, int y, float z) {
      const std::size_t i = static_cast<std::size_t>(y) * width + x;
      if (z >= near && z < depth[i]) {
        depth[i] = z;
        canvas[i] = colour;
      }
    });
  }
}

/// The cutter translucent over the scene: clearer where it is in front of the part, a ghost
/// where the part hides it, outlined all round.
void drawCutter(const CutterPose& cutter, const Projection& projection,
                const std::vector<float>& part_depth, Canvas& canvas) {
  const Mesh mesh = cutterMesh(cutter.tool, cutter.tip, kCutterSegments);
  const std::vector<ScreenVertex> screen = projectVertices(mesh.vertices, projection);
  Canvas shaded(canvas.width(), canvas.height(), kBackground);
  shaded.setClip(canvas.clip());
  std::vector<float> depth(part_depth.size(), kFar);
  drawSurface(screen, mesh.triangles, projection.px_per_mm, -kFar, kCutterColour, kCutterColour,
              shaded, depth);
  const float bias = static_cast<float>(1.5 / projection.px_per_mm);
  const Rect& clip = canvas.clip();
  const auto covered = [&](int x, int y) {
    return clip.contains(x, y) && depth[canvas.index(x, y)] < kFar;
  };
  for (int y = clip.y0; y < clip.y1; ++y) {
    for (int x = clip.x0; x < clip.x1; ++x) {
      if (!covered(x, y)) continue;
      const std::size_t i = canvas.index(x, y);
      if (!covered(x - 1, y) || !covered(x + 1, y) || !covered(x, y - 1) || !covered(x, y + 1)) {
        canvas[i] = kCutterEdgeColour;
      } else {
        const bool in_front = depth[i] <= part_depth[i] + bias;
        canvas[i] = Canvas::mix(canvas[i], shaded[i], in_front ? 0.65 : 0.3);
      }
    }
  }
}

/// The point where the segment p → q crosses depth `near` (p nearer, q not).
Vec3 atDepth(const Vec3& p, const Vec3& q, double p_depth, double q_depth, double near) {
  return p + (q - p) * ((near - p_depth) / (q_depth - p_depth));
}

void drawPath(std::span<const PathSegment> path, const Projection& projection, int scale,
              const std::vector<float>& depth, Canvas& canvas) {
  // A path on the surface is at the surface's depth to rounding and to half a pixel of its
  // slope: two pixels' worth of depth lets it show there.
  const float bias = static_cast<float>(2 / projection.px_per_mm);
  const double dash = 6.0 * scale, period = 10.0 * scale;
  const double near = projection.near_depth;
  double phase = 0;  // dash position at the start of this segment, px
  const PathSegment* previous = nullptr;
  for (const PathSegment& segment : path) {
    if (!isFinite(segment.from) || !isFinite(segment.to))
      throw std::invalid_argument("render: a path segment is not finite");
    if (!(previous && previous->rapid && segment.rapid && previous->to == segment.from)) phase = 0;
    previous = &segment;
    Vec3 from = segment.from, to = segment.to;
    const double from_depth = projection.depth(from), to_depth = projection.depth(to);
    const auto [from_x, from_y] = projection.pixel(from);
    const auto [to_x, to_y] = projection.pixel(to);
    const double length = std::hypot(to_x - from_x, to_y - from_y);
    double start = phase;  // dash position where the drawn part starts
    phase += length;
    if (from_depth < near && to_depth < near) continue;
    if (from_depth < near) {
      const Vec3 cut = atDepth(from, to, from_depth, to_depth, near);
      start += length * ((near - from_depth) / (to_depth - from_depth));
      from = cut;
    } else if (to_depth < near) {
      to = atDepth(to, from, to_depth, from_depth, near);
    }
    const auto [x0, y0] = projection.pixel(from);
    const auto [x1, y1] = projection.pixel(to);
    const ScreenVertex p{static_cast<float>(x0), static_cast<float>(y0),
                         static_cast<float>(projection.depth(from))};
    const ScreenVertex q{static_cast<float>(x1), static_cast<float>(y1),
                         static_cast<float>(projection.depth(to))};
    const Rgb colour = segment.rapid ? kRapidColour : kFeedColour;
    const bool rapid = segment.rapid;
    rasteriseLine(p, q, canvas.clip(), [&](int x, int y, float z, double along) {
      if (rapid && std::fmod(start + along, period) >= dash) return;
      const std::size_t i = canvas.index(x, y);
      if (z <= depth[i] + bias) canvas[i] = colour;
    });
  }
}

}  // namespace

std::vector<ScreenVertex> projectVertices(const std::vector<Vec3>& vertices,
                                          const Projection& projection) {
  std::vector<ScreenVertex> screen;
  screen.reserve(vertices.size());
  const double s = projection.px_per_mm;
  const Vec3 r = projection.right * s, u = projection.up * s, d = projection.direction;
  for (const Vec3& vertex : vertices) {
    if (!isFinite(vertex)) throw std::invalid_argument("render: a vertex is not finite");
    const Vec3 p = vertex - projection.centre;
    screen.push_back({static_cast<float>(projection.cx + dot(p, r)),
                      static_cast<float>(projection.cy - dot(p, u)),
                      static_cast<float>(dot(p, d))});
  }
  return screen;
}

void drawMarkers(std::span<const Marker> markers, const Projection& projection,
                 const RenderOptions& options, int scale, bool labels, Canvas& canvas) {
  std::vector<const Marker*> order;
  for (const Marker& marker : markers) {
    if (!isFinite(marker.at) || !std::isfinite(marker.depth))
      throw std::invalid_argument("render: a marker is not finite");
    order.push_back(&marker);
  }
  // The deepest on top, severe ones above all.
  std::stable_sort(order.begin(), order.end(), [](const Marker* a, const Marker* b) {
    if (a->severe != b->severe) return b->severe;
    return a->depth < b->depth;
  });
  const int radius = options.marker_radius;
  for (const Marker* marker : order) {
    const auto [x, y] = projection.pixel(marker->at);
    drawDisc(canvas, x, y, radius, options.depth_scale.colour(marker->depth, marker->severe),
             kInkColour);
  }
  if (!labels) return;
  for (const Marker* marker : order) {
    const auto [x, y] = projection.pixel(marker->at);
    if (!(std::abs(x) < 1e6 && std::abs(y) < 1e6)) continue;  // far off the picture
    drawText(canvas, static_cast<int>(std::floor(x)) + radius + 2 * scale,
             static_cast<int>(std::floor(y)) - kGlyphHeight * scale / 2,
             depthLabel(marker->depth) + " mm", kInkColour, scale);
  }
}

Image view(const Mesh& mesh, std::span<const PathSegment> path, std::span<const Marker> markers,
           const Camera& camera, const RenderOptions& options) {
  const Layout layout = layoutOf(options);
  const Projection projection = projectionOf(camera, options);
  Canvas canvas(options.width, options.height, kBackground);
  canvas.setClip({layout.area_x0, layout.area_y0, layout.area_x1, layout.area_y1});
  std::vector<float> depth(static_cast<std::size_t>(options.width) * options.height, kFar);
  {
    if (!options.triangle_colours.empty() &&
        options.triangle_colours.size() != mesh.triangles.size())
      throw std::invalid_argument("render: not one colour a triangle");
    const std::vector<ScreenVertex> screen = projectVertices(mesh.vertices, projection);
    drawSurface(screen, mesh.triangles, projection.px_per_mm,
                static_cast<float>(projection.near_depth), kPartColour, kBackFaceColour, canvas,
                depth, options.triangle_colours);
  }
  if (options.cutter) drawCutter(*options.cutter, projection, depth, canvas);
  drawPath(path, projection, layout.scale, depth, canvas);
  drawMarkers(markers, projection, options, layout.scale, options.depth_labels, canvas);
  canvas.setClip({0, 0, options.width, options.height});
  drawOverlays(canvas, layout, projection, options);
  return canvas.toImage();
}

}  // namespace gougechek::render
