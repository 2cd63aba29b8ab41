#include "io/mesh_builder.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <type_traits>

namespace gougechek {

namespace {
constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();
// A table slot holds the lowest corner index of its position while corners are inserted, and
// once numbered its vertex index marked with this bit; corner indices stay below it.
constexpr std::uint32_t kNumbered = 1u << 31;
// The table starts at about two slots per vertex of a closed mesh (half as many vertices as
// triangles) and grows by this factor when a soup with fewer shared corners overfills it.
constexpr std::size_t kTableGrowth = 4;
// Corners per block of the numbering passes: fixed, so the numbering never depends on how the
// work was shared out; a multiple of 64, so blocks share no word of a bitmap of corners.
constexpr std::size_t kBlockCorners = std::size_t{3} << 14;
static_assert(kBlockCorners % 64 == 0);
// How many corners ahead the passes over all corners fetch the table slot they will read.
constexpr std::size_t kPassLead = 16;

// -0.0 and +0.0 are the same position but different bits; adding +0.0 turns -0.0 into +0.0.
Vec3 withoutNegativeZero(const Vec3& p) {
  return {p.x + 0.0, p.y + 0.0, p.z + 0.0};
}
MeshBuilder::FloatPoint withoutNegativeZero(const MeshBuilder::FloatPoint& p) {
  return {p.x + 0.0f, p.y + 0.0f, p.z + 0.0f};
}

bool isDegenerate(const Vec3& a, const Vec3& b, const Vec3& c) {
  // Equal positions are exactly the corners that welding would merge.
  return a == b || b == c || c == a || cross(b - a, c - a) == Vec3{};
}

// splitmix64's finaliser: coordinates read from float have 29 zero low mantissa bits, so every
// input bit must reach the low bits the table index is taken from.
std::uint64_t mix(std::uint64_t h) {
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ULL;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

std::uint64_t hashPosition(const Vec3& p) {
  std::uint64_t h = mix(std::bit_cast<std::uint64_t>(p.x));
  h = mix(h ^ std::bit_cast<std::uint64_t>(p.y));
  return mix(h ^ std::bit_cast<std::uint64_t>(p.z));
}

std::uint64_t hashPosition(const MeshBuilder::FloatPoint& p) {
  const std::uint64_t xy =
      std::bit_cast<std::uint32_t>(p.x) | std::uint64_t{std::bit_cast<std::uint32_t>(p.y)} << 32;
  return mix(mix(xy) ^ std::bit_cast<std::uint32_t>(p.z));
}

// A point in either precision in double precision, exactly.
Vec3 toVec3(const Vec3& p) {
  return p;
}
Vec3 toVec3(const MeshBuilder::FloatPoint& p) {
  return {p.x, p.y, p.z};
}
// A point in either precision whose coordinates are floats exactly in single precision.
MeshBuilder::FloatPoint toFloatPoint(const Vec3& p) {
  return {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z)};
}
MeshBuilder::FloatPoint toFloatPoint(const MeshBuilder::FloatPoint& p) {
  return p;
}

bool isFloat(double v) {
  // The range test first: converting a double beyond the floats' range is undefined.
  return std::fabs(v) <= std::numeric_limits<float>::max() &&
         static_cast<double>(static_cast<float>(v)) == v;
}
bool isFloat(const Vec3& p) {
  return isFloat(p.x) && isFloat(p.y) && isFloat(p.z);
}

template <class Body>
void forEachBlock(std::size_t items, std::size_t block_size, Body&& body) {
  const std::size_t blocks = (items + block_size - 1) / block_size;
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, blocks), [&](const auto& range) {
    for (std::size_t b = range.begin(); b < range.end(); ++b)
      body(b, b * block_size, std::min(items, (b + 1) * block_size));
  });
}

// Open addressing over positions, filled by all cores at once: each slot ends up holding the
// lowest index of the corners at its position, whichever thread got there first.
template <class Point>
class CornerTable {
 public:
  CornerTable(const HugePageVector<Point>& soup, std::size_t slots)
      : soup_(soup), slots_(slots, kEmpty), mask_(slots - 1), limit_(slots / 2) {}

