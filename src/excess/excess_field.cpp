#include "excess/excess_field.hpp"

#include <algorithm>
#include <cmath>

namespace gougechek {

std::array<double, 3> ExcessField::capLengths(const Vec3& p, const Vec3& n, int& count) const {
  std::array<double, 3> lengths{};
  count = 0;
  for (int axis = 0; axis < 3; ++axis) {
    // A component this small leaves the box farther than any cap: the other axes bound it.
    if (std::abs(n[axis]) < 1e-12) continue;
    const double wall = n[axis] > 0 ? cap_.hi[axis] : cap_.lo[axis];
    lengths[static_cast<std::size_t>(count++)] = (wall - p[axis]) / n[axis];
  }
  return lengths;
}

double ExcessField::capLength(const Vec3& p, const Vec3& n) const {
  int count = 0;
  const std::array<double, 3> lengths = capLengths(p, n, count);
  double shortest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < count; ++i)
    shortest = std::min(shortest, lengths[static_cast<std::size_t>(i)]);
  return std::max(shortest, 0.0);
}

SampleExcess ExcessField::at(const Vec3& p, const Vec3& n) const {
  const double cap = capLength(p, n);
  const FirstEntry entry = tree_.firstEntry(p, n, cap);
  SampleExcess e;
  e.lo = std::min(entry.lo, cap);
  e.hi = std::min(entry.hi, cap);
  e.sweep = entry.hi < cap ? entry.sweep : -1;
  return e;
}

}  // namespace gougechek
