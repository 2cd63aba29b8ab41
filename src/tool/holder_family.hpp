#pragma once
// Tool holders by family name (`ER32`, `shrink:6`, `sidelock:6`) or from a profile file
// (docs/tools.md "Holders"): revolved segments above the tool's stick-out.
#include <string>
#include <vector>

#include "gougechek/tool.hpp"
#include "tool/tool_draft.hpp"

namespace gougechek {

/// The holder `name` with its bottom face `stickout` mm above the tool tip, segments bottom
/// first, named "holder: PART" and never cutting; `*holder_name` gets the name reports use.
/// Throws InputError at `origin` for an unknown family or size, or a bad profile file.
std::vector<ToolSegment> holderSegmentsAt(const std::string& name, double stickout,
                                          const ToolOrigin& origin, std::string* holder_name);

/// Frustum segments `{height, lower diameter, upper diameter}` stacked from `stickout` up,
/// named "holder segment N" (1-based, from the tool end): a Fusion 360 holder, a profile file.
struct HolderFrustum {
  double height = 0, lower_diameter = 0, upper_diameter = 0;
};
std::vector<ToolSegment> stackHolder(const std::vector<HolderFrustum>& frustums, double stickout);

}  // namespace gougechek
