#pragma once
// A binary k-DOP tree over the part's triangles (Klosowski et al.'s BV-tree, IEEE TVCG 1998): built
// top-down with the splatter axis and a mean split, queried with a convex sweep's k-DOP, optionally
// from the previous query's front (generalized front tracking, Ehmann and Lin, Eurographics 2001).
//
// Layout: nodes in one flat array in depth-first order; the two children of a node are
// adjacent and every pair starts at an odd index (the root is 0 and pairs are appended two at a
// time), so "left child" is "odd index" and its sibling is the next index. Leaves hold ranges
// of a reordered array of triangle indices, which keeps a leaf's triangles contiguous.
//
// Memory, per triangle at the defaults (leaf size 1, k = 18, so one inner node per triangle):
// a leaf stores no box, its triangle's k-DOP and patch box being computed from the mesh when a
// query reaches it; an inner node keeps its k-DOP as 16-bit grid codes (36 bytes), and the
// quarter or fewer of them that have 8 triangles or more a packed patch box (28 bytes, found
// through a bitmap); with 4 bytes per node, a parent per sibling pair and the triangle order
// that is at most 59 bytes, where double boxes on every node took 480. The tree reads the
// triangles from the mesh it was built from, which must outlive it.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <mutex>
#include <type_traits>
#include <utility>
#include <vector>

#include "bvh/front.hpp"
#include "bvh/quantized_kdop.hpp"
#include "geom/huge_page_allocator.hpp"
#include "geom/kdop.hpp"
#include "geom/patch_box.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek {

template <int K>
class KdopTree {
 public:
  /// Triangles per leaf. One is fastest (bench/kdop_tree_bench.cpp, 1M-triangle terrain: 20–40%
  /// less query time than 2–8 for k ≥ 14), since a one-triangle leaf's k-DOP is the triangle's
  /// and needs no per-triangle test; larger leaves halve (2) or quarter (4) the node memory.
  static constexpr int kDefaultLeafSize = 1;

  /// Builds the tree over `mesh`, which must outlive it, on all cores; the tree is the same
  /// whatever their number. Throws std::invalid_argument for leaf_size < 1, a triangle index
  /// out of range, or more than 2^30 triangles (node indices keep their top bit for kLeaf).
  explicit KdopTree(const Mesh& mesh, int leaf_size = kDefaultLeafSize);
  KdopTree(Mesh&&, int = kDefaultLeafSize) = delete;  ///< the mesh must outlive the tree

  /// Calls on_triangle(original triangle index) once for every triangle whose k-DOP overlaps
  /// `box`; adds the number of node k-DOP tests to node_tests. `box` is a Kdop<K>, or any
  /// refinement of one: a type with `const Kdop<K>& kdop() const` and either
  /// `bool overlaps(const Kdop<K>& node_box, const PatchBox& node_patch) const` or the
  /// separation test below, that may reject more nodes than the k-DOP alone (by the node's
  /// patch box or an exact distance test, say); triangles are tested against its kdop().
  template <class Q, class F>
  void query(const Q& box, F&& on_triangle, std::uint64_t& node_tests) const;

  /// Same triangles as the plain query (or, for a refinement whose test of a node may pass
  /// where its parent's failed, a superset of them: the front skips the ancestors), but
  /// starts from `front` and leaves the new front there:
  /// overlapping front nodes are lowered recursively; disjoint siblings that end up adjacent
  /// are raised to their parent, as many levels as the pairs allow (Klosowski raises one level
  /// per query; with runs of moves far apart that left the front too deep).
  ///
  /// A refinement may instead certify separation, with `double separation(const Kdop<K>&,
  /// const PatchBox&) const` (a lower bound on the distance from its shape to a node's
  /// triangles; the node overlaps when it is ≤ reach()), `double reach() const` and
  /// `double travel() const` (an upper bound on how far its shape has moved since the front
  /// was empty, summed over the queries: every point of each query's shape lies within the
  /// travel added since of the previous shape). A disjoint front node then keeps its
  /// distance, less the travel since, as a certificate, and is carried over untested while
  /// that exceeds the reach; a raised pair keeps the smaller certificate. The skipped tests
  /// are counted in front.certified.
  template <class Q, class F>
  void query(const Q& box, Front& front, F&& on_triangle, std::uint64_t& node_tests) const {
    query(
        box, front, on_triangle, [&](std::uint32_t node) { reportSubtree(node, on_triangle); },
        node_tests);
  }

