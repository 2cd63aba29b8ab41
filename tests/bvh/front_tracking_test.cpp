#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bvh/kdop_tree.hpp"
#include "mesh_fixtures.hpp"

namespace gougechek {
namespace {

template <class T>
class FrontTracking : public ::testing::Test {};
template <int K>
struct Slabs {
  static constexpr int value = K;
};
using AllK = ::testing::Types<Slabs<6>, Slabs<14>, Slabs<18>, Slabs<26>>;
TYPED_TEST_SUITE(FrontTracking, AllK);

template <int K>
std::vector<std::uint32_t> collect(const KdopTree<K>& tree, const Kdop<K>& box, Front* front,
                                   std::uint64_t& node_tests) {
  std::vector<std::uint32_t> hits;
  auto record = [&](std::uint32_t t) { hits.push_back(t); };
  if (front)
    tree.query(box, *front, record, node_tests);
  else
    tree.query(box, record, node_tests);
  std::sort(hits.begin(), hits.end());
  return hits;
}

// A random walk of swept balls with small steps and occasional jumps: the front must report
// what the plain query reports, each triangle once, and stay a cut of the tree.
TYPED_TEST(FrontTracking, MatchesPlainQueryAndStaysACut) {
  constexpr int K = TypeParam::value;
  std::mt19937 rng(11);
  const Mesh mesh = test::randomSoup(4000, rng);
  std::uniform_real_distribution<double> unit(0, 1), step(-0.02, 0.02), radius(0.005, 0.08);
  for (const int leaf_size : {1, 4}) {
    const KdopTree<K> tree(mesh, leaf_size);
    Front front;
    Vec3 at{0.5, 0.5, 0.5};
    std::uint64_t plain_tests = 0, front_tests = 0;
    std::size_t hits_seen = 0;
    for (int move = 0; move < 1500; ++move) {
      const Vec3 to = unit(rng) < 0.02 ? Vec3{unit(rng), unit(rng), unit(rng)}
                                       : at + Vec3{step(rng), step(rng), step(rng)};
      const Kdop<K> box = test::sweptBall<K>(at, to, radius(rng));
      at = to;
      const auto expected = collect(tree, box, nullptr, plain_tests);
      const auto hits = collect(tree, box, &front, front_tests);
      ASSERT_EQ(hits, expected) << "move " << move;
      ASSERT_TRUE(std::adjacent_find(hits.begin(), hits.end()) == hits.end());
      ASSERT_TRUE(tree.isCut(front.nodes)) << "move " << move;
      hits_seen += hits.size();
    }
    EXPECT_GT(hits_seen, 1500u);
  }
}

TYPED_TEST(FrontTracking, IsCutRejectsBrokenCuts) {
  constexpr int K = TypeParam::value;
  std::mt19937 rng(5);
  const Mesh mesh = test::randomSoup(64, rng);
  const KdopTree<K> tree(mesh, 1);
  EXPECT_TRUE(tree.isCut({0}));
  EXPECT_TRUE(tree.isCut({1, 2}));
  EXPECT_FALSE(tree.isCut({}));      // nothing covers the leaves
  EXPECT_FALSE(tree.isCut({2, 1}));  // out of order
  EXPECT_FALSE(tree.isCut({0, 1}));  // node 1 covered twice
  EXPECT_FALSE(tree.isCut({1}));     // the right half uncovered
  EXPECT_FALSE(tree.isCut({1, 2, 2}));
}

// A ball of radius 3 following a terrain in raster lines: consecutive boxes overlap, which is
// the case front tracking is for. It must save node tests, not only break even.
TYPED_TEST(FrontTracking, SavesNodeTestsOnACoherentPath) {
  constexpr int K = TypeParam::value;
  const int n = 100;
  const double size = 100;
  const Mesh terrain = test::terrainBlock(n, size);
  const KdopTree<K> tree(terrain, KdopTree<K>::kDefaultLeafSize);
  Front front;
  std::uint64_t plain_tests = 0, front_tests = 0;
  auto centre = [](double x, double y) { return Vec3{x, y, test::terrainHeight(x, y) + 3}; };
  for (double y = 5; y <= 95; y += 2) {
    for (double x = 5; x < 95; x += 0.5) {
      const Kdop<K> box = test::sweptBall<K>(centre(x, y), centre(x + 0.5, y), 3);
      const auto expected = collect(tree, box, nullptr, plain_tests);
      ASSERT_EQ(collect(tree, box, &front, front_tests), expected);
    }
  }
  ASSERT_TRUE(tree.isCut(front.nodes));
  EXPECT_LT(double(front_tests), 0.8 * double(plain_tests))
      << "front " << front_tests << " vs plain " << plain_tests;
}

// A query that certifies separation: a point whose distance to a node's axis-aligned box
// (exact, and monotone down the tree) is compared with the reach.
template <int K>
struct CertifyingBall {
  Vec3 centre;
  double reach_mm, travel_mm;
  Kdop<K> box;
  const Kdop<K>& kdop() const { return box; }
  double reach() const { return reach_mm; }
  double travel() const { return travel_mm; }
  double separation(const Kdop<K>& node, const PatchBox&) const {
    auto outside = [&](int axis) {
      return std::max({node.lo[axis] - centre[axis], centre[axis] - node.hi[axis], 0.0});
    };
    return norm(Vec3{outside(0), outside(1), outside(2)});
  }
};

// With certificates the front must still report exactly what the plain query reports, while
// skipping tests; had it ignored the travel (the bug this guards), it would miss triangles.
TYPED_TEST(FrontTracking, CertificatesSkipTestsAndMissNothing) {
  constexpr int K = TypeParam::value;
  std::mt19937 rng(23);
  const Mesh mesh = test::randomSoup(3000, rng);
  std::uniform_real_distribution<double> unit(0, 1), step(-0.01, 0.01), reach(0.01, 0.06);
  const KdopTree<K> tree(mesh, 1);
  Front front;
  Vec3 at{0.5, 0.5, 0.5};
  double travel = 0;
  std::uint64_t plain_tests = 0, front_tests = 0;
  std::size_t hits_seen = 0;
  for (int move = 0; move < 3000; ++move) {
    const bool jump = unit(rng) < 0.01;
    const Vec3 to =
        jump ? Vec3{unit(rng), unit(rng), unit(rng)} : at + Vec3{step(rng), step(rng), step(rng)};
    travel += norm(to - at);
    at = to;
    const double r = reach(rng);
    const CertifyingBall<K> query{at, r, travel, test::sweptBall<K>(at, at, r)};
    std::vector<std::uint32_t> expected, hits;
    tree.query(
        query, [&](std::uint32_t t) { expected.push_back(t); }, plain_tests);
    tree.query(
        query, front, [&](std::uint32_t t) { hits.push_back(t); }, front_tests);
    // The point's exact distance to each box is monotone, so plain and front agree exactly.
    std::sort(expected.begin(), expected.end());
    std::sort(hits.begin(), hits.end());
    ASSERT_EQ(hits, expected) << "move " << move;
    ASSERT_TRUE(tree.isCut(front.nodes));
    hits_seen += hits.size();
  }
  EXPECT_GT(hits_seen, 1000u);
  EXPECT_GT(front.certified, front_tests / 4) << "certificates were used";
}

TEST(FrontTrackingReset, ResetStartsAgainAtTheRoot) {
  std::mt19937 rng(9);
  const Mesh mesh = test::randomSoup(500, rng);
  const KdopTree<18> tree(mesh, 1);
  Front front;
  std::uint64_t node_tests = 0;
  collect(tree, test::sweptBall<18>({0.2, 0.2, 0.2}, {0.3, 0.2, 0.2}, 0.05), &front, node_tests);
  EXPECT_GT(front.nodes.size(), 1u);
  front.reset();
  EXPECT_TRUE(front.nodes.empty());
  const auto box = test::sweptBall<18>({0.8, 0.8, 0.8}, {0.8, 0.9, 0.8}, 0.05);
  EXPECT_EQ(collect(tree, box, &front, node_tests), collect(tree, box, nullptr, node_tests));
  EXPECT_TRUE(tree.isCut(front.nodes));
}

}  // namespace
}  // namespace gougechek
