// Issue 9, part 2: the deep regime — cores that reach the part, severe and buried moves — held to
// an independent reference. Random convex parts, straight moves from just past the tolerance to
// buried, for flat, bull and taper cutters, through the public verify(); each move's depth is
// compared with a brute-force evaluation of docs/checking-rules.md's definition that shares no code
// with src/convex (no support maps of FrustumCore, no GJK, no EPA, no cutting planes).
//
// The reference. The swept cutter is S = C ⊕ sphere(m), C = K ⊕ [P0, P1] with K the core
// frustum. The signed depth of a point x in S (distance to S's boundary inside, minus the
// distance to S outside) is
//   φ(x) = m − dist(x, C)  outside C,   φ(x) = m + min over unit v of F(v)  inside C,
//   F(v) = h_K(v) + max(v·P0, v·P1) − v·x   (h_K the frustum's support function, written out).
// dist(x, C) = min over t of dist(x − P(t), K), a convex function of t, by golden section, the
// distance to K in the meridian plane of the point. The minimum of F: on the hemisphere
// v·(P1 − P0) ≥ 0, F = h_{K+P1}(v) − v·x, positive there when x lies in C; along any arc of the
// normals of one boundary point of K it is then concave, so its local minima lie at the normals
// of K's faces (±Z, and the flank normal turned toward x), or on the great circle v ⊥ P1 − P0
// (a 1-D search). The same holds on the other hemisphere with P0. Every candidate is F at some
// direction, an upper bound on the minimum; a test below checks them against a dense sphere.
// φ is concave (a minimum of affine functions of x), so its maximum over a triangle is found by
// nested golden sections (a partial maximum of a concave function is concave). Arcs are left
// out: the argument for F's minima is made for a segment's sweep.
//
// Each move is checked alone, from its own start, so that nothing but its own sweep counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bvh/mesh_fixtures.hpp"
#include "convex/brute_force_distance.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {
namespace {

constexpr double kTolerance = 0.01;
// The golden sections stop at this width of their parameter (a path, a triangle or an angle,
// over spans of at most some 25 mm): the reference is good to about 1e-6 mm where the maximum
// is smooth, and to the last bracket, 2.5e-5 mm, at a kink; docs/checking-rules.md's ε is at least
// 1e-3 mm.
constexpr double kResolution = 1e-6;
constexpr double kReferenceAccuracy = 3e-5;

double epsilonFor(double depth) {
  return std::max(0.1 * kTolerance, 0.01 * depth);
}

/// A cutter as docs/checking-rules.md's "Cutters" defines it, in the tool frame (tip at the origin,
/// axis +Z): the core frustum from radius r0 at height z0 to radius r1 at z1, plus a skin m.
struct Profile {
  double z0, z1, r0, r1, m;

  double support(const Vec3& v) const {
    const double across = std::hypot(v.x, v.y);
    return std::max(r0 * across + z0 * v.z, r1 * across + z1 * v.z);
  }
  /// Distance from y to the core: in y's meridian plane, to the trapezoid's three outer edges.
  double distance(const Vec3& y) const {
    const double rho = std::hypot(y.x, y.y);
    if (y.z >= z0 && y.z <= z1 && rho <= r0 + (y.z - z0) * (r1 - r0) / (z1 - z0)) return 0;
    return std::min({test::planarSegmentDistance(rho, y.z, 0, z0, r0, z0),
                     test::planarSegmentDistance(rho, y.z, r0, z0, r1, z1),
                     test::planarSegmentDistance(rho, y.z, r1, z1, 0, z1)});
  }
  /// The flank's outward normal in the meridian plane: (radial, z).
  std::array<double, 2> flankNormal() const {
    const double length = std::hypot(z1 - z0, r1 - r0);
    return {(z1 - z0) / length, -(r1 - r0) / length};
  }
};

/// The cutter swept along the segment [p0, p1].
struct Sweep {
  Profile cutter;
  Vec3 p0, p1;