  /// Inserts every corner c, setting slot_of(c) to the slot of its position; false when the
  /// positions overfill the table (load above 1/2).
  template <class SlotOf>
  bool insertAll(SlotOf&& slot_of) {
    std::atomic<bool> full{false};
    forEachBlock(soup_.size(), kBlockCorners, [&](std::size_t, std::size_t begin, std::size_t end) {
      // The table and the soup are far larger than the caches, and a probe waiting for its
      // slot, then for the corner the slot holds, would spend most of its time waiting: both
      // are fetched a few corners ahead. home[c % kSlotLead] is corner c's first slot.
      std::array<std::size_t, kSlotLead> home;
      auto look_ahead = [&](std::size_t c) {
        home[c % kSlotLead] = hashPosition(soup_[c]) & mask_;
        __builtin_prefetch(&slots_[home[c % kSlotLead]]);
      };
      for (std::size_t c = begin; c < std::min(end, begin + kSlotLead); ++c) look_ahead(c);
      std::size_t allowance = 0;
      for (std::size_t c = begin; c < end && !full.load(std::memory_order_relaxed); ++c) {
        if (c + kHeldLead < end)
          if (const std::uint32_t held = load(home[(c + kHeldLead) % kSlotLead]); held != kEmpty)
            __builtin_prefetch(&soup_[held]);
        const std::size_t first_slot = home[c % kSlotLead];
        if (c + kSlotLead < end) look_ahead(c + kSlotLead);
        const std::size_t slot = insert(static_cast<std::uint32_t>(c), first_slot, allowance);
        if (slot == kNoSlot) full = true;
        slot_of(c) = static_cast<std::uint32_t>(slot);
      }
    });
    return !full;
  }

  /// Starts fetching a slot that a pass will read a few corners on.
  void prefetch(std::size_t slot) const { __builtin_prefetch(&slots_[slot]); }
  std::uint32_t load(std::size_t slot) {
    return std::atomic_ref<std::uint32_t>(slots_[slot]).load(std::memory_order_relaxed);
  }
  void store(std::size_t slot, std::uint32_t value) {
    std::atomic_ref<std::uint32_t>(slots_[slot]).store(value, std::memory_order_relaxed);
  }

 private:
  static constexpr std::size_t kNoSlot = std::numeric_limits<std::size_t>::max();
  // How many corners ahead a corner's slot, and the corner held there, are fetched.
  static constexpr std::size_t kSlotLead = 32;
  static constexpr std::size_t kHeldLead = 16;
  // Claims of empty slots a block takes from the shared count at a time: one at a time, the
  // threads would pass the count's cache line back and forth at every new position.
  static constexpr std::size_t kClaimBatch = 256;

  // Whether the block may claim one more empty slot, out of its `allowance`. Claims are granted
  // before they are made, never more than the limit in all, so the load never passes it.
  bool claim(std::size_t& allowance) {
    if (allowance == 0) {
      const std::size_t granted = claims_.fetch_add(kClaimBatch, std::memory_order_relaxed);
      if (granted >= limit_) return false;
      allowance = std::min(kClaimBatch, limit_ - granted);
    }
    --allowance;
    return true;
  }

  // The slot of the corner's position, probing from its hash's slot, or kNoSlot when the table
  // is full.
  std::size_t insert(std::uint32_t corner, std::size_t slot, std::size_t& allowance) {
    const Point& p = soup_[corner];
    for (;;) {
      std::atomic_ref<std::uint32_t> held_ref(slots_[slot]);
      std::uint32_t held = held_ref.load(std::memory_order_relaxed);
      if (held == kEmpty) {
        if (!claim(allowance)) return kNoSlot;
        if (held_ref.compare_exchange_strong(held, corner, std::memory_order_relaxed)) return slot;
      }
      if (soup_[held] == p) {
        while (corner < held &&
               !held_ref.compare_exchange_weak(held, corner, std::memory_order_relaxed)) {
        }
        return slot;
      }
      slot = (slot + 1) & mask_;
    }
  }