  /// The same query, but a refinement with `bool takesWhole(const Kdop<K>&, const PatchBox&)
  /// const` has each overlapping inner node it takes passed whole to on_node(node) instead of
  /// its triangles one by one (all of them, including any the query would cull: the caller
  /// must rule those out itself). A cutter far larger than the part holds thousands of
  /// triangles, which a caller bounding their depths node by node (isLeaf, children, kdop,
  /// forEachTriangle) need not all visit.
  template <class Q, class F, class G>
  void query(const Q& box, Front& front, F&& on_triangle, G&& on_node,
             std::uint64_t& node_tests) const;

  /// A node's k-DOP (an inner node's decoded from its grid codes: it holds the exact one).
  Kdop<K> kdop(std::uint32_t node) const { return nodeKdop(node); }
  bool isLeaf(std::uint32_t node) const { return nodes_[node].isLeaf(); }
  /// An inner node's children.
  std::array<std::uint32_t, 2> children(std::uint32_t node) const {
    return {nodes_[node].link, nodes_[node].link + 1};
  }
  /// Calls on_triangle(original triangle index) for each triangle of the leaf `node`.
  template <class F>
  void forEachTriangle(std::uint32_t node, F&& on_triangle) const {
    const Slots slots = slotsOf(nodes_[node]);
    for (std::uint32_t i = slots.first; i < slots.end; ++i) on_triangle(triangleAt(i));
  }

  /// Winding number of the surface around p, counted along the ray from p toward +Z: 1 inside
  /// and 0 outside a closed, outward-oriented surface. Exact, including rays through edges and
  /// vertices (see bvh/ray_crossing.hpp). Adds the node tests to node_tests.
  int windingNumber(const Vec3& p, std::uint64_t& node_tests) const;

  /// True if `nodes`, left to right, is a cut: every leaf has exactly one ancestor-or-self in it.
  bool isCut(const std::vector<std::uint32_t>& nodes) const;

  std::size_t nodeCount() const { return nodes_.size(); }
  /// Nodes on the longest root-to-leaf path (0 for an empty mesh).
  int depth() const { return depth_; }
  /// The exact k-DOP of all the triangles (empty for an empty mesh).
  const Kdop<K>& rootBox() const { return root_box_; }
  /// The box of a node's triangles along their mean normal; bounds nothing where the normals
  /// spread too far for it to be thinner than the k-DOP (see kMinNormalCoherence).
  PatchBox patchBox(std::uint32_t node) const { return nodeBounds(node).second; }

 private:
  static constexpr std::uint32_t kLeaf = 1u << 31;        ///< in a node: it is a leaf
  static constexpr std::uint32_t kLastOfLeaf = 1u << 31;  ///< in a slot: its leaf's last one
  struct Node {
    std::uint32_t link;  ///< inner: index of the left child; leaf: kLeaf | its first slot
    bool isLeaf() const { return (link & kLeaf) != 0; }
    /// An inner node's boxes: the index of its children's pair, which inner nodes take in
    /// depth-first order, one each.
    std::uint32_t boxIndex() const { return (link - 1) / 2; }
  };
  /// A leaf's triangle slots [first, end).
  struct Slots {
    std::uint32_t first, end;
    std::uint32_t count() const { return end - first; }
  };
  using Corners = std::array<Vec3, 3>;
  /// A subtree's bounds as the build gathers them bottom-up: its grid box, and the sum of its
  /// triangles' cross products (twice their vector area) and of their lengths.
  struct Gathered {
    QuantizedKdop<K> box;
    Vec3 area_vector;
    double area = 0;
  };
  /// Bounds the traversal stack: mean splits stop at kMeanSplitDepth, median splits below
  /// halve the triangle count, so depth ≤ kMeanSplitDepth + 32 and a stack holds depth + 1.
  static constexpr int kMeanSplitDepth = 48;
  static constexpr int kStackCapacity = kMeanSplitDepth + 34;
  /// Ranges of at least this many triangles split their two halves in parallel.
  static constexpr std::uint32_t kParallelSplitTriangles = 1u << 15;