  double f(const Vec3& v, const Vec3& x) const {
    return cutter.support(v) + std::max(dot(v, p0), dot(v, p1)) - dot(v, x);
  }
  double coreDistance(const Vec3& x) const {
    return test::goldenMinimum([&](double t) { return cutter.distance(x - (p0 + (p1 - p0) * t)); },
                               0, 1, kResolution);
  }
  /// min over unit v of f(v, x), for x inside the swept core (see the header comment).
  double interiorDepth(const Vec3& x) const {
    double best = std::min(f({0, 0, 1}, x), f({0, 0, -1}, x));
    const auto [flank_r, flank_z] = cutter.flankNormal();
    const Vec3 d = p1 - p0;
    for (const Vec3& p : {p0, p1}) {
      // The flank normal turned toward x, and (for x on the axis, where all are alike) the
      // ones along and against the move.
      for (Vec3 toward : {x - p, d, -d}) {
        toward.z = 0;
        const double length = std::hypot(toward.x, toward.y);
        if (length == 0) continue;
        best = std::min(best,
                        f({toward.x / length * flank_r, toward.y / length * flank_r, flank_z}, x));
      }
    }
    if (norm2(d) == 0) return best;
    // The great circle v ⊥ d: sampled, then refined around every sampled local minimum.
    const Vec3 e1 =
        normalized(std::abs(d.z) < 0.9 * norm(d) ? cross(d, {0, 0, 1}) : cross(d, {1, 0, 0}));
    const Vec3 e2 = normalized(cross(d, e1));
    auto on_circle = [&](double angle) {
      return f(e1 * std::cos(angle) + e2 * std::sin(angle), x);
    };
    constexpr int kSamples = 120;
    constexpr double kStep = 2 * std::numbers::pi / kSamples;
    std::array<double, kSamples> value;
    for (int i = 0; i < kSamples; ++i) value[i] = on_circle(i * kStep);
    for (int i = 0; i < kSamples; ++i) {
      const double before = value[(i + kSamples - 1) % kSamples], after = value[(i + 1) % kSamples];
      if (value[i] <= before && value[i] <= after)
        best = std::min(
            best, test::goldenMinimum(on_circle, (i - 1) * kStep, (i + 1) * kStep, kResolution));
    }
    return best;
  }
  /// docs/checking-rules.md's depth of x: its distance to S's boundary inside S, negative outside.
  double depth(const Vec3& x) const {
    const double outside = coreDistance(x);
    return outside > 0 ? cutter.m - outside : cutter.m + interiorDepth(x);
  }
  /// The largest depth over a triangle: nested golden sections over the triangle's parameters.
  double deepest(const std::array<Vec3, 3>& t) const {
    auto along_level = [&](double level) {
      const Vec3 p = t[0] + (t[1] - t[0]) * level, q = t[0] + (t[2] - t[0]) * level;
      return test::goldenMinimum([&](double u) { return -depth(p + (q - p) * u); }, 0, 1,
                                 kResolution);
    };
    return -test::goldenMinimum(along_level, 0, 1, kResolution);
  }
};

struct Cutter {
  std::string name;
  ToolSpec spec;
  Profile profile;
  bool natural_skin;    // ball, bull, cornered taper: severe once the core reaches the part
  double buried_depth;  // what a buried cutter reports: R (for a taper, its widest radius)
};

Cutter flat() {
  return {"flat:6", {CutterType::Flat, 6, 0, 0, 12, 6, 0}, {0, 12, 3, 3, 0}, false, 3};
}
// flat:200 — a face mill far wider than every part: the part lies whole under it, thousands of
// the tree's nodes within its reach at once.
Cutter faceMill() {
  return {"flat:200", {CutterType::Flat, 200, 0, 0, 12, 200, 0}, {0, 12, 100, 100, 0}, false, 100};
}
Cutter bull() {
  return {"bull:8:1.5", {CutterType::Bull, 8, 1.5, 0, 14, 8, 0}, {1.5, 14, 2.5, 2.5, 1.5}, true, 4};
}
double tanDegrees(double degrees) {
  return std::tan(degrees * std::numbers::pi / 180);
}
// taper:4:1:8 — a corner of radius 1 on a tip of radius 2, 8° flank.
Cutter roundTaper() {
  const double top = 1 + 13 * tanDegrees(8);
  return {"taper:4:1:8", {CutterType::Taper, 4, 1, 8, 14, 8, 0}, {1, 14, 1, top, 1}, true, top + 1};
}
// taper:2:0:10 — a sharp tip of radius 1, 10° flank.
Cutter sharpTaper() {
  const double top = 1 + 12 * tanDegrees(10);
  return {"taper:2:0:10", {CutterType::Taper, 2, 0, 10, 12, 8, 0}, {0, 12, 1, top, 0}, false, top};
}

/// A closed convex part, outward-oriented.
struct Part {
  std::string name;
  Mesh mesh;

