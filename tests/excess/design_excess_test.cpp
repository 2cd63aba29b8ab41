// The excess over a whole design (excess/design_excess): regions of facets above the threshold,
// each with a bracket that holds the analytic maximum; what no cutter reached apart; results
// independent of the thread count; brackets checked against dense brute-force sampling.
#include "excess/design_excess.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <utility>
#include <vector>

namespace gougechek {
namespace {

FrustumCore ball(double radius) {
  return {radius, radius, 0, 0, radius};
}

// Ball R 3 passes along y at x = k·0.3, k in [-10, 20] but `skipped`, tip at z = 0, split into
// 1 mm moves from y = -3 to 3.
std::vector<CuttingSweep> rasterWithout(int skipped) {
  std::vector<CuttingSweep> sweeps;
  for (int k = -10; k <= 20; ++k) {
    if (k == skipped) continue;
    for (double y = -3; y < 3; y += 1)
      sweeps.push_back({ball(3), PathPiece::segment({k * 0.3, y, 0}, {k * 0.3, y + 1, 0}),
                        static_cast<std::uint32_t>(sweeps.size())});
  }
  return sweeps;
}

// Grid triangles of the plane z = 0 over [x0, x0 + nx·cell] × [y0, y0 + ny·cell], normal +z.
void addPlane(Mesh& mesh, double x0, double y0, int nx, int ny, double cell) {
  const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i) mesh.vertices.push_back({x0 + i * cell, y0 + j * cell, 0});
  const auto at = [&](int i, int j) { return base + static_cast<std::uint32_t>(j * (nx + 1) + i); };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      mesh.triangles.push_back({at(i, j), at(i + 1, j), at(i + 1, j + 1)});
      mesh.triangles.push_back({at(i, j), at(i + 1, j + 1), at(i, j + 1)});
    }
}

DesignExcessSettings settings(int threads) {
  DesignExcessSettings s;
  s.spacing = 0.05;
  s.threshold = 0.005;
  s.threads = threads;
  return s;
}

// Ball R 3, passes 0.6 apart where one is missing: the cusp stands 3 − √(9 − 0.3²) high.
const double kRibCusp = 3 - std::sqrt(9 - 0.09);

TEST(DesignExcess, AMissedPassIsOneRegionWithTheAnalyticCusp) {
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  const MoveTree tree(rasterWithout(4));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess design = measureDesign(mesh, {}, field, settings(0));
  ASSERT_EQ(design.regions.size(), 1U);
  EXPECT_TRUE(design.not_machined.empty());
  const ExcessPatch& rib = design.regions[0];
  EXPECT_LE(rib.bracket.lo, kRibCusp);
  EXPECT_GE(rib.bracket.hi, kRibCusp);
  EXPECT_LE(rib.bracket.hi - rib.bracket.lo, ExcessBracket::kWidth);
  EXPECT_NEAR(rib.bracket.at.x, 1.2, 0.01);
  // Every facet of the region lies where the missing pass leaves more than 0.005 mm: within
  // the 0.6 mm gap, widened by a facet.
  for (const std::uint32_t c : rib.cells)
    for (const Vec3& corner : design.shape(mesh, c).corners) {
      EXPECT_GT(corner.x, 0.9 - 0.26);
      EXPECT_LT(corner.x, 1.5 + 0.26);
    }
  // The rest is in tolerance: the 0.0037523 mm scallops of a 0.3 stepover.
  for (std::uint32_t c = 0; c < design.cells.size(); ++c) {
    if (std::find(rib.cells.begin(), rib.cells.end(), c) != rib.cells.end()) continue;
    EXPECT_LE(design.cells[c].bracket.lo, 0.005);
  }
}

TEST(DesignExcess, ACuspTheLatticeMissesIsFoundByRefinement) {
  // Passes 0.35 apart leave 3 − √(9 − 0.175²) = 0.0051085 mm; at a threshold of 0.00510 mm no
  // lattice sample is above it, so the cells across the cusps are refined (pass 2): they are
  // excess a cutter left, not cells "not machined" for having been measured twice.
  std::vector<CuttingSweep> sweeps;
  for (int k = -10; k <= 20; ++k)
    for (double y = -3; y < 3; y += 1)
      sweeps.push_back({ball(3), PathPiece::segment({k * 0.35, y, 0}, {k * 0.35, y + 1, 0}),
                        static_cast<std::uint32_t>(sweeps.size())});
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  const MoveTree tree(sweeps);
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  DesignExcessSettings s = settings(0);
  s.threshold = 0.00510;
  const DesignExcess design = measureDesign(mesh, {}, field, s);
  const double cusp = 3 - std::sqrt(9 - 0.175 * 0.175);
  EXPECT_TRUE(design.not_machined.empty());
  ASSERT_FALSE(design.regions.empty());
  for (const ExcessPatch& region : design.regions) {
    EXPECT_LE(region.bracket.lo, cusp);
    EXPECT_GE(region.bracket.hi, cusp);
    EXPECT_LE(region.bracket.hi - region.bracket.lo, ExcessBracket::kWidth);
  }
}

