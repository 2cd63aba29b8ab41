// The assembly as the stock check sweeps it: a tool given without its length still has a shank.
#pragma once

#include <vector>

#include "gougechek/tool.hpp"

namespace gougechek {

/// How far above the flutes the shank of a tool given without its length (overall_length 0) is
/// taken to reach: over any stock a machine holds, so that the flutes' length exceeded into the
/// stock is found even when the length, and so the holder, is unknown (mm).
inline constexpr double kImpliedShankLength = 1000;

/// toolAssembly(), and for a tool given without its length (and without a holder) the shank it
/// must have above its flutes, shank_diameter wide, kImpliedShankLength long: the pieces the
/// stock check sweeps, and what a stock collision's `segment` indexes.
std::vector<ToolSegment> stockAssembly(const ToolSpec& tool);

}  // namespace gougechek
