#pragma once
// STL, binary and ASCII. The two are told apart by content, never by the file name: binary
// files whose 80-byte header begins with "solid" are common (the classic ASCII-detection trap).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "io/mesh_builder.hpp"
#include "io/part_reader.hpp"

namespace gougechek {

enum class StlEncoding { binary, ascii };

/// Binary when the size is exactly 84 + 50·n for the triangle count n in the header; otherwise
/// ASCII when the text begins with "solid" (after white space) and either its next line starts
/// with "facet" or "endsolid" (whatever bytes the name holds) or the start holds no binary
/// bytes. Anything else throws InputError (empty, truncated or mis-sized binary, not an STL).
StlEncoding detectStlEncoding(std::string_view bytes, const std::string& file);

/// `bytes` without the UTF-8 byte order mark some Windows editors put before "solid".
std::string_view withoutByteOrderMark(std::string_view bytes);

/// Parses a binary STL into `builder`, multiplying coordinates by `unit_scale`. The size must
/// already match the header (detectStlEncoding). Throws InputError on non-finite coordinates.
void readStlBinary(std::string_view bytes, const std::string& file, double unit_scale,
                   MeshBuilder& builder);

/// Where readStlBinaryRecords parses a block before the builder takes it, kept from block to
/// block: the corners as the file has them (unit scale 1) or scaled.
struct StlBinaryScratch {
  std::vector<MeshBuilder::FloatCorners> as_read;
  std::vector<MeshBuilder::Corners> scaled;
};

/// Parses the binary STL records `records` (whole ones), triangles first + 1, ... of `count`,
/// into `builder` through `scratch`, on all cores; readStlBinary, a block at a time.
void readStlBinaryRecords(std::string_view records, std::uint32_t first, std::uint32_t count,
                          const std::string& file, double unit_scale, StlBinaryScratch& scratch,
                          MeshBuilder& builder);

/// Parses an ASCII STL (one or more solid ... endsolid blocks) into `builder`, multiplying
/// coordinates by `unit_scale`. Keywords are case-insensitive; facet normals are read but not
/// used (orientation comes from the vertex order). Throws InputError with line and column.
void readStlAscii(std::string_view bytes, const std::string& file, double unit_scale,
                  MeshBuilder& builder);

/// Reads an STL file's bytes into a welded mesh with degenerate triangles dropped (counted and
/// warned about in the diagnostics). Throws InputError when no triangle remains.
ImportedPart readStl(std::string_view bytes, const std::string& file, double unit_scale);

/// Reads the STL file `path` as readStl does. A regular file in binary STL is read a block at a
/// time, so its bytes are never all in memory at once; anything else is read whole.
ImportedPart readStlFile(const std::string& path, double unit_scale);

}  // namespace gougechek