  /// A node gets a patch box when its triangles' summed area vectors keep at least this
  /// fraction of their total area: their normals then lie within about 60° of the mean, and
  /// the patch box can be thinner than the k-DOP. Below it (a closed part's top nodes) it is
  /// skipped.
  static constexpr double kMinNormalCoherence = 0.5;
  /// Nodes above this many triangles get no patch box: building one reads every corner below
  /// (n·depth work in all), and near the cutter so large a node holds the contact itself, so
  /// its box would seldom prove it out of reach.
  static constexpr std::uint32_t kMaxPatchTriangles = 4096;
  /// Nor do nodes below this many: half the inner nodes hold 2 triangles and a quarter 4, and
  /// their patch boxes took a fifth of the build yet culled next to nothing the leaves below
  /// them would not (bench/verify_bench, 1M-triangle mold: 4.20 node tests a move instead of
  /// 4.17, the same time; from 16 on the tests grow, by 9 % at 16 and sixfold at 64).
  static constexpr std::uint32_t kMinPatchTriangles = 8;

  static bool isLeftChild(std::uint32_t node) { return (node & 1u) != 0; }
  std::uint32_t parentOf(std::uint32_t node) const { return pair_parents_[(node - 1) / 2]; }
  std::uint32_t triangleAt(std::uint32_t slot) const { return triangle_ids_[slot] & ~kLastOfLeaf; }
  Slots slotsOf(const Node& leaf) const {
    Slots slots{leaf.link & ~kLeaf, leaf.link & ~kLeaf};
    while ((triangle_ids_[slots.end++] & kLastOfLeaf) == 0) {
    }
    return slots;
  }
  Corners corners(std::uint32_t slot) const {
    const Triangle& t = mesh_->triangles[triangleAt(slot)];
    return {mesh_->vertices[t[0]], mesh_->vertices[t[1]], mesh_->vertices[t[2]]};
  }
  /// The corners of the slots from `base` on, one array per coordinate (slot s's corner k at
  /// 3·(s − base) + k): the build copies them once for each subtree small enough for patch
  /// boxes, since each of its many patch boxes reads them all.
  struct CornerColumns {
    std::uint32_t base = 0;
    std::vector<double> x, y, z;
  };
  /// Where a slot's corners are read: from the mesh, or from a subtree's copy.
  struct SlotCorners {
    const KdopTree* tree;
    const CornerColumns* copy = nullptr;  ///< null: read the mesh
    Corners operator()(std::uint32_t slot) const {
      if (copy == nullptr) return tree->corners(slot);
      const CornerColumns& c = *copy;
      const std::size_t i = 3 * std::size_t{slot - c.base};
      return {Vec3{c.x[i], c.y[i], c.z[i]}, Vec3{c.x[i + 1], c.y[i + 1], c.z[i + 1]},
              Vec3{c.x[i + 2], c.y[i + 2], c.z[i + 2]}};
    }
  };
  /// A patch box the build found, for the inner node with this box index.
  struct FoundPatch {
    std::uint32_t box_index;
    PackedPatchBox patch;
  };
  /// The patch boxes found, one list per subtree in any order (moved in whole, never copied).
  struct FoundPatches {
    std::mutex mutex;
    std::vector<std::vector<FoundPatch>> lists;
  };
  /// What the build's recursion carries besides its range: where corners are read, the split
  /// marks, and where the patch boxes it finds go (`found`: the copied subtree's, then `all`).
  struct LinkScope {
    SlotCorners corners_of;
    const std::uint8_t* split_level;
    FoundPatches* all;
    std::vector<FoundPatch>* found = nullptr;
  };
  /// The exact k-DOP of the triangles in slots [first, end), with their area sums.
  static std::pair<Kdop<K>, Gathered> slotBounds(std::uint32_t first, std::uint32_t end,
                                                 const SlotCorners& corners_of);
  /// The normal of the patch box of `triangles` triangles with these area sums, or the zero
  /// vector where they get none (see kMinNormalCoherence).
  static Vec3 patchNormal(std::uint32_t triangles, const Gathered& sums);
  /// A node's k-DOP: decoded from its grid codes, or for a leaf its triangles' own.
  Kdop<K> nodeKdop(std::uint32_t node) const {
    const Node& n = nodes_[node];
    if (!n.isLeaf()) return grid_.decode(inner_boxes_[n.boxIndex()]);
    const Slots slots = slotsOf(n);
    return slotBounds(slots.first, slots.end, SlotCorners{this}).first;
  }
  /// Whether the inner node with this box index has a patch box, and if so where it is in
  /// inner_patches_: its rank among those that have one.
  bool hasPatch(std::uint32_t box_index) const {
    return (patch_bits_[box_index / 64] >> (box_index % 64) & 1) != 0;
  }
  std::uint32_t patchRank(std::uint32_t box_index) const {
    const std::uint64_t below = (std::uint64_t{1} << (box_index % 64)) - 1;
    return patch_ranks_[box_index / 64] +
           static_cast<std::uint32_t>(std::popcount(patch_bits_[box_index / 64] & below));
  }
  /// The patch box of the inner node with this box index.
  PatchBox innerPatch(std::uint32_t box_index) const {
    return hasPatch(box_index) ? inner_patches_[patchRank(box_index)].unpack() : PatchBox{};
  }
  /// A node's k-DOP and patch box; a leaf's are its triangles' own, the patch box with the
  /// exact normal.
  std::pair<Kdop<K>, PatchBox> nodeBounds(std::uint32_t node) const {
    const Node& n = nodes_[node];
    if (!n.isLeaf()) return {grid_.decode(inner_boxes_[n.boxIndex()]), innerPatch(n.boxIndex())};
    const Slots slots = slotsOf(n);
    const auto [kdop, sums] = slotBounds(slots.first, slots.end, SlotCorners{this});
    const Vec3 normal = patchNormal(slots.count(), sums);
    if (normal == Vec3{}) return {kdop, PatchBox{}};
    PatchBox::Builder patch(normal);
    for (std::uint32_t t = slots.first; t < slots.end; ++t)
      for (const Vec3& corner : corners(t)) patch.add(corner);
    return {kdop, patch.box()};
  }
  template <class Q>
  bool nodeOverlaps(std::uint32_t node, const Q& box) const {
    return judge(node, box).overlapping;
  }
  static const Kdop<K>& kdopOf(const Kdop<K>& box) { return box; }
  template <class Q>
  static const Kdop<K>& kdopOf(const Q& box) {
    return box.kdop();
  }
  static bool triangleOverlaps(const Corners& t, const Kdop<K>& box);

