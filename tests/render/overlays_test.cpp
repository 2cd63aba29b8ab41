// The overlays and their numbers: round lengths, the depth scale, labels, the font, the cutter
// profiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "gougechek/tool.hpp"
#include "render/canvas.hpp"
#include "render/cutter_shape.hpp"
#include "render/font.hpp"
#include "render/layout.hpp"
#include "render/render.hpp"
#include "render/test_meshes.hpp"

namespace gougechek::render {
namespace {

TEST(RoundLength, IsTheLargestOneTwoOrFiveTimesAPowerOfTenWithinTheLimit) {
  EXPECT_DOUBLE_EQ(roundLength(7.3), 5);
  EXPECT_DOUBLE_EQ(roundLength(5), 5);
  EXPECT_DOUBLE_EQ(roundLength(4.99), 2);
  EXPECT_DOUBLE_EQ(roundLength(1), 1);
  EXPECT_DOUBLE_EQ(roundLength(19.99), 10);
  EXPECT_DOUBLE_EQ(roundLength(0.034), 0.02);
  EXPECT_DOUBLE_EQ(roundLength(0.1), 0.1);
  EXPECT_DOUBLE_EQ(roundLength(999), 500);
  EXPECT_DOUBLE_EQ(roundLength(1000), 1000);
  EXPECT_THROW(roundLength(0), std::invalid_argument);
}

TEST(DepthScale, RunsFromYellowToDarkRedWithSevereMagenta) {
  const DepthScale scale{0.2};
  EXPECT_EQ(scale.colour(0), (Rgb{255, 225, 50}));
  EXPECT_EQ(scale.colour(-1), scale.colour(0));  // a rapid within clearance, not touching
  EXPECT_EQ(scale.colour(0.2), (Rgb{110, 0, 15}));
  EXPECT_EQ(scale.colour(5), scale.colour(0.2));
  EXPECT_EQ(scale.colour(0.01, true), (Rgb{220, 0, 220}));
  // Deeper is darker, step by step.
  int previous = 1000;
  for (double depth = 0; depth <= 0.2; depth += 0.01) {
    const Rgb c = scale.colour(depth);
    EXPECT_LE(c.r + c.g + c.b, previous) << depth;
    previous = c.r + c.g + c.b;
  }
}

TEST(DepthScale, FitsTheDeepestMarkerRoundedUp) {
  const std::vector<Marker> shallow{{{}, 0.018, false}, {{}, 0.004, true}};
  EXPECT_DOUBLE_EQ(depthScaleFor(shallow).max_depth, 0.02);
  const std::vector<Marker> deep{{{}, 0.212, false}};
  EXPECT_DOUBLE_EQ(depthScaleFor(deep).max_depth, 0.5);
  const std::vector<Marker> exact{{{}, 0.1, false}};
  EXPECT_DOUBLE_EQ(depthScaleFor(exact).max_depth, 0.1);
  EXPECT_DOUBLE_EQ(depthScaleFor({}).max_depth, 0.1);
  const std::vector<Marker> near_misses{{{}, -0.3, false}};
  EXPECT_DOUBLE_EQ(depthScaleFor(near_misses).max_depth, 0.1);
}

TEST(Labels, AreShortDecimals) {
  EXPECT_EQ(lengthLabel(0), "0");
  EXPECT_EQ(lengthLabel(0.05), "0.05");
  EXPECT_EQ(lengthLabel(2), "2");
  EXPECT_EQ(lengthLabel(2.5), "2.5");
  EXPECT_EQ(lengthLabel(500), "500");
  EXPECT_EQ(depthLabel(0.018), "0.018");
  EXPECT_EQ(depthLabel(0.2124), "0.212");
  EXPECT_EQ(depthLabel(1.5), "1.5");
  EXPECT_EQ(depthLabel(12.34), "12.3");
  EXPECT_EQ(depthLabel(0.00123), "0.00123");
  EXPECT_EQ(depthLabel(0), "0");
}

TEST(Font, DrawsGlyphsAndABoxForACharacterItHasNot) {
  const auto inked = [](std::string_view text) {
    Canvas canvas(40, 12, kBackground);
    drawText(canvas, 2, 2, text, kInkColour, 1);
    int count = 0;
    for (int y = 0; y < 12; ++y)
      for (int x = 0; x < 40; ++x) count += canvas[canvas.index(x, y)] == kInkColour;
    return count;
  };
  EXPECT_EQ(inked("-"), 5);
  EXPECT_EQ(inked("1"), 10);
  EXPECT_EQ(inked("#"), 20);  // the box: no glyph
  EXPECT_EQ(inked("mm"), 2 * inked("m"));
  for (char c : std::string_view("0123456789.-mXYZdepthsvr()")) EXPECT_NE(inked({&c, 1}), 20) << c;
  EXPECT_EQ(textWidth("0.05", 2), (4 * 6 - 1) * 2);
}

TEST(CutterProfile, FollowsEachTypeFromTheTipUp) {
  const CutterProfile ball(
      {.type = CutterType::Ball, .diameter = 6, .corner_radius = 3, .flute_length = 12});
  EXPECT_DOUBLE_EQ(ball.radiusAt(0), 0);
  EXPECT_DOUBLE_EQ(ball.radiusAt(1.5), std::sqrt(9 - 1.5 * 1.5));
  EXPECT_DOUBLE_EQ(ball.radiusAt(3), 3);
  EXPECT_DOUBLE_EQ(ball.radiusAt(11), 3);
  EXPECT_DOUBLE_EQ(ball.radiusAt(17), 3);  // the shank, as wide as the flutes
  EXPECT_LT(ball.radiusAt(-0.01), 0);
  EXPECT_LT(ball.radiusAt(18.5), 0);  // the top drawn: flutes and one diameter more

  const CutterProfile flat({.type = CutterType::Flat,
                            .diameter = 6,
                            .flute_length = 10,
                            .shank_diameter = 4,
                            .overall_length = 40});
  EXPECT_DOUBLE_EQ(flat.radiusAt(0), 3);
  EXPECT_DOUBLE_EQ(flat.radiusAt(10), 3);
  EXPECT_DOUBLE_EQ(flat.radiusAt(10.5), 2);
  EXPECT_DOUBLE_EQ(flat.radiusAt(40), 2);
  EXPECT_LT(flat.radiusAt(40.5), 0);

  const CutterProfile bull({.type = CutterType::Bull, .diameter = 8, .corner_radius = 1});
  EXPECT_DOUBLE_EQ(bull.radiusAt(0), 3);
  EXPECT_DOUBLE_EQ(bull.radiusAt(1), 4);
  EXPECT_DOUBLE_EQ(bull.radiusAt(31), 4);  // flutes 0: 4·D, as --tool defaults them

  const double a = 10 * std::numbers::pi / 180;
  const CutterProfile sharp(
      {.type = CutterType::Taper, .diameter = 1, .taper_angle_deg = 10, .flute_length = 15});
  EXPECT_DOUBLE_EQ(sharp.radiusAt(0), 0.5);
  EXPECT_NEAR(sharp.radiusAt(10), 0.5 + 10 * std::tan(a), 1e-12);
  const CutterProfile rounded({.type = CutterType::Taper,
                               .diameter = 1,
                               .corner_radius = 0.25,
                               .taper_angle_deg = 10,
                               .flute_length = 15});
  EXPECT_DOUBLE_EQ(rounded.radiusAt(0), 0.25);
  const double arc_top = 0.25 * (1 - std::sin(a));
  EXPECT_NEAR(rounded.radiusAt(arc_top), 0.25 + 0.25 * std::cos(a), 1e-12);
  EXPECT_NEAR(rounded.radiusAt(5), 0.25 + 0.25 * std::cos(a) + (5 - arc_top) * std::tan(a), 1e-12);
}

TEST(CutterProfile, DrawsEveryPieceOfTheAssembly) {
  // A lollipop: the sphere, the narrower neck, the shank, then an ER32 nut from 40 mm up.
  const CutterProfile lollipop(
      parseToolSpec("lollipop:6,neck=3,flute=25,shank=6,length=40,holder=ER32", "--tool"));
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(0), 0);
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(3), 3);
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(5), std::sqrt(9 - 4.0));  // the sphere, wider than the neck
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(10), 1.5);                // the neck
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(30), 3);                  // the shank
  EXPECT_DOUBLE_EQ(lollipop.radiusAt(50), 25);                 // the collet nut
  EXPECT_GT(lollipop.top(), 67);                               // the chuck's body above the nut
  // The outline steps out at the neck's top and at the nut: flat faces, no slanted edge.
  const auto outline = lollipop.outline(8);
  const auto has = [&outline](double r, double z) {
    return std::find(outline.begin(), outline.end(), std::array<double, 2>{r, z}) != outline.end();
  };
  EXPECT_TRUE(has(1.5, 25));
  EXPECT_TRUE(has(3, 25));
  EXPECT_TRUE(has(3, 40));
  EXPECT_TRUE(has(25, 40));
  EXPECT_EQ(outline.back(), (std::array<double, 2>{0, lollipop.top()}));

  // A drill: the point's cone from the tip.
  const CutterProfile drill(parseToolSpec("drill:6:90,flute=20", "--tool"));
  EXPECT_DOUBLE_EQ(drill.radiusAt(1), 1);
  EXPECT_DOUBLE_EQ(drill.radiusAt(10), 3);
}

