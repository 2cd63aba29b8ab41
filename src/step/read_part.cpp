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
  if (options.threads > 0)
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    static_cast<std::size_t>(options.threads));
  ImportOptions import;
  import.deflection = deflectionOf(options);
  import.check_stop = options.check_stop;
  ImportedPart imported = importPart(path, import);
  auto state = std::make_shared<Part::State>();
  state->mesh = std::move(imported.mesh);
  state->diagnostics = std::move(imported.diagnostics);
  state->file = path;
  state->format = std::move(imported.format);
  state->units = std::move(imported.units);
  state->faces = imported.faces;
  state->solids = imported.solids;
  state->deflection = import.deflection;
  state->face_of_triangle = std::move(imported.face_of_triangle);
  state->exact_distance = distanceTo(std::move(imported.exact));
  return Part(std::move(state));
}

}  // namespace gougechek::step
