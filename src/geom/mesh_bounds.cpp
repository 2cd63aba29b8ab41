#include <algorithm>
#include <limits>

#include "gougechek/mesh.hpp"

namespace gougechek {

std::array<Vec3, 2> bounds(const Mesh& mesh) {
  if (mesh.vertices.empty()) return {Vec3{}, Vec3{}};
  constexpr double inf = std::numeric_limits<double>::infinity();
  Vec3 lo{inf, inf, inf}, hi{-inf, -inf, -inf};
  for (const Vec3& v : mesh.vertices) {
    lo = {std::min(lo.x, v.x), std::min(lo.y, v.y), std::min(lo.z, v.z)};
    hi = {std::max(hi.x, v.x), std::max(hi.y, v.y), std::max(hi.z, v.z)};
  }
  return {lo, hi};
}

}  // namespace gougechek
