#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "bvh/kdop_tree.hpp"
#include "mesh_fixtures.hpp"

namespace gougechek {
namespace {

template <class T>
class KdopTreeQuery : public ::testing::Test {};
template <int K>
struct Slabs {
  static constexpr int value = K;
};
using AllK = ::testing::Types<Slabs<6>, Slabs<14>, Slabs<18>, Slabs<26>>;
TYPED_TEST_SUITE(KdopTreeQuery, AllK);

template <int K>
std::vector<std::uint32_t> treeOverlaps(const KdopTree<K>& tree, const Kdop<K>& box,
                                        std::uint64_t& node_tests) {
  std::vector<std::uint32_t> hits;
  tree.query(
      box, [&](std::uint32_t t) { hits.push_back(t); }, node_tests);
  std::sort(hits.begin(), hits.end());
  return hits;
}

TYPED_TEST(KdopTreeQuery, ReportsExactlyTheTrianglesWhoseKdopOverlaps) {
  constexpr int K = TypeParam::value;
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> unit(-0.1, 1.1), radius(0.001, 0.15);
  for (const std::size_t triangles : {1u, 2u, 7u, 300u, 3000u}) {
    const Mesh mesh = test::randomSoup(triangles, rng);
    for (const int leaf_size : {1, 4}) {
      const KdopTree<K> tree(mesh, leaf_size);
      std::uint64_t node_tests = 0;
      std::size_t nonempty = 0;
      for (int q = 0; q < 200; ++q) {
        const Vec3 a{unit(rng), unit(rng), unit(rng)};
        const Vec3 b = a + Vec3{unit(rng), unit(rng), unit(rng)} * 0.1;
        const Kdop<K> box = test::sweptBall<K>(a, b, radius(rng));
        const auto expected = test::bruteForceOverlaps(mesh, box);
        const auto hits = treeOverlaps(tree, box, node_tests);
        ASSERT_EQ(hits, expected) << triangles << " triangles, leaf size " << leaf_size;
        nonempty += !hits.empty();
      }
      EXPECT_GT(node_tests, 0u);
      if (triangles >= 300) {
        EXPECT_GT(nonempty, 20u);  // the comparison saw real hits
      }
    }
  }
}

TYPED_TEST(KdopTreeQuery, RootBoxBoundsEveryVertexAndTreeIsBinary) {
  constexpr int K = TypeParam::value;
  std::mt19937 rng(3);
  const Mesh mesh = test::randomSoup(1000, rng);
  for (const int leaf_size : {1, 3}) {
    const KdopTree<K> tree(mesh, leaf_size);
    Kdop<K> all = Kdop<K>::empty();
    for (const Vec3& v : mesh.vertices) all.add(v);
    EXPECT_EQ(tree.rootBox().lo, all.lo);
    EXPECT_EQ(tree.rootBox().hi, all.hi);
    EXPECT_EQ(tree.nodeCount() % 2, 1u);
    EXPECT_GE(tree.nodeCount(), 2 * (1000 / leaf_size) - 1);
    EXPECT_LE(tree.depth(), 40);
    EXPECT_GE(tree.depth(), 1 + 8);  // at least log2(1000 / 3) levels below the root
  }
}

TYPED_TEST(KdopTreeQuery, EmptyMeshAndCoincidentCentroids) {
  constexpr int K = TypeParam::value;
  const Mesh empty;
  const KdopTree<K> empty_tree(empty, 1);
  std::uint64_t node_tests = 0;
  const Kdop<K> box = test::sweptBall<K>({0, 0, 0}, {1, 1, 1}, 5);
  EXPECT_TRUE(treeOverlaps(empty_tree, box, node_tests).empty());
  EXPECT_EQ(empty_tree.nodeCount(), 0u);
  EXPECT_EQ(empty_tree.windingNumber({0, 0, 0}, node_tests), 0);

  // 100 copies of one triangle: the mean split cannot separate them, the median split must.
  Mesh stacked;
  stacked.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  stacked.triangles.assign(100, Triangle{0, 1, 2});
  const KdopTree<K> tree(stacked, 1);
  EXPECT_EQ(treeOverlaps(tree, box, node_tests).size(), 100u);
  EXPECT_LE(tree.depth(), 8);
}

TEST(KdopTreeBuild, RejectsBadInput) {
  Mesh mesh;
  mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  mesh.triangles = {{0, 1, 2}};
  EXPECT_THROW(KdopTree<18>(mesh, 0), std::invalid_argument);
  mesh.triangles.push_back({0, 1, 3});
  EXPECT_THROW(KdopTree<18>(mesh, 1), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek
