#include "io/stl_reader.hpp"

#include <algorithm>
#include <cstdint>

#include "gougechek/error.hpp"
#include "io/stl_binary_layout.hpp"

namespace gougechek {

namespace {
bool startsWithSolid(std::string_view bytes) {
  bytes = withoutByteOrderMark(bytes);
  const std::size_t start = bytes.find_first_not_of(" \t\r\n\f\v");
  if (start == std::string_view::npos || bytes.size() - start < 5) return false;
  std::string_view word = bytes.substr(start, 5);
  return std::equal(word.begin(), word.end(), "solid",
                    [](char a, char b) { return (a | 0x20) == b; });
}

// Text STL holds no control bytes but white space; a binary triangle count or float almost
// always does (the count's high byte is 0 below 16.7 million triangles).
bool holdsBinaryBytes(std::string_view bytes) {
  const std::string_view start = bytes.substr(0, kStlBinaryHeaderBytes + kStlBinaryTriangleBytes);
  return std::any_of(start.begin(), start.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f' &&
           byte != '\v';
  });
}

std::string describeBinarySize(std::uint64_t count, std::size_t size) {
  return "binary STL header says " + std::to_string(count) + " triangles (" +
         std::to_string(stlBinarySize(count)) + " bytes) but the file has " + std::to_string(size) +
         " bytes";
}
}  // namespace

StlEncoding detectStlEncoding(std::string_view bytes, const std::string& file) {
  if (bytes.empty()) throw InputError(file, 0, 0, "part file is empty");
  const bool long_enough = bytes.size() >= kStlBinaryHeaderBytes;
  if (long_enough && stlBinarySize(stlBinaryTriangleCount(bytes)) == bytes.size())
    return StlEncoding::binary;
  if (startsWithSolid(bytes) && !(long_enough && holdsBinaryBytes(bytes)))
    return StlEncoding::ascii;
  if (!long_enough)
    throw InputError(file, 0, 0,
                     "not an STL file: shorter than a binary STL header (" +
                         std::to_string(bytes.size()) + " bytes) and not starting with 'solid'");
  const std::uint64_t count = stlBinaryTriangleCount(bytes);
  if (bytes.size() < stlBinarySize(count))
    throw InputError(file, 0, 0, "truncated file: " + describeBinarySize(count, bytes.size()));
  throw InputError(file, 0, 0,
                   "triangle count mismatch: " + describeBinarySize(count, bytes.size()));
}

std::string_view withoutByteOrderMark(std::string_view bytes) {
  constexpr std::string_view kUtf8ByteOrderMark = "\xEF\xBB\xBF";
  if (bytes.substr(0, kUtf8ByteOrderMark.size()) == kUtf8ByteOrderMark)
    bytes.remove_prefix(kUtf8ByteOrderMark.size());
  return bytes;
}

Part readStl(std::string_view bytes, const std::string& file, double unit_scale) {
  Part part;
  MeshBuilder builder;
  if (detectStlEncoding(bytes, file) == StlEncoding::binary) {
    part.format = "stl-binary";
    readStlBinary(bytes, file, unit_scale, builder);
  } else {
    part.format = "stl-ascii";
    readStlAscii(bytes, file, unit_scale, builder);
  }
  const std::size_t dropped = builder.degenerateDropped();
  if (builder.triangleCount() == 0) {
    if (dropped == 0) throw InputError(file, 0, 0, "part file contains no triangles");
    throw InputError(file, 0, 0,
                     "part file contains no triangles of non-zero area (all " +
                         std::to_string(dropped) + " are degenerate)");
  }
  part.mesh = builder.take();
  part.diagnostics.degenerate_dropped = dropped;
  if (dropped > 0)
    part.diagnostics.warnings.push_back("dropped " + std::to_string(dropped) +
                                        " degenerate (zero-area) triangles");
  return part;
}

}  // namespace gougechek