  template <class Q>
  static constexpr bool kCertifies = requires(const Q& q, const Kdop<K>& b, const PatchBox& p) {
    { q.separation(b, p) } -> std::convertible_to<double>;
    { q.reach() } -> std::convertible_to<double>;
    { q.travel() } -> std::convertible_to<double>;
  };
  template <class Q>
  static constexpr bool kSeparatesTriangles = requires(const Q& q, const Corners& t) {
    { q.separation(t) } -> std::convertible_to<double>;
  };
  template <class Q>
  static constexpr bool kTakesWhole = requires(const Q& q, const Kdop<K>& b, const PatchBox& p) {
    { q.takesWhole(b, p) } -> std::convertible_to<bool>;
  };
  /// One node test: whether the node overlaps, the certificate of a disjoint one (−∞ for
  /// queries that do not certify), and whether the query takes it whole (an inner node only).
  struct Verdict {
    bool overlapping;
    double budget;
    bool whole = false;
  };
  template <class Q>
  Verdict judge(std::uint32_t node, const Q& box) const {
    if constexpr (kCertifies<Q>) {
      // A one-triangle leaf is judged by its triangle where the query can: exact, and no
      // bounds to gather for it.
      if constexpr (kSeparatesTriangles<Q>) {
        const Node& n = nodes_[node];
        const std::uint32_t slot = n.link & ~kLeaf;
        if (n.isLeaf() && (triangle_ids_[slot] & kLastOfLeaf) != 0) {
          const double separation = box.separation(corners(slot));
          return {!(separation > box.reach()), separation + box.travel()};
        }
      }
      const auto [kdop, patch] = nodeBounds(node);
      const double separation = box.separation(kdop, patch);
      const bool overlapping = !(separation > box.reach());
      bool whole = false;
      if constexpr (kTakesWhole<Q>)
        whole = overlapping && !nodes_[node].isLeaf() && box.takesWhole(kdop, patch);
      return {overlapping, separation + box.travel(), whole};
    } else if constexpr (std::is_same_v<Q, Kdop<K>>) {
      return {nodeKdop(node).overlaps(box), -INFINITY};
    } else {
      const auto [kdop, patch] = nodeBounds(node);
      return {box.overlaps(kdop, patch), -INFINITY};
    }
  }
  /// Calls on_triangle for every triangle below `node`.
  template <class F>
  void reportSubtree(std::uint32_t node, F& on_triangle) const {
    std::uint64_t tests = 0;
    descend(
        node, [](std::uint32_t) { return true; },
        [&](const Node& leaf) {
          const Slots slots = slotsOf(leaf);
          for (std::uint32_t i = slots.first; i < slots.end; ++i) on_triangle(triangleAt(i));
        },
        tests);
  }

