// The HTML report's 3D view: the scene within its budgets and error bounds, the block's data
// decoded back to the scene, the markup well-formed and offline, and a demo page for browsers.
#include "report/viewer3d.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "io/part_reader.hpp"
#include "report/excess_pictures.hpp"
#include "report/markup_checker.hpp"

namespace gougechek::report {
namespace {

std::vector<std::uint8_t> decodeBase64(const std::string& text) {
  std::vector<std::uint8_t> out;
  unsigned group = 0;
  int bits = 0;
  for (char c : text) {
    int value = -1;
    if (c >= 'A' && c <= 'Z') value = c - 'A';
    if (c >= 'a' && c <= 'z') value = c - 'a' + 26;
    if (c >= '0' && c <= '9') value = c - '0' + 52;
    if (c == '+') value = 62;
    if (c == '/') value = 63;
    if (value < 0) continue;  // '=' padding
    group = group << 6 | static_cast<unsigned>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<std::uint8_t>(group >> bits));
    }
  }
  return out;
}

template <typename T>
std::vector<T> decodeArray(const std::string& text) {
  const std::vector<std::uint8_t> bytes = decodeBase64(text);
  EXPECT_EQ(bytes.size() % sizeof(T), 0u);
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));  // little-endian, as x86
  return out;
}

// The closest point of triangle abc to p (Ericson, Real-Time Collision Detection, 5.1.5).
Vec3 closestOnTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const Vec3 bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
  const Vec3 cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0)
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const double denominator = 1 / (va + vb + vc);
  return a + ab * (vb * denominator) + ac * (vc * denominator);
}

double distanceToMesh(const Vec3& p, const Mesh& mesh) {
  double best = std::numeric_limits<double>::infinity();
  for (const Triangle& t : mesh.triangles) {
    const Vec3 d =
        p - closestOnTriangle(p, mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]);
    best = std::min(best, dot(d, d));
  }
  return std::sqrt(best);
}

double distanceToPath(const Vec3& p, const std::vector<render::PathSegment>& path, bool rapid) {
  double best = std::numeric_limits<double>::infinity();
  for (const render::PathSegment& s : path) {
    if (s.rapid != rapid) continue;
    const Vec3 ab = s.to - s.from;
    const double t = std::clamp(dot(p - s.from, ab) / std::max(dot(ab, ab), 1e-300), 0.0, 1.0);
    const Vec3 d = p - (s.from + ab * t);
    best = std::min(best, std::sqrt(dot(d, d)));
  }
  return best;
}

// A raster finish over `bounds`: rows of short collinear feeds (as an arc or a straight line
// split into pieces) following a gentle wave, joined by rapids up, over and down.
std::vector<render::PathSegment> rasterPath(const std::array<Vec3, 2>& bounds, int rows,
                                            int pieces) {
  std::vector<render::PathSegment> path;
  const Vec3 lo = bounds[0], hi = bounds[1];
  const double top = hi.z + 2, safe = hi.z + 10;
  for (int row = 0; row < rows; ++row) {
    const double y = lo.y + (hi.y - lo.y) * row / (rows - 1);
    const auto at = [&](int i) {
      const double x = lo.x + (hi.x - lo.x) * i / pieces;
      return Vec3{x, y, top + 0.5 * std::sin(x * 0.2)};
    };
    const Vec3 start = at(0);
    if (!path.empty()) {
      const Vec3 end = path.back().to;
      path.push_back({end, {end.x, end.y, safe}, true});
      path.push_back({{end.x, end.y, safe}, {start.x, start.y, safe}, true});
      path.push_back({{start.x, start.y, safe}, start, true});
    }
    for (int i = 0; i < pieces; ++i) path.push_back({at(i), at(i + 1), false});
  }
  return path;
}

std::vector<Violation> violationsAlong(const std::vector<render::PathSegment>& path, int count) {
  std::vector<Violation> out;
  for (int i = 0; i < count; ++i) {
    Violation v;
    v.at = path[(static_cast<std::size_t>(i) * 7919) % path.size()].to;
    v.depth = 0.002 * (i % 40);
    v.severe = i % 13 == 0;
    out.push_back(v);
  }
  return out;
}

