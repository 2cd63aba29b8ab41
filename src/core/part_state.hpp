#pragma once
// What a gougechek::Part holds: the imported part, and its trees once a check has built them.
#include <tbb/global_control.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/part.hpp"
#include "io/part_reader.hpp"
#include "verify/exact_confirmation.hpp"
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
  mutable PartTrees trees{mesh};  ///< a cache, filled by checks; after `mesh`, which it refers to
};

/// Validates what readPart and step::readPart share: a positive finite unit scale, the
/// deflection and the thread count as checkSetting does. Throws InputError (no file).
void checkPartOptions(const PartOptions& options);

/// The deflection `options` asks for: its own, or that of the default tolerance.
double deflectionOf(const PartOptions& options);

/// Holds TBB to the threads `options` asks for (none: all), while `limit` lives.
void limitThreads(const PartOptions& options, std::optional<tbb::global_control>& limit);

/// A part's state for the file `path`, with the mesh, diagnostics, format and units moved out
/// of `imported` (the B-rep's faces and exact surfaces are step::readPart's to add).
std::shared_ptr<Part::State> stateOf(ImportedPart& imported, const std::string& path);

}  // namespace gougechek
