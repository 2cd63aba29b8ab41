#include <bit>
#include <cmath>

#include "gougechek/error.hpp"
#include "io/part_range.hpp"
#include "io/stl_binary_layout.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {

namespace {
constexpr std::size_t kFirstCornerOffset = 12;  // after the normal, which is not used

double loadFloat(std::string_view bytes, std::size_t offset) {
  return std::bit_cast<float>(loadLittleEndian32(bytes, offset));
}
}  // namespace

void readStlBinary(std::string_view bytes, const std::string& file, double unit_scale,
                   MeshBuilder& builder) {
  const std::uint32_t count = stlBinaryTriangleCount(bytes);
  builder.reserve(count);
  for (std::uint32_t t = 0; t < count; ++t) {
    std::size_t offset = kStlBinaryHeaderBytes + kStlBinaryTriangleBytes * t + kFirstCornerOffset;
    Vec3 corners[3];
    for (Vec3& corner : corners) {
      corner = Vec3{loadFloat(bytes, offset), loadFloat(bytes, offset + 4),
                    loadFloat(bytes, offset + 8)} *
               unit_scale;
      if (!isFinite(corner))
        throw InputError(file, 0, 0,
                         "triangle " + std::to_string(t + 1) + " of " + std::to_string(count) +
                             " has a non-finite coordinate (NaN or infinite)");
      if (!withinPartRange(corner))
        throw InputError(file, 0, 0,
                         "triangle " + std::to_string(t + 1) + " of " + std::to_string(count) +
                             " has a coordinate " + partRangeText() +
                             (unit_scale != 1.0 ? " (after unit scaling)" : ""));
      offset += 12;
    }
    builder.addTriangle(corners[0], corners[1], corners[2]);
  }
}

}  // namespace gougechek
