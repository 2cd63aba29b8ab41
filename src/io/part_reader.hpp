#pragma once
// Reads a part file into a welded mesh, whatever its format.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

class ExactSurfaces;

/// How to read a part.
struct ImportOptions {
  double unit_scale = 1;      ///< STL only: converts the file's units to mm (25.4 for inches)
  double deflection = 0.002;  ///< STEP/IGES only: largest distance, mm, between mesh and surface
  /// STEP/IGES only: called about every 100 ms while OpenCASCADE reads the file in its worker
  /// process (gougechek-brep-worker); it may throw to stop the read (Ctrl-C), which ends the
  /// worker first.
  std::function<void()> check_stop;
};

struct ImportedPart {
  Mesh mesh;
  MeshDiagnostics diagnostics;
  std::string format;      ///< "stl-binary", "stl-ascii", "step", "iges"
  std::string units;       ///< the file's own length unit ("mm", "inch", ...); STL: as told
  std::size_t faces = 0;   ///< STEP/IGES: B-rep faces tessellated (0 for STL)
  std::size_t solids = 0;  ///< STEP/IGES: solids in the file (0 for STL or a surface model)
  /// STEP/IGES: for each triangle of `mesh`, the index of the B-rep face it came from, an
  /// index into `exact`. Empty for STL.
  std::vector<std::uint32_t> face_of_triangle;
  /// STEP/IGES: the exact faces, for confirming findings on the true surface. Null for STL.
  std::shared_ptr<const ExactSurfaces> exact;
};

/// Whether `path` names a STEP or IGES file (by extension): a B-rep that OpenCASCADE reads.
/// Any other file is read as STL, whatever its name: the content decides.
bool isBrepExchangeFile(const std::string& path);

/// Reads the STL file `path` in `unit_scale` mm per unit, its surface checked (OCCT-free: the
/// part of importPart that gougechek::core has).
ImportedPart importStlPart(const std::string& path, double unit_scale);

/// Reads `path`; STL is told binary/ASCII by content, STEP/IGES go by extension. Throws
/// InputError on unreadable or malformed files, files without solids or surfaces, and failed
/// tessellations.
ImportedPart importPart(const std::string& path, const ImportOptions& options);

/// The same with default options and STL units `unit_scale`.
ImportedPart importPart(const std::string& path, double unit_scale);

}  // namespace gougechek