// The longest run of ink along a row in the band under the drawing: the scale bar.
struct InkRun {
  int length = 0, row = 0;
};
InkRun longestInkRun(const Image& image, int from_row) {
  InkRun best;
  for (int y = from_row; y < image.height; ++y) {
    int run = 0;
    for (int x = 0; x < image.width; ++x) {
      run = image.rgb(x, y) == kInkColour ? run + 1 : 0;
      if (run > best.length) best = {run, y};
    }
  }
  return best;
}

TEST(Overlays, TheScaleBarIsARoundLengthAtThePicturesScale) {
  const Mesh part = box({-37, -11, 0}, {37, 11, 5});
  const Camera camera = viewOf(ViewKind::Top, bounds(part));
  const RenderOptions options;
  const Image image = view(part, {}, {}, camera, options);
  const Projection projection = projectionOf(camera, options);
  const auto [unused, part_bottom] = projection.pixel({0, -11, 5});
  const InkRun bar = longestInkRun(image, static_cast<int>(part_bottom) + 2);
  ASSERT_GT(bar.length, 40);
  EXPECT_LE(bar.length, image.width / 4);
  const double mm = bar.length / projection.px_per_mm;
  EXPECT_NEAR(mm, roundLength(mm * 1.01), 1.5 / projection.px_per_mm) << mm;
  // 77 mm (the part and its margin) over the drawing's 692 px: a quarter of it is 19 mm, so
  // 10 mm.
  EXPECT_NEAR(mm, 10, 0.2);
}

