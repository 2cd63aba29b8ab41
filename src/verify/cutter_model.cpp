#include "verify/cutter_model.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace gougechek {
namespace {

// A sharp frustum profile (bottom radius r0 at z0, slope tan_a, up to z1) shrunk inward by
// `skin`: bottom raised by skin, flank moved in by skin/cos A. A point tip rises (or, on a cone
// narrowing upwards, a point top sinks) to where the shrunk flank meets the axis.
FrustumCore shrunkFrustum(double z0, double z1, double r0, double tan_a, double skin) {
  const double cos_a = 1 / std::sqrt(1 + tan_a * tan_a);
  auto radius_at = [&](double z) { return r0 + (z - z0) * tan_a - skin / cos_a; };
  FrustumCore core;
  core.z_bottom = z0 + skin;
  core.z_top = std::max(z1 - skin, core.z_bottom);
  if (radius_at(core.z_bottom) < 0 && tan_a > 0)
    core.z_bottom = std::min(z0 + (skin / cos_a - r0) / tan_a, core.z_top);
  if (radius_at(core.z_top) < 0 && tan_a < 0)
    core.z_top = std::max(z0 + (skin / cos_a - r0) / tan_a, core.z_bottom);
  core.radius_bottom = std::max(radius_at(core.z_bottom), 0.0);
  core.radius_top = std::max(radius_at(core.z_top), 0.0);
  core.margin = skin;
  return core;
}

// How far a rim of interior angle `angle` (radians) moves in when rounded by a unit skin: the
// rim's point lies 1/sin(angle/2) from the rounding sphere's centre.
double rimLoss(double angle) {
  return 1 / std::sin(angle / 2) - 1;
}

// The artificial skin for sharp edges at this tolerance: 0.2·tolerance on a right-angled rim
// (a flat cutter's), which loses 0.083·tolerance of depth there, docs/checking-rules.md's ε
// allowing 0.1·; thinner where the sharpest rim (a taper's top rim, a pointed tip) is sharper, so
// that no rim loses more.
double sharpEdgeSkin(double tolerance, double sharpest_rim) {
  const double right_angle = std::numbers::pi / 2;
  return std::max(0.2 * tolerance, 1e-4) * rimLoss(right_angle) /
         rimLoss(std::min(sharpest_rim, right_angle));
}

// The flank's slope of a sharp piece (radius change per mm of height); 0 for a disc.
double slopeOf(const ToolSegment& piece) {
  const double height = piece.z_top - piece.z_bottom;
  return height > 0 ? (piece.radius_top - piece.radius_bottom) / height : 0.0;
}

// The sharpest rim of a sharp piece: a cone's flank meets its wider end at 90° − A; an end
// narrower than the skin is a point, a cone of 2A. (Other rims are right angles or blunter.)
double sharpestRim(const ToolSegment& piece, double tolerance) {
  const double taper = std::atan(std::abs(slopeOf(piece)));
  double rim = std::numbers::pi / 2 - taper;
  const double narrow_end = std::min(piece.radius_bottom, piece.radius_top);
  if (taper > 0 && narrow_end < sharpEdgeSkin(tolerance, rim)) rim = std::min(rim, 2 * taper);
  return rim;
}

}  // namespace

double CutterModel::cuttingRadius() const {
  double radius = 0;
  for (const CutterSection& section : sections)
    if (section.cutting) radius = std::max(radius, section.core.outerRadius());
  return radius;
}

CutterModel makeCutterModel(const ToolSpec& tool, double stock, double tolerance) {
  const std::vector<ToolSegment> pieces = toolAssembly(tool);
  // One skin for the sharp cutting pieces, from the sharpest rim among them, so that the
  // flutes' depths are measured alike; a non-cutting piece takes it too, or a thinner one where
  // its own rims are sharper (a holder's cone), so adding a holder never changes the flutes.
  double cutting_rim = std::numbers::pi / 2;
  for (const ToolSegment& piece : pieces)
    if (piece.cutting && piece.rounding == 0)
      cutting_rim = std::min(cutting_rim, sharpestRim(piece, tolerance));
  CutterModel model;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const ToolSegment& piece = pieces[i];
    CutterSection section;
    section.cutting = piece.cutting;
    section.segment = i;
    if (piece.rounding > 0) {
      section.natural_skin = true;
      section.core = {piece.z_bottom, piece.z_top, piece.radius_bottom, piece.radius_top,
                      piece.rounding};
      section.radius = std::max(piece.radius_bottom, piece.radius_top) + piece.rounding;
    } else {
      const double rim =
          piece.cutting ? cutting_rim : std::min(cutting_rim, sharpestRim(piece, tolerance));
      const double skin = sharpEdgeSkin(tolerance, rim);
      // A piece shorter than two skins (a flat's stub of flute) still has a core.
      section.core = shrunkFrustum(piece.z_bottom, std::max(piece.z_top, piece.z_bottom + 2 * skin),
                                   piece.radius_bottom, slopeOf(piece), skin);
      section.radius = section.core.outerRadius();
      section.skin_loss = rimLoss(std::min(rim, std::numbers::pi / 2)) * skin;
    }
    if (section.cutting) section.core.margin += stock;
    model.sections.push_back(section);
  }
  return model;
}

}  // namespace gougechek