// A pixel of a 1000-pixel view of the whole of `mesh`: mm.
double pixel(const Mesh& mesh) {
  const auto [lo, hi] = bounds(mesh);
  return 1e-3 * std::sqrt(dot(hi - lo, hi - lo));
}

std::string block(const Viewer3dScene& scene) {
  std::ostringstream out;
  writeViewer3d(scene, out);
  return out.str();
}

nlohmann::json dataOf(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"gc3d-data\">";
  const std::size_t begin = html.find(open);
  EXPECT_NE(begin, std::string::npos);
  const std::size_t end = html.find("</script>", begin);
  return nlohmann::json::parse(html.substr(begin + open.size(), end - begin - open.size()));
}

// The samples' mold (53k triangles) as readPart reads an STL part; the public readPart lives in
// the shared gougechek::core, which the tests of internals do not link.
Mesh sampleMold() {
  return importStlPart(std::string(GOUGECHEK_SOURCE_DIR) + "/samples/mold.stl", 1).mesh;
}

TEST(Viewer3d, MoldDecimatedWithinTheBudgetAndItsErrorBound) {
  const Mesh mold = sampleMold();
  const Viewer3dBudget budget{.triangles = 8000, .segments = 2000, .part_error = 0.01};
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 40, 400);
  const Viewer3dScene scene = viewerScene(mold, path, {}, budget);

  EXPECT_EQ(scene.source_triangles, mold.triangles.size());
  EXPECT_LE(scene.part.triangles.size(), budget.triangles);
  EXPECT_GT(scene.part.triangles.size(), budget.triangles / 2);  // not decimated beyond need
  // meshoptimizer's error only estimates the deviation (measured on this mold: up to 6 times
  // it at small errors), so the view is held to what it shows: every 50th vertex of the
  // original part lies within a pixel of a 1000-pixel view of the whole part.
  ASSERT_GT(scene.part_error, 0);
  double worst = 0;
  for (std::size_t i = 0; i < mold.vertices.size(); i += 50)
    worst = std::max(worst, distanceToMesh(mold.vertices[i], scene.part));
  std::cout << "mold at " << scene.part.triangles.size() << " triangles: estimated error "
            << scene.part_error << " mm, measured " << worst << " mm\n";
  EXPECT_LE(worst, pixel(mold));

  EXPECT_EQ(scene.source_segments, path.size());
  EXPECT_LE(scene.path.size(), budget.segments);
  for (std::size_t i = 0; i < path.size(); i += 17)
    EXPECT_LE(distanceToPath(path[i].to, scene.path, path[i].rapid), scene.path_error + 1e-9);
}

TEST(Viewer3d, PartWithinTheBudgetLosesOnlyWithinTheErrorLimit) {
  const Mesh mold = sampleMold();
  const Viewer3dScene scene = viewerScene(mold, {}, {}, {.triangles = 60000, .part_error = 0.005});
  EXPECT_LT(scene.part.triangles.size(), mold.triangles.size());
  EXPECT_LE(scene.part_error, 0.005);
  for (std::size_t i = 0; i < mold.vertices.size(); i += 50)
    EXPECT_LE(distanceToMesh(mold.vertices[i], scene.part), pixel(mold));
  const Viewer3dScene kept = viewerScene(mold, {}, {}, {.triangles = 60000, .part_error = 0});
  EXPECT_EQ(kept.part.triangles.size(), mold.triangles.size());
}