  const HugePageVector<Point>& soup_;
  HugePageVector<std::uint32_t> slots_;
  std::size_t mask_;
  std::size_t limit_;
  std::atomic<std::size_t> claims_{0};
};

// Welds the soup's corners into a mesh: vertices numbered in the order their positions first
// occur.
template <class Point>
Mesh weld(const HugePageVector<Point>& soup) {
  const std::size_t corners = soup.size();
  if (corners >= kNumbered) throw std::length_error("mesh has too many vertices");
  // Each corner's triangle entry holds the slot of its position until it is renumbered.
  Mesh mesh;
  mesh.triangles.reserve(corners / 3);
  adviseHugePages(mesh.triangles.data(), corners / 3 * sizeof(Triangle));
  mesh.triangles.resize(corners / 3);
  auto slot_of = [&](std::size_t c) -> std::uint32_t& { return mesh.triangles[c / 3][c % 3]; };
  std::size_t slots = std::bit_ceil(corners / 3 + 16);
  auto table = std::make_unique<CornerTable<Point>>(soup, slots);
  while (!table->insertAll(slot_of)) {
    slots *= kTableGrowth;
    table = std::make_unique<CornerTable<Point>>(soup, slots);
  }

  // A corner whose slot holds its own index is its position's first: it makes the next vertex.
  // The first corners are marked in a bitmap (a block's corners fill whole words), so that
  // numbering them reads the table no more.
  const std::size_t blocks = (corners + kBlockCorners - 1) / kBlockCorners;
  std::vector<std::size_t> block_first_vertex(blocks + 1, 0);
  std::vector<std::uint64_t> is_first((corners + 63) / 64, 0);
  // Without a branch on the test, whose misses would throw away the table reads under way.
  forEachBlock(corners, kBlockCorners, [&](std::size_t b, std::size_t begin, std::size_t end) {
    std::size_t firsts = 0;
    for (std::size_t c = begin; c < end; ++c) {
      if (c + kPassLead < end) table->prefetch(slot_of(c + kPassLead));
      const bool first = table->load(slot_of(c)) == c;
      is_first[c / 64] |= std::uint64_t{first} << (c % 64);
      firsts += first;
    }
    block_first_vertex[b + 1] = firsts;
  });
  std::partial_sum(block_first_vertex.begin(), block_first_vertex.end(),
                   block_first_vertex.begin());
  mesh.vertices.reserve(block_first_vertex.back());
  adviseHugePages(mesh.vertices.data(), block_first_vertex.back() * sizeof(Vec3));
  mesh.vertices.resize(block_first_vertex.back());
  // Each slot is renumbered by its one first corner; the others only ever find it differing
  // from their own index, before or after.
  forEachBlock(corners, kBlockCorners, [&](std::size_t b, std::size_t begin, std::size_t end) {
    auto vertex = static_cast<std::uint32_t>(block_first_vertex[b]);
    for (std::size_t word = begin / 64; word < (end + 63) / 64; ++word)
      for (std::uint64_t bits = is_first[word]; bits != 0; bits &= bits - 1) {
        const std::size_t c = 64 * word + static_cast<std::size_t>(std::countr_zero(bits));
        mesh.vertices[vertex] = toVec3(soup[c]);
        table->store(slot_of(c), kNumbered | vertex++);
      }
  });
  forEachBlock(corners, kBlockCorners, [&](std::size_t, std::size_t begin, std::size_t end) {
    for (std::size_t c = begin; c < end; ++c) {
      if (c + kPassLead < end) table->prefetch(slot_of(c + kPassLead));
      slot_of(c) = table->load(slot_of(c)) & ~kNumbered;
    }
  });
  return mesh;
}
}  // namespace

void MeshBuilder::reserve(std::size_t triangles) {
  if (all_floats_)
    float_soup_.reserve(3 * triangles);
  else
    soup_.reserve(3 * triangles);
}

