#include "verify/move_path.hpp"

#include <algorithm>
#include <cmath>

#include "geom/arc_sweep.hpp"

namespace gougechek {

void splitMovePath(const Move& move, const Vec3& from, double tolerance,
                   std::vector<PathPiece>& pieces) {
  pieces.clear();
  if (move.kind != MoveKind::Arc) {
    pieces.push_back(PathPiece::segment(from, move.to));
    return;
  }
  const ArcSweep arc(move);
  if (arc.start_radius == 0) {  // degenerate arc: the tool stays on the axis
    pieces.push_back(PathPiece::segment(move.from, move.to));
    return;
  }
  // Sagitta ≤ tolerance/10; a spiral's radius change per piece stays below tolerance/20 as well.
  const double allowed = std::max(tolerance, 1e-4) / 10;
  const double pieces_for_spiral = std::abs(arc.end_radius - arc.start_radius) / (allowed / 2);
  const int count = static_cast<int>(std::clamp(
      std::ceil(std::max(arc.angle / arc.chordStep(allowed), pieces_for_spiral)), 1.0, 1e6));
  const double step = arc.angle / count;
  for (int k = 0; k < count; ++k) {
    // Each piece turns about its own radius: the spiral's at the piece's middle.
    const Vec3 radial = arc.direction(k * step) * arc.radius((k + 0.5) / count);
    const Vec3 center = arc.center + arc.axis * (arc.rise * k / count);
    pieces.push_back(PathPiece::arc(center, radial, arc.axis, step, arc.rise / count));
  }
}

}  // namespace gougechek