TEST(Viewer3d, DataDecodesToTheScene) {
  const Mesh mold = sampleMold();
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 12, 60);
  const std::vector<Violation> violations = violationsAlong(path, 300);
  const Viewer3dScene scene = viewerScene(mold, path, violations);
  const nlohmann::json data = dataOf(block(scene));

  const Vec3 lo{data["min"][0], data["min"][1], data["min"][2]};
  const Vec3 size{data["size"][0], data["size"][1], data["size"][2]};
  const auto decoded = [&](const std::vector<std::uint16_t>& q, std::size_t i) {
    return Vec3{lo.x + q[3 * i] / 65535.0 * size.x, lo.y + q[3 * i + 1] / 65535.0 * size.y,
                lo.z + q[3 * i + 2] / 65535.0 * size.z};
  };
  // Half a quantisation step of the largest side, and float rounding of the box.
  const double step = std::max({size.x, size.y, size.z}) / 65535 * 0.5 + 1e-6;
  const auto near = [step](const Vec3& a, const Vec3& b) {
    return std::abs(a.x - b.x) <= step && std::abs(a.y - b.y) <= step &&
           std::abs(a.z - b.z) <= step;
  };

  const auto vertices = decodeArray<std::uint16_t>(data["vertices"]);
  ASSERT_EQ(vertices.size(), scene.part.vertices.size() * 3);
  for (std::size_t i = 0; i < scene.part.vertices.size(); ++i)
    ASSERT_TRUE(near(decoded(vertices, i), scene.part.vertices[i])) << i;
  ASSERT_FALSE(data["index32"].get<bool>());
  const auto triangles = decodeArray<std::uint16_t>(data["triangles"]);
  ASSERT_EQ(triangles.size(), scene.part.triangles.size() * 3);
  for (std::size_t t = 0; t < scene.part.triangles.size(); ++t)
    for (std::size_t k = 0; k < 3; ++k) ASSERT_EQ(triangles[3 * t + k], scene.part.triangles[t][k]);

  // The path: runs of points, each run's count shifted left by one over its rapid bit.
  const auto points = decodeArray<std::uint16_t>(data["path"]);
  const auto runs = decodeArray<std::uint32_t>(data["runs"]);
  std::vector<render::PathSegment> segments;
  std::size_t first = 0;
  for (std::uint32_t run : runs) {
    for (std::size_t i = first; i + 1 < first + (run >> 1); ++i)
      segments.push_back({decoded(points, i), decoded(points, i + 1), (run & 1) != 0});
    first += run >> 1;
  }
  EXPECT_EQ(first * 3, points.size());
  ASSERT_EQ(segments.size(), scene.path.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    EXPECT_TRUE(near(segments[i].from, scene.path[i].from) &&
                near(segments[i].to, scene.path[i].to))
        << i;
    EXPECT_EQ(segments[i].rapid, scene.path[i].rapid) << i;
  }

  const auto markers = decodeArray<std::uint16_t>(data["markers"]);
  const auto colours = decodeArray<std::uint8_t>(data["marker_colours"]);
  const auto depths = decodeArray<float>(data["marker_depths"]);
  const auto palette = decodeArray<std::uint8_t>(data["palette"]);
  ASSERT_EQ(markers.size(), violations.size() * 3);
  ASSERT_EQ(colours.size(), violations.size());
  ASSERT_EQ(palette.size(), 256u * 3);
  EXPECT_TRUE(data["marker_indices"].is_null());  // marker i is violation i
  for (std::size_t i = 0; i < violations.size(); ++i) {
    EXPECT_TRUE(near(decoded(markers, i), violations[i].at)) << i;
    EXPECT_EQ(depths[i], static_cast<float>(violations[i].depth));
    // The marker's colour is the pictures' colour of its depth, to a 1/254 step of the scale.
    const render::Rgb expected =
        scene.depth_scale.colour(violations[i].depth, violations[i].severe);
    const std::uint8_t* rgb = &palette[3 * colours[i]];
    EXPECT_NEAR(rgb[0], expected.r, 2) << i;
    EXPECT_NEAR(rgb[1], expected.g, 2) << i;
    EXPECT_NEAR(rgb[2], expected.b, 2) << i;
  }
}

