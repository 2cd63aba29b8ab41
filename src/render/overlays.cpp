// The picture's layout and its overlays: the legend of the depth colours and the axis triad in
// the strip on the right, the scale bar in the band at the bottom.
#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <utility>

#include "render/font.hpp"
#include "render/layout.hpp"

namespace gougechek::render {

namespace {

constexpr int kMinSize = 64, kMaxSize = 8192;
constexpr int kMaxMarkerRadius = 64;
constexpr int kAxisLength = 12;       ///< triad axis, in font pixels
constexpr int kLegendTitleRows = 24;  ///< font pixels from the legend's top to its bar
constexpr int kSwatch = 5;            ///< the severe swatch's side, in font pixels

std::array<double, 3> legendTicks(const DepthScale& scale) {
  return {0, scale.max_depth / 2, scale.max_depth};
}

int legendWidth(const RenderOptions& options, int s) {
  int labels = 0;
  for (double tick : legendTicks(options.depth_scale))
    labels = std::max(labels, textWidth(lengthLabel(tick), s));
  return std::max({textWidth("depth", s), 4 * s + 3 * s + labels,
                   kSwatch * s + 2 * s + textWidth("severe", s)});
}

int triadWidth(int s) {
  return 2 * (kAxisLength + kGlyphAdvance) * s;
}

void drawLegend(Canvas& canvas, const Layout& layout, const DepthScale& scale) {
  const int s = layout.scale;
  const int x = layout.strip_x0 + layout.pad;
  int y = layout.pad;
  drawText(canvas, x, y, "depth", kInkColour, s);
  drawText(canvas, x, y + 9 * s, "(mm)", kInkColour, s);
  const int bar_top = y + kLegendTitleRows * s;
  const int bar_height = std::max(canvas.height() * 2 / 5, 8 * s);
  const int bar_width = 4 * s;
  for (int row = 0; row < bar_height; ++row) {
    const double t = 1 - static_cast<double>(row) / (bar_height - 1);
    canvas.fillRect(x, bar_top + row, x + bar_width, bar_top + row + 1,
                    scale.colour(t * scale.max_depth));
  }
  drawLine(canvas, x - 1, bar_top - 1, x + bar_width, bar_top - 1, kInkColour);
  drawLine(canvas, x - 1, bar_top + bar_height, x + bar_width, bar_top + bar_height, kInkColour);
  drawLine(canvas, x - 1, bar_top - 1, x - 1, bar_top + bar_height, kInkColour);
  drawLine(canvas, x + bar_width, bar_top - 1, x + bar_width, bar_top + bar_height, kInkColour);
  for (double tick : legendTicks(scale)) {
    const int row =
        bar_top + static_cast<int>(std::lround((1 - tick / scale.max_depth) * (bar_height - 1)));
    // Across the bar (a mark beside it would read as a minus sign before the label); the
    // bar's ends are marked by its outline.
    if (row > bar_top && row < bar_top + bar_height - 1)
      drawLine(canvas, x, row, x + bar_width - 1, row, kInkColour);
    drawText(canvas, x + bar_width + 3 * s, row - kGlyphHeight * s / 2, lengthLabel(tick),
             kInkColour, s);
  }
  y = bar_top + bar_height + 4 * s;
  canvas.fillRect(x - 1, y - 1, x + kSwatch * s + 1, y + kSwatch * s + 1, kInkColour);
  canvas.fillRect(x, y, x + kSwatch * s, y + kSwatch * s, scale.colour(0, true));
  drawText(canvas, x + (kSwatch + 2) * s, y - s, "severe", kInkColour, s);
}

void drawTriad(Canvas& canvas, const Layout& layout, const Projection& projection) {
  const int s = layout.scale;
  const double ox = (layout.strip_x0 + canvas.width()) / 2.0;
  const double oy = canvas.height() - layout.pad - (kAxisLength + kGlyphAdvance) * s;
  struct Axis {
    Vec3 unit;
    const char* label;
    Rgb colour;
  };
  std::array<Axis, 3> axes{{{{1, 0, 0}, "X", {205, 35, 35}},
                            {{0, 1, 0}, "Y", {30, 150, 30}},
                            {{0, 0, 1}, "Z", {35, 75, 215}}}};
  // Farther axes first, so that nearer ones are drawn over them.
  std::sort(axes.begin(), axes.end(), [&](const Axis& a, const Axis& b) {
    return dot(a.unit, projection.direction) > dot(b.unit, projection.direction);
  });
  const double length = kAxisLength * s;
  for (const Axis& axis : axes) {
    const double dx = dot(axis.unit, projection.right), dy = -dot(axis.unit, projection.up);
    const double shown = std::hypot(dx, dy);
    double label_x, label_y;
    if (shown < 0.25) {
      // Along the view: a circle with a dot (towards the viewer) or a cross (away).
      const int r = 2 * s;
      for (int i = 0; i < 32; ++i) {
        const double a0 = i * 2 * std::numbers::pi / 32, a1 = (i + 1) * 2 * std::numbers::pi / 32;
        drawLine(canvas, ox + r * std::cos(a0), oy + r * std::sin(a0), ox + r * std::cos(a1),
                 oy + r * std::sin(a1), axis.colour);
      }
      if (dot(axis.unit, projection.direction) < 0) {
        canvas.fillRect(static_cast<int>(ox) - s / 2, static_cast<int>(oy) - s / 2,
                        static_cast<int>(ox) - s / 2 + s, static_cast<int>(oy) - s / 2 + s,
                        axis.colour);
      } else {
        drawLine(canvas, ox - r * 0.7, oy - r * 0.7, ox + r * 0.7, oy + r * 0.7, axis.colour);
        drawLine(canvas, ox - r * 0.7, oy + r * 0.7, ox + r * 0.7, oy - r * 0.7, axis.colour);
      }
      label_x = ox + 4 * s;
      label_y = oy + 4 * s;
    } else {
      drawLine(canvas, ox, oy, ox + dx * length, oy + dy * length, axis.colour, std::max(1, s));
      const double reach = length + 4 * s;
      label_x = ox + dx / shown * reach;
      label_y = oy + dy / shown * reach;
    }
    drawText(canvas, static_cast<int>(std::lround(label_x)) - 5 * s / 2,
             static_cast<int>(std::lround(label_y)) - kGlyphHeight * s / 2, axis.label, axis.colour,
             s);
  }
}

void drawScaleBar(Canvas& canvas, const Layout& layout, const Projection& projection) {
  const int s = layout.scale;
  const double limit_px = (layout.area_x1 - layout.area_x0) / 4.0;
  const double length_mm = roundLength(limit_px / projection.px_per_mm);
  const int length_px = static_cast<int>(std::lround(length_mm * projection.px_per_mm));
  const int x = layout.area_x0;
  const int middle = layout.band_y0 + layout.pad + kGlyphHeight * s / 2;
  const int thickness = std::max(2, s);
  canvas.fillRect(x, middle - thickness / 2, x + length_px, middle - thickness / 2 + thickness,
                  kInkColour);
  for (int end : {x, x + length_px - 1})
    drawLine(canvas, end, middle - 3 * s, end, middle + 3 * s, kInkColour);
  drawText(canvas, x + length_px + 4 * s, layout.band_y0 + layout.pad,
           lengthLabel(length_mm) + " mm", kInkColour, s);
}

}  // namespace

Layout layoutOf(const RenderOptions& options) {
  if (options.width < kMinSize || options.width > kMaxSize || options.height < kMinSize ||
      options.height > kMaxSize) {
    throw std::invalid_argument("render: the picture's size must be 64 to 8192 px each way");
  }
  if (!(std::isfinite(options.depth_scale.max_depth) && options.depth_scale.max_depth > 0))
    throw std::invalid_argument("render: the depth scale's max_depth must be > 0");
  if (options.marker_radius < 1 || options.marker_radius > kMaxMarkerRadius)
    throw std::invalid_argument("render: the marker radius must be 1 to 64 px");
  Layout layout;
  layout.scale = std::max(1, std::min(options.width, options.height) / 300);
  const int s = layout.scale;
  layout.pad = 4 * s;
  int strip = 0;
  if (options.legend) strip = legendWidth(options, s);
  if (options.axes) strip = std::max(strip, triadWidth(s));
  layout.strip_x0 = options.width - (strip > 0 ? strip + 2 * layout.pad : 0);
  layout.band_y0 = options.height - (options.scale_bar ? kGlyphHeight * s + 2 * layout.pad : 0);
  layout.area_x0 = layout.pad;
  layout.area_y0 = layout.pad;
  layout.area_x1 = strip > 0 ? layout.strip_x0 : options.width - layout.pad;
  layout.area_y1 = options.scale_bar ? layout.band_y0 : options.height - layout.pad;
  return layout;
}

void drawOverlays(Canvas& canvas, const Layout& layout, const Projection& projection,
                  const RenderOptions& options) {
  if (options.legend) drawLegend(canvas, layout, options.depth_scale);
  if (options.axes) drawTriad(canvas, layout, projection);
  if (options.scale_bar) drawScaleBar(canvas, layout, projection);
}

}  // namespace gougechek::render
