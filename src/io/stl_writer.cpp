#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>

#include "gougechek/error.hpp"
#include "gougechek/part.hpp"
#include "io/stl_binary_layout.hpp"

namespace gougechek {

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Must not begin with "solid", or naive readers take the file for ASCII.
constexpr std::string_view kHeader = "binary STL written by gougechek";
constexpr std::size_t kTrianglesPerChunk = 1 << 14;

char* storeVec3(const Vec3& v, char* out) {
  for (int axis = 0; axis < 3; ++axis, out += 4)
    storeLittleEndian32(std::bit_cast<std::uint32_t>(static_cast<float>(v[axis])), out);
  return out;
}

Vec3 unitNormal(const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 n = cross(b - a, c - a);
  const double length = norm(n);
  return length > 0 ? n / length : Vec3{};
}
}  // namespace

void writeStlBinary(const Mesh& mesh, const std::string& path) {
  if (mesh.triangles.size() > std::numeric_limits<std::uint32_t>::max())
    throw InputError(path, 0, 0, "too many triangles for a binary STL");
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "wb"));
  if (!file)
    throw InputError(path, 0, 0, std::string("cannot create file: ") + std::strerror(errno));

  std::string buffer(kStlBinaryHeaderBytes, ' ');
  std::copy(kHeader.begin(), kHeader.end(), buffer.begin());
  storeLittleEndian32(static_cast<std::uint32_t>(mesh.triangles.size()),
                      buffer.data() + kStlBinaryHeaderBytes - 4);
  bool written = std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size();
  for (std::size_t begin = 0; written && begin < mesh.triangles.size();
       begin += kTrianglesPerChunk) {
    const std::size_t end = std::min(begin + kTrianglesPerChunk, mesh.triangles.size());
    buffer.assign((end - begin) * kStlBinaryTriangleBytes, '\0');  // attribute bytes stay 0
    char* out = buffer.data();
    for (std::size_t t = begin; t < end; ++t, out += kStlBinaryTriangleBytes) {
      const Vec3& a = mesh.vertices[mesh.triangles[t][0]];
      const Vec3& b = mesh.vertices[mesh.triangles[t][1]];
      const Vec3& c = mesh.vertices[mesh.triangles[t][2]];
      storeVec3(c, storeVec3(b, storeVec3(a, storeVec3(unitNormal(a, b, c), out))));
    }
    written = std::fwrite(buffer.data(), 1, buffer.size(), file.get()) == buffer.size();
  }
  // fclose flushes: its failure (disk full) is a failed write too.
  if (!written || std::fclose(file.release()) != 0)
    throw InputError(path, 0, 0, std::string("cannot write file: ") + std::strerror(errno));
}

}  // namespace gougechek
