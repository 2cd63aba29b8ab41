// The OpenCASCADE-free side of importPart (part_reader.hpp): telling STEP/IGES files apart, and
// reading STL parts, which gougechek::core does without the step component.
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "io/mesh_check.hpp"
#include "io/part_reader.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {

namespace {

std::string lowerCaseExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

// The CLI's --part-units names; any other scale is stated as the millimetres per file unit.
std::string stlUnitName(double unit_scale) {
  if (unit_scale == 1) return "mm";
  if (unit_scale == 25.4) return "in";
  return std::to_string(unit_scale) + " mm";
}

}  // namespace

// STEP and IGES describe B-rep solids that a CAD kernel must tessellate; they go by extension
// to their reader. STL, whose binary and ASCII variants share one extension, goes by content.
bool isBrepExchangeFile(const std::string& path) {
  const std::string extension = lowerCaseExtension(path);
  return extension == ".step" || extension == ".stp" || extension == ".iges" || extension == ".igs";
}

ImportedPart importStlPart(const std::string& path, double unit_scale) {
  ImportedPart part = readStlFile(path, unit_scale);
  part.units = stlUnitName(unit_scale);
  checkSurface(part.mesh, part.diagnostics);
  return part;
}

}  // namespace gougechek