TEST(DesignExcess, WhatNoCutterReachesIsNotMachined) {
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  addPlane(mesh, 20, 0, 4, 4, 0.5);  // far beside every pass: rays reach the cap at z = 5
  const MoveTree tree(rasterWithout(100));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess design = measureDesign(mesh, {}, field, settings(0));
  EXPECT_TRUE(design.regions.empty());
  ASSERT_EQ(design.not_machined.size(), 1U);
  const ExcessPatch& plate = design.not_machined[0];
  EXPECT_EQ(plate.facets, 32U);
  EXPECT_NEAR(plate.area, 4, 1e-9);
  EXPECT_DOUBLE_EQ(plate.bracket.lo, 5);
  EXPECT_EQ(plate.bracket.sweep, -1);
}

TEST(DesignExcess, AFacetReachedInPartIsSplitIntoCells) {
  // Two triangles of 10 × 4 mm; the passes end at x = 6, so the ball reaches the plane's rays up
  // to x = 9 (a 3 mm wall of excess past the last pass) and none beyond: that 1 mm strip is not
  // machined, not the whole facet (cells of 1 mm: the strip and at most one column of cells).
  Mesh mesh;
  mesh.vertices = {{0, -2, 0}, {10, -2, 0}, {10, 2, 0}, {0, 2, 0}};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
  const MoveTree tree(rasterWithout(100));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess design = measureDesign(mesh, {}, field, settings(0));
  ASSERT_EQ(design.not_machined.size(), 1U);
  EXPECT_GE(design.not_machined[0].area, 4 - 1e-9);
  EXPECT_LE(design.not_machined[0].area, 8 + 1e-9);
  EXPECT_EQ(design.not_machined[0].facets, 2U);
  ASSERT_EQ(design.regions.size(), 1U);
  for (const std::uint32_t c : design.regions[0].cells)
    for (const Vec3& corner : design.shape(mesh, c).corners) EXPECT_GE(corner.x, 5 - 1e-9);
  // Its largest excess lies past the last pass, short of the strip: 3 − √(9 − (x − 6)²) there.
  const ExcessBracket& left = design.regions[0].bracket;
  EXPECT_GT(left.at.x, 6);
  EXPECT_LT(left.at.x, 9);
  const double dx = left.at.x - 6;
  EXPECT_NEAR(left.lo, 3 - std::sqrt(9 - dx * dx), 1e-5);
  EXPECT_LE(left.hi - left.lo, ExcessBracket::kWidth);
}

TEST(DesignExcess, RegionsNeverCrossExactFaces) {
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  // The left and right halves of the plane are two faces: the rib region crosses x = 1.25.
  std::vector<std::uint32_t> face(mesh.triangles.size());
  for (std::size_t t = 0; t < face.size(); ++t)
    face[t] = mesh.vertices[mesh.triangles[t][0]].x < 1.25 - 1e-9 ? 0 : 1;
  const MoveTree tree(rasterWithout(4));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess design = measureDesign(mesh, face, field, settings(0));
  ASSERT_EQ(design.regions.size(), 2U);
  EXPECT_NE(design.regions[0].face, design.regions[1].face);
  for (const ExcessPatch& region : design.regions)
    for (const std::uint32_t c : region.cells) EXPECT_EQ(face[design.cells[c].facet], *region.face);
}

TEST(DesignExcess, TheThreadCountChangesNothing) {
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  const MoveTree tree(rasterWithout(4));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess one = measureDesign(mesh, {}, field, settings(1));
  const DesignExcess two = measureDesign(mesh, {}, field, settings(2));
  ASSERT_EQ(one.cells.size(), two.cells.size());
  for (std::size_t c = 0; c < one.cells.size(); ++c) {
    EXPECT_EQ(one.cells[c].bracket.lo, two.cells[c].bracket.lo);
    EXPECT_EQ(one.cells[c].bracket.hi, two.cells[c].bracket.hi);
    EXPECT_EQ(one.cells[c].bracket.samples, two.cells[c].bracket.samples);
  }
  EXPECT_EQ(one.samples, two.samples);
}

