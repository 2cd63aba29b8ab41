// DepthBounds::bound against brute-force depths that share no code with it. The depth of a point
// x is m − sd(x, C), C = K ⊕ path; sd(x, C) ≤ sd(x − P(t), K) for every path point P(t), with
// equality outside C, and sd to the frustum K is written out from its profile (meridian-plane
// distances, negative inside). So min over t of sd(x − P(t), K), by golden section (a convex
// function of t along a segment) or sampled and refined (along an arc), gives a depth no deeper
// than the truth; the deepest over the triangle, by nested golden sections (the depth is concave
// in x for a segment) or a dense grid (for an arc), is a lower bound on the triangle's depth,
// and exact outside the core. Every bound must lie above it; and where the new first cuts aim
// (a cutter overhanging a face's edge) the bound must also come within 1% of it.
#include "convex/depth_bounds.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>

#include "brute_force_distance.hpp"
#include "convex/side_cut.hpp"
#include "convex/swept_core.hpp"
#include "cutter_cores.hpp"
#include "geom/kdop_least_along.hpp"
#include "random_geometry.hpp"

namespace gougechek {
namespace {

/// Signed distance from y (tool frame) to the core: negative inside, the distance to the
/// nearest of the bottom disk, the top disk and the flank.
double signedDistanceToCore(const FrustumCore& core, const Vec3& y) {
  const double zb = core.z_bottom, zt = core.z_top, rb = core.radius_bottom, rt = core.radius_top;
  const double rho = std::sqrt(y.x * y.x + y.y * y.y);
  const bool solid = zt > zb && std::max(rb, rt) > 0;
  if (solid && y.z >= zb && y.z <= zt && rho <= rb + (y.z - zb) * (rt - rb) / (zt - zb))
    return -std::min({y.z - zb, zt - y.z, test::planarSegmentDistance(rho, y.z, rb, zb, rt, zt)});
  return test::distanceToCore(core, y);
}

/// A lower bound on the depth of x under the core swept along `path` (exact outside the core).
double depthAt(const FrustumCore& core, const PathPiece& path, const Vec3& x) {
  auto at = [&](double s) { return signedDistanceToCore(core, x - path.at(s)); };
  const double travel = norm(path.at(1) - path.start()) + norm(path.at(0.5) - path.start());
  if (!path.isArc()) {
    if (travel == 0) return core.margin - at(0);
    return core.margin - test::goldenMinimum(at, 0.0, 1.0, test::kOracleResolution / travel);
  }
  return core.margin - test::minimumAlongArc(1.0, std::max(travel, 1e-9), at);
}

/// A lower bound on the triangle's depth: its deepest point, by nested golden sections for a
/// segment's sweep and on a grid of 21 points a side for an arc's.
double deepest(const FrustumCore& core, const PathPiece& path, const test::Triangle& t) {
  if (!path.isArc())
    return -test::minimumOverTriangle(t, [&](const Vec3& x) { return -depthAt(core, path, x); });
  constexpr int kSide = 20;
  double best = -INFINITY;
  for (int i = 0; i <= kSide; ++i)
    for (int j = 0; i + j <= kSide; ++j)
      best = std::max(best, depthAt(core, path,
                                    t[0] + (t[1] - t[0]) * (double(i) / kSide) +
                                        (t[2] - t[0]) * (double(j) / kSide)));
  return best;
}

/// `rounded`: with the rim cuts (DepthBounds::rimCut).
double boundOf(const FrustumCore& core, const PathPiece& path, const test::Triangle& t,
               bool rounded = false) {
  const SweptCore sweep{&core, &path};
  DepthBounds<SweptCore> bounds(sweep, core.margin, sweep.interiorPoint(), sweep.interiorEndPoint(),
                                rounded);
  return bounds.bound(t);
}

/// The bound holds the true depth `truth` and exceeds it by at most 1%.
void expectBoundWithinOnePercent(const FrustumCore& core, const PathPiece& path,
                                 const test::Triangle& t, double truth) {
  const double bound = boundOf(core, path, t);
  EXPECT_GE(bound, truth - 1e-9);
  EXPECT_LE(bound, 1.01 * truth);
}

PathPiece randomArc(test::RandomGeometry& random, const Vec3& from) {
  const Vec3 axis = random.below(2) ? Vec3{0, 0, random.below(2) ? 1.0 : -1.0} : random.direction();
  const Vec3 radial = random.perpendicular(axis) * random.uniform(0.5, 10);
  return PathPiece::arc(from - radial, radial, axis, random.uniform(0.01, std::numbers::pi / 2),
                        random.below(2) ? 0.0 : random.uniform(-3, 3));
}

/// A random case about `core`: a path (every fourth an arc) and a triangle about its middle,
/// some cutting deep into it; nullopt for the triangle kinds no bound is asked about. `what`
/// names the case.
struct RandomCase {
  PathPiece path;
  test::Triangle triangle;
  std::string what;
};
std::optional<RandomCase> randomCase(test::RandomGeometry& random, const FrustumCore& core, int i) {
  std::string move_kind, triangle_kind;
  const test::Move move = random.move(move_kind);
  const bool arc = i % 4 == 3;
  const PathPiece path =
      arc ? randomArc(random, move.from) : PathPiece::segment(move.from, move.to);
  const Vec3 near =
      path.at(random.uniform(0, 1)) + Vec3{0, 0, random.uniform(core.z_bottom, core.z_top)};
  const test::Triangle t =
      random.triangle(near, 0.5 * core.outerRadius(), path.end() - path.start(), triangle_kind);
  if (triangle_kind == "huge (1e3)" || triangle_kind == "far apart") return std::nullopt;
  return RandomCase{path, t,
                    "case " + std::to_string(i) + ": " + (arc ? "arc" : move_kind + " move") +
                        ", " + triangle_kind + " triangle"};
}

TEST(DepthBounds, BoundIsAtLeastTheBruteForceDepth) {
  test::RandomGeometry random(314);
  int deep = 0, checked = 0;
  for (const test::NamedCore& named : test::allCores()) {
    const FrustumCore& core = named.core;
    for (int i = 0; i < 150; ++i) {
      const std::optional<RandomCase> c = randomCase(random, core, i);
      if (!c) continue;
      const double bound = boundOf(core, c->path, c->triangle);
      const double truth = deepest(core, c->path, c->triangle);
      SCOPED_TRACE(named.name + ", " + c->what);
      EXPECT_GE(bound, truth - 1e-9);
      ++checked;
      deep += truth > core.margin + 0.1;
    }
  }
  EXPECT_GT(checked, 700);
  EXPECT_GT(deep, 100);  // many triangles cut into the core, where the interior cuts matter
}

TEST(DepthBounds, RoundedBoundAndRimCutsAreAtLeastTheBruteForceDepth) {
  // With the rim cuts, for every core (they are made for those with a radius): the full bound,
  // and a rim cut aimed anywhere near the triangle bounding it over the triangle's k-DOP (as
  // the depth search bounds a tree node) and at its corners.
  test::RandomGeometry random(1618);
  int checked = 0, rim_cuts = 0;
  for (const test::NamedCore& named : test::allCores()) {
    const FrustumCore& core = named.core;
    for (int i = 0; i < 150; ++i) {
      const std::optional<RandomCase> c = randomCase(random, core, i);
      if (!c) continue;
      SCOPED_TRACE(named.name + ", " + c->what);
      const double truth = deepest(core, c->path, c->triangle);
      EXPECT_GE(boundOf(core, c->path, c->triangle, true), truth - 1e-9);
      const SweptCore sweep{&core, &c->path};
      const DepthBounds<SweptCore> bounds(sweep, core.margin, sweep.interiorPoint(),
                                          sweep.interiorEndPoint(), true);
      const test::Triangle& t = c->triangle;
      const Vec3 target = (t[0] + t[1] + t[2]) / 3 + random.inBox(norm(t[1] - t[0]));
      const std::optional<Cut> rim = bounds.rimCut(target);
      if (!rim) continue;
      Kdop<18> box = Kdop<18>::empty();
      for (const Vec3& corner : t) box.add(corner);
      EXPECT_GE(rim->c - leastAlong(box, rim->v), truth - 1e-9);
      EXPECT_GE(std::max({rim->at(t[0]), rim->at(t[1]), rim->at(t[2])}), truth - 1e-9);
      ++rim_cuts;
      ++checked;
    }
  }
  EXPECT_GT(checked, 500);
  EXPECT_GT(rim_cuts, 500);
}

TEST(DepthBounds, RimCutBoundsSmallTrianglesUnderABullsTorusClosely) {
  // Small triangles (0.5 mm) in every orientation cutting into the torus of bull:10:1 (rim
  // radius 4 at height 1, skin 1), moving 0.3 mm: what a finish of a curved part with a
  // bull-nosed tool too large for it measures by the hundred a move. With the rim cut the
  // bound is on average about a hundredth of a millimetre above the depth (0.012 here, at
  // worst 0.09); without it, over three times as far (0.050).
  const FrustumCore core = test::bullCore();
  test::RandomGeometry random(4242);
  double worst = 0, rim_sum = 0, plain_sum = 0;
  int cases = 0;
  for (int i = 0; i < 400; ++i) {
    const double angle = random.uniform(0, 2 * std::numbers::pi);
    const Vec3 radial{std::cos(angle), std::sin(angle), 0};
    // About the torus's lower outer quarter, 0.2 to 0.6 inside its skin.
    const double lean = random.uniform(0, 0.5 * std::numbers::pi);
    const double inside = random.uniform(0.4, 0.8);
    const Vec3 centre =
        radial * (4 + inside * std::sin(lean)) + Vec3{0, 0, 1 - inside * std::cos(lean)};
    const Vec3 n = random.direction(), u = normalized(random.perpendicular(n)), w = cross(n, u);
    const test::Triangle t{
        {centre + u * 0.25, centre - u * 0.125 + w * 0.2165, centre - u * 0.125 - w * 0.2165}};
    const PathPiece path = PathPiece::segment({0, 0, 0}, Vec3{0.3, 0, 0});
    const double truth = deepest(core, path, t);
    const double rim = boundOf(core, path, t, true), plain = boundOf(core, path, t);
    EXPECT_GE(rim, truth - 1e-9);
    worst = std::max(worst, rim - truth);
    rim_sum += rim - truth;
    plain_sum += plain - truth;
    ++cases;
  }
  RecordProperty("rim_mean_excess", std::to_string(rim_sum / cases));
  RecordProperty("plain_mean_excess", std::to_string(plain_sum / cases));
  RecordProperty("rim_worst_excess", std::to_string(worst));
  EXPECT_LT(worst, 0.12);
  EXPECT_GT(plain_sum / cases, 3 * rim_sum / cases);
}

double halfHeightOf(const FrustumCore& core, const PathPiece& path) {
  const SweptCore sweep{&core, &path};
  DepthBounds<SweptCore> bounds(sweep, core.margin, sweep.interiorPoint(),
                                sweep.interiorEndPoint());
  return bounds.halfHeight();
}

TEST(DepthBounds, HalfHeightIsAtLeastTheBruteForceDepth) {
  test::RandomGeometry random(2718);
  int checked = 0;
  for (const test::NamedCore& named : test::allCores()) {
    const FrustumCore& core = named.core;
    for (int i = 0; i < 100; ++i) {
      const std::optional<RandomCase> c = randomCase(random, core, i);
      if (!c) continue;
      SCOPED_TRACE(named.name + ", " + c->what);
      const auto [lo, hi] = c->path.bounds();
      const double half = halfHeightOf(core, c->path);
      // The skin plus half the swept core's height, its lowest to its highest point.
      EXPECT_NEAR(half, core.margin + 0.5 * (hi.z + core.z_top - lo.z - core.z_bottom), 1e-9);
      const double truth = deepest(core, c->path, c->triangle);
      EXPECT_GE(half, truth - 1e-9);
      ++checked;
    }
  }
  EXPECT_GT(checked, 500);
}

TEST(DepthBounds, HalfHeightIsTheDepthOfAWallAcrossABuriedFaceMill) {
  // A face mill (radius 50, flutes 12.7 tall) moving level past a wall that spans its whole
  // height, well inside its radius: the wall's mid-height points are the flute's half height
  // deep, and no bound from the wall's own cuts says so (each is highest at a corner).
  const double margin = test::kSharpSkin, height = 12.7;
  const FrustumCore face_mill{margin, height - margin, 50 - margin, 50 - margin, margin};
  const test::Triangle wall{{Vec3{10, -5, -20}, Vec3{10, 5, -20}, Vec3{10, 0, 30}}};
  for (const double dy : {0.0, 3.0}) {
    const PathPiece path = PathPiece::segment({0, 0, 0}, {0, dy, 0});
    const double half = halfHeightOf(face_mill, path);
    EXPECT_NEAR(half, 0.5 * height, 1e-12);
    EXPECT_NEAR(deepest(face_mill, path, wall), half, 1e-6);
    EXPECT_GT(boundOf(face_mill, path, wall), half + 5);
  }
}

TEST(DepthBounds, FlatCutterOverhangingAHorizontalFaceIsBoundWithinOnePercent) {
  // The face z = 0 for x ≤ 0 (its edge on the Y axis); flat:6 plunged to z = −h with its axis at
  // x = a, moving along the edge or still: the deepest points are on the edge, min(R − a, h)
  // deep (R = 3, the core's radius plus its skin).
  const FrustumCore flat = test::flatCore();
  const test::Triangle face{{Vec3{0, -60, 0}, Vec3{0, 60, 0}, Vec3{-80, 0, 0}}};
  for (const double a : {0.5, 1.5, 2.0, 2.9})
    for (const double h : {2.0, 5.0, 8.0})
      for (const double dy : {0.0, 10.0}) {
        const PathPiece path = PathPiece::segment({a, -5, -h}, {a, -5 + dy, -h});
        const double truth = std::min(3 - a, h);
        SCOPED_TRACE("a " + std::to_string(a) + " h " + std::to_string(h) + " dy " +
                     std::to_string(dy));
        EXPECT_NEAR(deepest(flat, path, face), truth, 1e-6);
        expectBoundWithinOnePercent(flat, path, face, truth);
      }
}

TEST(DepthBounds, CuttersOverhangingASlopingFaceAreBoundWithinOnePercent) {
  // As above, with the face turned about its edge by up to 30°, for flat and bull cutters
  // (the bull's side overhanging too) and moves along the edge or across it.
  for (const auto& [name, core] :
       {std::pair{"flat", test::flatCore()}, std::pair{"bull", test::bullCore()}})
    for (const double slope : {-30.0, -10.0, 5.0, 20.0, 30.0})
      for (const double a : {1.0, 2.0})
        for (const Vec3& step : {Vec3{0, 0, 0}, Vec3{0, 8, 0}, Vec3{0.5, 0, 0}}) {
          const double c = std::cos(slope * std::numbers::pi / 180),
                       s = std::sin(slope * std::numbers::pi / 180);
          const test::Triangle face{{Vec3{0, -60, 0}, Vec3{0, 60, 0}, Vec3{-80 * c, 0, -80 * s}}};
          const Vec3 from{a, -4, -5};
          const PathPiece path = PathPiece::segment(from, from + step);
          const double truth = deepest(core, path, face);
          SCOPED_TRACE(std::string(name) + " slope " + std::to_string(slope) + " a " +
                       std::to_string(a) + " step " + std::to_string(step.x) + ", " +
                       std::to_string(step.y));
          EXPECT_GT(truth, 0.5);
          expectBoundWithinOnePercent(core, path, face, truth);
        }
}

TEST(DepthBounds, CuttersOverhangingASteepWallsEdgeAreBoundWithinOnePercent) {
  // A wall (nearly) square to X that ends at an upright edge on the Z axis, the wall at y ≤ 0;
  // the cutter's axis (nearly) in the wall's plane, its side over the edge: the deepest points
  // are on the edge, about the side's reach past it deep, which only a cut along the wall
  // toward the edge bounds closely (the face's own normal and the axis give the wall's width
  // and the cutter's length).
  for (const auto& [name, core] :
       {std::pair{"flat", test::flatCore()}, std::pair{"bull", test::bullCore()}})
    for (const double tilt : {-5.0, 0.0, 3.0})
      for (const double off : {0.0, 0.02})
        for (const Vec3& step : {Vec3{0, 0, 0}, Vec3{0, 0, 3}, Vec3{0, 0.2, 0}}) {
          const double c = std::cos(tilt * std::numbers::pi / 180),
                       s = std::sin(tilt * std::numbers::pi / 180);
          auto tilted = [&](const Vec3& p) {
            return Vec3{p.x * c + p.z * s, p.y, p.z * c - p.x * s};
          };
          const test::Triangle wall{{tilted({0, 0, -60}), tilted({0, 0, 60}), tilted({0, -80, 0})}};
          const Vec3 from{off, core.outerRadius() - 1, -8};
          const PathPiece path = PathPiece::segment(from, from + step);
          const double truth = deepest(core, path, wall);
          SCOPED_TRACE(std::string(name) + " tilt " + std::to_string(tilt) + " off " +
                       std::to_string(off) + " step " + std::to_string(step.y) + ", " +
                       std::to_string(step.z));
          EXPECT_GT(truth, 0.5);
          expectBoundWithinOnePercent(core, path, wall, truth);
        }
}

TEST(SideCut, BoundsEveryPointOfABoxNoDeeperThanBruteForce) {
  // convex/side_cut, as the depth search bounds a tree node beside a cutter's side: the cut
  // square to the axis toward a random box, highest over the box, never below the depth of any
  // point in it (brute force on a 5 × 5 × 5 grid of the box and 50 random points), for every
  // core and a 25.4 mm drill's 175° point (a cone 0.55 mm tall), segments and arcs. Where the
  // box lies beside a buried side, the cut must also be at most what the k-DOP's nearest side
  // direction gives.
  test::RandomGeometry random(4242);
  std::vector<test::NamedCore> cores = test::allCores();
  const double point = 12.7 * std::tan(2.5 * std::numbers::pi / 180);
  cores.push_back({"drill point", {test::kSharpSkin, point, 0, 12.7, test::kSharpSkin}});
  int checked = 0, within = 0;
  for (const test::NamedCore& named : cores) {
    const FrustumCore& core = named.core;
    for (int i = 0; i < 120; ++i) {
      std::string move_kind;
      const test::Move move = random.move(move_kind);
      const PathPiece path =
          i % 4 == 3 ? randomArc(random, move.from) : PathPiece::segment(move.from, move.to);
      const SweptCore sweep{&core, &path};
      DepthBounds<SweptCore> bounds(sweep, core.margin, sweep.interiorPoint(),
                                    sweep.interiorEndPoint());
      // A box about a point within the cutter's reach of its path, up to its radius wide.
      const double reach = core.outerRadius();
      const Vec3 centre = path.at(random.uniform(0, 1)) +
                          Vec3{random.uniform(-reach, reach), random.uniform(-reach, reach),
                               random.uniform(core.z_bottom, core.z_top)};
      const Vec3 half{random.uniform(0.01, 0.5) * reach, random.uniform(0.01, 0.5) * reach,
                      random.uniform(0.01, 0.5) * (core.z_top - core.z_bottom + 1)};
      const Vec3 lo = centre - half, hi = centre + half;
      const std::optional<Vec3> v =
          sideCutDirection(sweep.interiorPoint(), sweep.interiorEndPoint(), lo, hi);
      if (!v) continue;
      EXPECT_NEAR(norm(*v), 1, 1e-12);
      EXPECT_EQ(v->z, 0);
      const double bound = highestOverBox(bounds.along(*v), lo, hi);
      double truth = -INFINITY;
      auto at = [&](double a, double b, double c) {
        truth = std::max(truth, depthAt(core, path,
                                        {lo.x + a * (hi.x - lo.x), lo.y + b * (hi.y - lo.y),
                                         lo.z + c * (hi.z - lo.z)}));
      };
      for (int a = 0; a <= 4; ++a)
        for (int b = 0; b <= 4; ++b)
          for (int c = 0; c <= 4; ++c) at(a / 4.0, b / 4.0, c / 4.0);
      for (int k = 0; k < 50; ++k)
        at(random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1));
      SCOPED_TRACE(named.name + " case " + std::to_string(i) + ", " + move_kind);
      EXPECT_GE(bound, truth - 1e-9);
      ++checked;
      within += truth > 0;
    }
  }
  EXPECT_GT(checked, 400);
  EXPECT_GT(within, 100);  // many boxes reach into the swept cutter
}

TEST(SideCut, IsExactForAWallAlongABuriedSide) {
  // A 25.4 mm cylinder moving level along a wall 3 mm inside its side: the wall's points are
  // 3 mm deep, which the side cut toward a thin box on the wall gives to 1e-9 where the
  // k-DOP's nearest side direction (45° off at worst for K = 18's octagon, 22.5° here) gives
  // the octagon's corner, deeper by more than 0.1 mm.
  const double r = 12.7, m = test::kSharpSkin;
  const FrustumCore core{m, 40 - m, r - m, r - m, m};
  const double angle = 22.5 * std::numbers::pi / 180;
  const PathPiece path = PathPiece::segment({0, 0, 0}, {0, 0, 0});
  const SweptCore sweep{&core, &path};
  DepthBounds<SweptCore> bounds(sweep, m, sweep.interiorPoint(), sweep.interiorEndPoint());
  const Vec3 on_wall{(r - 3) * std::cos(angle), (r - 3) * std::sin(angle), 20};
  const Vec3 lo = on_wall - Vec3{1e-3, 1e-3, 5}, hi = on_wall + Vec3{1e-3, 1e-3, 5};
  const std::optional<Vec3> v =
      sideCutDirection(sweep.interiorPoint(), sweep.interiorEndPoint(), lo, hi);
  ASSERT_TRUE(v.has_value());
  EXPECT_NEAR(highestOverBox(bounds.along(*v), lo, hi), 3, 2e-3);
  EXPECT_NEAR(depthAt(core, path, on_wall), 3, 1e-9);
  const double x_cut = highestOverBox(bounds.along({1, 0, 0}), lo, hi);
  EXPECT_GT(x_cut, 3.1);
}

}  // namespace
}  // namespace gougechek
