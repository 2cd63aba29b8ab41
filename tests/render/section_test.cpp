// section(): the material a plane cuts from the part, and what the cutter takes of it.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "render/canvas.hpp"
#include "render/render.hpp"
#include "render/test_meshes.hpp"

namespace gougechek::render {
namespace {

RenderOptions bare() {
  RenderOptions options;
  options.axes = options.scale_bar = options.legend = false;
  return options;
}

std::array<int, 2> pixelOf(const Projection& projection, const Vec3& p) {
  const auto [x, y] = projection.pixel(p);
  return {static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y))};
}

Rgb at(const Image& image, const Projection& projection, const Vec3& p) {
  const auto [x, y] = pixelOf(projection, p);
  return image.rgb(x, y);
}

// The plane y = 0 seen from −Y, as the front view sees it: X right, Z up.
const Plane kFrontPlane{{0, 0, 0}, {0, -1, 0}};

TEST(Section, ABoxCutThroughItsMiddleIsARectangleOfItsSize) {
  const Mesh part = box({-20, -5, -3}, {20, 5, 3});
  const Camera camera = sectionView(kFrontPlane, 25);
  const Image image = section(part, kFrontPlane, {}, camera, bare());
  const Projection projection = projectionOf(camera, bare());
  const auto [left, top] = projection.pixel({-20, 0, 3});
  const auto [right, bottom] = projection.pixel({20, 0, -3});
  ASSERT_NEAR(right - left, 40 * projection.px_per_mm, 1e-6);  // X to the right
  ASSERT_NEAR(bottom - top, 6 * projection.px_per_mm, 1e-6);   // Z up
  int inside = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const double cx = x + 0.5, cy = y + 0.5;
      const Rgb pixel = image.rgb(x, y);
      if (cx > left + 2 && cx < right - 2 && cy > top + 2 && cy < bottom - 2) {
        ++inside;
        ASSERT_TRUE(pixel == kHatchColour || pixel == kSectionFill) << x << "," << y;
      } else if (cx < left - 2 || cx > right + 2 || cy < top - 2 || cy > bottom + 2) {
        ASSERT_EQ(pixel, kBackground) << x << "," << y;
      }
    }
  }
  EXPECT_NEAR(inside, (right - left - 4) * (bottom - top - 4), right - left + bottom - top);
  // Its outline is drawn on the edges.
  EXPECT_EQ(at(image, projection, {0, 0, 3}), kInkColour);
  EXPECT_EQ(at(image, projection, {-20, 0, 0}), kInkColour);
}

TEST(Section, ACutThroughAnOpenSurfaceIsOutlinedNotFilled) {
  // A sloping sheet, z = x: its cut is one line, which encloses nothing. Beside it a box,
  // lower: the rows through both cuts do not balance and are not filled; the rows below the
  // sheet cross the box alone and are.
  Mesh part;
  part.vertices = {{-10, -10, -10}, {10, -10, 10}, {10, 10, 10}, {-10, 10, -10}};
  part.triangles = {{0, 1, 2}, {0, 2, 3}};
  addBox(part, {12, -5, -15}, {18, 5, 5});
  const Camera camera = sectionView(kFrontPlane, 20);
  const Image image = section(part, kFrontPlane, {}, camera, bare());
  const Projection projection = projectionOf(camera, bare());
  for (const Vec3& edge : {Vec3{0, 0, 0}, Vec3{12, 0, 0}, Vec3{18, 0, 0}})
    EXPECT_EQ(at(image, projection, edge), kInkColour) << edge.x << "," << edge.z;
  for (const Vec3& empty : {Vec3{-5, 0, 0}, Vec3{5, 0, 0}, Vec3{11, 0, 0}, Vec3{15, 0, 0}})
    EXPECT_EQ(at(image, projection, empty), kBackground) << empty.x << "," << empty.z;
  const Rgb below = at(image, projection, {15, 0, -12.5});
  EXPECT_TRUE(below == kHatchColour || below == kSectionFill);
}