  std::array<Vec3, 3> triangle(std::size_t i) const {
    const Triangle& t = mesh.triangles[i];
    return {mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]};
  }
  /// Inside a convex part: behind every triangle's plane.
  bool contains(const Vec3& p) const {
    for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
      const auto t = triangle(i);
      if (dot(cross(t[1] - t[0], t[2] - t[0]), p - t[0]) >= 0) return false;
    }
    return true;
  }
};

/// A parallelepiped with tilted top and bottom and leaning walls, turned about Z; 3×3 quads a
/// face.
Part parallelepiped(std::mt19937& rng) {
  std::uniform_real_distribution<double> size(35, 50), tilt(-0.25, 0.25), turn(0, 2);
  const double angle = turn(rng), c = std::cos(angle), s = std::sin(angle);
  const double sx = size(rng), sy = size(rng), sz = size(rng) - 10;
  const Vec3 e1{c * sx, s * sx, tilt(rng) * sx}, e2{-s * sy, c * sy, tilt(rng) * sy},
      e3{tilt(rng) * sz, tilt(rng) * sz, sz};
  const Vec3 origin = (e1 + e2 + e3) * -0.5;
  return {"parallelepiped", test::latticeBox(3, [&](int i, int j, int k) {
            return origin + e1 * (i / 3.0) + e2 * (j / 3.0) + e3 * (k / 3.0);
          })};
}

/// A cylinder tessellated into `sides` flat faces and `rings` bands along its axis (unit w),
/// its ends fanned from their centres.
Part cylinder(const Vec3& centre, const Vec3& w, double radius, double length, int sides,
              int rings) {
  const Vec3 u = normalized(std::abs(w.z) < 0.9 ? cross(w, {0, 0, 1}) : cross(w, {1, 0, 0}));
  const Vec3 v = cross(w, u);
  Part part{"cylinder", {}};
  Mesh& mesh = part.mesh;
  const Vec3 base = centre - w * (length / 2);
  for (int j = 0; j <= rings; ++j)
    for (int k = 0; k < sides; ++k) {
      const double a = 2 * std::numbers::pi * k / sides;
      mesh.vertices.push_back(base + w * (length * j / rings) +
                              (u * std::cos(a) + v * std::sin(a)) * radius);
    }
  auto at = [&](int k, int j) { return static_cast<std::uint32_t>(j * sides + k % sides); };
  for (int j = 0; j < rings; ++j)
    for (int k = 0; k < sides; ++k) {
      mesh.triangles.push_back({at(k, j), at(k + 1, j), at(k + 1, j + 1)});
      mesh.triangles.push_back({at(k, j), at(k + 1, j + 1), at(k, j + 1)});
    }
  const auto bottom = static_cast<std::uint32_t>(mesh.vertices.size());
  mesh.vertices.push_back(base);
  mesh.vertices.push_back(base + w * length);
  for (int k = 0; k < sides; ++k) {
    mesh.triangles.push_back({bottom, at(k + 1, 0), at(k, 0)});
    mesh.triangles.push_back({bottom + 1, at(k, rings), at(k + 1, rings)});
  }
  return part;
}

