#pragma once
// Where the parts of a picture go: the drawing area the camera's window is fitted into, the
// strip on the right (legend above, axes below) and the band at the bottom (scale bar).
#include <string>

#include "render/canvas.hpp"

namespace gougechek::render {

struct Layout {
  int scale = 1;  ///< text and overlay scale: font pixels are scale × scale px
  int pad = 8;    ///< px around the drawing area and between overlays
  int area_x0 = 0, area_y0 = 0, area_x1 = 0, area_y1 = 0;  ///< drawing area [x0, x1) × [y0, y1)
  int strip_x0 = 0;  ///< the right strip: [strip_x0, width); = width when there is none
  int band_y0 = 0;   ///< the bottom band: [band_y0, height); = height when there is none
};

/// Throws std::invalid_argument when the options' size is out of range.
Layout layoutOf(const RenderOptions& options);

/// A length or depth as the overlays write it: the shortest decimal (up to 6 places) without
/// trailing zeros, "0.05", "2", "2.5".
std::string lengthLabel(double mm);

/// A marker's depth to 3 significant digits, trailing zeros dropped: "0.018", "0.212", "1.5".
std::string depthLabel(double mm);

/// Draws the overlays `options` asks for into the layout's strip and band.
void drawOverlays(Canvas& canvas, const Layout& layout, const Projection& projection,
                  const RenderOptions& options);

}  // namespace gougechek::render