void MeshBuilder::leaveFloats() {
  soup_.reserve(float_soup_.capacity());
  for (const FloatPoint& p : float_soup_) soup_.push_back(toVec3(p));
  float_soup_ = HugePageVector<FloatPoint>();
  all_floats_ = false;
}

void MeshBuilder::append(const Vec3* corners, std::size_t count) {
  if (all_floats_ &&
      !std::all_of(corners, corners + count, [](const Vec3& p) { return isFloat(p); }))
    leaveFloats();
  for (const Vec3* p = corners; p != corners + count; ++p)
    if (all_floats_)
      float_soup_.push_back(toFloatPoint(*p));
    else
      soup_.push_back(*p);
}

bool MeshBuilder::addTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Corners corners = {withoutNegativeZero(a), withoutNegativeZero(b), withoutNegativeZero(c)};
  if (isDegenerate(corners[0], corners[1], corners[2])) {
    ++degenerate_dropped_;
    return false;
  }
  append(corners.data(), corners.size());
  return true;
}

void MeshBuilder::addTriangles(std::span<const Corners> triangles) {
  addAll(triangles);
}

void MeshBuilder::addTriangles(std::span<const FloatCorners> triangles) {
  addAll(triangles);
}

template <class Triangle>
void MeshBuilder::addAll(std::span<const Triangle> triangles) {
  // Which triangles are kept, then where each block's kept ones go, then the copy: the order is
  // the given one however the blocks were shared out.
  constexpr std::size_t kBlockTriangles = kBlockCorners / 3;
  std::vector<std::uint8_t> kept(triangles.size());
  const std::size_t blocks = (triangles.size() + kBlockTriangles - 1) / kBlockTriangles;
  std::vector<std::size_t> block_start(blocks + 1, 0);
  std::atomic<bool> all_floats{true};
  forEachBlock(triangles.size(), kBlockTriangles,
               [&](std::size_t b, std::size_t begin, std::size_t end) {
                 bool floats = true;
                 for (std::size_t t = begin; t < end; ++t) {
                   const Corners c = {toVec3(triangles[t][0]), toVec3(triangles[t][1]),
                                      toVec3(triangles[t][2])};
                   kept[t] = !isDegenerate(withoutNegativeZero(c[0]), withoutNegativeZero(c[1]),
                                           withoutNegativeZero(c[2]));
                   block_start[b + 1] += kept[t];
                   if constexpr (std::is_same_v<Triangle, Corners>)
                     floats = floats && isFloat(c[0]) && isFloat(c[1]) && isFloat(c[2]);
                 }
                 if (!floats) all_floats.store(false, std::memory_order_relaxed);
               });
  std::partial_sum(block_start.begin(), block_start.end(), block_start.begin());
  degenerate_dropped_ += triangles.size() - block_start.back();
  if (all_floats_ && !all_floats) leaveFloats();
  auto copy_kept = [&](auto& soup, auto convert) {
    const std::size_t base = soup.size();
    soup.resize(base + 3 * block_start.back());
    forEachBlock(triangles.size(), kBlockTriangles,
                 [&](std::size_t b, std::size_t begin, std::size_t end) {
                   auto* out = soup.data() + base + 3 * block_start[b];
                   for (std::size_t t = begin; t < end; ++t)
                     if (kept[t])
                       for (const auto& corner : triangles[t]) *out++ = convert(corner);
                 });
  };
  if (all_floats_)
    copy_kept(float_soup_, [](const auto& p) { return toFloatPoint(withoutNegativeZero(p)); });
  else
    copy_kept(soup_, [](const auto& p) { return withoutNegativeZero(toVec3(p)); });
}

Mesh MeshBuilder::take() {
  Mesh mesh = all_floats_ ? weld(float_soup_) : weld(soup_);
  float_soup_ = HugePageVector<FloatPoint>();
  soup_ = HugePageVector<Vec3>();
  all_floats_ = true;
  return mesh;
}

}  // namespace gougechek
