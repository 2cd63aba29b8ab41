#pragma once
// Reads a part file into a welded mesh, whatever its format.
#include <string>

#include "gougechek/mesh.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

struct Part {
  Mesh mesh;
  MeshDiagnostics diagnostics;
  std::string format;  ///< "stl-binary", "stl-ascii", ...
};

/// Reads `path`; STL is told binary/ASCII by content. `unit_scale` converts the file's units to
/// mm (25.4 for inches). Throws InputError on unreadable or malformed files.
Part readPart(const std::string& path, double unit_scale);

}  // namespace gougechek
