#pragma once
// Labels in a built-in 5×7 bitmap font (ASCII letters, digits and a little punctuation), so
// that pictures need no font files. A character without a glyph is drawn as a box.
#include <string_view>

#include "render/canvas.hpp"

namespace gougechek::render {

/// Px a glyph cell is tall and a character advances, at scale 1.
inline constexpr int kGlyphHeight = 7;
inline constexpr int kGlyphAdvance = 6;

/// Width in px of `text` drawn at `scale`.
int textWidth(std::string_view text, int scale);

/// Draws `text` with its cell's top-left corner at (x, y), each font pixel `scale` × `scale`
/// px, with a one-pixel halo of the background around the strokes so that it reads over the
/// part.
void drawText(Canvas& canvas, int x, int y, std::string_view text, Rgb colour, int scale);

}  // namespace gougechek::render
