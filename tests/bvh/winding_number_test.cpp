#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "bvh/kdop_tree.hpp"
#include "bvh/ray_crossing.hpp"
#include "mesh_fixtures.hpp"

namespace gougechek {
namespace {

struct Solid {
  const char* name;
  Mesh mesh;
};

std::vector<Solid> solids() {
  return {{"cube", test::subdividedCube(4)},
          {"sphere", test::octahedralSphere(6)},
          {"terrain block", test::terrainBlock(8, 8.0)}};
}

/// The generalized winding number, which must be close to an integer off the surface.
int referenceWinding(const Mesh& mesh, const Vec3& p) {
  const double w = test::solidAngleWinding(mesh, p);
  EXPECT_NEAR(w, std::round(w), 1e-6) << "fixture not closed or p too close to the surface";
  return static_cast<int>(std::round(w));
}

/// The cube's and the terrain block's walls are the planes of their XY bounds.
bool onWall(const Mesh& mesh, const Vec3& p) {
  const auto [lo, hi] = bounds(mesh);
  return p.x == lo.x || p.x == hi.x || p.y == lo.y || p.y == hi.y;
}

TEST(WindingNumber, FixturesAreClosedAndOutwardOriented) {
  for (const Solid& solid : solids()) {
    Vec3 centroid;
    for (const Vec3& v : solid.mesh.vertices) centroid += v;
    centroid = centroid / double(solid.mesh.vertices.size());
    const Vec3 inside = solid.name == std::string("terrain block") ? Vec3{4, 4, -0.5} : centroid;
    EXPECT_EQ(referenceWinding(solid.mesh, inside), 1) << solid.name;
    EXPECT_EQ(referenceWinding(solid.mesh, inside + Vec3{0, 0, 50}), 0) << solid.name;
  }
}

// Rays from points straight below or above mesh vertices and edge midpoints pass exactly
// through vertices and edges; each must still count once.
TEST(WindingNumber, RaysThroughVerticesAndEdgesCountOnce) {
  for (const Solid& solid : solids()) {
    const KdopTree<18> tree(solid.mesh, 2);
    std::uint64_t node_tests = 0;
    std::size_t checked = 0;
    for (const Triangle& t : solid.mesh.triangles)
      for (int e = 0; e < 3; ++e) {
        const Vec3& a = solid.mesh.vertices[t[e]];
        const Vec3& b = solid.mesh.vertices[t[(e + 1) % 3]];
        for (const Vec3& xy : {a, (a + b) * 0.5, (a * 2 + b) / 3.0}) {
          for (const double dz : {-0.37, -0.051, 0.049, 0.5, 7.0}) {
            const Vec3 p{xy.x, xy.y, xy.z + dz};
            if (onWall(solid.mesh, p)) continue;  // on the surface: no defined winding
            ASSERT_EQ(tree.windingNumber(p, node_tests), referenceWinding(solid.mesh, p))
                << solid.name << " at " << p.x << ' ' << p.y << ' ' << p.z;
            ++checked;
          }
        }
      }
    EXPECT_GT(checked, 500u);
  }
}

TEST(WindingNumber, MatchesSolidAngleSumAtRandomPointsForEveryK) {
  std::mt19937 rng(17);
  for (const Solid& solid : solids()) {
    const auto [lo, hi] = bounds(solid.mesh);
    std::uniform_real_distribution<double> ux(lo.x - 0.5, hi.x + 0.5), uy(lo.y - 0.5, hi.y + 0.5),
        uz(lo.z - 0.5, hi.z + 0.5);
    const KdopTree<6> tree6(solid.mesh, 1);
    const KdopTree<14> tree14(solid.mesh, 3);
    const KdopTree<18> tree18(solid.mesh, 2);
    const KdopTree<26> tree26(solid.mesh, 4);
    std::uint64_t node_tests = 0;
    int inside = 0;
    for (int n = 0; n < 400; ++n) {
      const Vec3 p{ux(rng), uy(rng), uz(rng)};
      const int expected = referenceWinding(solid.mesh, p);
      ASSERT_EQ(tree6.windingNumber(p, node_tests), expected) << solid.name;
      ASSERT_EQ(tree14.windingNumber(p, node_tests), expected) << solid.name;
      ASSERT_EQ(tree18.windingNumber(p, node_tests), expected) << solid.name;
      ASSERT_EQ(tree26.windingNumber(p, node_tests), expected) << solid.name;
      inside += expected;
    }
    EXPECT_GT(inside, 40) << solid.name;
    EXPECT_LT(inside, 360) << solid.name;
  }
}

// The two triangles of a square split along its diagonal; a ray through the diagonal or a
// shared corner must hit exactly one of them, and a vertical triangle none. On the square's
// border the perturbed ray (toward +x, then +y) decides: inside at (0,0), outside at (1,1).
TEST(UpwardRayCrossing, SharedEdgeAndVertexCountOnce) {
  const Vec3 a{0, 0, 1}, b{1, 0, 1}, c{1, 1, 1}, d{0, 1, 1};
  for (const Vec3& p : {Vec3{0.5, 0.5, 0}, Vec3{0, 0, 0}, Vec3{0.5, 0, 0}, Vec3{0.25, 0.25, 0}})
    EXPECT_EQ(upwardRayCrossing(a, b, c, p) + upwardRayCrossing(a, c, d, p), 1);
  EXPECT_EQ(upwardRayCrossing(a, b, c, {1, 1, 0}) + upwardRayCrossing(a, c, d, {1, 1, 0}), 0);
  EXPECT_EQ(upwardRayCrossing(a, b, c, {0.5, 0.5, 2}), 0);   // triangle below p
  EXPECT_EQ(upwardRayCrossing(c, b, a, {0.9, 0.1, 0}), -1);  // normal points down
  EXPECT_EQ(upwardRayCrossing({0, 0, 0}, {1, 0, 0}, {1, 0, 1}, {0.5, 0, -1}), 0);
}

}  // namespace
}  // namespace gougechek