TEST(DesignExcess, BracketsHoldEveryDenseSample) {
  // Brute force: sample each facet of the rib region 10 times finer than the lattice; no sample
  // exceeds the region's hi, and lo is a proven sample's.
  Mesh mesh;
  addPlane(mesh, -1, -2, 16, 16, 0.25);
  const MoveTree tree(rasterWithout(4));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  const DesignExcess design = measureDesign(mesh, {}, field, settings(0));
  ASSERT_EQ(design.regions.size(), 1U);
  const ExcessPatch& rib = design.regions[0];
  double densest = 0;
  for (const std::uint32_t cell : rib.cells) {
    const auto [a, b, c] = design.shape(mesh, cell).corners;
    constexpr int n = 50;  // 0.005 mm on a 0.25 mm cell
    for (int i = 0; i <= n; ++i)
      for (int j = 0; i + j <= n; ++j) {
        const Vec3 p = a + (b - a) * (double(i) / n) + (c - a) * (double(j) / n);
        const SampleExcess e = field.at(p, {0, 0, 1});
        EXPECT_LE(e.lo, rib.bracket.hi);
        densest = std::max(densest, e.lo);
      }
  }
  EXPECT_GE(field.at(rib.bracket.at, {0, 0, 1}).hi, rib.bracket.lo);
  EXPECT_GE(rib.bracket.lo + 1e-5, densest);  // the regions are refined to 1e-5 mm
}

// Flat end mill R 0.5 (a 1 µm skin) passes along y at x = k·0.5, k in [-4, 16], 1 mm moves from
// y = -3 to 3, the tip at `low` for x below `step`, else at `high`.
std::vector<CuttingSweep> flatRaster(double low, double high, double step) {
  constexpr double skin = 1e-3;
  const FrustumCore flat{skin, 20, 0.5 - skin, 0.5 - skin, skin};
  std::vector<CuttingSweep> sweeps;
  for (int k = -4; k <= 16; ++k) {
    const double x = k * 0.5, z = x < step ? low : high;
    for (double y = -3; y < 3; y += 1)
      sweeps.push_back({flat, PathPiece::segment({x, y, z}, {x, y + 1, z}),
                        static_cast<std::uint32_t>(sweeps.size())});
  }
  return sweeps;
}

// The square plane z = 0 over [0, side] × [-1, 1] as two facets.
Mesh plane(double side) {
  Mesh mesh;
  mesh.vertices = {{0, -1, 0}, {side, -1, 0}, {side, 1, 0}, {0, 1, 0}};
  mesh.triangles = {{0, 1, 2}, {0, 2, 3}};
  return mesh;
}

// `mesh` against `sweeps`: spacing 0.1, threshold 0.01, cells of at most 1 mm.
DesignExcess measureFlatRaster(const Mesh& mesh, std::vector<CuttingSweep> sweeps, int threads) {
  const MoveTree tree(std::move(sweeps));
  const ExcessField field(tree, {{-50, -50, -50}, {50, 50, 5}});
  DesignExcessSettings s;
  s.spacing = 0.1;
  s.threshold = 0.01;
  s.region_size = 1;
  s.threads = threads;
  return measureDesign(mesh, {}, field, s);
}

TEST(DesignExcess, ASeamBetweenPassesStaysInTolerance) {
  // Flat passes 0.5 apart, 5 µm above the plane: the excess is 0.005 everywhere, under the
  // 0.01 threshold. A sample proven within the threshold may stop on any pass entered; on the
  // seam where two passes' footprints meet, each corner of a cell stopping on its own pass bound
  // the cell at the cap and made it a region of [0.005, 0.005] (hostile review of the early stop).
  for (const int threads : {1, 2}) {
    const DesignExcess design = measureFlatRaster(plane(3), flatRaster(0.005, 0.005, 100), threads);
    EXPECT_TRUE(design.regions.empty()) << design.regions.size() << " regions";
    EXPECT_TRUE(design.not_machined.empty());
    for (const DesignCell& cell : design.cells) EXPECT_LE(cell.bracket.hi, 0.01);
  }
}

TEST(DesignExcess, ARegionBesideInTolerancePassesIsCertified) {
  // Passes 0.015 above the plane for x < 3, 0.2 above it beyond: one region [0.2, 0.2] (the cells
  // of the lower passes, at 0.015, are a region too, above the 0.01 threshold); each bracket at
  // most 1e-4 wide, never the cap's 5 mm.
  const DesignExcess design = measureFlatRaster(plane(6), flatRaster(0.015, 0.2, 3), 2);
  ASSERT_FALSE(design.regions.empty());
  EXPECT_NEAR(design.regions.front().bracket.lo, 0.2, 1e-4);
  for (const ExcessPatch& region : design.regions) {
    EXPECT_LE(region.bracket.hi - region.bracket.lo, 1e-4);
    EXPECT_LT(region.bracket.hi, 0.2 + 1e-4);
  }
  // Every cell of a region keeps what its first measure proved: none falls below the threshold.
  for (const ExcessPatch& region : design.regions)
    for (const std::uint32_t c : region.cells) EXPECT_GT(design.cells[c].bracket.lo, 0.01);
}

}  // namespace
}  // namespace gougechek
