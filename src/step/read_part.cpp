// gougechek::step: STEP and IGES parts through src/io/'s door to OpenCASCADE. The exact faces
// go into the part behind a distance function, so gougechek::core confirms findings on them
// without linking OCCT.
#include <tbb/global_control.h>

#include <memory>
#include <optional>

#include "core/part_state.hpp"
#include "gougechek/step.hpp"
#include "io/exact_surfaces.hpp"
#include "io/part_reader.hpp"

namespace gougechek::step {

namespace {

ExactCoreDistance distanceTo(std::shared_ptr<const ExactSurfaces> exact) {
  return [exact = std::move(exact)](const FrustumCore& core, const Vec3& tip,
                                    std::span<const std::uint32_t> faces) {
    return exact->distance({tip, core.z_bottom, core.z_top, core.radius_bottom, core.radius_top},
                           faces);
  };
}

}  // namespace

Part readPart(const std::string& path, const PartOptions& options) {
  checkPartOptions(options);
  if (!isBrepExchangeFile(path)) return gougechek::readPart(path, options);
  std::optional<tbb::global_control> threads;
  limitThreads(options, threads);
  ImportOptions import;
  import.deflection = deflectionOf(options);
  import.check_stop = options.check_stop;
  ImportedPart imported = importPart(path, import);
  std::shared_ptr<PartAccess::State> state = stateOf(imported, path);
  state->faces = imported.faces;
  state->solids = imported.solids;
  state->deflection = import.deflection;
  state->face_of_triangle = std::move(imported.face_of_triangle);
  state->exact_distance = distanceTo(std::move(imported.exact));
  return PartAccess::make(std::move(state));
}

}  // namespace gougechek::step
