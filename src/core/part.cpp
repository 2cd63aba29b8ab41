#include "gougechek/part.hpp"

#include <tbb/global_control.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "core/part_state.hpp"
#include "gougechek/error.hpp"
#include "gougechek/verify.hpp"
#include "io/mesh_check.hpp"
#include "io/part_reader.hpp"
#include "verify/thread_limit.hpp"

namespace gougechek {

double largestDeflection(double tolerance) {
  return std::max(tolerance / 5, kFinestDeflection);
}

void checkDeflection(double deflection, double tolerance, SettingNames names) {
  // Relative slack, so that the printed largest value itself is accepted.
  constexpr double kRoundingSlack = 1 + 1e-9;
  const double largest = largestDeflection(tolerance);
  if (deflection > largest * kRoundingSlack) {
    std::ostringstream message;
    message << settingName("deflection", names) << " " << deflection << " is coarser than "
            << settingName("tolerance", names) << " " << tolerance << " allows: at most " << largest
            << " mm (tolerance/5, at least " << kFinestDeflection
            << " mm), since a coarser mesh would hide real gouges and invent others";
    throw InputError("", 0, 0, message.str());
  }
}

const Mesh& Part::mesh() const {
  return state_->mesh;
}
const MeshDiagnostics& Part::diagnostics() const {
  return state_->diagnostics;
}
const std::string& Part::file() const {
  return state_->file;
}
const std::string& Part::format() const {
  return state_->format;
}
const std::string& Part::units() const {
  return state_->units;
}
std::optional<std::size_t> Part::faces() const {
  return state_->faces;
}
std::optional<std::size_t> Part::solids() const {
  return state_->solids;
}
std::optional<double> Part::deflection() const {
  return state_->deflection;
}

Part Part::fromMesh(Mesh mesh, std::string name) {
  auto state = std::make_shared<State>();
  state->mesh = std::move(mesh);
  checkSurface(state->mesh, state->diagnostics);
  state->file = std::move(name);
  state->format = "mesh";
  state->units = "mm";
  return PartAccess::make(std::move(state));
}

Part readPart(const std::string& path, const PartOptions& options) {
  checkPartOptions(options);
  if (isBrepExchangeFile(path))
    throw InputError(path, 0, 0,
                     "STEP and IGES parts need gougechek's step component (gougechek::step, "
                     "gougechek/step.hpp)");
  std::optional<tbb::global_control> threads;
  limitThreads(options, threads);
  ImportedPart imported = importStlPart(path, options.unit_scale);
  return PartAccess::make(stateOf(imported, path));
}

}  // namespace gougechek
