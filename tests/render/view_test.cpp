// view(): what a picture of known geometry must show where, pixel by pixel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "render/canvas.hpp"
#include "render/render.hpp"
#include "render/test_meshes.hpp"

namespace gougechek::render {
namespace {

// No legend, triad or scale bar: the whole picture is the scene.
RenderOptions bare() {
  RenderOptions options;
  options.axes = options.scale_bar = options.legend = false;
  return options;
}

// The pixel containing the projection of `p`.
std::array<int, 2> pixelOf(const Projection& projection, const Vec3& p) {
  const auto [x, y] = projection.pixel(p);
  return {static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y))};
}

Rgb at(const Image& image, const Projection& projection, const Vec3& p) {
  const auto [x, y] = pixelOf(projection, p);
  return image.rgb(x, y);
}

int brightness(Rgb c) {
  return c.r + c.g + c.b;
}

TEST(View, TopViewOfABoxFillsItsOutlineWithOneColourAndNothingElse) {
  const Mesh part = box({-20, -10, 0}, {20, 10, 10});
  const Camera camera = viewOf(ViewKind::Top, bounds(part));
  const Image image = view(part, {}, {}, camera, bare());
  const Projection projection = projectionOf(camera, bare());
  ASSERT_EQ(image.width, 800);
  ASSERT_EQ(image.height, 600);
  const auto [left, top] = projection.pixel({-20, 10, 10});
  const auto [right, bottom] = projection.pixel({20, -10, 10});
  // The outline fits the picture: 40 mm across at the scale the camera chose.
  EXPECT_NEAR(right - left, 40 * projection.px_per_mm, 1e-6);
  EXPECT_GT(right - left, 600);
  const Rgb face = at(image, projection, {0, 0, 10});
  EXPECT_NE(face, kBackground);
  int inside = 0, outside = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      const double cx = x + 0.5, cy = y + 0.5;
      if (cx > left + 1 && cx < right - 1 && cy > top + 1 && cy < bottom - 1) {
        ++inside;
        ASSERT_EQ(image.rgb(x, y), face) << x << "," << y;
      } else if (cx < left - 1 || cx > right + 1 || cy < top - 1 || cy > bottom + 1) {
        ++outside;
        ASSERT_EQ(image.rgb(x, y), kBackground) << x << "," << y;
      }
    }
  }
  EXPECT_GT(inside, 100000);
  EXPECT_GT(outside, 100000);
}

TEST(View, AMeshFinerThanThePixelsLeavesNoHoles) {
  // 320,000 triangles of a wavy height field, most of them covering no pixel centre: each
  // pixel centre is still covered by one of them.
  constexpr int kCells = 400;
  Mesh field;
  for (int j = 0; j <= kCells; ++j)
    for (int i = 0; i <= kCells; ++i)
      field.vertices.push_back({i * 0.25, j * 0.25, std::sin(i * 0.05) * std::cos(j * 0.07)});
  const auto index = [](int i, int j) { return static_cast<std::uint32_t>(j * (kCells + 1) + i); };
  for (int j = 0; j < kCells; ++j) {
    for (int i = 0; i < kCells; ++i) {
      field.triangles.push_back({index(i, j), index(i + 1, j), index(i + 1, j + 1)});
      field.triangles.push_back({index(i, j), index(i + 1, j + 1), index(i, j + 1)});
    }
  }
  for (ViewKind kind : {ViewKind::Top, ViewKind::Iso}) {
    const Camera camera = viewOf(kind, bounds(field));
    const Projection projection = projectionOf(camera, bare());
    const Image image = view(field, {}, {}, camera, bare());
    // Along the lines from corner to corner and across the middle, inside the outline.
    for (double t = 0.01; t < 0.99; t += 0.001) {
      for (const Vec3& p : {Vec3{100 * t, 100 * t, 0}, Vec3{100 * t, 100 * (1 - t), 0},
                            Vec3{100 * t, 50, 0}, Vec3{50, 100 * t, 0}}) {
        const Vec3 on{p.x, p.y, std::sin(p.x * 0.2) * std::cos(p.y * 0.28)};
        ASSERT_NE(at(image, projection, on), kBackground) << p.x << "," << p.y;
      }
    }
  }
}

