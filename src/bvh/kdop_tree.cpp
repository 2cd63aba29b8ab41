#include "bvh/kdop_tree.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>

#include <algorithm>
#include <atomic>
#include <numeric>
#include <stdexcept>
#include <string>

#include "bvh/ray_crossing.hpp"

namespace gougechek {
namespace {

/// Splatter rule: the axis along which the centroids vary most.
int splatterAxis(const std::vector<Vec3>& centroids, const std::uint32_t* begin,
                 const std::uint32_t* end, Vec3& mean) {
  const double n = static_cast<double>(end - begin);
  Vec3 sum;
  for (const std::uint32_t* t = begin; t != end; ++t) sum += centroids[*t];
  mean = sum / n;
  Vec3 variance;
  for (const std::uint32_t* t = begin; t != end; ++t) {
    const Vec3 d = centroids[*t] - mean;
    variance += Vec3{d.x * d.x, d.y * d.y, d.z * d.z};
  }
  if (variance.x >= variance.y && variance.x >= variance.z) return 0;
  return variance.y >= variance.z ? 1 : 2;
}

}  // namespace

template <int K>
KdopTree<K>::KdopTree(const Mesh& mesh, int leaf_size) {
  if (leaf_size < 1) throw std::invalid_argument("k-DOP tree leaf size must be at least 1");
  const std::size_t n = mesh.triangles.size();
  if (n > (std::size_t{1} << 31))
    throw std::invalid_argument("k-DOP tree: more than 2^31 triangles");
  if (n == 0) return;

  std::vector<Vec3> centroids(n);
  for (std::size_t t = 0; t < n; ++t) {
    for (const std::uint32_t v : mesh.triangles[t])
      if (v >= mesh.vertices.size())
        throw std::invalid_argument("k-DOP tree: triangle " + std::to_string(t) +
                                    " refers to missing vertex " + std::to_string(v));
    const Triangle& tri = mesh.triangles[t];
    centroids[t] = (mesh.vertices[tri[0]] + mesh.vertices[tri[1]] + mesh.vertices[tri[2]]) / 3.0;
  }
  triangle_ids_.resize(n);
  std::iota(triangle_ids_.begin(), triangle_ids_.end(), 0u);

  // Splitting reads every centroid once per level, most of the build's work: large ranges
  // split their halves in parallel, each split recorded, and one pass then numbers the nodes
  // depth-first, the same tree a sequential build gives.
  struct Split {
    std::uint32_t begin, end;
    std::int64_t left, right;  // records of the halves; −1 for a leaf
  };
  // A binary tree over n triangles has at most 2n − 1 nodes.
  std::vector<Split> splits(2 * n - 1);
  std::atomic<std::int64_t> recorded{0};
  auto keep = [&](const Split& s) {
    const std::int64_t index = recorded.fetch_add(1, std::memory_order_relaxed);
    splits[index] = s;
    return index;
  };
  const auto leaf_limit = static_cast<std::uint32_t>(leaf_size);
  auto split = [&](auto& self, std::uint32_t first, std::uint32_t last, int level) -> std::int64_t {
    if (last - first <= leaf_limit) return keep({first, last, -1, -1});
    std::uint32_t* const begin = triangle_ids_.data() + first;
    std::uint32_t* const end = triangle_ids_.data() + last;
    Vec3 mean;
    const int axis = splatterAxis(centroids, begin, end, mean);
    std::uint32_t* mid = std::partition(
        begin, end, [&](std::uint32_t t) { return centroids[t][axis] < mean[axis]; });
    // Mean splits may leave a side empty (equal centroids) or, on strongly graded meshes, grow
    // deep; the median split below bounds the depth and hence the traversal stacks.
    if (mid == begin || mid == end || level >= kMeanSplitDepth) {
      mid = begin + (end - begin) / 2;
      std::nth_element(begin, mid, end, [&](std::uint32_t a, std::uint32_t b) {
        return centroids[a][axis] < centroids[b][axis];
      });
    }
    const auto middle = static_cast<std::uint32_t>(mid - triangle_ids_.data());
    std::int64_t left = 0, right = 0;
    if (last - first >= kParallelSplitTriangles)
      tbb::parallel_invoke([&] { left = self(self, first, middle, level + 1); },
                           [&] { right = self(self, middle, last, level + 1); });
    else
      left = self(self, first, middle, level + 1), right = self(self, middle, last, level + 1);
    return keep({first, last, left, right});
  };
  const std::int64_t root = split(split, 0, static_cast<std::uint32_t>(n), 1);

  // Numbering: a node's children are appended as a pair when it is reached, left subtree first.
  nodes_.reserve(recorded);
  parents_.reserve(recorded);
  nodes_.push_back({Kdop<K>::empty(), 0, 0});
  parents_.push_back(0);
  struct Pending {
    std::int64_t split;
    std::uint32_t node;
    int level;
  };
  std::vector<Pending> stack{{root, 0, 1}};
  while (!stack.empty()) {
    const Pending pending = stack.back();
    stack.pop_back();
    depth_ = std::max(depth_, pending.level);
    const std::uint32_t node = pending.node;
    const Split& s = splits[pending.split];
    if (s.left < 0) {
      nodes_[node].first = s.begin;
      nodes_[node].count = s.end - s.begin;
      continue;
    }
    const auto left = static_cast<std::uint32_t>(nodes_.size());
    nodes_[node].first = left;
    nodes_.push_back({Kdop<K>::empty(), 0, 0});
    nodes_.push_back({Kdop<K>::empty(), 0, 0});
    parents_.push_back(node);
    parents_.push_back(node);
    stack.push_back({s.right, left + 1, pending.level + 1});
    stack.push_back({s.left, left, pending.level + 1});
  }

  corners_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Triangle& tri = mesh.triangles[triangle_ids_[i]];
    corners_[i] = {mesh.vertices[tri[0]], mesh.vertices[tri[1]], mesh.vertices[tri[2]]};
  }
  // Children follow their parent in the array, so one backward sweep bounds bottom-up.
  for (std::size_t i = nodes_.size(); i-- > 0;) {
    Node& node = nodes_[i];
    if (node.count == 0) {
      node.box = nodes_[node.first].box;
      node.box.add(nodes_[node.first + 1].box);
      continue;
    }
    for (std::uint32_t t = node.first; t < node.first + node.count; ++t)
      for (const Vec3& corner : corners_[t]) node.box.add(corner);
  }
  buildPatchBoxes();
}