// The raw stock (issue 23) in the data as given, its blocks of the script with it; without a
// stock neither, so that such a page is the same as before there was one.
TEST(Viewer3d, StockDecodesToTheSceneAndIsAbsentWithoutOne) {
  const Mesh mold = sampleMold();
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 5, 10);
  Viewer3dScene scene = viewerScene(mold, path, violationsAlong(path, 20));
  const std::string without = block(scene);
  EXPECT_EQ(without.find("gc3d-stock"), std::string::npos);
  EXPECT_EQ(without.find("Stock after"), std::string::npos);
  EXPECT_FALSE(dataOf(without).contains("stock"));
  EXPECT_EQ(viewer3dScript(true, true), viewer3dSource());
  EXPECT_NE(viewer3dSource().find("stock:begin"), std::string_view::npos);
  EXPECT_EQ(viewer3dScript(false).find("stock"), std::string_view::npos);
  EXPECT_EQ(viewer3dScript(false).find("excess"), std::string_view::npos);
  EXPECT_EQ(viewer3dScript(false).find("layers:"), std::string_view::npos);
  EXPECT_EQ(viewer3dScript(true).find("excess"), std::string_view::npos);
  // The blocks take their lines whole: no blank line left doubled where one was.
  EXPECT_EQ(viewer3dScript(false).find("\n\n\n"), std::string_view::npos);
  EXPECT_NE(without.find(viewer3dScript(false)), std::string::npos);

  // A block around the mold, wider than it: the data's box grows to hold it.
  const auto [lo, hi] = bounds(mold);
  for (double x : {lo.x - 5, hi.x + 5})
    for (double y : {lo.y - 5, hi.y + 5})
      for (double z : {lo.z, hi.z + 3}) scene.stock.vertices.push_back({x, y, z});
  scene.stock.triangles = {{0, 2, 6}, {0, 6, 4}, {1, 5, 7}, {1, 7, 3}, {0, 1, 3}, {0, 3, 2},
                           {4, 6, 7}, {4, 7, 5}, {0, 4, 5}, {0, 5, 1}, {2, 3, 7}, {2, 7, 6}};
  scene.stock_spacing = 0.4;
  const std::string html = block(scene);
  const nlohmann::json data = dataOf(html);
  ASSERT_TRUE(data.contains("stock"));
  const Vec3 min{data["min"][0], data["min"][1], data["min"][2]};
  const Vec3 size{data["size"][0], data["size"][1], data["size"][2]};
  EXPECT_NEAR(min.x, lo.x - 5, 1e-6);
  EXPECT_NEAR(min.x + size.x, hi.x + 5, 1e-3);
  const auto vertices = decodeArray<std::uint16_t>(data["stock"]["vertices"]);
  ASSERT_EQ(vertices.size(), 24u);
  for (std::size_t i = 0; i < 8; ++i) {
    const Vec3 at{min.x + vertices[3 * i] / 65535.0 * size.x,
                  min.y + vertices[3 * i + 1] / 65535.0 * size.y,
                  min.z + vertices[3 * i + 2] / 65535.0 * size.z};
    EXPECT_LT(norm(at - scene.stock.vertices[i]), 1e-3) << i;
  }
  EXPECT_FALSE(data["stock"]["index32"].get<bool>());
  const auto triangles = decodeArray<std::uint16_t>(data["stock"]["triangles"]);
  ASSERT_EQ(triangles.size(), 36u);
  for (std::size_t t = 0; t < 12; ++t)
    for (std::size_t k = 0; k < 3; ++k)
      EXPECT_EQ(triangles[3 * t + k], scene.stock.triangles[t][k]);
  EXPECT_EQ(data["stock"]["spacing"].get<double>(), 0.4);
  EXPECT_EQ(data["stock"]["colour"].size(), 3u);
  EXPECT_NE(html.find("id=\"gc3d-stock\""), std::string::npos);
  EXPECT_NE(html.find(viewer3dScript(true)), std::string::npos);
  EXPECT_NE(html.find("Stock after the program: 12 triangles"), std::string::npos);
  std::string markup = html;
  markup.erase(markup.find(viewer3dScript(true)), viewer3dScript(true).size());
  EXPECT_EQ(test::markupProblem(markup, {"input"}), "");
}

