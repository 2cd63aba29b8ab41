#pragma once
// What a gougechek::Part holds: the imported part, and its trees once a check has built them.
#include <tbb/global_control.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/part.hpp"
#include "gougechek/verify.hpp"
#include "io/part_reader.hpp"
#include "verify/exact_confirmation.hpp"
#include "verify/thread_limit.hpp"
#include "verify/verifier.hpp"

namespace gougechek {

struct Part::State {
  Mesh mesh;
  MeshDiagnostics diagnostics;
  std::string file;
  std::string format;
  std::string units;
  std::optional<std::size_t> faces;
  std::optional<std::size_t> solids;
  /// STEP/IGES: the mesh's deflection, the B-rep face of each triangle, and the distance to
  /// the exact faces (gougechek::step fills these; gougechek::core only calls `exact_distance`).
  std::optional<double> deflection;
  std::vector<std::uint32_t> face_of_triangle;
  ExactCoreDistance exact_distance;
  /// A cache, filled by checks; after `mesh`, which it refers to. Its trees are made, and
  /// their deleters chosen, by gougechek::core's checks, wherever the state was made.
  mutable PartTrees trees{mesh};
};

/// The library's way in to a Part: makes one from its state, and reads the state back. Both
/// shared libraries and the internal modules use it; users have only readPart and fromMesh.
struct PartAccess {
  using State = Part::State;
  static Part make(std::shared_ptr<State> state) { return Part(std::move(state)); }
  static const State& state(const Part& part) { return *part.state_; }
};

// What readPart and step::readPart share. Inline: gougechek::step builds its parts with them,
// and the core library exports nothing but the public API.

/// Validates a positive finite unit scale, the deflection and the thread count as checkSetting
/// does. Throws InputError (no file).
inline void checkPartOptions(const PartOptions& options) {
  if (!(options.unit_scale > 0) || !std::isfinite(options.unit_scale)) {
    std::ostringstream message;
    message << "the part's units must be a positive number of mm per unit, got "
            << options.unit_scale;
    throw InputError("", 0, 0, message.str());
  }
  if (options.deflection) checkSetting("deflection", *options.deflection, SettingNames::Identifier);
  checkSetting("threads", options.threads, SettingNames::Identifier);
}

/// The deflection `options` asks for: its own, or that of the default tolerance.
inline double deflectionOf(const PartOptions& options) {
  return options.deflection.value_or(largestDeflection(VerifySettings{}.tolerance));
}

/// Holds TBB to the threads `options` asks for (none: all), while `limit` lives.
inline void limitThreads(const PartOptions& options, std::optional<tbb::global_control>& limit) {
  limitTbbThreads(options.threads, limit);
}

/// A part's state for the file `path`, with the mesh, diagnostics, format and units moved out
/// of `imported` (the B-rep's faces and exact surfaces are step::readPart's to add).
inline std::shared_ptr<PartAccess::State> stateOf(ImportedPart& imported, const std::string& path) {
  auto state = std::make_shared<PartAccess::State>();
  state->mesh = std::move(imported.mesh);
  state->diagnostics = std::move(imported.diagnostics);
  state->file = path;
  state->format = std::move(imported.format);
  state->units = std::move(imported.units);
  return state;
}

}  // namespace gougechek
