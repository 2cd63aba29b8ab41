// CutterModel: a part per piece of toolAssembly(tool), and for the four cutter types with their
// shank exactly the cores the checker used before assemblies (the formulas below are that
// checker's, kept here as the reference), so existing results do not move by a bit.
#include "verify/cutter_model.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace gougechek {
namespace {

// The model before assemblies: flutes and an optional shank, one skin for both.
struct OldModel {
  FrustumCore cutting;
  std::optional<FrustumCore> shank;
  bool natural_skin = false;
  double radius = 0;
  double skin_loss = 0;
};

FrustumCore oldShrunkFrustum(double z0, double z1, double r0, double tan_a, double skin) {
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

double oldRimLoss(double angle) {
  return 1 / std::sin(angle / 2) - 1;
}

double oldSkin(double tolerance, double sharpest_rim) {
  const double right_angle = std::numbers::pi / 2;
  return std::max(0.2 * tolerance, 1e-4) * oldRimLoss(right_angle) /
         oldRimLoss(std::min(sharpest_rim, right_angle));
}

OldModel oldModel(const ToolSpec& tool, double stock, double tolerance) {
  const double radius = tool.diameter / 2, corner = tool.corner_radius;
  const double flute = tool.flute_length;
  double sharpest_rim = std::numbers::pi / 2;
  if (tool.type == CutterType::Taper && corner == 0) {
    const double taper = std::abs(tool.taper_angle_deg) * std::numbers::pi / 180;
    sharpest_rim -= taper;
    if (taper > 0 && radius < oldSkin(tolerance, sharpest_rim))
      sharpest_rim = std::min(sharpest_rim, 2 * taper);
  }
  const double skin = oldSkin(tolerance, sharpest_rim);
  OldModel model;
  model.radius = radius;
  model.skin_loss = oldRimLoss(std::min(sharpest_rim, std::numbers::pi / 2)) * skin;
  switch (tool.type) {
    case CutterType::Ball:
    case CutterType::Bull:
      model.natural_skin = true;
      model.cutting = {corner, std::max(flute, corner), radius - corner, radius - corner, corner};
      break;
    case CutterType::Flat:
      model.cutting = oldShrunkFrustum(0, std::max(flute, 2 * skin), radius, 0, skin);
      break;
    case CutterType::Taper: {
      const double tan_a = std::tan(tool.taper_angle_deg * std::numbers::pi / 180);
      const double tip = radius - corner;
      if (corner > 0) {
        model.natural_skin = true;
        const double top = std::max(flute, corner);
        model.cutting = {corner, top, tip, tip + (top - corner) * tan_a, corner};
      } else {
        model.cutting = oldShrunkFrustum(0, std::max(flute, 2 * skin), tip, tan_a, skin);
      }
      model.radius = model.cutting.outerRadius();
      break;
    }
    case CutterType::Chamfer:
    case CutterType::Drill:
    case CutterType::Lollipop:
    case CutterType::Dovetail:
      ADD_FAILURE() << "the old model knew ball, flat, bull and taper cutters only";
      break;
  }
  model.cutting.margin += stock;
  if (tool.overall_length > flute)
    model.shank = oldShrunkFrustum(flute, tool.overall_length, tool.shank_diameter / 2, 0, skin);
  return model;
}

ToolSpec spec(CutterType type, double diameter, double corner, double angle, double flute,
              double shank, double length) {
  return {type, diameter, corner, angle, flute, shank, length};
}

// Cores compared field by field, bitwise (EXPECT_EQ on doubles): within `slack` where the old
// formula took the taper's slope from its angle and the model takes it from the piece's radii.
void expectSameCore(const FrustumCore& model, const FrustumCore& old, double slack) {
  const double values[][2] = {{model.z_bottom, old.z_bottom},
                              {model.z_top, old.z_top},
                              {model.radius_bottom, old.radius_bottom},
                              {model.radius_top, old.radius_top},
                              {model.margin, old.margin}};
  for (const auto& [a, b] : values) {
    if (slack == 0)
      EXPECT_EQ(a, b);
    else
      EXPECT_NEAR(a, b, slack);
  }
}

TEST(CutterModel, TheFourTypesAndTheirShankAreTheCoresOfBefore) {
  const ToolSpec tools[] = {
      spec(CutterType::Ball, 6, 3, 0, 24, 6, 0),
      spec(CutterType::Ball, 6, 3, 0, 30, 6, 80),
      spec(CutterType::Ball, 0.3, 0.15, 0, 2, 3, 40),
      spec(CutterType::Bull, 8, 1, 0, 25, 8, 0),
      spec(CutterType::Bull, 10, 0.7, 0, 20, 9.5, 75),
      spec(CutterType::Bull, 5.3, 0.3, 0, 7, 5, 33),
      spec(CutterType::Flat, 6, 0, 0, 20, 6, 0),
      spec(CutterType::Flat, 4, 0, 0, 25, 4, 60),
      spec(CutterType::Flat, 1.7, 0, 0, 0.001, 3, 50),
      spec(CutterType::Taper, 4, 1, 5, 16, 8, 0),
      spec(CutterType::Taper, 2, 0.5, 7.5, 12, 6, 50),
  };
  for (const double tolerance : {0.01, 0.002, 0.05}) {
    for (const double stock : {0.0, 0.25}) {
      for (const ToolSpec& tool : tools) {
        SCOPED_TRACE(std::string(cutterTypeName(tool.type)) + " D" + std::to_string(tool.diameter) +
                     " length " + std::to_string(tool.overall_length) + " tolerance " +
                     std::to_string(tolerance) + " stock " + std::to_string(stock));
        const OldModel old = oldModel(tool, stock, tolerance);
        const CutterModel model = makeCutterModel(tool, stock, tolerance);
        ASSERT_EQ(model.sections.size(), old.shank ? 2u : 1u);
        const CutterSection& cutting = model.sections[0];
        EXPECT_TRUE(cutting.cutting);
        EXPECT_EQ(cutting.segment, 0u);
        expectSameCore(cutting.core, old.cutting, 0);
        EXPECT_EQ(cutting.natural_skin, old.natural_skin);
        // R: the same length, computed as the piece's outer radius.
        EXPECT_NEAR(cutting.radius, old.radius, 1e-12);
        EXPECT_EQ(cutting.skin_loss, old.natural_skin ? 0.0 : old.skin_loss);
        EXPECT_EQ(model.cuttingRadius(), old.cutting.outerRadius());
        if (old.shank) {
          const CutterSection& shank = model.sections[1];
          EXPECT_FALSE(shank.cutting);
          EXPECT_FALSE(shank.natural_skin);
          EXPECT_EQ(shank.segment, 1u);
          expectSameCore(shank.core, *old.shank, 0);
          EXPECT_EQ(shank.radius, old.shank->outerRadius());
          EXPECT_EQ(shank.skin_loss, old.skin_loss);
        }
      }
    }
  }
}

// A sharp taper: the old model took the slope from the angle, the model from the piece's two
// radii, which agree to rounding.
TEST(CutterModel, SharpTapersAgreeWithBeforeToRounding) {
  for (const ToolSpec& tool :
       {spec(CutterType::Taper, 1, 0, 10, 15, 6, 40),
        spec(CutterType::Taper, 0.001, 0, 30, 5, 6, 0),
        spec(CutterType::Taper, 3, 0, 45, 4, 12, 30), spec(CutterType::Taper, 2, 0, 1, 10, 3, 0)}) {
    SCOPED_TRACE(tool.taper_angle_deg);
    const OldModel old = oldModel(tool, 0, 0.01);
    const CutterModel model = makeCutterModel(tool, 0, 0.01);
    ASSERT_EQ(model.sections.size(), old.shank ? 2u : 1u);
    expectSameCore(model.sections[0].core, old.cutting, 1e-12);
    EXPECT_NEAR(model.sections[0].radius, old.radius, 1e-12);
    EXPECT_NEAR(model.sections[0].skin_loss, old.skin_loss, 1e-15);
    if (old.shank) expectSameCore(model.sections[1].core, *old.shank, 1e-12);
  }
}

ToolSpec withHolder() {
  ToolSpec tool = spec(CutterType::Ball, 6, 3, 0, 20, 6, 40);
  tool.holder = {{"holder: nut", false, 40, 60, 25, 25, 0},
                 {"holder: cone", false, 60, 90, 20, 28, 0},
                 {"holder: flange", false, 90, 106, 31.5, 31.5, 1}};
  tool.holder_name = "ER32";
  return tool;
}

TEST(CutterModel, AHolderAddsAPartPerPieceAndLeavesTheCutterAsItWas) {
  const ToolSpec tool = withHolder();
  ToolSpec bare = tool;
  bare.holder.clear();
  const CutterModel model = makeCutterModel(tool, 0.1, 0.01);
  const CutterModel alone = makeCutterModel(bare, 0.1, 0.01);
  ASSERT_EQ(model.sections.size(), 5u);
  for (std::size_t i = 0; i < 2; ++i)
    expectSameCore(model.sections[i].core, alone.sections[i].core, 0);
  for (std::size_t i = 0; i < model.sections.size(); ++i) {
    EXPECT_EQ(model.sections[i].segment, i);
    EXPECT_EQ(model.sections[i].cutting, i == 0);
  }
  // Only cutting pieces grow by the stock.
  EXPECT_EQ(model.sections[0].core.margin, 3 + 0.1);
  // The nut: a sharp cylinder shrunk by the right-angle skin (0.2 · tolerance).
  const FrustumCore& nut = model.sections[2].core;
  EXPECT_DOUBLE_EQ(nut.margin, 0.002);
  EXPECT_DOUBLE_EQ(nut.z_bottom, 40.002);
  EXPECT_DOUBLE_EQ(nut.z_top, 59.998);
  EXPECT_DOUBLE_EQ(nut.radius_bottom, 25 - 0.002);
  EXPECT_DOUBLE_EQ(model.sections[2].radius, 25);
  // The cone's top rim is sharper than a right angle: a thinner skin, no larger loss.
  const CutterSection& cone = model.sections[3];
  EXPECT_LT(cone.core.margin, 0.002);
  EXPECT_NEAR(cone.skin_loss, model.sections[2].skin_loss, 1e-12);
  EXPECT_GT(cone.core.radius_top, cone.core.radius_bottom);
  EXPECT_LT(cone.core.radius_top + cone.core.margin, 28 + 1e-12);
  // The flange is rounded: its own core and skin, exact depths.
  const CutterSection& flange = model.sections[4];
  EXPECT_TRUE(flange.natural_skin);
  EXPECT_EQ(flange.core, (FrustumCore{90, 106, 31.5, 31.5, 1}));
  EXPECT_EQ(flange.radius, 32.5);
  EXPECT_EQ(flange.skin_loss, 0);
  EXPECT_EQ(model.cuttingRadius(), 3.1);
}

// A cone narrowing upwards to a point: the shrunk core ends where its flank meets the axis, so
// core ⊕ skin stays inside the cone.
TEST(CutterModel, ACoreOfAConeNarrowingToAPointStaysInside) {
  ToolSpec tool = spec(CutterType::Flat, 6, 0, 0, 10, 6, 0);
  tool.holder = {{"point", false, 10, 20, 5, 0, 0}};
  const CutterModel model = makeCutterModel(tool, 0, 0.01);
  ASSERT_EQ(model.sections.size(), 2u);
  const FrustumCore& core = model.sections[1].core;
  EXPECT_NEAR(core.radius_top, 0, 1e-12);
  // The core's top, on the axis a height h below the apex, lies h·sin A from the flank: at
  // least the skin.
  const double slope = 5.0 / 10;  // radius lost per mm of height
  const double cos_a = 1 / std::sqrt(1 + slope * slope);
  EXPECT_GE((20 - core.z_top) * slope * cos_a + 1e-12, core.margin);
  EXPECT_GT(core.z_top, core.z_bottom);
}

}  // namespace
}  // namespace gougechek