std::vector<Part> makeParts(std::mt19937& rng) {
  std::uniform_real_distribution<double> lean(-0.3, 0.3);
  std::vector<Part> parts{parallelepiped(rng), cylinder({0, 0, 0}, {0, 0, 1}, 22, 30, 24, 2)};
  const double tilt_y = lean(rng), tilt_z = lean(rng);
  parts.push_back(cylinder({0, 0, 0}, normalized(Vec3{1, tilt_y, tilt_z}), 16, 60, 20, 3));
  parts.back().name = "lying cylinder";
  return parts;
}

struct Reference {
  double depth =
      -INFINITY;  // docs/checking-rules.md's gouge depth; negative when S stays off the part
  bool buried = false;
};

Reference referenceDepth(const Part& part, const Cutter& cutter, const Vec3& from, const Vec3& to) {
  const Sweep sweep{cutter.profile, from, to};
  const Profile& p = cutter.profile;
  // S's bounding box culls triangles; the rest go deepest-bound first, and a triangle whose
  // bound (its centroid's depth plus its reach from there: depth is 1-Lipschitz) cannot beat
  // the deepest found is left out.
  const double across = std::max(p.r0, p.r1) + p.m;
  const Vec3 lo{std::min(from.x, to.x) - across, std::min(from.y, to.y) - across,
                std::min(from.z, to.z) + p.z0 - p.m};
  const Vec3 hi{std::max(from.x, to.x) + across, std::max(from.y, to.y) + across,
                std::max(from.z, to.z) + p.z1 + p.m};
  std::vector<std::pair<double, std::size_t>> bounds;
  for (std::size_t i = 0; i < part.mesh.triangles.size(); ++i) {
    const auto t = part.triangle(i);
    bool apart = false;
    for (int axis = 0; axis < 3; ++axis)
      apart |= std::max({t[0][axis], t[1][axis], t[2][axis]}) < lo[axis] ||
               std::min({t[0][axis], t[1][axis], t[2][axis]}) > hi[axis];
    if (apart) continue;
    const Vec3 centroid = (t[0] + t[1] + t[2]) / 3;
    const double reach =
        std::max({norm(t[0] - centroid), norm(t[1] - centroid), norm(t[2] - centroid)});
    bounds.emplace_back(sweep.depth(centroid) + reach, i);
  }
  std::sort(bounds.begin(), bounds.end(), std::greater<>());
  Reference r;
  for (const auto& [bound, i] : bounds) {
    if (bound <= r.depth) break;
    r.depth = std::max(r.depth, sweep.deepest(part.triangle(i)));
  }
  // Off every surface: buried if inside (a point of the core stands for all of S).
  if (r.depth < 0 && part.contains(from + Vec3{0, 0, (p.z0 + p.z1) / 2})) {
    r.depth = cutter.buried_depth;
    r.buried = true;
  }
  return r;
}

// --- The reference against closed-form depths and a dense direction set -----------------------

Part bigBlock() {
  // [-50, 50]² × [-30, 0]: a large top face at z = 0 and walls at x, y = ±50.
  return {"block", test::latticeBox(2, [](int i, int j, int k) {
            return Vec3{-50.0 + 50 * i, -50.0 + 50 * j, -30.0 + 15 * k};
          })};
}

