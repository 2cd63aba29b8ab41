#pragma once
// A lower bound on a linear function over a k-DOP: what a cut along any direction can reach
// inside a tree node (the depth search's rim cuts, verify/depth_search.cpp).
#include <algorithm>
#include <array>

#include "geom/kdop.hpp"

namespace gougechek {

/// The index of the direction d among those of the K-DOP, or -1 if it has none.
template <int K>
constexpr int slabOf(const Vec3& d) {
  for (int j = 0; j < KdopDirections<K>::kSlabs; ++j)
    if (KdopDirections<K>::kDirs[j].x == d.x && KdopDirections<K>::kDirs[j].y == d.y &&
        KdopDirections<K>::kDirs[j].z == d.z)
      return j;
  return -1;
}

/// Two axes a, b, the third c, and the slabs of the diagonals e_a + e_b and e_a − e_b.
struct DiagonalPair {
  int a, b, c, plus, minus;
};
template <int K>
inline constexpr std::array<DiagonalPair, 3> kDiagonalPairs = {
    DiagonalPair{0, 1, 2, slabOf<K>({1, 1, 0}), slabOf<K>({1, -1, 0})},
    DiagonalPair{0, 2, 1, slabOf<K>({1, 0, 1}), slabOf<K>({1, 0, -1})},
    DiagonalPair{1, 2, 0, slabOf<K>({0, 1, 1}), slabOf<K>({0, 1, -1})}};

/// A lower bound on v·x over the k-DOP `box` (any vector v): for any way of writing
/// v = Σ λ_j d_j over its directions, Σ λ_j times slab j's low end (its high end where
/// λ_j < 0). The axes, and where the k-DOP has them each pair of diagonals (1, ±1, 0),
/// (1, 0, ±1), (0, 1, ±1) with the third axis; the greatest of those. Exact for a box (K = 6).
template <int K>
double leastAlong(const Kdop<K>& box, const Vec3& v) {
  auto term = [&](double lambda, int j) { return lambda * (lambda > 0 ? box.lo[j] : box.hi[j]); };
  const std::array<double, 3> w{v.x, v.y, v.z};
  double least = term(w[0], 0) + term(w[1], 1) + term(w[2], 2);
  for (const DiagonalPair& p : kDiagonalPairs<K>) {
    if (p.plus < 0 || p.minus < 0) continue;
    least = std::max(least, term(0.5 * (w[p.a] + w[p.b]), p.plus) +
                                term(0.5 * (w[p.a] - w[p.b]), p.minus) + term(w[p.c], p.c));
  }
  return least;
}

}  // namespace gougechek
