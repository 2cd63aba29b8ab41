#pragma once
// The rasteriser's pieces, shared by view() and section(): a colour buffer, triangles and
// lines sampled at pixel centres through functors (inlined, no per-pixel indirection), discs.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "render/render.hpp"

namespace gougechek::render {

// The palette, in one place.
inline constexpr Rgb kPartColour{206, 213, 224};
inline constexpr Rgb kBackFaceColour{222, 184, 128};  ///< the inside of an open or clipped part
inline constexpr Rgb kFeedColour{25, 85, 205};
inline constexpr Rgb kRapidColour{60, 60, 60};
inline constexpr Rgb kCutterColour{40, 165, 150};
inline constexpr Rgb kCutterEdgeColour{0, 95, 85};
inline constexpr Rgb kInkColour{25, 25, 30};       ///< text, outlines, the scale bar
inline constexpr Rgb kSectionFill{222, 227, 235};  ///< the part's material in a section
inline constexpr Rgb kHatchColour{130, 140, 155};
inline constexpr Rgb kCutMaterialColour{200, 20, 40};  ///< what the cutter takes in a section
/// The raw stock in a section (issue 23): its material, hatch and outline, and what of it the
/// cutter holds there.
inline constexpr Rgb kStockFill{242, 230, 204};
inline constexpr Rgb kStockHatch{196, 168, 118};
inline constexpr Rgb kStockEdgeColour{150, 110, 50};
inline constexpr Rgb kStockCutColour{240, 120, 0};

/// Pixels [x0, x1) × [y0, y1).
struct Rect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool contains(int x, int y) const { return x >= x0 && y >= y0 && x < x1 && y < y1; }
};

/// The colour buffer. Drawing is clipped to clip(): the drawing area while the scene is drawn,
/// so that a zoomed part stays off the overlays' strip and band.
class Canvas {
 public:
  Canvas(int width, int height, Rgb fill)
      : width_(width),
        height_(height),
        clip_{0, 0, width, height},
        pixels_(static_cast<std::size_t>(width) * height, fill) {}

  int width() const { return width_; }
  int height() const { return height_; }
  const Rect& clip() const { return clip_; }
  /// Clips to `rect` within the canvas.
  void setClip(const Rect& rect) {
    clip_ = {std::max(rect.x0, 0), std::max(rect.y0, 0), std::min(rect.x1, width_),
             std::min(rect.y1, height_)};
  }
  std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * width_ + x; }

  Rgb& operator[](std::size_t i) { return pixels_[i]; }
  Rgb operator[](std::size_t i) const { return pixels_[i]; }

  void set(int x, int y, Rgb colour) {
    if (clip_.contains(x, y)) pixels_[index(x, y)] = colour;
  }
  /// `alpha` of `colour` over what is there.
  void blend(int x, int y, Rgb colour, double alpha) {
    if (clip_.contains(x, y)) pixels_[index(x, y)] = mix(pixels_[index(x, y)], colour, alpha);
  }
  /// [x0, x1) × [y0, y1), clipped.
  void fillRect(int x0, int y0, int x1, int y1, Rgb colour) {
    for (int y = std::max(y0, clip_.y0); y < std::min(y1, clip_.y1); ++y)
      for (int x = std::max(x0, clip_.x0); x < std::min(x1, clip_.x1); ++x)
        pixels_[index(x, y)] = colour;
  }

  static Rgb mix(Rgb under, Rgb over, double alpha) {
    const auto channel = [alpha](std::uint8_t a, std::uint8_t b) {
      return static_cast<std::uint8_t>(std::lround(a + (b - a) * alpha));
    };
    return {channel(under.r, over.r), channel(under.g, over.g), channel(under.b, over.b)};
  }

  Image toImage() const;

 private:
  int width_, height_;
  Rect clip_;
  std::vector<Rgb> pixels_;
};

/// A vertex in screen space: x right and y down in pixels, z its depth in mm (larger farther).
/// Floats: the part's vertices are projected once into an array of these.
struct ScreenVertex {
  float x, y, z;
};

/// Pixels [x0, x1] × [y0, y1] (inclusive) whose centres a triangle's bounds contain; empty
/// when x0 > x1 or y0 > y1, as for most triangles of a fine mesh (smaller than a pixel).
struct PixelBox {
  int x0, x1, y0, y1;
  bool empty() const { return x0 > x1 || y0 > y1; }
};