template <int K>
void KdopTree<K>::buildPatchBoxes() {
  // Bottom-up: each node's area vector (the sum of its triangles' cross products, twice their
  // vector area) and total area, and the range of triangle slots under it (leaves are
  // contiguous in depth-first order).
  const std::size_t count = nodes_.size();
  std::vector<Vec3> area_vector(count);
  std::vector<double> area(count, 0.0);
  std::vector<std::uint32_t> slot_end(count);
  for (std::size_t i = count; i-- > 0;) {
    const Node& node = nodes_[i];
    if (node.count == 0) {
      area_vector[i] = area_vector[node.first] + area_vector[node.first + 1];
      area[i] = area[node.first] + area[node.first + 1];
      slot_end[i] = slot_end[node.first + 1];
      continue;
    }
    for (std::uint32_t t = node.first; t < node.first + node.count; ++t) {
      const Corners& c = corners_[t];
      const Vec3 n = cross(c[1] - c[0], c[2] - c[0]);
      area_vector[i] += n;
      area[i] += norm(n);
    }
    slot_end[i] = node.first + node.count;
  }
  patch_boxes_.assign(count, PatchBox{});
  // Top-down: a left child starts where its parent does, a right child where its sibling ends.
  std::vector<std::uint32_t> slot_begin(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    const Node& node = nodes_[i];
    if (node.count != 0) continue;
    slot_begin[node.first] = slot_begin[i];
    slot_begin[node.first + 1] = slot_end[node.first];
  }
  // Each box reads every corner below its node: n·depth work, shared out over the cores.
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, count), [&](const auto& nodes) {
    for (std::size_t i = nodes.begin(); i < nodes.end(); ++i) {
      const double length = norm(area_vector[i]);
      if (slot_end[i] - slot_begin[i] > kMaxPatchTriangles || length == 0 ||
          length < kMinNormalCoherence * area[i])
        continue;
      PatchBox::Builder box(area_vector[i] / length);
      for (std::uint32_t t = slot_begin[i]; t < slot_end[i]; ++t)
        for (const Vec3& corner : corners_[t]) box.add(corner);
      patch_boxes_[i] = box.box();
    }
  });
}

template <int K>
int KdopTree<K>::windingNumber(const Vec3& p, std::uint64_t& node_tests) const {
  int winding = 0;
  // Slabs 0, 1, 2 are x, y, z: the upward ray can only meet triangles whose XY intervals hold
  // p and that reach up to p.z.
  auto ray_may_cross = [&](std::uint32_t node) {
    const Kdop<K>& b = nodes_[node].box;
    return !(p.x < b.lo[0] || p.x > b.hi[0] || p.y < b.lo[1] || p.y > b.hi[1] || p.z > b.hi[2]);
  };
  auto count_crossings = [&](const Node& leaf) {
    for (std::uint32_t t = leaf.first; t < leaf.first + leaf.count; ++t)
      winding += upwardRayCrossing(corners_[t][0], corners_[t][1], corners_[t][2], p);
  };
  descend(ray_may_cross, count_crossings, node_tests);
  return winding;
}

template <int K>
bool KdopTree<K>::isCut(const std::vector<std::uint32_t>& nodes) const {
  if (nodes_.empty()) return nodes.empty();
  // Walk the tree depth-first, left to right, skipping the subtree of each cut node met in order.
  std::size_t next = 0;
  std::vector<std::uint32_t> stack{0};
  while (!stack.empty()) {
    const std::uint32_t node = stack.back();
    stack.pop_back();
    if (next < nodes.size() && nodes[next] == node) {
      ++next;
      continue;
    }
    if (nodes_[node].count != 0) return false;  // a leaf with no cut node above it
    stack.push_back(nodes_[node].first + 1);
    stack.push_back(nodes_[node].first);
  }
  return next == nodes.size();
}

template class KdopTree<6>;
template class KdopTree<14>;
template class KdopTree<18>;
template class KdopTree<26>;

}  // namespace gougechek
