#pragma once
// What the tool harnesses require of every cutter an accepted spec or table describes.
#include <cmath>

#include "gougechek/tool.hpp"

namespace gougechek::fuzz {

/// Finite, positive sizes: a cutter the checker can build.
inline bool hasCheckableSizes(const ToolSpec& spec) {
  return std::isfinite(spec.diameter) && spec.diameter > 0 && std::isfinite(spec.corner_radius) &&
         std::isfinite(spec.flute_length) && std::isfinite(spec.shank_diameter) &&
         std::isfinite(spec.overall_length) && std::isfinite(spec.taper_angle_deg) &&
         std::isfinite(spec.tip_diameter) && std::isfinite(spec.point_angle_deg) &&
         std::isfinite(spec.neck_diameter) && std::isfinite(spec.cutting_height);
}

}  // namespace gougechek::fuzz
