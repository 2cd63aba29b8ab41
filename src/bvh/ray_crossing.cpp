#include "bvh/ray_crossing.hpp"

#include "bvh/exact_predicates.hpp"

namespace gougechek {
namespace {

int sign(double v) {
  return (v > 0) - (v < 0);
}

/// Side of the perturbed p relative to the directed XY line u→v. orient2d(u, v, p) is linear
/// in p with ∂/∂p.x = u.y - v.y and ∂/∂p.y = v.x - u.x, which decide a zero in that order.
int perturbedSideXY(const Vec3& u, const Vec3& v, const Vec3& p) {
  if (const int s = orient2dSign(u.x, u.y, v.x, v.y, p.x, p.y)) return s;
  if (const int s = sign(u.y - v.y)) return s;
  return sign(v.x - u.x);
}

/// Side of the perturbed p relative to the plane of abc with normal n = (b-a)×(c-a):
/// n·(p-a) + ε n.x + ε² n.y + ε³ n.z; the signs of n's components are exact 2D orientations.
int perturbedPlaneSide(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p,
                       int normal_z_sign) {
  if (const int s = planeSideSign(a, b, c, p)) return s;
  if (const int s = orient2dSign(a.y, a.z, b.y, b.z, c.y, c.z)) return s;
  if (const int s = orient2dSign(a.z, a.x, b.z, b.x, c.z, c.x)) return s;
  return normal_z_sign;
}

}  // namespace

int upwardRayCrossing(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p) {
  const int normal_z = orient2dSign(a.x, a.y, b.x, b.y, c.x, c.y);
  if (normal_z == 0) return 0;
  if (perturbedSideXY(a, b, p) != normal_z || perturbedSideXY(b, c, p) != normal_z ||
      perturbedSideXY(c, a, p) != normal_z)
    return 0;
  // The ray meets the plane at height t above p where n·(p-a) + t·n.z = 0: above when the
  // side and n.z have opposite signs.
  return perturbedPlaneSide(a, b, c, p, normal_z) == -normal_z ? normal_z : 0;
}

}  // namespace gougechek
