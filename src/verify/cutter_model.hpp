#pragma once
// A tool as the checker sees it: the cutting part and the shank as cores with skins
// (docs/checking-rules.md "Cutters, as Minkowski sums"). Sharp-edged shapes (flat end, sharp taper,
// shank) get an artificial skin much thinner than the tolerance: the rounded shape lies inside the
// sharp one and within 0.415·skin of it, so depths are underestimated by less than
// docs/checking-rules.md's ε, while a cutter resting on a floor stays in the exact, cheap "cores
// apart" regime.
#include <optional>

#include "convex/frustum_core.hpp"
#include "gougechek/tool.hpp"

namespace gougechek {

struct CutterModel {
  FrustumCore cutting;               ///< flutes, grown by the stock to leave
  std::optional<FrustumCore> shank;  ///< non-cutting cylinder above the flutes, if checked
  bool natural_skin = false;  ///< ball, bull, cornered taper: exact depths, severe on core contact
  double radius = 0;          ///< R for "severe" (flat) and buried depths
  /// How far the artificial skin moves a sharp part's outline in at its sharpest rim: the most
  /// a depth measured with it reads short.
  double skin_loss = 0;
};

CutterModel makeCutterModel(const ToolSpec& tool, double stock, double tolerance);

}  // namespace gougechek
