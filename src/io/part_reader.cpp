#include "io/part_reader.hpp"

#include <cmath>
#include <stdexcept>

#include "io/brep_reader.hpp"
#include "io/mesh_check.hpp"

namespace gougechek {

ImportedPart importPart(const std::string& path, const ImportOptions& options) {
  if (!(options.unit_scale > 0) || !std::isfinite(options.unit_scale))
    throw std::invalid_argument("importPart: unit_scale must be positive and finite");
  if (!(options.deflection > 0) || !std::isfinite(options.deflection))
    throw std::invalid_argument("importPart: deflection must be positive and finite");
  if (!isBrepExchangeFile(path)) return importStlPart(path, options.unit_scale);
  ImportedPart part = readBrepPart(path, options.deflection, options.check_stop);
  checkSurface(part.mesh, part.diagnostics);
  return part;
}

ImportedPart importPart(const std::string& path, double unit_scale) {
  ImportOptions options;
  options.unit_scale = unit_scale;
  return importPart(path, options);
}

}  // namespace gougechek