// The excess map (issue 24): the part's in-tolerance colour and each band's layer in the data,
// decimated within its budget, with a checkbox; the script's excess blocks with it and not the
// stock's.
TEST(Viewer3d, ExcessLayersDecodeToTheirBandsAndAreAbsentWithoutThem) {
  const Mesh mold = sampleMold();
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 5, 10);
  Viewer3dScene scene = viewerScene(mold, path, violationsAlong(path, 20));
  EXPECT_FALSE(dataOf(block(scene)).contains("excess"));
  // Every other triangle in band 2, the rest in tolerance: one layer, of band 2's colour.
  std::vector<std::int8_t> bands(mold.triangles.size(), 0);
  for (std::size_t t = 0; t < bands.size(); t += 2) bands[t] = 2;
  Viewer3dBudget budget;
  budget.excess_triangles = 1000;
  scene.excess = excessLayers(mold, bands, budget);
  scene.excess_base = excessColour(0);
  ASSERT_EQ(scene.excess.size(), 1u);
  EXPECT_EQ(scene.excess[0].colour, excessColour(2));
  EXPECT_LE(scene.excess[0].mesh.triangles.size(), 1000u);
  EXPECT_GT(scene.excess[0].mesh.triangles.size(), 0u);
  const std::string html = block(scene);
  const nlohmann::json data = dataOf(html);
  ASSERT_TRUE(data.contains("excess"));
  EXPECT_EQ(data["excess"]["base"][1].get<int>(), excessColour(0).g);
  ASSERT_EQ(data["excess"]["layers"].size(), 1u);
  EXPECT_EQ(decodeArray<std::uint16_t>(data["excess"]["layers"][0]["triangles"]).size(),
            3 * scene.excess[0].mesh.triangles.size());
  EXPECT_NE(html.find("id=\"gc3d-excess\""), std::string::npos);
  EXPECT_NE(html.find(viewer3dScript(false, true)), std::string::npos);
  EXPECT_EQ(viewer3dScript(false, true).find("stock"), std::string_view::npos);
  EXPECT_NE(viewer3dScript(false, true).find("excess:begin"), std::string_view::npos);
}

TEST(Viewer3d, BlockIsWellFormedAndOffline) {
  const Mesh mold = sampleMold();
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 5, 10);
  std::string html = block(viewerScene(mold, path, violationsAlong(path, 20)));
  EXPECT_EQ(html.find("http://"), std::string::npos);
  EXPECT_EQ(html.find("https://"), std::string::npos);
  // The script ends at the first "</script" whatever its case; markup_checker does not know
  // script text, so it checks the block with the script taken out.
  const std::string_view script = viewer3dScript();
  std::string lower(script);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  EXPECT_EQ(lower.find("</script"), std::string::npos);
  const std::size_t at = html.find(script);
  ASSERT_NE(at, std::string::npos);
  html.erase(at, script.size());
  EXPECT_EQ(test::markupProblem(html), "");
}

TEST(Viewer3d, RefusesZeroBudgets) {
  EXPECT_THROW(viewerScene({}, {}, {}, {.triangles = 0}), std::invalid_argument);
  EXPECT_THROW(viewerScene({}, {}, {}, {.segments = 0}), std::invalid_argument);
  const Viewer3dScene empty = viewerScene({}, {}, {});
  EXPECT_EQ(
      test::markupProblem(std::string(block(empty))
                              .erase(block(empty).find(viewer3dScript()), viewer3dScript().size())),
      "");
}

