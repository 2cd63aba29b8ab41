#pragma once
// The binary STL layout: an 80-byte header, a little-endian uint32 triangle count, then per
// triangle 12 little-endian floats (normal, three corners) and a 2-byte attribute.
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace gougechek {

inline constexpr std::size_t kStlBinaryHeaderBytes = 84;    ///< header and count
inline constexpr std::size_t kStlBinaryTriangleBytes = 50;  ///< one triangle record
/// Triangle records read and parsed at a time (3.2 MB): enough to share out over the cores,
/// little next to the mesh they make.
inline constexpr std::uint32_t kStlBinaryBlockTriangles = 1u << 16;

/// The file size a binary STL of `triangles` triangles has.
constexpr std::uint64_t stlBinarySize(std::uint64_t triangles) {
  return kStlBinaryHeaderBytes + kStlBinaryTriangleBytes * triangles;
}

/// The little-endian uint32 at `bytes[offset]`, whatever the host's byte order.
inline std::uint32_t loadLittleEndian32(std::string_view bytes, std::size_t offset) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data() + offset);
  return std::uint32_t{p[0]} | std::uint32_t{p[1]} << 8 | std::uint32_t{p[2]} << 16 |
         std::uint32_t{p[3]} << 24;
}

/// Writes `value` little-endian into the 4 bytes at `out`.
inline void storeLittleEndian32(std::uint32_t value, char* out) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

/// The triangle count in a binary STL header (`bytes` holds at least 84 bytes).
inline std::uint32_t stlBinaryTriangleCount(std::string_view bytes) {
  return loadLittleEndian32(bytes, kStlBinaryHeaderBytes - 4);
}

}  // namespace gougechek
