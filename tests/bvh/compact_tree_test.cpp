// The tree's compact storage: grid codes never shrink a box, and the tree, built on any number
// of threads, is the same tree. Large meshes, so the build really splits in parallel.
#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <random>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "bvh/quantized_kdop.hpp"
#include "mesh_fixtures.hpp"

namespace gougechek {
namespace {

TEST(KdopGrid, DecodedBoxesHoldTheExactOnesWithinACodeStep) {
  std::mt19937 rng(41);
  // The grid spans the k-DOP of a box's corners; the boxes below hold points of that box.
  Kdop<18> bounds = Kdop<18>::empty();
  for (int corner = 0; corner < 8; ++corner)
    bounds.add(Vec3{corner & 1 ? 480.625 : -120.5, corner & 2 ? 90 : 3.25, corner & 4 ? 61.5 : -7});
  const KdopGrid<18> grid(bounds);
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 20000; ++trial) {
    Kdop<18> box = Kdop<18>::empty();
    for (int corner = 0; corner < 3; ++corner) {
      const double s = trial < 10 ? double(trial % 2) : unit(rng);  // the bounds themselves too
      box.add(Vec3{-120.5 + 601.125 * s, 3.25 + 86.75 * unit(rng), -7 + 68.5 * unit(rng)});
    }
    const Kdop<18> decoded = grid.decode(grid.enclose(box));
    for (int j = 0; j < Kdop<18>::kSlabs; ++j) {
      const double step = (bounds.hi[j] - bounds.lo[j]) / KdopGrid<18>::kLastCode;
      ASSERT_LE(decoded.lo[j], box.lo[j]) << "trial " << trial << " slab " << j;
      ASSERT_GE(decoded.hi[j], box.hi[j]) << "trial " << trial << " slab " << j;
      ASSERT_LT(box.lo[j] - decoded.lo[j], 2 * step);
      ASSERT_LT(decoded.hi[j] - box.hi[j], 2 * step);
    }
  }
}

TEST(KdopGrid, AFlatSlabDecodesToItsOneValue) {
  Kdop<6> bounds = Kdop<6>::empty();
  bounds.add(Vec3{0, 0, 5});
  bounds.add(Vec3{1, 2, 5});
  const KdopGrid<6> grid(bounds);
  Kdop<6> box = Kdop<6>::empty();
  box.add(Vec3{0.5, 1, 5});
  const Kdop<6> decoded = grid.decode(grid.enclose(box));
  EXPECT_EQ(decoded.lo[2], 5);
  EXPECT_EQ(decoded.hi[2], 5);
}

TEST(PackedPatchBox, HoldsItsPointsAlongANormalNearTheGivenOne) {
  std::mt19937 rng(53);
  std::normal_distribution<double> gauss;
  std::uniform_real_distribution<double> coordinate(-50, 50);
  for (int trial = 0; trial < 5000; ++trial) {
    // The axes and the octahedron's folded lower half included.
    const Vec3 normal =
        trial < 6 ? Vec3{double(trial % 3 == 0), double(trial % 3 == 1), double(trial % 3 == 2)} *
                        (trial < 3 ? 1.0 : -1.0)
                  : normalized(Vec3{gauss(rng), gauss(rng), gauss(rng)});
    std::vector<Vec3> points(1 + trial % 7);
    for (Vec3& p : points) p = {coordinate(rng), coordinate(rng), coordinate(rng)};
    const PatchBox box = PackedPatchBox::pack(normal, [&](PatchBox::Builder& builder) {
                           for (const Vec3& p : points) builder.add(p);
                         }).unpack();
    ASSERT_TRUE(box.bounds());
    EXPECT_NEAR(norm(box.normal()), 1, 1e-15);
    EXPECT_LT(norm(box.normal() - normal), 2e-4) << "trial " << trial;
    const PatchBox::Frame frame = PatchBox::Frame::of(box.normal());
    for (const Vec3& p : points)
      for (int axis = 0; axis < 3; ++axis) {
        const double s = dot(frame.axes[axis], p);
        ASSERT_LE(box.lo(axis), s) << "trial " << trial << " axis " << axis;
        ASSERT_GE(box.hi(axis), s) << "trial " << trial << " axis " << axis;
      }
  }
  EXPECT_FALSE(PackedPatchBox{}.unpack().bounds());
}

// Everything a query sees of the tree: per node its patch box, and per query the triangles in
// the order reported and the node tests.
template <int K>
struct TreeView {
  std::size_t nodes = 0;
  int depth = 0;
  std::vector<std::array<double, 8>> patch_boxes;
  std::vector<std::vector<std::uint32_t>> hits;
  std::uint64_t node_tests = 0;

  bool operator==(const TreeView&) const = default;
};

template <int K>
TreeView<K> viewOf(const Mesh& mesh, int leaf_size, std::size_t threads) {
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  const KdopTree<K> tree(mesh, leaf_size);
  TreeView<K> view;
  view.nodes = tree.nodeCount();
  view.depth = tree.depth();
  for (std::uint32_t node = 0; node < tree.nodeCount(); ++node) {
    const PatchBox box = tree.patchBox(node);
    view.patch_boxes.push_back({box.normal().x, box.normal().y, box.normal().z, box.lo(0),
                                box.hi(0), box.lo(1), box.hi(1), box.hi(2)});
  }
  std::mt19937 rng(43);
  std::uniform_real_distribution<double> unit(-0.1, 1.1);
  for (int q = 0; q < 300; ++q) {
    const Vec3 a{unit(rng), unit(rng), unit(rng)};
    std::vector<std::uint32_t>& hits = view.hits.emplace_back();
    tree.query(
        test::sweptBall<K>(a, a + Vec3{0.05, 0.02, 0}, 0.03),
        [&](std::uint32_t t) { hits.push_back(t); }, view.node_tests);
  }
  return view;
}

TEST(KdopTreeBuild, IsTheSameTreeWhateverTheThreadCount) {
  std::mt19937 rng(47);
  const Mesh soup = test::randomSoup(200000, rng);
  const Mesh terrain = test::terrainBlock(150, 1.0);
  for (const int leaf_size : {1, 3}) {
    SCOPED_TRACE("leaf size " + std::to_string(leaf_size));
    const TreeView<18> one = viewOf<18>(soup, leaf_size, 1);
    EXPECT_GT(one.node_tests, 0u);
    EXPECT_TRUE(viewOf<18>(soup, leaf_size, 2) == one);
    EXPECT_TRUE(viewOf<18>(soup, leaf_size, 4) == one);
    EXPECT_TRUE(viewOf<6>(terrain, leaf_size, 1) == viewOf<6>(terrain, leaf_size, 2));
  }
}

}  // namespace
}  // namespace gougechek
