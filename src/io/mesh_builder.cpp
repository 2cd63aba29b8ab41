#include "io/mesh_builder.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

namespace gougechek {

namespace {
constexpr std::uint32_t kEmpty = std::numeric_limits<std::uint32_t>::max();

// -0.0 and +0.0 are the same position but different bits; adding +0.0 turns -0.0 into +0.0.
Vec3 withoutNegativeZero(const Vec3& p) {
  return {p.x + 0.0, p.y + 0.0, p.z + 0.0};
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
}  // namespace

void MeshBuilder::reserve(std::size_t triangles) {
  mesh_.triangles.reserve(triangles);
  // A closed triangle mesh has about half as many vertices as triangles.
  mesh_.vertices.reserve(triangles / 2 + 3);
  const std::size_t slots = std::bit_ceil(triangles + 16);  // load factor at most 1/2 then
  if (slots > table_.size()) rehash(slots);
}

void MeshBuilder::rehash(std::size_t slots) {
  table_.assign(slots, kEmpty);
  const std::size_t mask = slots - 1;
  for (std::uint32_t index = 0; index < mesh_.vertices.size(); ++index) {
    std::size_t slot = hashPosition(mesh_.vertices[index]) & mask;
    while (table_[slot] != kEmpty) slot = (slot + 1) & mask;
    table_[slot] = index;
  }
}

std::uint32_t MeshBuilder::weld(const Vec3& position) {
  if (2 * (mesh_.vertices.size() + 1) > table_.size())
    rehash(std::max<std::size_t>(64, 2 * table_.size()));
  const std::size_t mask = table_.size() - 1;
  std::size_t slot = hashPosition(position) & mask;
  while (table_[slot] != kEmpty) {
    if (mesh_.vertices[table_[slot]] == position) return table_[slot];
    slot = (slot + 1) & mask;
  }
  if (mesh_.vertices.size() >= kEmpty) throw std::length_error("mesh has too many vertices");
  const auto index = static_cast<std::uint32_t>(mesh_.vertices.size());
  mesh_.vertices.push_back(position);
  table_[slot] = index;
  return index;
}

bool MeshBuilder::addTriangle(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 pa = withoutNegativeZero(a), pb = withoutNegativeZero(b), pc = withoutNegativeZero(c);
  // Tested before welding, so a dropped triangle leaves no unreferenced vertex behind. Equal
  // positions are exactly the corners that welding would merge.
  if (pa == pb || pb == pc || pc == pa || cross(pb - pa, pc - pa) == Vec3{}) {
    ++degenerate_dropped_;
    return false;
  }
  mesh_.triangles.push_back({weld(pa), weld(pb), weld(pc)});
  return true;
}

Mesh MeshBuilder::take() {
  Mesh mesh = std::move(mesh_);
  mesh_ = Mesh{};
  table_.clear();
  return mesh;
}

}  // namespace gougechek
