#pragma once
// Writes meshes as binary STL, for generated samples and for exporting the part as checked.
#include <string>

#include "gougechek/mesh.hpp"

namespace gougechek {

/// Writes `mesh` to `path` as binary STL (coordinates rounded to float, as the format stores
/// them; normals from the winding). Throws InputError naming `path` when it cannot be written.
void writeStlBinary(const Mesh& mesh, const std::string& path);

}  // namespace gougechek