TEST(DeepRegimeReference, KnownDepths) {
  const Part block = bigBlock();
  auto depth = [&](const Cutter& c, const Vec3& from, const Vec3& to) {
    return referenceDepth(block, c, from, to).depth;
  };
  // flat:6's end 0.3 below the top face, standing and sliding.
  EXPECT_NEAR(depth(flat(), {1, 2, -0.3}, {1, 2, -0.3}), 0.3, 1e-6);
  EXPECT_NEAR(depth(flat(), {-10, 0, -0.3}, {10, 4, -0.3}), 0.3, 1e-6);
  // Its side 0.2 into the wall x = 50, below the top, sliding along the wall.
  EXPECT_NEAR(depth(flat(), {47.2, -8, -20}, {47.2, 8, -20}), 0.2, 1e-6);
  // Plunged 5 below the top: every point of the face over the end is at most R from the side.
  EXPECT_NEAR(depth(flat(), {0, 0, 10}, {0, 0, -5}), 3, 1e-6);
  // bull:8:1.5 0.5 below the top (the skin only) and 2.5 (the core too): the end's depth.
  EXPECT_NEAR(depth(bull(), {0, 0, -0.5}, {6, 3, -0.5}), 0.5, 1e-6);
  EXPECT_NEAR(depth(bull(), {0, 0, -2.5}, {6, 3, -2.5}), 2.5, 1e-6);
  // A flat end tilted through the face: a slanted plunge 1 deep along X goes no deeper than 1.
  EXPECT_NEAR(depth(flat(), {0, 0, 2}, {3, 0, -1}), 1, 1e-6);
  // The sharp taper's widest rim (the flutes' top, 12 up) 0.1 into the wall, standing and
  // sliding along it: the deepest wall point is as far from the leaning flank as from the top,
  // u = 0.1·cos A − u·sin A.
  const double a = std::numbers::pi / 18, axis = 50 - (1 + 12 * std::tan(a)) + 0.1;
  const double balanced = 0.1 * std::cos(a) / (1 + std::sin(a));
  EXPECT_NEAR(depth(sharpTaper(), {axis, 0, -26}, {axis, 0, -26}), balanced, 1e-6);
  EXPECT_NEAR(depth(sharpTaper(), {axis, -5, -26}, {axis, 5, -26}), balanced, 1e-6);
  // Deep inside, touching nothing: buried; above the part: off it.
  const Reference buried = referenceDepth(block, bull(), {0, 0, -25}, {5, 5, -25});
  EXPECT_TRUE(buried.buried);
  EXPECT_EQ(buried.depth, 4);
  EXPECT_LT(depth(bull(), {0, 0, 1}, {5, 5, 1}), 0);
}

