#pragma once
// Writes a raster finish as a G-code program, optionally with faults injected at known lines
// so the verifier's report can be checked against them.
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek::samplegen {

struct InjectedGouge {
  std::size_t raster_move =
      0;             ///< 1-based: raster move k ends at tip point k (point 0 is the start)
  double depth = 0;  ///< how far that end point is lowered, mm
};

struct FaultPlan {
  std::vector<InjectedGouge> gouges;
  bool rapid_through = false;  ///< a G0 straight through the block at Z10 along y = 40
  bool buried_plunge = false;  ///< a G1 plunge to Z2 under the boss, then 5 mm along X there
};

/// A fault as written: the program line that commands it and what it is.
struct WrittenFault {
  std::size_t line = 0;
  std::string what;
};

/// Writes the program: header (with `description`, one line), tool change, approach, the
/// raster through `tips` (Z rounded up to 0.0001 mm so no printed point lies below its dropped
/// height), retract, faults, end. Throws std::invalid_argument for a gouge outside the raster.
std::vector<WrittenFault> writeFinishProgram(std::ostream& out, const std::vector<Vec3>& tips,
                                             const std::string& description,
                                             const FaultPlan& faults);

}  // namespace gougechek::samplegen
