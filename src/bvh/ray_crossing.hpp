#pragma once
// One triangle's contribution to a winding number counted along the ray from p toward +Z.
// Rays through edges and vertices are resolved by simulation of simplicity: p is moved to
// p + (ε, ε², ε³) for an infinitesimal ε > 0, a point on no edge, vertex or plane of the mesh.
// Every predicate is exact, so triangles sharing an edge agree on which of them the ray
// crosses, and the crossings of a closed surface sum to the exact winding number of that point
// (which is the winding number of p itself whenever p is not on the surface).
#include "gougechek/vec3.hpp"

namespace gougechek {

/// +1 if the ray from the perturbed p toward +Z crosses triangle abc whose normal points up,
/// -1 if it crosses one whose normal points down, 0 if it misses. Vertical triangles (zero
/// area seen along Z) never count.
int upwardRayCrossing(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p);

}  // namespace gougechek