TEST(View, TriangleColoursTintEachTriangleTheirOwnAndMustBeOneATriangle) {
  // Two boxes side by side, one green and one blue (the excess map's colours): each top shows
  // its own hue, shaded as the part's tint would be.
  Mesh part = box({-20, -10, 0}, {-1, 10, 10});
  const Mesh right = box({1, -10, 0}, {20, 10, 10});
  const auto offset = static_cast<std::uint32_t>(part.vertices.size());
  for (const Vec3& v : right.vertices) part.vertices.push_back(v);
  for (const Triangle& t : right.triangles)
    part.triangles.push_back({t[0] + offset, t[1] + offset, t[2] + offset});
  std::vector<Rgb> colours(part.triangles.size(), Rgb{65, 171, 93});
  std::fill(colours.begin() + static_cast<long>(right.triangles.size()), colours.end(),
            Rgb{33, 113, 181});
  RenderOptions options = bare();
  options.triangle_colours = colours;
  const Camera camera = viewOf(ViewKind::Top, bounds(part));
  const Image image = view(part, {}, {}, camera, options);
  const Projection projection = projectionOf(camera, options);
  const Rgb green = at(image, projection, {-10, 0, 10});
  const Rgb blue = at(image, projection, {10, 0, 10});
  EXPECT_GT(green.g, green.r);
  EXPECT_GT(green.g, green.b);
  EXPECT_GT(blue.b, blue.r);
  EXPECT_GT(blue.b, blue.g);
  EXPECT_EQ(at(image, projection, {0, 0, 10}), kBackground);  // the gap between them
  colours.pop_back();
  options.triangle_colours = colours;
  EXPECT_THROW(view(part, {}, {}, camera, options), std::invalid_argument);
}

TEST(View, IsoViewLightsTheTopBrightestAndTellsTheSidesApart) {
  const Mesh cube = box({0, 0, 0}, {20, 20, 20});
  const Camera camera = viewOf(ViewKind::Iso, bounds(cube));
  const Image image = view(cube, {}, {}, camera, bare());
  const Projection projection = projectionOf(camera, bare());
  const Rgb top = at(image, projection, {10, 10, 20});
  const Rgb front = at(image, projection, {10, 0, 10});  // −Y, left in the picture
  const Rgb side = at(image, projection, {20, 10, 10});  // +X, right
  for (Rgb face : {top, front, side}) EXPECT_NE(face, kBackground);
  EXPECT_GT(brightness(top), brightness(front) + 30);
  EXPECT_GT(brightness(top), brightness(side) + 30);
  EXPECT_GT(std::abs(brightness(front) - brightness(side)), 30);
  // The left side is lit from the upper left, the right one is in its shade.
  EXPECT_GT(brightness(front), brightness(side));
}

TEST(View, TheDepthBufferHidesABoxBehindAnotherWhateverTheOrder) {
  // Front view: looking along +Y, larger y is farther. The small box is turned so that its
  // faces shade apart from the big box's: seen, it would show.
  const Vec3 big_lo{-20, 0, 0}, big_hi{20, 10, 20};
  const Vec3 small_lo{-5, 15, 5}, small_hi{5, 25, 15};
  const Camera camera = viewOf(ViewKind::Front, {Vec3{-20, -25, 0}, Vec3{20, 25, 20}});
  const Image alone = view(box(big_lo, big_hi), {}, {}, camera, bare());

  Mesh behind_last = box(big_lo, big_hi);
  addBox(behind_last, small_lo, small_hi, 0.5);
  Mesh behind_first;
  addBox(behind_first, small_lo, small_hi, 0.5);
  addBox(behind_first, big_lo, big_hi);
  EXPECT_EQ(view(behind_last, {}, {}, camera, bare()).rgba, alone.rgba);
  EXPECT_EQ(view(behind_first, {}, {}, camera, bare()).rgba, alone.rgba);

  // The same box in front shows, drawn first or last.
  const Vec3 front_lo{-5, -25, 5}, front_hi{5, -15, 15};
  Mesh front_last = box(big_lo, big_hi);
  addBox(front_last, front_lo, front_hi, 0.5);
  Mesh front_first;
  addBox(front_first, front_lo, front_hi, 0.5);
  addBox(front_first, big_lo, big_hi);
  const Projection projection = projectionOf(camera, bare());
  const Rgb big_face = at(alone, projection, {0, 0, 10});
  for (const Mesh* mesh : {&front_last, &front_first}) {
    const Image image = view(*mesh, {}, {}, camera, bare());
    const Rgb seen = at(image, projection, {0, -20, 10});
    EXPECT_NE(seen, big_face);
    EXPECT_NE(seen, kBackground);
  }
}

