#pragma once
// A tool as the checker sees it: every piece of its assembly (toolAssembly: flutes, shank,
// extension, holder) as a core with a skin (docs/checking-rules.md "Cutters",
// "Tool assemblies"). Sharp-edged pieces (flat end, sharp taper, shank, holder) get an artificial
// skin much thinner than the tolerance: the rounded shape lies inside the sharp one and within
// 0.415·skin of it, so depths are underestimated by less than docs/checking-rules.md's ε, while
// a cutter resting on a floor stays in the exact, cheap "cores apart" regime.
#include <cstddef>
#include <vector>

#include "convex/frustum_core.hpp"
#include "gougechek/tool.hpp"

namespace gougechek {

/// One section of the assembly (flutes, shank, extension, holder: a ToolSegment), checked alike
/// whatever it is; not to be confused with the workpiece (Part) or a path piece (PathPiece).
struct CutterSection {
  FrustumCore core;           ///< cutting pieces grown by the stock to leave
  bool cutting = false;       ///< contact is a gouge or rapid collision; else a holder collision
  bool natural_skin = false;  ///< rounded piece (ball, bull): exact depths, severe on core contact
  double radius = 0;          ///< R for "severe" (sharp pieces) and buried depths
  /// How far the artificial skin moves a sharp piece's outline in at its sharpest rim: the most
  /// a depth measured with it reads short (0 for a natural skin).
  double skin_loss = 0;
  std::size_t segment = 0;  ///< index of the piece in toolAssembly(tool)
};

struct CutterModel {
  std::vector<CutterSection> sections;  ///< in toolAssembly order: cutting sections first
  /// The widest cutting piece's outer radius (with the stock): what a run's span is measured in.
  double cuttingRadius() const;
};

CutterModel makeCutterModel(const ToolSpec& tool, double stock, double tolerance);

}  // namespace gougechek
