#pragma once
// Loading a STEP or IGES file into one OCCT shape in mm, healed. Internal to src/io/: it is
// the one header that shows OCCT types.
#include <TopoDS_Shape.hxx>
#include <string>

namespace gougechek {

struct LoadedBrep {
  TopoDS_Shape shape;
  std::string format;  ///< "step" or "iges"
  std::string units;   ///< the file's length unit: "mm", "in", "m", ...
  /// An allocation failed while it was read and tessellated (a memory limit): faces left
  /// without triangles are then the machine's doing, not the file's.
  bool memory_ran_out = false;
};

/// Reads `path` (format by the extension of `name`, the file's name to the user: `path` may be
/// a temporary copy, named without one), converts it to mm and heals it: ShapeFix for small gaps
/// and bad tolerances, and sewing of the faces of a surface model into shells. Throws
/// InputError when the file cannot be read, holds an entity OCCT could not read (damaged, or
/// of an unknown type: the part would lack it) or holds no face.
LoadedBrep loadBrep(const std::string& path, const std::string& name);

/// Tessellates `shape` so that no triangle lies farther than `deflection` mm from its face.
/// Throws InputError naming `path` when the part lies beyond the accepted coordinates or is
/// too large, in deflections, to tessellate.
void tessellate(const TopoDS_Shape& shape, double deflection, const std::string& path);

}  // namespace gougechek