TEST(View, BackFacesOfAnOpenSurfaceShowInTheirOwnTint) {
  const Camera camera = viewOf(ViewKind::Top, {Vec3{-10, -10, 0}, Vec3{10, 10, 0}});
  const Projection projection = projectionOf(camera, bare());
  const Rgb up = at(view(square({-10, -10, 0}, {10, 10, 0}, 0, true), {}, {}, camera, bare()),
                    projection, {0, 0, 0});
  const Rgb down = at(view(square({-10, -10, 0}, {10, 10, 0}, 0, false), {}, {}, camera, bare()),
                      projection, {0, 0, 0});
  EXPECT_NE(up, kBackground);
  EXPECT_NE(down, kBackground);
  EXPECT_GT(up.b, up.r);      // the outside: cool grey
  EXPECT_GT(down.r, down.b);  // the inside: warm
}

TEST(View, AMarkerIsADiscOfItsDepthColourAtItsPixel) {
  const Camera camera = around({0, 0, 0}, 10, ViewKind::Top);
  RenderOptions options = bare();
  options.depth_scale = {0.1};
  const std::vector<Marker> markers{{{3, 2, 5}, 0.05, false}, {{-4, -3, 0}, 0.01, true}};
  const Image image = view({}, {}, markers, camera, options);
  const Projection projection = projectionOf(camera, options);
  EXPECT_EQ(at(image, projection, {3, 2, 5}), options.depth_scale.colour(0.05));
  EXPECT_EQ(at(image, projection, {-4, -3, 0}), options.depth_scale.colour(0.01, true));
  const auto [x, y] = pixelOf(projection, {3, 2, 5});
  const int r = options.marker_radius;
  EXPECT_EQ(image.rgb(x + r, y), kInkColour);  // the outline
  EXPECT_EQ(image.rgb(x - r, y), kInkColour);
  EXPECT_EQ(image.rgb(x, y + r + 2), kBackground);
  EXPECT_EQ(image.rgb(x + r + 2, y), kBackground);
}

TEST(View, AMarkerShowsThroughThePartHidingIt) {
  const Mesh part = box({-10, -10, 0}, {10, 10, 10});
  const Camera camera = viewOf(ViewKind::Top, bounds(part));
  const std::vector<Marker> markers{{{2, 1, -5}, 0.3, false}};
  RenderOptions options = bare();
  options.depth_scale = {0.5};
  const Image image = view(part, {}, markers, camera, options);
  EXPECT_EQ(at(image, projectionOf(camera, options), {2, 1, -5}), options.depth_scale.colour(0.3));
}

TEST(View, ARapidIsDashedAndAFeedIsSolid) {
  const Camera camera = around({0, 0, 0}, 20, ViewKind::Top);
  const Projection projection = projectionOf(camera, bare());
  const std::vector<PathSegment> path{{{-15, 0, 0}, {15, 0, 0}, true},
                                      {{-15, 5, 0}, {15, 5, 0}, false}};
  const Image image = view({}, path, {}, camera, bare());
  const auto count = [&](double y_mm) {
    const auto [x0, y] = pixelOf(projection, {-15, y_mm, 0});
    const auto [x1, unused] = pixelOf(projection, {15, y_mm, 0});
    int background = 0, drawn = 0, longest_gap = 0, gap = 0;
    for (int x = x0; x <= x1; ++x) {
      const bool empty = image.rgb(x, y) == kBackground;
      background += empty;
      drawn += !empty;
      gap = empty ? gap + 1 : 0;
      longest_gap = std::max(longest_gap, gap);
    }
    return std::array<int, 3>{background, drawn, longest_gap};
  };
  const auto [rapid_gaps, rapid_drawn, rapid_longest_gap] = count(0);
  EXPECT_GT(rapid_drawn, 200);
  EXPECT_GT(rapid_gaps, 100);
  EXPECT_GE(rapid_longest_gap, 4);
  const auto [feed_gaps, feed_drawn, unused] = count(5);
  EXPECT_EQ(feed_gaps, 0);
  EXPECT_GT(feed_drawn, 400);
  EXPECT_EQ(at(image, projection, {0, 5, 0}), kFeedColour);
}

TEST(View, APathOnTheSurfaceShowsAndOneHalfAMillimetreUnderItDoesNot) {
  const Mesh part = box({-10, -10, 0}, {10, 10, 10});
  const Camera camera = around({0, 0, 10}, 20, ViewKind::Top);
  const Projection projection = projectionOf(camera, bare());
  ASSERT_GT(projection.px_per_mm, 10);  // half a millimetre is several pixels of depth bias
  const std::vector<PathSegment> path{{{-5, 3, 10}, {5, 3, 10}, false},
                                      {{-5, -3, 9.5}, {5, -3, 9.5}, false}};
  const Image image = view(part, path, {}, camera, bare());
  const Image without = view(part, {}, {}, camera, bare());
  EXPECT_EQ(at(image, projection, {0, 3, 10}), kFeedColour);
  EXPECT_EQ(at(image, projection, {0, -3, 9.5}), at(without, projection, {0, -3, 9.5}));
}

