#include "verify/cutter_model.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace gougechek {
namespace {

// A sharp frustum profile (bottom radius r0 at z0, slope tan_a, up to z1) shrunk inward by
// `skin`: bottom raised by skin, flank moved in by skin/cos A. A point tip rises to where the
// shrunk flank meets the axis.
FrustumCore shrunkFrustum(double z0, double z1, double r0, double tan_a, double skin) {
  const double cos_a = 1 / std::sqrt(1 + tan_a * tan_a);
  auto radius_at = [&](double z) { return r0 + (z - z0) * tan_a - skin / cos_a; };
  FrustumCore core;
  core.z_bottom = z0 + skin;
  core.z_top = std::max(z1 - skin, core.z_bottom);
  if (radius_at(core.z_bottom) < 0 && tan_a > 0)
    core.z_bottom = std::min(z0 + (skin / cos_a - r0) / tan_a, core.z_top);
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

}  // namespace

CutterModel makeCutterModel(const ToolSpec& tool, double stock, double tolerance) {
  const double radius = tool.diameter / 2, corner = tool.corner_radius;
  const double flute = tool.flute_length;
  // A sharp taper's flank meets its top at 90° − A; a tip narrower than the skin is a point, a
  // cone of 2A. (Other rims are right angles or blunter.)
  double sharpest_rim = std::numbers::pi / 2;
  if (tool.type == CutterType::Taper && corner == 0) {
    const double taper = std::abs(tool.taper_angle_deg) * std::numbers::pi / 180;
    sharpest_rim -= taper;
    if (taper > 0 && radius < sharpEdgeSkin(tolerance, sharpest_rim))
      sharpest_rim = std::min(sharpest_rim, 2 * taper);
  }
  const double skin = sharpEdgeSkin(tolerance, sharpest_rim);
  CutterModel model;
  model.radius = radius;
  model.skin_loss = rimLoss(std::min(sharpest_rim, std::numbers::pi / 2)) * skin;
  switch (tool.type) {
    case CutterType::Ball:
    case CutterType::Bull:
      model.natural_skin = true;
      model.cutting = {corner, std::max(flute, corner), radius - corner, radius - corner, corner};
      break;
    case CutterType::Flat:
      model.cutting = shrunkFrustum(0, std::max(flute, 2 * skin), radius, 0, skin);
      break;
    case CutterType::Taper: {
      const double tan_a = std::tan(tool.taper_angle_deg * std::numbers::pi / 180);
      const double tip = radius - corner;  // radius of the corner's centre circle
      if (corner > 0) {
        model.natural_skin = true;
        const double top = std::max(flute, corner);
        model.cutting = {corner, top, tip, tip + (top - corner) * tan_a, corner};
      } else {
        model.cutting = shrunkFrustum(0, std::max(flute, 2 * skin), tip, tan_a, skin);
      }
      model.radius = model.cutting.outerRadius();
      break;
    }
    case CutterType::Chamfer:
    case CutterType::Drill:
    case CutterType::Lollipop:
    case CutterType::Dovetail:
      // Placeholder until the checker takes every piece of toolAssembly() (branch assembly).
      throw std::invalid_argument(
          std::string(cutterTypeName(tool.type)).append(" cutters are read but not checked yet"));
  }
  model.cutting.margin += stock;
  if (tool.overall_length > flute) {
    model.shank = shrunkFrustum(flute, tool.overall_length, tool.shank_diameter / 2, 0, skin);
  }
  return model;
}

}  // namespace gougechek
