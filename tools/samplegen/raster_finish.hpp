#pragma once
// A ball-end raster finish: zig-zag lines along X, stepping over in Y, each tip point dropped
// onto the triangulated part. A straight move between two dropped points can still dip into a
// convex stretch of surface between them; each move is sampled at sub-steps and, where the
// ball would enter the part, both its ends are raised by the largest dip.
#include <vector>

#include "ball_drop_cutter.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek::samplegen {

struct RasterSettings {
  double length_x = 0;  ///< lines run from x = 0 to length_x
  double width_y = 0;   ///< and are stepped over from y = 0 to width_y
  double stepover = 1;  ///< between lines
  double step = 0.5;    ///< between points along a line
  int substeps = 8;     ///< dip checks per step: moves are sampled every step / substeps
};

/// Tip points of the raster in cutting order, x and y on a 0.0001 mm grid (as the program
/// prints them). Throws std::invalid_argument for a raster that cannot be made.
std::vector<Vec3> ballRasterFinish(const BallDropCutter& cutter, const RasterSettings& raster);

}  // namespace gougechek::samplegen
