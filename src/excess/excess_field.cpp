#include "excess/excess_field.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

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
  // A point outside the cap's box has nothing above it (a wall below the stock).
  for (int axis = 0; axis < 3; ++axis)
    if (p[axis] < cap_.lo[axis] || p[axis] > cap_.hi[axis]) return 0;
  int count = 0;
  const std::array<double, 3> lengths = capLengths(p, n, count);
  double shortest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < count; ++i)
    shortest = std::min(shortest, lengths[static_cast<std::size_t>(i)]);
  return std::max(shortest, 0.0);
}

double ExcessField::capReach(const std::array<Vec3, 3>& piece, const Vec3& n) const {
  // The cap length is the least of up to three lengths affine in p, so over the piece it is at
  // most the least of their largest values at the corners.
  std::array<std::array<double, 3>, 3> lengths{};
  int count = 0;
  for (std::size_t v = 0; v < 3; ++v) lengths[v] = capLengths(piece[v], n, count);
  double reach = std::numeric_limits<double>::infinity();
  for (std::size_t k = 0; k < static_cast<std::size_t>(count); ++k)
    reach = std::min(reach, std::max({lengths[0][k], lengths[1][k], lengths[2][k]}));
  return std::max(reach, 0.0);
}

std::array<Vec3, 2> ExcessField::prism(const std::array<Vec3, 3>& piece, const Vec3& n,
                                       double length) {
  Vec3 lo = piece[0], hi = piece[0];
  for (const Vec3& corner : piece)
    for (const Vec3& end : {corner, corner + n * length})
      lo = {std::min(lo.x, end.x), std::min(lo.y, end.y), std::min(lo.z, end.z)},
      hi = {std::max(hi.x, end.x), std::max(hi.y, end.y), std::max(hi.z, end.z)};
  return {lo, hi};
}

bool ExcessField::clear(const std::array<Vec3, 3>& piece, const Vec3& n) const {
  const auto [lo, hi] = prism(piece, n, capReach(piece, n));
  return !tree_.meets(lo, hi);
}

void ExcessField::gather(const std::array<Vec3, 3>& piece, const Vec3& n, double length,
                         std::vector<std::uint32_t>& out) const {
  const auto [lo, hi] = prism(piece, n, std::min(length, capReach(piece, n)));
  tree_.gather(lo, hi, out);
}

SampleExcess ExcessField::atAmong(const Vec3& p, const Vec3& n,
                                  std::span<const std::uint32_t> candidates, double limit,
                                  std::int32_t hint, double enough) const {
  const double cap = capLength(p, n);
  const FirstEntry entry =
      tree_.firstEntryAmong(p, n, std::min(cap, limit), candidates, hint, enough);
  // Nothing proven entered short of the limit, which the piece's bound says cannot be, but for
  // rounding or an entry GJK could not confirm: the whole tree decides.
  if (limit < cap && !(entry.hi <= limit)) return at(p, n, hint, enough);
  return {std::min(entry.lo, cap), std::min(entry.hi, cap), entry.hi < cap ? entry.sweep : -1};
}

SampleExcess ExcessField::at(const Vec3& p, const Vec3& n, std::int32_t hint, double enough) const {
  const double cap = capLength(p, n);
  const FirstEntry entry = tree_.firstEntry(p, n, cap, hint, enough);
  SampleExcess e;
  e.lo = std::min(entry.lo, cap);
  e.hi = std::min(entry.hi, cap);
  e.sweep = entry.hi < cap ? entry.sweep : -1;
  return e;
}

}  // namespace gougechek
