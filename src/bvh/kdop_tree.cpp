#include "bvh/kdop_tree.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>

#include "bvh/ray_crossing.hpp"

namespace gougechek {
namespace {

template <class Moments, class Centroid>
Moments momentsOf(const Centroid* begin, const Centroid* end, const Vec3& reference) {
  Moments moments;
  for (const Centroid* c = begin; c != end; ++c) moments.add(c->at() - reference);
  return moments;
}

template <int Axis>
double along(const Vec3& v) {
  if constexpr (Axis == 0) return v.x;
  if constexpr (Axis == 1) return v.y;
  return v.z;
}

/// Moves the centroids below `pivot` along Axis before the others (Hoare's partition), adding
/// each to the moments of its side about `reference` as it is placed; returns the first of the
/// others.
template <int Axis, class Centroid, class Moments>
Centroid* partitionGathering(Centroid* lo, Centroid* hi, double pivot, const Vec3& reference,
                             Moments& below_out, Moments& above_out) {
  // Gathered in locals: moments reached through the references could be the centroids being
  // moved, as far as the compiler knows, and would go to memory at every step.
  Moments below, above;
  for (;;) {
    while (lo != hi && along<Axis>(lo->at()) < pivot) below.add((lo++)->at() - reference);
    while (lo != hi && !(along<Axis>((hi - 1)->at()) < pivot)) above.add((--hi)->at() - reference);
    if (lo == hi) break;
    // *lo belongs above and *(hi - 1) below, so they are not the same one. Their moments are
    // taken before they are swapped: read back right after, the centroids would wait for the
    // stores.
    const Centroid goes_above = *lo, goes_below = *--hi;
    below.add(goes_below.at() - reference);
    above.add(goes_above.at() - reference);
    *lo++ = goes_below;
    *hi = goes_above;
  }
  below_out = below;
  above_out = above;
  return lo;
}

}  // namespace

template <int K>
typename KdopTree<K>::Spread KdopTree<K>::spreadOf(const Vec3& reference, const Moments& moments,
                                                   std::uint32_t count) {
  const double n = count;
  const Vec3 mean = moments.sum / n;
  // n times the variance along each axis
  const Vec3 v = moments.squares -
                 Vec3{mean.x * moments.sum.x, mean.y * moments.sum.y, mean.z * moments.sum.z};
  const int axis = v.x >= v.y && v.x >= v.z ? 0 : v.y >= v.z ? 1 : 2;
  return {reference + mean, axis};
}

namespace {
// Runs both halves of a split in parallel when the range is large enough to pay for a task.
template <class Left, class Right>
void bothHalves(bool in_parallel, Left&& left, Right&& right) {
  if (in_parallel)
    tbb::parallel_invoke(left, right);
  else
    left(), right();
}

}  // namespace

template <int K>
KdopTree<K>::KdopTree(const Mesh& mesh, int leaf_size)
    : mesh_(&mesh), leaf_size_(static_cast<std::uint32_t>(std::max(leaf_size, 1))) {
  if (leaf_size < 1) throw std::invalid_argument("k-DOP tree leaf size must be at least 1");
  const std::size_t n = mesh.triangles.size();
  if (n > (std::size_t{1} << 30))
    throw std::invalid_argument("k-DOP tree: more than 2^30 triangles");
  for (std::size_t t = 0; t < n; ++t)
    for (const std::uint32_t v : mesh.triangles[t])
      if (v >= mesh.vertices.size())
        throw std::invalid_argument("k-DOP tree: triangle " + std::to_string(t) +
                                    " refers to missing vertex " + std::to_string(v));
  if (n == 0) return;

  using Range = tbb::blocked_range<std::size_t>;
  HugePageVector<Centroid> centroids(n);
  const Vec3 origin = mesh.vertices[mesh.triangles[0][0]];
  // One pass gives the centroids and the root box. Minimum and maximum are exact, so the root
  // box is the same however the work is shared.
  root_box_ = tbb::parallel_reduce(
      Range(0, n), Kdop<K>::empty(),
      [&](const Range& range, Kdop<K> box) {
        for (std::size_t t = range.begin(); t < range.end(); ++t) {
          const Triangle& tri = mesh.triangles[t];
          const Vec3 &a = mesh.vertices[tri[0]], &b = mesh.vertices[tri[1]],
                     &c = mesh.vertices[tri[2]];
          const Vec3 centroid = (a + b + c) / 3.0 - origin;
          centroids[t] = {static_cast<float>(centroid.x), static_cast<float>(centroid.y),
                          static_cast<float>(centroid.z), static_cast<std::uint32_t>(t)};
          box.add(a);
          box.add(b);
          box.add(c);
        }
        return box;
      },
      [](Kdop<K> a, const Kdop<K>& b) {
        a.add(b);
        return a;
      });
  grid_ = KdopGrid<K>(root_box_);

  // A slot is split at most once, so one byte per slot records the whole tree's shape.
  std::vector<std::uint8_t> split_level(n, 0);
  // Offsets from a centroid of the part keep the moments' sums small.
  const Vec3 reference = centroids[0].at();
  depth_ = split(
      centroids.data(), 0, static_cast<std::uint32_t>(n), 1, split_level.data(),
      spreadOf(reference, momentsOf<Moments>(centroids.data(), centroids.data() + n, reference),
               static_cast<std::uint32_t>(n)));
  triangle_ids_.resize(n);
  tbb::parallel_for(Range(0, n), [&](const Range& range) {
    for (std::size_t slot = range.begin(); slot < range.end(); ++slot)
      triangle_ids_[slot] = centroids[slot].triangle;
  });
  centroids = HugePageVector<Centroid>();
  const auto inner = static_cast<std::uint32_t>(
      std::count_if(split_level.begin(), split_level.end(), [](std::uint8_t l) { return l != 0; }));
  nodes_.resize(2 * std::size_t{inner} + 1);
  pair_parents_.resize(inner);
  inner_boxes_.resize(inner);
  FoundPatches found;
  link(0, 0, static_cast<std::uint32_t>(n), 1, 1,
       LinkScope{SlotCorners{this}, split_level.data(), &found});
  // The patch boxes go to their ranks among the inner nodes having one, whatever order the
  // subtrees were found in.
  patch_bits_.assign((std::size_t{inner} + 63) / 64, 0);
  for (const std::vector<FoundPatch>& list : found.lists)
    for (const FoundPatch& f : list)
      patch_bits_[f.box_index / 64] |= std::uint64_t{1} << (f.box_index % 64);
  patch_ranks_.resize(patch_bits_.size());
  std::uint32_t rank = 0;
  for (std::size_t word = 0; word < patch_bits_.size(); ++word) {
    patch_ranks_[word] = rank;
    rank += static_cast<std::uint32_t>(std::popcount(patch_bits_[word]));
  }
  inner_patches_.resize(rank);
  for (const std::vector<FoundPatch>& list : found.lists)
    for (const FoundPatch& f : list) inner_patches_[patchRank(f.box_index)] = f.patch;
}

template <int K>
int KdopTree<K>::split(Centroid* centroids, std::uint32_t first, std::uint32_t last, int level,
                       std::uint8_t* split_level, const Spread& spread) {
  if (last - first <= leaf_size_) return level;
  Centroid* const begin = centroids + first;
  Centroid* const end = centroids + last;
  const Vec3& mean = spread.mean;
  Moments below, above;
  Centroid* mid = nullptr;
  switch (spread.axis) {
    case 0:
      mid = partitionGathering<0>(begin, end, mean.x, mean, below, above);
      break;
    case 1:
      mid = partitionGathering<1>(begin, end, mean.y, mean, below, above);
      break;
    default:
      mid = partitionGathering<2>(begin, end, mean.z, mean, below, above);
      break;
  }
  // Mean splits may leave a side empty (equal centroids) or, on strongly graded meshes, grow
  // deep; the median split below bounds the depth and hence the traversal stacks.
  if (mid == begin || mid == end || level >= kMeanSplitDepth) {
    mid = begin + (end - begin) / 2;
    std::nth_element(begin, mid, end, [axis = spread.axis](const Centroid& a, const Centroid& b) {
      return a.at()[axis] < b.at()[axis];
    });
    below = momentsOf<Moments>(begin, mid, mean);
    above = momentsOf<Moments>(mid, end, mean);
  }
  const auto middle = static_cast<std::uint32_t>(mid - centroids);
  split_level[middle] = static_cast<std::uint8_t>(level);
  // A half that is a leaf needs no spread and no call: half the ranges are leaves.
  auto half = [&](std::uint32_t half_first, std::uint32_t half_last, const Moments& moments) {
    if (half_last - half_first <= leaf_size_) return level + 1;
    return split(centroids, half_first, half_last, level + 1, split_level,
                 spreadOf(mean, moments, half_last - half_first));
  };
  int left = 0, right = 0;
  bothHalves(
      last - first >= kParallelSplitTriangles, [&] { left = half(first, middle, below); },
      [&] { right = half(middle, last, above); });
  return std::max(left, right);
}

template <int K>
typename KdopTree<K>::Gathered KdopTree<K>::link(std::uint32_t node, std::uint32_t first,
                                                 std::uint32_t last, int level,
                                                 std::uint32_t child_base, const LinkScope& scope) {
  if (last - first <= leaf_size_) {
    nodes_[node] = {kLeaf | first};
    triangle_ids_[last - 1] |= kLastOfLeaf;
    const auto [kdop, sums] = slotBounds(first, last, scope.corners_of);
    return {grid_.enclose(kdop), sums.area_vector, sums.area};
  }
  if (scope.corners_of.copy == nullptr && last - first <= kMaxPatchTriangles) {
    CornerColumns copy{first, std::vector<double>(3 * (last - first)),
                       std::vector<double>(3 * (last - first)),
                       std::vector<double>(3 * (last - first))};
    for (std::uint32_t t = first; t < last; ++t) {
      const Corners c = corners(t);
      for (std::size_t k = 0, i = 3 * std::size_t{t - first}; k < 3; ++k, ++i) {
        copy.x[i] = c[k].x;
        copy.y[i] = c[k].y;
        copy.z[i] = c[k].z;
      }
    }
    std::vector<FoundPatch> found;
    const Gathered gathered =
        link(node, first, last, level, child_base,
             LinkScope{SlotCorners{this, &copy}, scope.split_level, scope.all, &found});
    const std::lock_guard lock(scope.all->mutex);
    scope.all->lists.push_back(std::move(found));
    return gathered;
  }
  const std::uint8_t* const split_level = scope.split_level;
  // Slots strictly inside the range are split only by this node (at `level`) and below it.
  const std::uint8_t* const inside = split_level + first + 1;
  const auto middle = static_cast<std::uint32_t>(
      static_cast<const std::uint8_t*>(std::memchr(inside, level, last - first - 1)) - split_level);
  // Each inner node of the left subtree appends one pair before the right's.
  const auto left_inner = static_cast<std::uint32_t>(
      std::count_if(inside, split_level + middle, [](std::uint8_t l) { return l != 0; }));
  nodes_[node] = {child_base};
  pair_parents_[(child_base - 1) / 2] = node;
  Gathered both;
  if (middle - first <= leaf_size_ && last - middle <= leaf_size_) {
    // Two leaves, the most common node: its box is enclosed once from both leaves' triangles,
    // not once per leaf and joined (the same codes: enclosing commutes with the union).
    nodes_[child_base] = {kLeaf | first};
    nodes_[child_base + 1] = {kLeaf | middle};
    triangle_ids_[middle - 1] |= kLastOfLeaf;
    triangle_ids_[last - 1] |= kLastOfLeaf;
    const auto [kdop, sums] = slotBounds(first, last, scope.corners_of);
    both = {grid_.enclose(kdop), sums.area_vector, sums.area};
  } else {
    Gathered left, right;
    bothHalves(
        last - first >= kParallelSplitTriangles,
        [&] { left = link(child_base, first, middle, level + 1, child_base + 2, scope); },
        [&] {
          right =
              link(child_base + 1, middle, last, level + 1, child_base + 2 + 2 * left_inner, scope);
        });
    both = {left.box, left.area_vector + right.area_vector, left.area + right.area};
    both.box.add(right.box);
  }
  const std::uint32_t box_index = nodes_[node].boxIndex();
  inner_boxes_[box_index] = both.box;
  if (last - first < kMinPatchTriangles) return both;
  // A node with a patch normal has at most kMaxPatchTriangles, so its corners were copied.
  if (const Vec3 normal = patchNormal(last - first, both); normal != Vec3{})
    scope.found->push_back({box_index, PackedPatchBox::pack(normal, [&](PatchBox::Builder& patch) {
                              const CornerColumns& copy = *scope.corners_of.copy;
                              const std::size_t from = 3 * std::size_t{first - copy.base};
                              patch.add(&copy.x[from], &copy.y[from], &copy.z[from],
                                        3 * std::size_t{last - first});
                            })});
  return both;
}

template <int K>
std::pair<Kdop<K>, typename KdopTree<K>::Gathered> KdopTree<K>::slotBounds(
    std::uint32_t first, std::uint32_t end, const SlotCorners& corners_of) {
  Kdop<K> box = Kdop<K>::empty();
  Gathered sums;
  for (std::uint32_t t = first; t < end; ++t) {
    const Corners c = corners_of(t);
    for (const Vec3& corner : c) box.add(corner);
    const Vec3 n = cross(c[1] - c[0], c[2] - c[0]);
    sums.area_vector += n;
    sums.area += norm(n);
  }
  return {box, sums};
}

template <int K>
Vec3 KdopTree<K>::patchNormal(std::uint32_t triangles, const Gathered& sums) {
  const double length = norm(sums.area_vector);
  if (triangles > kMaxPatchTriangles || length == 0 || length < kMinNormalCoherence * sums.area)
    return {};
  return sums.area_vector / length;
}

template <int K>
int KdopTree<K>::windingNumber(const Vec3& p, std::uint64_t& node_tests) const {
  int winding = 0;
  // Slabs 0, 1, 2 are x, y, z: the upward ray can only meet triangles whose XY intervals hold
  // p and that reach up to p.z.
  auto ray_may_cross = [&](std::uint32_t node) {
    const Kdop<K> b = nodeKdop(node);
    return !(p.x < b.lo[0] || p.x > b.hi[0] || p.y < b.lo[1] || p.y > b.hi[1] || p.z > b.hi[2]);
  };
  auto count_crossings = [&](const Node& leaf) {
    const Slots slots = slotsOf(leaf);
    for (std::uint32_t t = slots.first; t < slots.end; ++t) {
      const Corners c = corners(t);
      winding += upwardRayCrossing(c[0], c[1], c[2], p);
    }
  };
  descend(0, ray_may_cross, count_crossings, node_tests);
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
    if (nodes_[node].isLeaf()) return false;  // a leaf with no cut node above it
    stack.push_back(nodes_[node].link + 1);
    stack.push_back(nodes_[node].link);
  }
  return next == nodes.size();
}

template class KdopTree<6>;
template class KdopTree<14>;
template class KdopTree<18>;
template class KdopTree<26>;

}  // namespace gougechek
