#include "io/part_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
#include "io/mesh_check.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {

namespace {
std::string lowerCaseExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

// STEP and IGES describe B-rep solids that a CAD kernel must tessellate; they go by extension
// to their reader. STL, whose binary and ASCII variants share one extension, goes by content.
bool isBrepExchangeFile(const std::string& path) {
  const std::string extension = lowerCaseExtension(path);
  return extension == ".step" || extension == ".stp" || extension == ".iges" || extension == ".igs";
}
}  // namespace

Part readPart(const std::string& path, double unit_scale) {
  if (!(unit_scale > 0) || !std::isfinite(unit_scale))
    throw std::invalid_argument("readPart: unit_scale must be positive and finite");
  if (isBrepExchangeFile(path))
    throw InputError(path, 0, 0,
                     "STEP/IGES import is not available in this build (it will be added through "
                     "OpenCASCADE); export the part as STL");
  // Everything else is read as STL, whatever its name: the content decides.
  Part part = readStl(readFileBytes(path), path, unit_scale);
  checkSurface(part.mesh, part.diagnostics);
  return part;
}

}  // namespace gougechek
