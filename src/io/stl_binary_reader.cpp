#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <vector>

#include "gougechek/error.hpp"
#include "io/part_range.hpp"
#include "io/stl_binary_layout.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {

namespace {
constexpr std::size_t kFirstCornerOffset = 12;  // after the normal, which is not used
constexpr std::size_t kCornerBytes = 12;

// Corner k of triangle `index` as the file has it.
MeshBuilder::FloatPoint loadFloatCorner(std::string_view records, std::size_t index,
                                        std::size_t k) {
  const std::size_t offset =
      kStlBinaryTriangleBytes * index + kFirstCornerOffset + kCornerBytes * k;
  return {std::bit_cast<float>(loadLittleEndian32(records, offset)),
          std::bit_cast<float>(loadLittleEndian32(records, offset + 4)),
          std::bit_cast<float>(loadLittleEndian32(records, offset + 8))};
}

MeshBuilder::Corners loadCorners(std::string_view records, std::size_t index, double unit_scale) {
  MeshBuilder::Corners corners;
  for (std::size_t k = 0; k < 3; ++k) {
    const MeshBuilder::FloatPoint corner = loadFloatCorner(records, index, k);
    corners[k] = Vec3{corner.x, corner.y, corner.z} * unit_scale;
  }
  return corners;
}

// Throws for the first corner of triangle `number` (1-based, of `count`) that is not finite or
// lies out of range.
void rejectCorners(const MeshBuilder::Corners& corners, std::uint64_t number, std::uint32_t count,
                   const std::string& file, double unit_scale) {
  const std::string triangle =
      "triangle " + std::to_string(number) + " of " + std::to_string(count);
  for (const Vec3& corner : corners) {
    if (!isFinite(corner))
      throw InputError(file, 0, 0, triangle + " has a non-finite coordinate (NaN or infinite)");
    if (!withinPartRange(corner))
      throw InputError(file, 0, 0,
                       triangle + " has a coordinate " + partRangeText() +
                           (unit_scale != 1.0 ? " (after unit scaling)" : ""));
  }
}
}  // namespace

void readStlBinaryRecords(std::string_view records, std::uint32_t first, std::uint32_t count,
                          const std::string& file, double unit_scale, StlBinaryScratch& scratch,
                          MeshBuilder& builder) {
  const std::size_t triangles = records.size() / kStlBinaryTriangleBytes;
  // The builder takes the file's floats as they are when they need no scaling.
  const bool as_read = unit_scale == 1;
  if (as_read)
    scratch.as_read.resize(triangles);
  else
    scratch.scaled.resize(triangles);
  // Any bad triangle stops the read; the error names the first, as a sequential read would.
  std::atomic<std::size_t> first_bad{triangles};
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, triangles), [&](const auto& range) {
    for (std::size_t t = range.begin(); t < range.end(); ++t) {
      bool good = true;
      if (as_read) {
        MeshBuilder::FloatCorners& corners = scratch.as_read[t];
        for (std::size_t k = 0; k < 3; ++k) {
          corners[k] = loadFloatCorner(records, t, k);
          good = good && withinPartRange(Vec3{corners[k].x, corners[k].y, corners[k].z});
        }
      } else {
        MeshBuilder::Corners& corners = scratch.scaled[t];
        corners = loadCorners(records, t, unit_scale);
        good = withinPartRange(corners[0]) && withinPartRange(corners[1]) &&
               withinPartRange(corners[2]);
      }
      // NaN and infinities fail the range test too.
      if (good) continue;
      std::size_t bad = first_bad.load(std::memory_order_relaxed);
      while (t < bad && !first_bad.compare_exchange_weak(bad, t, std::memory_order_relaxed)) {
      }
    }
  });
  if (const std::size_t bad = first_bad; bad < triangles)
    rejectCorners(loadCorners(records, bad, unit_scale), std::uint64_t{first} + bad + 1, count,
                  file, unit_scale);
  if (as_read)
    builder.addTriangles(scratch.as_read);
  else
    builder.addTriangles(scratch.scaled);
}

void readStlBinary(std::string_view bytes, const std::string& file, double unit_scale,
                   MeshBuilder& builder) {
  const std::uint32_t count = stlBinaryTriangleCount(bytes);
  builder.reserve(count);
  StlBinaryScratch scratch;
  for (std::uint32_t first = 0; first < count; first += kStlBinaryBlockTriangles) {
    const std::uint32_t block = std::min(kStlBinaryBlockTriangles, count - first);
    readStlBinaryRecords(bytes.substr(kStlBinaryHeaderBytes + kStlBinaryTriangleBytes * first,
                                      kStlBinaryTriangleBytes * block),
                         first, count, file, unit_scale, scratch, builder);
  }
}

}  // namespace gougechek
