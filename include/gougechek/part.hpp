#pragma once
// The part a program machines, read once and checked against any number of programs: its
// welded mesh, what the import found, and (built at the first check, then kept) its k-DOP tree.
// gougechek::core reads STL; gougechek::step adds STEP and IGES (gougechek/step.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "gougechek/export.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek {

/// The finest STEP/IGES tessellation, mm: the resolution of a check at tolerance 0, the same
/// as the thinnest skin that rounds a sharp cutter's edges.
inline constexpr double kFinestDeflection = 1e-4;

/// The default and the largest deflection for `tolerance`: tolerance/5, at least 1e-4 mm. A
/// mesh lies up to its deflection from the true surface, so a coarser one would hide real
/// gouges and invent others of about that size.
GOUGECHEK_API double largestDeflection(double tolerance);

enum class SettingNames : std::uint8_t;  // gougechek/verify.hpp

/// Throws InputError (no file) when a STEP/IGES part meshed at `deflection` is too coarse for
/// `tolerance`: beyond largestDeflection(tolerance) the mesh hides real gouges and invents
/// others. The settings are named as `names` spell them (--deflection, deflection, ...).
GOUGECHEK_API void checkDeflection(double deflection, double tolerance, SettingNames names);

/// How to read a part.
struct PartOptions {
  double unit_scale = 1;  ///< STL only: converts the file's units to mm (25.4 for inches)
  /// STEP/IGES only: largest distance, mm, between mesh and surface. Unset: largestDeflection
  /// of the default tolerance (0.01 mm), i.e. 0.002 mm.
  std::optional<double> deflection;
  int threads = 0;  ///< worker threads for the import and the tree; 0: all cores
  /// STEP/IGES only: called about every 100 ms while OpenCASCADE reads the file in its worker
  /// process (gougechek-brep-worker); it may throw to stop the read (Ctrl-C), which ends the
  /// worker first.
  std::function<void()> check_stop;
};

/// A part read from a file or given as a mesh. Copies share the part (and its tree). Made only
/// by readPart, step::readPart and fromMesh.
class Part {
 public:
  /// The mesh as checked, in mm.
  GOUGECHEK_API const Mesh& mesh() const;
  /// What the import found and did (dropped triangles, open or misoriented edges).
  GOUGECHEK_API const MeshDiagnostics& diagnostics() const;
  /// The file as named when it was read.
  GOUGECHEK_API const std::string& file() const;
  /// "stl-binary", "stl-ascii", "step", "iges" ("mesh" for Part::fromMesh).
  GOUGECHEK_API const std::string& format() const;
  /// The file's own length unit ("mm", "inch", ...); STL: as told by PartOptions::unit_scale.
  GOUGECHEK_API const std::string& units() const;
  /// STEP/IGES: B-rep faces tessellated in the file; unset for STL and meshes.
  GOUGECHEK_API std::optional<std::size_t> faces() const;
  /// STEP/IGES: solids in the file; unset for STL and meshes.
  GOUGECHEK_API std::optional<std::size_t> solids() const;
  /// STEP/IGES: the mesh's largest distance from the exact faces, which findings near the
  /// tolerance are measured again on. Unset for STL and meshes.
  GOUGECHEK_API std::optional<double> deflection() const;

  /// A part from a mesh the caller built, checked for open and misoriented edges like an
  /// imported one. `name` stands for it in reports.
  GOUGECHEK_API static Part fromMesh(Mesh mesh, std::string name);

 private:
  struct State;  // the library's side of it (its trees, the exact faces): src/core/
  friend struct PartAccess;
  explicit Part(std::shared_ptr<State> state) : state_(std::move(state)) {}
  std::shared_ptr<State> state_;
};

/// Reads the STL part `path` (binary or ASCII, told apart by content). Throws InputError on
/// unreadable or malformed files, and for STEP/IGES files, which need gougechek::step.
GOUGECHEK_API Part readPart(const std::string& path, const PartOptions& options = {});

/// Writes `mesh` to `path` as binary STL (coordinates rounded to float, as the format stores
/// them; normals from the winding). Throws InputError naming `path` when it cannot be written.
GOUGECHEK_API void writeStlBinary(const Mesh& mesh, const std::string& path);

}  // namespace gougechek