  template <class Q, class F>
  void reportLeaf(const Node& leaf, const Q& box, F& on_triangle) const;
  /// A triangle's centroid as the build orders them: the slots' triangles are sorted by
  /// moving these, which keeps each split's reads sequential. In 16 bytes, as floats from a
  /// point of the part: a split only picks sides by them, so their precision relative to the
  /// part's size is plenty, and every level moves half the bytes.
  struct Centroid {
    float x, y, z;
    std::uint32_t triangle;
    Vec3 at() const { return {x, y, z}; }
  };
  /// Where a range's centroids lie: their mean, and the axis along which they vary most (the
  /// splatter rule). Its split is at the mean along that axis.
  struct Spread {
    Vec3 mean;
    int axis;
  };
  /// The first two moments of some centroids about a reference point, gathered as a split
  /// places them: their spread follows, with no pass over them of its own.
  struct Moments {
    Vec3 sum;      ///< of the offsets from the reference point
    Vec3 squares;  ///< of the offsets' components squared
    void add(const Vec3& offset) {
      sum += offset;
      squares += Vec3{offset.x * offset.x, offset.y * offset.y, offset.z * offset.z};
    }
  };
  /// The spread of `count` centroids with these moments about `reference`.
  static Spread spreadOf(const Vec3& reference, const Moments& moments, std::uint32_t count);
  /// Orders centroids[first, last), whose spread is `spread`, for the subtree at `level` (the
  /// root's is 1), splitting in parallel down to the leaves, and marks each split slot in
  /// split_level with the level of the node splitting there. Returns the depth of the
  /// subtree's deepest leaf.
  int split(Centroid* centroids, std::uint32_t first, std::uint32_t last, int level,
            std::uint8_t* split_level, const Spread& spread);
  /// Fills in the subtree of `node` over slots [first, last) from the splits: its nodes from
  /// child_base on (where its children's pair goes).
  Gathered link(std::uint32_t node, std::uint32_t first, std::uint32_t last, int level,
                std::uint32_t child_base, const LinkScope& scope);
  /// Depth-first from `start` into every node `keep(index)` accepts, calling on_leaf(leaf) for
  /// the leaves reached: the one traversal behind the box query and the ray's winding number.
  template <class Keep, class OnLeaf>
  void descend(std::uint32_t start, Keep&& keep, OnLeaf&& on_leaf, std::uint64_t& node_tests) const;
  /// Lowers the front below `node`, found overlapping `box` by `verdict`, appending the new
  /// cells to `out`.
  template <class Q, class F, class G>
  void lowerFront(std::uint32_t node, Verdict verdict, const Q& box, Front& front, F& on_triangle,
                  G& on_node, std::uint64_t& node_tests) const;
  /// Appends a node found disjoint to the next front; while it completes a pair of disjoint
  /// siblings there, the pair gives way to their parent (raising as far as it goes, at no
  /// extra test: a parent that overlaps after all is lowered again by the next query).
  void appendDisjoint(std::uint32_t node, double budget, Front& front) const;

