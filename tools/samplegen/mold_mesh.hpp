#pragma once
// Triangulates the mold as a closed, outward-oriented solid: the top height field on a grid of
// cells, four walls from the top's boundary down to z = 0, and a bottom fan sharing the walls'
// bottom vertices, so every edge is shared by exactly two triangles running opposite ways.
#include "gougechek/mesh.hpp"

namespace gougechek::samplegen {

/// The mold with `cells` × `cells` grid cells (two triangles each) on its top:
/// 2·cells² + 12·cells triangles. Coordinates are rounded to float, as a binary STL stores
/// them, so what is generated against is exactly what is written.
Mesh makeMoldMesh(int cells);

}  // namespace gougechek::samplegen