// A height field of 2 × 1000² triangles: the size and the time of the block for a large part.
TEST(Viewer3d, LargePartWithinTheBudget) {
  Mesh field;
  constexpr int n = 1001;
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double x = i * 0.2, y = j * 0.2;
      field.vertices.push_back(
          {x, y, 5 * std::sin(x * 0.05) * std::cos(y * 0.07) + 0.3 * std::sin(x)});
    }
  for (int j = 0; j + 1 < n; ++j)
    for (int i = 0; i + 1 < n; ++i) {
      const auto v = [](int a, int b) { return static_cast<std::uint32_t>(b * n + a); };
      field.triangles.push_back({v(i, j), v(i + 1, j), v(i + 1, j + 1)});
      field.triangles.push_back({v(i, j), v(i + 1, j + 1), v(i, j + 1)});
    }
  const std::vector<render::PathSegment> path = rasterPath(bounds(field), 400, 1000);
  const std::vector<Violation> violations = violationsAlong(path, 16000);
  const auto start = std::chrono::steady_clock::now();
  const Viewer3dScene scene = viewerScene(field, path, violations);
  const auto built = std::chrono::steady_clock::now();
  const std::string html = block(scene);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "scene " << std::chrono::duration<double>(built - start).count() << " s; ";
  std::cout << field.triangles.size() << " triangles, " << path.size() << " segments, "
            << violations.size() << " violations: " << scene.part.triangles.size()
            << " triangles (error " << scene.part_error << " mm), " << scene.path.size()
            << " segments (error " << scene.path_error << " mm), block " << html.size()
            << " bytes in " << seconds << " s\n";
  EXPECT_LE(scene.part.triangles.size(), Viewer3dBudget{}.triangles);
  EXPECT_LE(scene.path.size(), Viewer3dBudget{}.segments);
  // Sampled points of the field against the decimated part.
  for (std::size_t i = 0; i < field.vertices.size(); i += 20011)
    EXPECT_LE(distanceToMesh(field.vertices[i], scene.part), pixel(field)) << i;
  EXPECT_LE(html.size(), 1000000u);
}

// A whole page, the view above a table of its violations as the report links them (rows
// id="v-INDEX" with data-marker="INDEX"), for a browser to open: GOUGECHEK_VIEWER3D_DEMO names
// the file, else it goes to the test's temporary folder. For tests/html/viewer3d_check.sh, it
// sets page_check.mjs's ready flag once the view is drawn, with #marker-spot, an element that
// lets clicks through, over violation 35's marker (its row is out of view at first).
TEST(Viewer3d, WritesDemoPage) {
  const Mesh mold = sampleMold();
  const std::vector<render::PathSegment> path = rasterPath(bounds(mold), 30, 200);
  const std::vector<Violation> violations = violationsAlong(path, 40);
  const char* named = std::getenv("GOUGECHEK_VIEWER3D_DEMO");
  const std::string file = named ? named : testing::TempDir() + "viewer3d_demo.html";
  std::ostringstream page;
  page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
          "<title>gougechek 3D view</title>"
          "<script>window.gougechekReady = false;</script></head><body>\n<h1>3D view</h1>\n";
  const std::string view = block(viewerScene(mold, path, violations));
  page << view;
  page << "<table><thead><tr><th>#</th><th>depth</th><th>at</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < violations.size(); ++i)
    page << "<tr id=\"v-" << i << "\" data-marker=\"" << i << "\"><td>" << i + 1 << "</td><td>"
         << violations[i].depth << "</td><td>" << violations[i].at.x << ", " << violations[i].at.y
         << ", " << violations[i].at.z << "</td></tr>\n";
  page << "</tbody></table>\n<div style=\"height:1500px\"></div>\n"
       << "<script>(function wait() {\n"
          "  if (!window.gougechekViewerReady) return requestAnimationFrame(wait);\n"
          "  var p = window.gougechekViewer.markerPosition(35), spot = "
          "document.createElement('div');\n"
          "  spot.id = 'marker-spot';\n"
          "  spot.style.cssText = 'position:absolute;width:2px;height:2px;pointer-events:none;"
          "left:' + (p.x + scrollX - 1) + 'px;top:' + (p.y + scrollY - 1) + 'px';\n"
          "  document.body.appendChild(spot);\n"
          "  window.gougechekReady = true;\n"
          "})();</script>\n</body></html>\n";
  std::string text = page.str();
  std::ofstream(file) << text;
  std::cout << "demo page: " << file << " (view " << view.size() << " bytes)\n";
  text.erase(text.find(viewer3dScript()), viewer3dScript().size());
  const std::size_t probe = text.rfind("<script>") + 8;
  text.erase(probe, text.find("</script>", probe) - probe);
  EXPECT_EQ(test::markupProblem(text.substr(text.find("<html")), {"meta"}), "");
  EXPECT_TRUE(std::ifstream(file).good());
}

}  // namespace
}  // namespace gougechek::report
