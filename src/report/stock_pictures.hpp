#pragma once
// The HTML report's pictures of the raw stock after the program (issue 23): what the program
// left of the block, from the top and in an iso view, with its stock collisions marked.
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/report.hpp"

namespace gougechek {

/// The stock `stock` (its mesh) from the top and in an iso view, each stock collision of
/// `violations` a dot coloured by its depth. Never throws: a picture that cannot be drawn is
/// left out (the report is no less true without it).
std::vector<ReportPicture> stockPictures(const Mesh& stock,
                                         const std::vector<Violation>& violations) noexcept;

}  // namespace gougechek