TEST(Overlays, TheLegendShowsTheDepthColoursAndTheTriadTheAxes) {
  const Mesh part = box({-20, -10, 0}, {20, 10, 10});
  RenderOptions options;
  options.depth_scale = {0.05};
  const Image image = view(part, {}, {}, viewOf(ViewKind::Iso, bounds(part)), options);
  const auto present = [&](Rgb colour) {
    for (int y = 0; y < image.height; ++y)
      for (int x = image.width * 4 / 5; x < image.width; ++x)
        if (image.rgb(x, y) == colour) return true;
    return false;
  };
  EXPECT_TRUE(present(options.depth_scale.colour(0)));
  EXPECT_TRUE(present(options.depth_scale.colour(0.05)));
  EXPECT_TRUE(present(options.depth_scale.colour(0, true)));
  for (Rgb axis : {Rgb{205, 35, 35}, Rgb{30, 150, 30}, Rgb{35, 75, 215}})
    EXPECT_TRUE(present(axis));

  RenderOptions none = options;
  none.legend = none.axes = false;
  const Image plain = view(part, {}, {}, viewOf(ViewKind::Iso, bounds(part)), none);
  for (int y = 0; y < plain.height; ++y)
    for (int x = plain.width * 4 / 5; x < plain.width; ++x)
      ASSERT_NE(plain.rgb(x, y), options.depth_scale.colour(0, true));
}

}  // namespace
}  // namespace gougechek::render
