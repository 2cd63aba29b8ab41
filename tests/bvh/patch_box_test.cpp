// Patch boxes and normal slabs: they hold what they bound, the slab test never culls a shape
// that comes within reach, and every tree node's patch box holds all the triangles below it.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "mesh_fixtures.hpp"

namespace gougechek {
namespace {

// Tolerance on coordinates of order 1 after a change of frame.
constexpr double kRounding = 1e-12;

bool holds(const PatchBox& box, const Vec3& p) {
  const PatchBox::Frame frame = PatchBox::Frame::of(box.normal());
  for (int axis = 0; axis < 3; ++axis) {
    const double s = dot(frame.axes[axis], p);
    if (s < box.lo(axis) - kRounding || s > box.hi(axis) + kRounding) return false;
  }
  return true;
}

Vec3 randomUnit(std::mt19937& rng) {
  std::normal_distribution<double> gauss;
  return normalized(Vec3{gauss(rng), gauss(rng), gauss(rng)});
}

// The convex hull of a few points, by its support function.
struct PointHull {
  std::vector<Vec3> points;
  struct Support {
    Vec3 point;
  };
  Support support(const Vec3& v) const {
    Vec3 best = points.front();
    for (const Vec3& p : points)
      if (dot(v, p) > dot(v, best)) best = p;
    return {best};
  }
};

TEST(PatchBox, FrameIsOrthonormalAndBoxHoldsItsPoints) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coordinate(-2, 2);
  for (int trial = 0; trial < 500; ++trial) {
    // Axis-aligned normals included: the tangent must still be well defined.
    const Vec3 normal =
        trial < 6 ? Vec3{double(trial % 3 == 0), double(trial % 3 == 1), double(trial % 3 == 2)} *
                        (trial < 3 ? 1.0 : -1.0)
                  : randomUnit(rng);
    PatchBox::Builder builder(normal);
    std::vector<Vec3> points(1 + trial % 9);
    for (Vec3& p : points) {
      p = {coordinate(rng), coordinate(rng), coordinate(rng)};
      builder.add(p);
    }
    const PatchBox box = builder.box();
    const auto& axes = PatchBox::Frame::of(normal).axes;
    EXPECT_EQ(box.normal(), normal);
    for (int i = 0; i < 3; ++i) {
      EXPECT_NEAR(norm(axes[i]), 1, 1e-15);
      EXPECT_NEAR(dot(axes[i], axes[(i + 1) % 3]), 0, 1e-15);
    }
    EXPECT_NEAR(dot(cross(axes[0], axes[1]), axes[2]), 1, 1e-15) << "right-handed";
    // Extents are floats rounded outward: never tighter than the points, at most a float
    // rounding step looser.
    for (int axis = 0; axis < 3; ++axis) {
      double lo = INFINITY, hi = -INFINITY;
      for (const Vec3& p : points) {
        lo = std::min(lo, dot(axes[axis], p));
        hi = std::max(hi, dot(axes[axis], p));
      }
      EXPECT_LE(box.lo(axis), lo);
      EXPECT_GE(box.hi(axis), hi);
      EXPECT_LT(lo - box.lo(axis), 1e-6);
      EXPECT_LT(box.hi(axis) - hi, 1e-6);
    }
    for (const Vec3& p : points) EXPECT_TRUE(holds(box, p));
    // The corners span exactly the extents: each lies on the box's faces.
    for (const Vec3& c : box.corners()) {
      EXPECT_TRUE(holds(box, c));
      const double s = dot(normal, c);
      EXPECT_TRUE(std::abs(s - box.lo(0)) < 1e-12 || std::abs(s - box.hi(0)) < 1e-12);
    }
  }
}

// A box's extents are the nearest floats outward of its points' extents, zeros and tiny
// magnitudes included, as std::nextafter steps them.
TEST(PatchBox, ExtentsAreTheNearestFloatsOutward) {
  for (const double v : {0.0, -0.0, 1e-50, -1e-50, 0.1, -0.1, 1.0 / 3, -1.0 / 3, 1e30, -1e30}) {
    PatchBox::Builder builder(Vec3{1, 0, 0});
    builder.add(Vec3{v, 0, 0});
    const PatchBox box = builder.box();
    const double extent = dot(Vec3{1, 0, 0}, Vec3{v, 0, 0});  // −0.0 comes out +0.0
    const float f = static_cast<float>(extent);
    const float down = f <= extent ? f : std::nextafter(f, -INFINITY);
    const float up = f >= extent ? f : std::nextafter(f, INFINITY);
    EXPECT_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(box.lo(0))),
              std::bit_cast<std::uint32_t>(down))
        << v;
    EXPECT_EQ(std::bit_cast<std::uint32_t>(static_cast<float>(box.hi(0))),
              std::bit_cast<std::uint32_t>(up))
        << v;
  }
}