TEST(View, AZoomClipsWhatIsFarInFrontOfItsCentre) {
  // Front view: a slab far in front (y = −50) hides a small turned box at the centre unless
  // the zoom's near clip removes it.
  Mesh small;
  addBox(small, {-2, -2, -2}, {2, 2, 2}, 0.3);
  Mesh scene = small;
  addBox(scene, {-30, -52, -30}, {30, -50, 30});
  const Camera zoom = around({0, 0, 0}, 5, ViewKind::Front);
  const Image clipped = view(scene, {}, {}, zoom, bare());
  EXPECT_EQ(clipped.rgba, view(small, {}, {}, zoom, bare()).rgba);

  Camera unclipped = zoom;
  unclipped.near_clip = std::numeric_limits<double>::infinity();
  const Projection projection = projectionOf(zoom, bare());
  const Rgb small_face = at(clipped, projection, {0.5, 0, 0.5});
  EXPECT_NE(small_face, kBackground);
  EXPECT_NE(at(view(scene, {}, {}, unclipped, bare()), projection, {0.5, 0, 0.5}), small_face);
}

TEST(View, TheCutterIsDrawnWithItsProfileAtItsTip) {
  const Camera camera = around({0, 0, 4}, 8, ViewKind::Front);
  const Projection projection = projectionOf(camera, bare());
  RenderOptions options = bare();
  ToolSpec ball{.type = CutterType::Ball, .diameter = 6, .corner_radius = 3, .flute_length = 12};
  ToolSpec flat{.type = CutterType::Flat, .diameter = 6, .flute_length = 12};
  options.cutter = CutterPose{ball, {0, 0, 0}};
  const Image ball_image = view({}, {}, {}, camera, options);
  options.cutter = CutterPose{flat, {0, 0, 0}};
  const Image flat_image = view({}, {}, {}, camera, options);
  for (const Image* image : {&ball_image, &flat_image}) {
    EXPECT_NE(at(*image, projection, {0, 0, 3}), kBackground);
    EXPECT_EQ(at(*image, projection, {0, 0, -0.3}), kBackground);  // below the tip
    EXPECT_EQ(at(*image, projection, {3.5, 0, 6}), kBackground);   // beside it
    // Across the shank: the silhouette is the diameter wide, outlined at its edges.
    const auto [x_centre, y] = pixelOf(projection, {0, 0, 6});
    int first = image->width, last = -1;
    for (int x = 0; x < image->width; ++x) {
      if (image->rgb(x, y) == kBackground) continue;
      first = std::min(first, x);
      last = std::max(last, x);
    }
    EXPECT_NEAR(last - first + 1, 6 * projection.px_per_mm, 2.5);
    EXPECT_EQ(image->rgb(first, y), kCutterEdgeColour);
    EXPECT_EQ(image->rgb(last, y), kCutterEdgeColour);
  }
  // Near the tip's rim the flat end mill is there and the ball is not.
  EXPECT_NE(at(flat_image, projection, {2.5, 0, 0.2}), kBackground);
  EXPECT_EQ(at(ball_image, projection, {2.5, 0, 0.2}), kBackground);
}

TEST(View, TheSameInputsGiveTheSamePicture) {
  Mesh part = box({-20, -10, 0}, {20, 10, 10});
  addBox(part, {-5, -5, 10}, {5, 5, 15}, 0.4);
  const std::vector<PathSegment> path{{{-30, 0, 20}, {0, 0, 15}, true},
                                      {{0, 0, 15}, {10, 0, 15}, false}};
  const std::vector<Marker> markers{{{0, 0, 15}, 0.02, false}};
  RenderOptions options;
  options.cutter =
      CutterPose{{.type = CutterType::Bull, .diameter = 8, .corner_radius = 1}, {10, 0, 15}};
  const Camera camera = viewOf(ViewKind::Iso, bounds(part));
  EXPECT_EQ(view(part, path, markers, camera, options).rgba,
            view(part, path, markers, camera, options).rgba);
}