  const Mesh* mesh_;
  std::uint32_t leaf_size_;
  HugePageVector<Node> nodes_;
  HugePageVector<QuantizedKdop<K>> inner_boxes_;  ///< per inner node, in depth-first order
  // The inner nodes' patch boxes, apart so k-DOP queries stay compact. Most inner nodes have
  // none (kMinPatchTriangles), so only those with one are kept, in box-index order: bit i of
  // patch_bits_ says whether box index i has one, and patch_ranks_ counts the bits set before
  // each word.
  HugePageVector<PackedPatchBox> inner_patches_;
  HugePageVector<std::uint64_t> patch_bits_;
  HugePageVector<std::uint32_t> patch_ranks_;
  HugePageVector<std::uint32_t> pair_parents_;  ///< parent of each pair of siblings
  HugePageVector<std::uint32_t> triangle_ids_;  ///< triangle index of each leaf slot
  int depth_ = 0;
  Kdop<K> root_box_ = Kdop<K>::empty();
  KdopGrid<K> grid_;
};

template <int K>
bool KdopTree<K>::triangleOverlaps(const Corners& t, const Kdop<K>& box) {
  for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
    const Vec3& d = KdopDirections<K>::kDirs[j];
    const double s0 = dot(d, t[0]), s1 = dot(d, t[1]), s2 = dot(d, t[2]);
    if (std::min(s0, std::min(s1, s2)) > box.hi[j] || std::max(s0, std::max(s1, s2)) < box.lo[j])
      return false;
  }
  return true;
}

template <int K>
template <class Q, class F>
void KdopTree<K>::reportLeaf(const Node& leaf, const Q& box, F& on_triangle) const {
  // A one-triangle leaf's k-DOP is the triangle's own, already tested.
  const Slots slots = slotsOf(leaf);
  if (slots.count() == 1) {
    on_triangle(triangleAt(slots.first));
    return;
  }
  for (std::uint32_t i = slots.first; i < slots.end; ++i)
    if (triangleOverlaps(corners(i), kdopOf(box))) on_triangle(triangleAt(i));
}

template <int K>
template <class Keep, class OnLeaf>
void KdopTree<K>::descend(std::uint32_t start, Keep&& keep, OnLeaf&& on_leaf,
                          std::uint64_t& node_tests) const {
  if (nodes_.empty()) return;
  std::uint32_t stack[kStackCapacity];
  int top = 0;
  stack[top++] = start;
  while (top > 0) {
    const std::uint32_t index = stack[--top];
    const Node& node = nodes_[index];
    ++node_tests;
    if (!keep(index)) continue;
    if (!node.isLeaf()) {
      stack[top++] = node.link + 1;
      stack[top++] = node.link;
    } else {
      on_leaf(node);
    }
  }
}