// The tree adds a node's corners as columns, in vector lanes; the box must be the one
// adding them one by one gives, for every count (whole lanes and a remainder).
TEST(PatchBox, ColumnsGiveTheBoxOfTheirPoints) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coordinate(-300, 300);
  for (std::size_t count = 0; count < 40; ++count) {
    const Vec3 normal = randomUnit(rng);
    std::vector<double> x(count), y(count), z(count);
    PatchBox::Builder one_by_one(normal), columns(normal);
    for (std::size_t i = 0; i < count; ++i) {
      x[i] = coordinate(rng), y[i] = coordinate(rng), z[i] = coordinate(rng);
      one_by_one.add(Vec3{x[i], y[i], z[i]});
    }
    columns.add(x.data(), y.data(), z.data(), count);
    const PatchBox expected = one_by_one.box(), got = columns.box();
    for (int axis = 0; axis < 3; ++axis) {
      EXPECT_EQ(got.lo(axis), expected.lo(axis)) << count << " points, axis " << axis;
      EXPECT_EQ(got.hi(axis), expected.hi(axis)) << count << " points, axis " << axis;
    }
  }
}

TEST(NormalSlab, SeparationAgreesWithEveryPointOfTheShape) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coordinate(-1, 1), offset(-3, 3), reach(0, 1);
  int culled = 0, kept = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    PointHull hull;
    const Vec3 centre = Vec3{offset(rng), offset(rng), offset(rng)};
    for (int i = 0; i < 1 + trial % 6; ++i)
      hull.points.push_back(centre + Vec3{coordinate(rng), coordinate(rng), coordinate(rng)});
    const Vec3 normal = randomUnit(rng);
    const double lo = coordinate(rng), hi = lo + (trial % 4 == 0 ? 0 : reach(rng));
    const NormalSlab slab{normal, lo, hi};
    const double r = reach(rng);
    // The hull's extent along the normal is its points'; it is farther than r from the slab
    // exactly when all its points lie beyond one face by more than r.
    bool all_above = true, all_below = true;
    for (const Vec3& p : hull.points) {
      all_above = all_above && dot(normal, p) - hi > r;
      all_below = all_below && lo - dot(normal, p) > r;
    }
    const bool farther = slabSeparation(hull, slab) > r;
    EXPECT_EQ(farther, all_above || all_below) << "trial " << trial;
    (farther ? culled : kept)++;
  }
  EXPECT_GT(culled, 2000);
  EXPECT_GT(kept, 2000);
  EXPECT_EQ(slabSeparation(PointHull{{{0, 0, 100}}}, NormalSlab{}), -INFINITY)
      << "a slab without a normal bounds nothing";
  EXPECT_FALSE(PatchBox{}.slab().bounds());
}

// A tree query that descends only into nodes whose patch box holds one triangle. It reaches
// the triangle's leaf only if every ancestor's patch box holds the triangle.
template <int K>
struct HeldByEveryPatchBox {
  std::array<Vec3, 3> corners;
  Kdop<K> box;
  mutable std::uint64_t bounded_nodes = 0;
  const Kdop<K>& kdop() const { return box; }
  bool overlaps(const Kdop<K>& node_box, const PatchBox& patch) const {
    if (!node_box.overlaps(box)) return false;
    if (!patch.bounds()) return true;
    ++bounded_nodes;
    for (const Vec3& c : corners)
      if (!holds(patch, c)) return false;
    return true;
  }
};

template <int K>
void expectPatchBoxesHoldTheirTriangles(const Mesh& mesh, int leaf_size) {
  const KdopTree<K> tree(mesh, leaf_size);
  std::uint64_t node_tests = 0, bounded_nodes = 0;
  for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t) {
    HeldByEveryPatchBox<K> query;
    query.box = Kdop<K>::empty();
    for (int k = 0; k < 3; ++k) {
      query.corners[k] = mesh.vertices[mesh.triangles[t][k]];
      query.box.add(query.corners[k]);
    }
    bool found = false;
    tree.query(
        query, [&](std::uint32_t hit) { found = found || hit == t; }, node_tests);
    ASSERT_TRUE(found) << "triangle " << t << ", leaf size " << leaf_size;
    bounded_nodes += query.bounded_nodes;
  }
  // Leaves and nodes of 8 or more triangles have patch boxes where their normals agree.
  EXPECT_GT(bounded_nodes, mesh.triangles.size() / 2) << "patch boxes were tested";
}

TEST(KdopTreePatchBoxes, EveryAncestorHoldsTheTriangle) {
  std::mt19937 rng(3);
  for (const int leaf_size : {1, 3}) {
    expectPatchBoxesHoldTheirTriangles<6>(test::terrainBlock(12, 4.0), leaf_size);
    expectPatchBoxesHoldTheirTriangles<18>(test::octahedralSphere(6), leaf_size);
    expectPatchBoxesHoldTheirTriangles<26>(test::randomSoup(400, rng), leaf_size);
  }
}

TEST(KdopTreePatchBoxes, ClosedPartsRootHasNoneAndLeavesLieInTheirPlane) {
  const Mesh cube_mesh = test::subdividedCube(4);
  const KdopTree<14> cube(cube_mesh, 1);
  EXPECT_FALSE(cube.patchBox(0).bounds()) << "a closed surface's normals cancel";
  // One-triangle leaves: the box is the triangle's plane, as thin as float rounding allows.
  const Mesh terrain = test::terrainBlock(8, 3.0);
  const KdopTree<6> tree(terrain, 1);
  std::size_t leaves = 0;
  for (std::uint32_t node = 0; node < tree.nodeCount(); ++node) {
    const PatchBox& box = tree.patchBox(node);
    if (!box.bounds()) continue;
    if (box.hi(0) - box.lo(0) < 1e-6) ++leaves;
  }
  EXPECT_GE(leaves, terrain.triangles.size());
}

}  // namespace
}  // namespace gougechek