inline PixelBox pixelBox(const ScreenVertex& a, const ScreenVertex& b, const ScreenVertex& c,
                         const Rect& clip) {
  // Clamped before rounding, so that far vertices (a zoom) convert to int safely; fmin/fmax
  // drop a NaN, whose edge tests then fail.
  const auto lo = [](float p, float q, float r, int limit) {
    const float low = std::fmax(std::fmin(std::fmin(p, q), r), static_cast<float>(limit) - 1);
    return std::max(static_cast<int>(std::ceil(low - 0.5f)), limit);
  };
  const auto hi = [](float p, float q, float r, int limit) {
    const float high = std::fmin(std::fmax(std::fmax(p, q), r), static_cast<float>(limit) + 1);
    return std::min(static_cast<int>(std::floor(high - 0.5f)), limit - 1);
  };
  return {lo(a.x, b.x, c.x, clip.x0), hi(a.x, b.x, c.x, clip.x1), lo(a.y, b.y, c.y, clip.y0),
          hi(a.y, b.y, c.y, clip.y1)};
}

/// Calls fragment(x, y, z) for each pixel of `box` whose centre the triangle covers, edges
/// included (a pixel on an edge two triangles share may come twice; no gaps), z its depth
/// there. Edge-on triangles cover nothing.
template <class Fragment>
inline void rasterise(const ScreenVertex& a, ScreenVertex b, ScreenVertex c, const PixelBox& box,
                      Fragment&& fragment) {
  double area =
      (double(b.x) - a.x) * (double(c.y) - a.y) - (double(b.y) - a.y) * (double(c.x) - a.x);
  if (area < 0) {
    std::swap(b, c);
    area = -area;
  }
  if (!(area > 0)) return;
  const double inv_area = 1 / area;
  // Edge functions, each ≥ 0 inside, and their steps along x and y.
  const auto edge = [](const ScreenVertex& p, const ScreenVertex& q, double x, double y) {
    return (double(q.x) - p.x) * (y - p.y) - (double(q.y) - p.y) * (x - p.x);
  };
  const double x0 = box.x0 + 0.5, y0 = box.y0 + 0.5;
  double row_bc = edge(b, c, x0, y0), row_ca = edge(c, a, x0, y0), row_ab = edge(a, b, x0, y0);
  const double dx_bc = -(double(c.y) - b.y), dy_bc = double(c.x) - b.x;
  const double dx_ca = -(double(a.y) - c.y), dy_ca = double(a.x) - c.x;
  const double dx_ab = -(double(b.y) - a.y), dy_ab = double(b.x) - a.x;
  for (int y = box.y0; y <= box.y1; ++y) {
    double e_bc = row_bc, e_ca = row_ca, e_ab = row_ab;
    for (int x = box.x0; x <= box.x1; ++x) {
      if (e_bc >= 0 && e_ca >= 0 && e_ab >= 0) {
        fragment(x, y, static_cast<float>((e_bc * a.z + e_ca * b.z + e_ab * c.z) * inv_area));
      }
      e_bc += dx_bc;
      e_ca += dx_ca;
      e_ab += dx_ab;
    }
    row_bc += dy_bc;
    row_ca += dy_ca;
    row_ab += dy_ab;
  }
}

/// Calls plot(x, y, z, along) for the pixels of the segment p → q in screen space (z depth),
/// one a step along its longer axis, within `clip`; `along` is the distance in px from p, so
/// that dashes stay put where the clip cuts the segment.
template <class Plot>
inline void rasteriseLine(ScreenVertex p, ScreenVertex q, const Rect& clip, Plot&& plot) {
  const double dx = double(q.x) - p.x, dy = double(q.y) - p.y, dz = double(q.z) - p.z;
  if (!(std::isfinite(dx) && std::isfinite(dy))) return;  // beyond float's range: far off
  // Liang–Barsky: the part of the segment inside the clip.
  double t0 = 0, t1 = 1;
  const auto cut = [&](double denominator, double numerator) {
    if (denominator == 0) return numerator >= 0;
    const double t = numerator / denominator;
    if (denominator > 0) {
      t1 = std::min(t1, t);
    } else {
      t0 = std::max(t0, t);
    }
    return t0 <= t1;
  };
  if (!(cut(-dx, p.x - double(clip.x0)) && cut(dx, clip.x1 - double(p.x)) &&
        cut(-dy, p.y - double(clip.y0)) && cut(dy, clip.y1 - double(p.y))))
    return;
  const double length = std::hypot(dx, dy);
  const int steps =
      std::max(1, static_cast<int>(std::ceil(std::max(std::abs(dx), std::abs(dy)) * (t1 - t0))));
  for (int i = 0; i <= steps; ++i) {
    const double t = t0 + (t1 - t0) * i / steps;
    const int x = static_cast<int>(std::floor(p.x + dx * t));
    const int y = static_cast<int>(std::floor(p.y + dy * t));
    if (clip.contains(x, y)) {
      plot(x, y, static_cast<float>(p.z + dz * t), t * length);
    }
  }
}

/// A filled disc of `radius` px around the pixel containing (x, y), with a one-pixel outline.
void drawDisc(Canvas& canvas, double x, double y, int radius, Rgb fill, Rgb outline);

/// A line of `thickness` px (a square brush), without depth.
void drawLine(Canvas& canvas, double x0, double y0, double x1, double y1, Rgb colour,
              int thickness = 1);

}  // namespace gougechek::render