template <int K>
template <class Q, class F>
void KdopTree<K>::query(const Q& box, F&& on_triangle, std::uint64_t& node_tests) const {
  descend(
      0, [&](std::uint32_t node) { return nodeOverlaps(node, box); },
      [&](const Node& leaf) { reportLeaf(leaf, box, on_triangle); }, node_tests);
}

template <int K>
void KdopTree<K>::appendDisjoint(std::uint32_t node, double budget, Front& front) const {
  std::vector<std::uint32_t>& next = front.scratch;
  std::vector<std::uint8_t>& disjoint = front.scratch_disjoint;
  std::vector<double>& budgets = front.scratch_budgets;
  while (node != 0 && !isLeftChild(node) && !next.empty() && next.back() == node - 1 &&
         disjoint.back()) {
    budget = std::min(budget, budgets.back());
    next.pop_back();
    disjoint.pop_back();
    budgets.pop_back();
    node = parentOf(node);
  }
  next.push_back(node);
  disjoint.push_back(1);
  budgets.push_back(budget);
}

template <int K>
template <class Q, class F, class G>
void KdopTree<K>::lowerFront(std::uint32_t node, Verdict verdict, const Q& box, Front& front,
                             F& on_triangle, G& on_node, std::uint64_t& node_tests) const {
  std::uint32_t stack[kStackCapacity];
  int top = 0;
  for (;;) {
    const Node& n = nodes_[node];
    if (!verdict.overlapping) {
      front.scratch.push_back(node);
      front.scratch_disjoint.push_back(1);
      front.scratch_budgets.push_back(verdict.budget);
    } else if (verdict.whole) {  // a cell of the front, overlapping, like a leaf
      front.scratch.push_back(node);
      front.scratch_disjoint.push_back(0);
      front.scratch_budgets.push_back(-INFINITY);
      on_node(node);
    } else if (!n.isLeaf()) {
      stack[top++] = n.link + 1;
      stack[top++] = n.link;
    } else {
      front.scratch.push_back(node);
      front.scratch_disjoint.push_back(0);
      front.scratch_budgets.push_back(-INFINITY);
      reportLeaf(n, box, on_triangle);
    }
    if (top == 0) return;
    node = stack[--top];
    ++node_tests;
    verdict = judge(node, box);
  }
}

template <int K>
template <class Q, class F, class G>
void KdopTree<K>::query(const Q& box, Front& front, F&& on_triangle, G&& on_node,
                        std::uint64_t& node_tests) const {
  if (nodes_.empty()) return;
  if (front.nodes.empty()) {
    front.nodes.push_back(0);
    front.budgets.push_back(-INFINITY);
  }
  front.scratch.clear();
  front.scratch_disjoint.clear();
  front.scratch_budgets.clear();
  for (std::size_t i = 0; i < front.nodes.size(); ++i) {
    const std::uint32_t node = front.nodes[i];
    if constexpr (kCertifies<Q>) {
      if (front.budgets[i] - box.travel() > box.reach()) {
        ++front.certified;
        appendDisjoint(node, front.budgets[i], front);
        continue;
      }
    }
    ++node_tests;
    const Verdict verdict = judge(node, box);
    if (verdict.overlapping)
      lowerFront(node, verdict, box, front, on_triangle, on_node, node_tests);
    else
      appendDisjoint(node, verdict.budget, front);
  }
  std::swap(front.nodes, front.scratch);
  std::swap(front.budgets, front.scratch_budgets);
}

extern template class KdopTree<6>;
extern template class KdopTree<14>;
extern template class KdopTree<18>;
extern template class KdopTree<26>;

}  // namespace gougechek
