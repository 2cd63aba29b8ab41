#pragma once
// Checks a welded mesh as the boundary of a solid: inside/outside is judged by triangle
// orientation, so holes, edges shared by more than two triangles and neighbours that disagree
// on orientation make that judgement unreliable near them. Each finding becomes a warning.
#include "gougechek/mesh.hpp"

namespace gougechek {

/// Counts boundary, non-manifold and misoriented edges into `diagnostics` (with a warning per
/// kind found). A closed, consistently oriented surface with negative volume is inside out:
/// its triangles are reversed, with a warning, since an entirely inside-out part is an export
/// accident and checking it as given would call all of the air material.
void checkSurface(Mesh& mesh, MeshDiagnostics& diagnostics);

}  // namespace gougechek
