#include "render/canvas.hpp"

namespace gougechek::render {

Image Canvas::toImage() const {
  Image image;
  image.width = width_;
  image.height = height_;
  image.rgba.resize(pixels_.size() * 4);
  std::uint8_t* out = image.rgba.data();
  for (const Rgb& pixel : pixels_) {
    *out++ = pixel.r;
    *out++ = pixel.g;
    *out++ = pixel.b;
    *out++ = 255;
  }
  return image;
}

void drawDisc(Canvas& canvas, double x, double y, int radius, Rgb fill, Rgb outline) {
  if (!(std::abs(x) < 1e6 && std::abs(y) < 1e6)) return;  // far off the canvas
  const int cx = static_cast<int>(std::floor(x)), cy = static_cast<int>(std::floor(y));
  const double outer = (radius + 0.5) * (radius + 0.5);
  const double inner = (radius - 0.5) * (radius - 0.5);
  for (int dy = -radius; dy <= radius; ++dy) {
    for (int dx = -radius; dx <= radius; ++dx) {
      const double d2 = dx * dx + dy * dy;
      if (d2 <= outer) canvas.set(cx + dx, cy + dy, d2 > inner ? outline : fill);
    }
  }
}

void drawLine(Canvas& canvas, double x0, double y0, double x1, double y1, Rgb colour,
              int thickness) {
  const ScreenVertex p{static_cast<float>(x0), static_cast<float>(y0), 0};
  const ScreenVertex q{static_cast<float>(x1), static_cast<float>(y1), 0};
  const int before = (thickness - 1) / 2;
  // Within the clip grown by the brush, so that a thick line reaches the clip's edge.
  const Rect& clip = canvas.clip();
  const Rect reach{clip.x0 - thickness, clip.y0 - thickness, clip.x1 + thickness,
                   clip.y1 + thickness};
  rasteriseLine(p, q, reach, [&](int x, int y, float, double) {
    canvas.fillRect(x - before, y - before, x - before + thickness, y - before + thickness, colour);
  });
}

}  // namespace gougechek::render