TEST(DeepRegimeReference, InteriorDepthAgreesWithADenseSphere) {
  // The face-normal and great-circle candidates against 20 000 Fibonacci directions: never
  // above them, so no minimum was missed (every candidate is F somewhere: never below the
  // true minimum).
  std::vector<Vec3> directions;
  constexpr int kDirections = 20000;
  for (int i = 0; i < kDirections; ++i) {
    const double z = 1 - (2 * i + 1.0) / kDirections, r = std::sqrt(1 - z * z);
    const double a = i * std::numbers::pi * (3 - std::sqrt(5.0));
    directions.push_back({r * std::cos(a), r * std::sin(a), z});
  }
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> box(-6, 6), unit(0, 1);
  int checked = 0;
  for (const Cutter& c : {flat(), bull(), roundTaper(), sharpTaper()}) {
    for (int i = 0; i < 60; ++i) {
      const Vec3 from{box(rng), box(rng), box(rng)};
      const Vec3 to = i % 5 == 0 ? from : from + Vec3{box(rng), box(rng), box(rng) / 2};
      const Sweep sweep{c.profile, from, to};
      const Vec3 x = from + (to - from) * unit(rng) +
                     Vec3{box(rng) / 3, box(rng) / 3, c.profile.z1 * unit(rng)};
      if (sweep.coreDistance(x) > 0) continue;
      double dense = INFINITY;
      for (const Vec3& v : directions) dense = std::min(dense, sweep.f(v, x));
      const double structured = sweep.interiorDepth(x);
      SCOPED_TRACE(c.name + " sweep " + std::to_string(i));
      EXPECT_LE(structured, dense + 1e-12);
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
}

// --- The checker against the reference ----------------------------------------------------------

struct Case {
  std::string what;
  Vec3 from, to;
};

/// Moves that cut a part at depths spread from below the tolerance to beyond the skin and the
/// radius, placed at random points of its surface, and a few meant to be buried.
std::vector<Case> makeCases(const Part& part, const Cutter& cutter, std::mt19937& rng, int count) {
  std::uniform_real_distribution<double> unit(0, 1);
  std::uniform_int_distribution<std::size_t> any_triangle(0, part.mesh.triangles.size() - 1);
  const Profile& p = cutter.profile;
  const double radius = std::max(p.r0, p.r1) + p.m;
  std::vector<Case> cases;
  for (int i = 0; i < count; ++i) {
    if (i % 8 == 7) {  // inside, well away from the surface
      const Vec3 from = Vec3{unit(rng) * 4 - 2, unit(rng) * 4 - 2, -p.z1 / 2};
      cases.push_back({"buried", from, from + Vec3{unit(rng) * 3, unit(rng) * 3, unit(rng) - 0.5}});
      continue;
    }
    // A surface point and its outward normal; the cutter's extreme point toward the surface
    // sinks δ past it, δ log-uniform from a third of the tolerance to twice the radius.
    const auto t = part.triangle(any_triangle(rng));
    double a = unit(rng), b = unit(rng);
    if (a + b > 1) a = 1 - a, b = 1 - b;
    const Vec3 site = t[0] + (t[1] - t[0]) * a + (t[2] - t[0]) * b;
    const Vec3 n = normalized(cross(t[1] - t[0], t[2] - t[0]));
    const double delta = kTolerance / 3 * std::pow(6 * radius / kTolerance, unit(rng));
    const Vec3 across{-n.x, -n.y, 0};
    const double length = std::hypot(across.x, across.y);
    const Vec3 extreme = (length > 0 ? across / length * (n.z < 0 ? p.r1 : p.r0) : Vec3{}) +
                         Vec3{0, 0, n.z < 0 ? p.z1 : p.z0} - n * p.m;
    const Vec3 from = site - n * delta - extreme;
    // Slide along the face, plunge into it, or go off at random.
    const Vec3 along = normalized(cross(n, Vec3{unit(rng) - 0.5, unit(rng) - 0.5, unit(rng)}));
    switch (i % 4) {
      case 0:
        cases.push_back({"slide", from, from + along * (12 * unit(rng))});
        break;
      case 1:
        cases.push_back({"plunge", from + n * (3 * unit(rng)), from});
        break;
      case 2:
        cases.push_back({"stand", from, from});
        break;
      default:
        cases.push_back(
            {"oblique", from, from + (along * 2 * unit(rng) + n * (unit(rng) - 0.5)) * 4});
        break;
    }
  }
  return cases;
}

/// How many of the checked moves fell in each regime.
struct Coverage {
  int reported = 0, deep = 0, severe = 0, buried = 0, shallow = 0;
};

/// Checks `count` moves per part against the reference; returns what they covered.
Coverage matchReference(const Cutter& cutter, int seed, int count) {
  std::mt19937 rng(seed);
  ToolLibrary tools;
  tools.fallback = cutter.spec;
  VerifySettings settings;
  settings.tolerance = kTolerance;
  settings.threads = 1;
  Coverage covered;
  auto& [reported, deep, severe, buried, shallow] = covered;
  for (const Part& part : makeParts(rng)) {
    EXPECT_TRUE(part.contains({0, 0, 0}));  // closed and outward: the centre is behind every face
    for (const Case& c : makeCases(part, cutter, rng, count)) {
      Move move;
      move.kind = MoveKind::Feed;
      move.from = c.from;
      move.to = c.to;
      move.tool = 1;
      move.line = 1;
      settings.start = c.from;
      const VerifyResult result = verify(part.mesh, {move}, tools, settings, "deep.nc");
      EXPECT_LE(result.violations.size(), 1u);  // no shank: only the cut can be reported
      const Violation* found = result.violations.empty() ? nullptr : &result.violations.front();
      const Reference ref = referenceDepth(part, cutter, c.from, c.to);
      const double eps = epsilonFor(ref.depth);
      std::ostringstream trace;
      trace.precision(17);
      trace << cutter.name << " on " << part.name << ", " << c.what << " from (" << c.from.x << ", "
            << c.from.y << ", " << c.from.z << ") to (" << c.to.x << ", " << c.to.y << ", "
            << c.to.z << "): reference depth " << ref.depth << (ref.buried ? " (buried)" : "")
            << ", reported ";
      if (found)
        trace << found->depth << (found->severe ? " severe" : "");
      else
        trace << "none";
      SCOPED_TRACE(trace.str());
      if (ref.buried) {
        ++buried;
        EXPECT_NE(found, nullptr);
        if (!found) continue;
        EXPECT_TRUE(found->severe);
        EXPECT_NEAR(found->depth, cutter.buried_depth, epsilonFor(cutter.buried_depth));
        continue;
      }
      if (ref.depth < kTolerance - eps) {
        ++shallow;
        EXPECT_EQ(found, nullptr);
        continue;
      }
      if (ref.depth <= kTolerance + eps) continue;  // on the fence: either answer is right
      EXPECT_NE(found, nullptr);
      if (!found) continue;
      ++reported;
      deep += ref.depth >= 1;
      EXPECT_NEAR(found->depth, ref.depth, eps);
      // Severe (docs/checking-rules.md): for a natural skin, the core reached the part, that is
      // depth ≥ m (a core just touching may go either way); for a flat end, cutting R or deeper,
      // and no depth exceeds R there (it is the swept cutter's inradius): depth R.
      const double severe_from = cutter.natural_skin ? cutter.profile.m : cutter.buried_depth;
      const bool touching =
          cutter.natural_skin && std::abs(ref.depth - severe_from) < kReferenceAccuracy;
      const bool severe_expected = ref.depth >= severe_from - kReferenceAccuracy;
      if (!touching) {
        EXPECT_EQ(found->severe, severe_expected);
      }
      severe += severe_expected;
    }
  }
  return covered;
}

void expectMatchesReference(const Cutter& cutter, int seed, int count) {
  const auto [reported, deep, severe, buried, shallow] = matchReference(cutter, seed, count);
  // The random placement must really cover the regime: cuts, many a millimetre deep or more,
  // severe ones (a sharp taper's widest radius is out of a cut's reach), buried ones and misses.
  EXPECT_GT(reported, count);
  EXPECT_GT(deep, count / 2);
  if (cutter.natural_skin || cutter.spec.type == CutterType::Flat) {
    EXPECT_GT(severe, 0);
  }
  EXPECT_GT(buried, 0);
  EXPECT_GT(shallow, 0);
}

TEST(DeepRegime, FlatCutterMatchesTheReference) {
  expectMatchesReference(flat(), 1, 24);
}
// Issue 21: the wrong tool, a face mill on a small part, bounded node by node (no cut reaches
// its radius, and no move buries it: the part lies whole under it).
TEST(DeepRegime, FaceMillFarLargerThanThePartMatchesTheReference) {
  const Coverage covered = matchReference(faceMill(), 5, 12);
  EXPECT_GT(covered.reported, 12);
  EXPECT_GT(covered.deep, 6);
  EXPECT_GT(covered.shallow, 0);
}
TEST(DeepRegime, BullCutterMatchesTheReference) {
  expectMatchesReference(bull(), 2, 24);
}
TEST(DeepRegime, RoundTaperMatchesTheReference) {
  expectMatchesReference(roundTaper(), 3, 24);
}
TEST(DeepRegime, SharpTaperMatchesTheReference) {
  expectMatchesReference(sharpTaper(), 4, 24);
}

}  // namespace
}  // namespace gougechek