TEST(View, WhatCannotBeDrawnIsRefused) {
  const Mesh part = box({0, 0, 0}, {1, 1, 1});
  Camera camera = viewOf(ViewKind::Top, bounds(part));
  RenderOptions options = bare();
  EXPECT_NO_THROW(view(part, {}, {}, camera, options));

  Camera along = camera;
  along.up = camera.direction * 2;
  EXPECT_THROW(view(part, {}, {}, along, options), std::invalid_argument);
  Camera flat = camera;
  flat.half_height = 0;
  EXPECT_THROW(view(part, {}, {}, flat, options), std::invalid_argument);
  Camera lost = camera;
  lost.centre.x = std::nan("");
  EXPECT_THROW(view(part, {}, {}, lost, options), std::invalid_argument);

  RenderOptions tiny = options;
  tiny.width = 10;
  EXPECT_THROW(view(part, {}, {}, camera, tiny), std::invalid_argument);
  RenderOptions dotless = options;
  dotless.marker_radius = 0;
  EXPECT_THROW(view(part, {}, {}, camera, dotless), std::invalid_argument);
  RenderOptions unscaled = options;
  unscaled.depth_scale.max_depth = 0;
  EXPECT_THROW(view(part, {}, {}, camera, unscaled), std::invalid_argument);

  Mesh broken = part;
  broken.triangles.push_back({0, 1, 8});
  EXPECT_THROW(view(broken, {}, {}, camera, options), std::invalid_argument);
  const std::vector<Marker> nowhere{{{std::nan(""), 0, 0}, 0.1, false}};
  EXPECT_THROW(view(part, {}, nowhere, camera, options), std::invalid_argument);
  const std::vector<Marker> unmeasured{{{0, 0, 0}, std::nan(""), false}};
  EXPECT_THROW(view(part, {}, unmeasured, camera, options), std::invalid_argument);
  const std::vector<PathSegment> endless{{{0, 0, 0}, {INFINITY, 0, 0}, false}};
  EXPECT_THROW(view(part, endless, {}, camera, options), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek::render

namespace gougechek::render {
namespace {

TEST(ZoomOn, LooksFromASideThatSeesThePoint) {
  // A floor, and a block beside the point on its +X side: the iso view (from +X−Y) looks at
  // the point through the block; the next iso view, from −X−Y, sees it.
  Mesh part = box({-30, -30, -5}, {30, 30, 0});
  addBox(part, {2, -30, 0}, {30, 30, 20});
  const Vec3 point{0, 0, 3};
  const Camera camera = zoomOn(part, point, 5);
  EXPECT_EQ(camera.direction, (Vec3{1, 1, -1}));
  EXPECT_EQ(camera.up, (Vec3{0, 0, 1}));
  EXPECT_EQ(camera.centre, point);
  EXPECT_EQ(camera.half_width, 5);
  EXPECT_EQ(camera.near_clip, 10);

  // Walls on every side but above: the top view.
  Mesh well = box({-30, -30, -5}, {30, 30, 0});
  addBox(well, {2, -30, 0}, {30, 30, 20});
  addBox(well, {-30, -30, 0}, {-2, 30, 20});
  addBox(well, {-2, 2, 0}, {2, 30, 20});
  addBox(well, {-2, -30, 0}, {2, -2, 20});
  EXPECT_EQ(zoomOn(well, point, 5).direction, (Vec3{0, 0, -1}));

  // In the open, and buried (nothing sees it): the iso view.
  EXPECT_EQ(zoomOn(box({-30, -30, -5}, {30, 30, 0}), point, 5).direction,
            around(point, 5, ViewKind::Iso).direction);
  EXPECT_EQ(zoomOn(box({-30, -30, -5}, {30, 30, 10}), point, 5).direction,
            around(point, 5, ViewKind::Iso).direction);
  // A point on the surface is not hidden by the surface it is on.
  EXPECT_EQ(zoomOn(part, {0, 0, 0}, 5).direction, (Vec3{1, 1, -1}));
}

TEST(ZoomOn, GivenTheCuttersRadiusLooksForItsRimToo) {
  // A 6 mm cutter 0.02 mm into a low wall on its +X side: the iso view sees its tip over the
  // wall, but not where its rim meets the wall; the view from −X−Y sees both.
  Mesh part = box({-30, -30, -5}, {30, 30, 0});
  addBox(part, {3, -30, 0}, {30, 30, 6.5});
  const Vec3 tip{0, 0, 5};
  EXPECT_EQ(zoomOn(part, tip, 8).direction, around(tip, 8, ViewKind::Iso).direction);
  EXPECT_EQ(zoomOn(part, tip, 8, 3.02).direction, (Vec3{1, 1, -1}));
  EXPECT_THROW(zoomOn(part, tip, 8, -1), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek::render