TEST(Section, WhatTheCutterTakesOfTheMaterialIsRed) {
  // The part's top at z = 0; a 6 mm ball end mill 1 mm into it.
  const Mesh part = box({-20, -5, -6}, {20, 5, 0});
  RenderOptions options = bare();
  options.cutter =
      CutterPose{{.type = CutterType::Ball, .diameter = 6, .corner_radius = 3, .flute_length = 12},
                 {0, 0, -1}};
  const std::vector<Marker> markers{{{0, 0, -1}, 1.0, false}};
  options.depth_scale = depthScaleFor(markers);
  const Camera camera = sectionView(kFrontPlane, 8);
  const Image image = section(part, kFrontPlane, markers, camera, options);
  const Projection projection = projectionOf(camera, options);
  const Rgb cutter_only = Canvas::mix(kBackground, kCutterColour, 0.45);
  EXPECT_EQ(at(image, projection, {1.5, 0, -0.5}), kCutMaterialColour);  // in both
  EXPECT_EQ(at(image, projection, {1.5, 0, 2}), cutter_only);            // above the part
  EXPECT_EQ(at(image, projection, {3.5, 0, 2}), kBackground);            // beside the ball
  const Rgb below = at(image, projection, {1.5, 0, -3});                 // the part alone
  EXPECT_TRUE(below == kHatchColour || below == kSectionFill);
  // The ball's rim: at 1.5 mm from its axis and 0.1 mm above its tip there is no ball.
  EXPECT_NE(at(image, projection, {2.5, 0, -0.9}), kCutMaterialColour);
  // The marker, with its depth written to its right.
  EXPECT_EQ(at(image, projection, {0, 0, -1}), options.depth_scale.colour(1.0));
  const auto [x, y] = pixelOf(projection, {0, 0, -1});
  int label = 0;
  for (int dy = -8; dy <= 8; ++dy)
    for (int dx = options.marker_radius + 2; dx < options.marker_radius + 60; ++dx)
      label += image.rgb(x + dx, y + dy) == kInkColour;
  EXPECT_GT(label, 20);
}

// The raw stock (issue 23) behind the part: its own colours where the part is not, orange
// where the cutter is in it; the part's material and what the cutter takes of it as without.
TEST(Section, TheStockShowsAroundThePartAndTheCutterInItIsOrange) {
  const Mesh part = box({-20, -5, -6}, {20, 5, 0});
  const Mesh stock = box({-30, -10, -6}, {30, 10, 3});  // 3 mm over the part's top
  RenderOptions options = bare();
  options.cutter =
      CutterPose{{.type = CutterType::Ball, .diameter = 6, .corner_radius = 3, .flute_length = 12},
                 {0, 0, -1}};
  const Camera camera = sectionView(kFrontPlane, 35);
  const Image image = section(part, kFrontPlane, {}, camera, options, &stock);
  const Projection projection = projectionOf(camera, options);
  const auto isStock = [](Rgb c) { return c == kStockFill || c == kStockHatch; };
  const auto isPart = [](Rgb c) { return c == kSectionFill || c == kHatchColour; };
  EXPECT_TRUE(isStock(at(image, projection, {-25, 0, -2})));             // beside the part
  EXPECT_TRUE(isStock(at(image, projection, {-10, 0, 1.5})));            // over it
  EXPECT_TRUE(isPart(at(image, projection, {-10, 0, -2})));              // the part over the stock
  EXPECT_EQ(at(image, projection, {1.5, 0, 1.5}), kStockCutColour);      // the cutter in the stock
  EXPECT_EQ(at(image, projection, {0.5, 0, -0.5}), kCutMaterialColour);  // in the part
  EXPECT_EQ(at(image, projection, {0, 0, 6}), Canvas::mix(kBackground, kCutterColour, 0.45));
  EXPECT_EQ(at(image, projection, {-30, 0, -1}), kStockEdgeColour);  // its outline
  // Without the stock, the picture is the part's alone, pixel for pixel as before.
  const Image alone = section(part, kFrontPlane, {}, camera, options);
  EXPECT_EQ(at(alone, projection, {-25, 0, -2}), kBackground);
  EXPECT_EQ(alone.rgba, section(part, kFrontPlane, {}, camera, options, nullptr).rgba);
}

TEST(Section, APlaneMissingThePartShowsNothingOfIt) {
  const Mesh part = box({-20, -5, -3}, {20, 5, 3});
  const Plane plane{{0, 10, 0}, {0, -1, 0}};
  const Image image = section(part, plane, {}, sectionView(plane, 25), bare());
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
    ASSERT_EQ((Rgb{image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]}), kBackground);
  }
}

}  // namespace
}  // namespace gougechek::render
