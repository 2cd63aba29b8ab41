#pragma once
// What view() and section() share: the vertices projected once, the markers drawn last.
#include <span>
#include <vector>

#include "render/canvas.hpp"

namespace gougechek::render {

/// `vertices` in screen space. Throws std::invalid_argument on a vertex not finite.
std::vector<ScreenVertex> projectVertices(const std::vector<Vec3>& vertices,
                                          const Projection& projection);

/// The markers as discs in their depth colours, the deepest on top and severe ones above all,
/// with their depths written beside them when `labels`. Throws std::invalid_argument on a
/// marker not finite.
void drawMarkers(std::span<const Marker> markers, const Projection& projection,
                 const RenderOptions& options, int scale, bool labels, Canvas& canvas);

}  // namespace gougechek::render
