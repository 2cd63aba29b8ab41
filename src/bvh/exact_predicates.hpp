#pragma once
// Exact orientation signs for the winding-number ray test. A fast floating-point filter
// (Shewchuk's stage-A error bounds) decides almost every call; the rare near-degenerate call is
// settled exactly with floating-point expansions, so a ray through an edge or vertex shared by
// two triangles sees the same sign from both. Assumes finite coordinates without underflow
// (products of millimetre coordinates never come near 1e-300).
#include "gougechek/vec3.hpp"

namespace gougechek {

/// Sign (-1, 0, +1) of the 2D determinant (b-a)×(c-a) of the points (au,av), (bu,bv), (cu,cv):
/// +1 when they turn counter-clockwise.
int orient2dSign(double au, double av, double bu, double bv, double cu, double cv);

/// Sign of ((b-a)×(c-a))·(p-a): +1 when p is on the side the normal of abc points to.
int planeSideSign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p);

}  // namespace gougechek
