#include "io/part_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <stdexcept>

#include "gougechek/error.hpp"
#include "io/brep_reader.hpp"
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

// The CLI's --part-units names; any other scale is stated as the millimetres per file unit.
std::string stlUnitName(double unit_scale) {
  if (unit_scale == 1) return "mm";
  if (unit_scale == 25.4) return "in";
  return std::to_string(unit_scale) + " mm";
}
}  // namespace

Part readPart(const std::string& path, const PartOptions& options) {
  if (!(options.unit_scale > 0) || !std::isfinite(options.unit_scale))
    throw std::invalid_argument("readPart: unit_scale must be positive and finite");
  if (!(options.deflection > 0) || !std::isfinite(options.deflection))
    throw std::invalid_argument("readPart: deflection must be positive and finite");
  // Everything else is read as STL, whatever its name: the content decides.
  Part part = isBrepExchangeFile(path) ? readBrepPart(path, options.deflection, options.check_stop)
                                       : readStlFile(path, options.unit_scale);
  if (part.units.empty()) part.units = stlUnitName(options.unit_scale);
  checkSurface(part.mesh, part.diagnostics);
  return part;
}

Part readPart(const std::string& path, double unit_scale) {
  PartOptions options;
  options.unit_scale = unit_scale;
  return readPart(path, options);
}

}  // namespace gougechek
