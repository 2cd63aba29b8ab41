#include "io/stl_reader.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <utility>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
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

// Whether the line after `solid NAME` starts with `facet` or `endsolid`, as an ASCII STL's does
// whatever bytes its name holds (a NUL, UTF-8): a binary header starting with "solid" is
// followed by the triangle count and floats.
bool solidLineIsFollowedByFacets(std::string_view bytes) {
  bytes = withoutByteOrderMark(bytes);
  const std::size_t line_end = bytes.find_first_of("\r\n");
  if (line_end == std::string_view::npos) return false;
  const std::size_t next = bytes.find_first_not_of(" \t\r\n\f\v", line_end);
  if (next == std::string_view::npos) return false;
  const auto starts = [&](std::string_view keyword) {
    const std::string_view word = bytes.substr(next, keyword.size());
    return word.size() == keyword.size() &&
           std::equal(word.begin(), word.end(), keyword.begin(),
                      [](char a, char b) { return (a | 0x20) == b; });
  };
  return starts("facet") || starts("endsolid");
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

// A program's first blocks, skipping blank lines and comments, start with a G, M or N word, an
// O program number or a '%' tape mark; the first 20 lines are enough to tell.
bool looksLikeGcode(std::string_view text) {
  constexpr int kLinesLooked = 20;
  int looked = 0;
  for (std::size_t start = 0; start < text.size() && looked < kLinesLooked; ++looked) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    const std::size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || line[first] == '(' || line[first] == ';') continue;
    const char word = static_cast<char>(line[first] & ~0x20);
    const bool number_follows =
        first + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[first + 1]));
    return line[first] == '%' ||
           ((word == 'G' || word == 'M' || word == 'N' || word == 'O') && number_follows);
  }
  return false;
}

// The part from what `builder` gathered: welded, the dropped triangles warned about.
ImportedPart finishPart(ImportedPart part, MeshBuilder& builder, const std::string& file) {
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

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

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
  if (startsWithSolid(bytes) &&
      (solidLineIsFollowedByFacets(bytes) || !(long_enough && holdsBinaryBytes(bytes))))
    return StlEncoding::ascii;
  if (!holdsBinaryBytes(bytes)) {
    // A text file that is no ASCII STL: read as binary its count would be four letters.
    if (looksLikeGcode(withoutByteOrderMark(bytes)))
      throw InputError(file, 0, 0,
                       "not an STL file: it looks like a G-code program: are PART and PATH "
                       "swapped? (gougechek PART PATH)");
    throw InputError(file, 0, 0, "not an STL file: a text file that does not begin with 'solid'");
  }
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

ImportedPart readStl(std::string_view bytes, const std::string& file, double unit_scale) {
  ImportedPart part;
  MeshBuilder builder;
  if (detectStlEncoding(bytes, file) == StlEncoding::binary) {
    part.format = "stl-binary";
    readStlBinary(bytes, file, unit_scale, builder);
  } else {
    part.format = "stl-ascii";
    readStlAscii(bytes, file, unit_scale, builder);
  }
  return finishPart(std::move(part), builder, file);
}

ImportedPart readStlFile(const std::string& path, double unit_scale) {
  // Whatever is not plainly a binary STL in a regular file takes the whole-file path, with its
  // errors for unreadable, empty, truncated and mis-sized files. A pipe is never opened here:
  // opening it twice would let its writer finish between the two opens, and the second would
  // then wait for a writer for ever.
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0 || !S_ISREG(status.st_mode))
    return readStl(readFileBytes(path), path, unit_scale);
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  std::string header(kStlBinaryHeaderBytes, '\0');
  if (!file || std::fread(header.data(), 1, header.size(), file.get()) != header.size() ||
      stlBinarySize(stlBinaryTriangleCount(header)) != static_cast<std::uint64_t>(status.st_size)) {
    file.reset();
    return readStl(readFileBytes(path), path, unit_scale);
  }
  ImportedPart part;
  part.format = "stl-binary";
  MeshBuilder builder;
  const std::uint32_t count = stlBinaryTriangleCount(header);
  builder.reserve(count);
  std::string records;
  StlBinaryScratch scratch;
  for (std::uint32_t first = 0; first < count; first += kStlBinaryBlockTriangles) {
    const std::uint32_t block = std::min(kStlBinaryBlockTriangles, count - first);
    records.resize(kStlBinaryTriangleBytes * block);
    if (std::fread(records.data(), 1, records.size(), file.get()) != records.size())
      throw InputError(path, 0, 0,
                       "truncated file: it ended while being read (was it being written?)");
    readStlBinaryRecords(records, first, count, path, unit_scale, scratch, builder);
  }
  return finishPart(std::move(part), builder, path);
}

}  // namespace gougechek
