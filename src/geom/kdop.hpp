#pragma once
// k-DOPs: the intervals a shape covers along K/2 fixed directions (Klosowski's sets for
// K = 6, 14, 18, 26). Directions have components in {-1, 0, 1} and are not normalised, so a
// point's extent along one is a few additions; a margin m widens slab j by m·|d_j|.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

#include "gougechek/vec3.hpp"

namespace gougechek {

template <int K>
struct KdopDirections {
  static_assert(K == 6 || K == 14 || K == 18 || K == 26, "k must be 6, 14, 18 or 26");
  static constexpr int kSlabs = K / 2;
  static constexpr std::array<Vec3, kSlabs> directions() {
    std::array<Vec3, kSlabs> d{};
    int n = 0;
    // Axes first, then alternate far-apart directions so a disjoint pair exits early.
    d[n++] = {1, 0, 0};
    d[n++] = {0, 1, 0};
    d[n++] = {0, 0, 1};
    if constexpr (K == 14 || K == 26) {
      d[n++] = {1, 1, 1};
      d[n++] = {1, -1, 1};
      d[n++] = {1, 1, -1};
      d[n++] = {1, -1, -1};
    }
    if constexpr (K == 18 || K == 26) {
      d[n++] = {1, 1, 0};
      d[n++] = {1, 0, 1};
      d[n++] = {0, 1, 1};
      d[n++] = {1, -1, 0};
      d[n++] = {1, 0, -1};
      d[n++] = {0, 1, -1};
    }
    return d;
  }
  static constexpr std::array<Vec3, kSlabs> kDirs = directions();
  /// 1/|d_j|: turns a gap along direction j into millimetres.
  static inline const std::array<double, kSlabs> kInverseNorms = [] {
    std::array<double, kSlabs> inverse;
    for (int j = 0; j < kSlabs; ++j) inverse[j] = 1 / norm(kDirs[j]);
    return inverse;
  }();
};

template <int K>
struct Kdop {
  static constexpr int kSlabs = K / 2;
  std::array<double, kSlabs> lo;
  std::array<double, kSlabs> hi;

  /// The empty k-DOP: any point added makes it that point.
  static Kdop empty() {
    Kdop b;
    b.lo.fill(std::numeric_limits<double>::infinity());
    b.hi.fill(-std::numeric_limits<double>::infinity());
    return b;
  }

  void add(const Vec3& p) {
    const std::array<double, kSlabs> s = extents(p, std::make_index_sequence<kSlabs>{});
    for (int j = 0; j < kSlabs; ++j) {
      lo[j] = std::min(lo[j], s[j]);
      hi[j] = std::max(hi[j], s[j]);
    }
  }

  void add(const Kdop& o) {
    for (int j = 0; j < kSlabs; ++j) {
      lo[j] = std::min(lo[j], o.lo[j]);
      hi[j] = std::max(hi[j], o.hi[j]);
    }
  }

  /// Grows every slab by `margin` measured in millimetres (a sphere of that radius added).
  void grow(double margin) {
    for (int j = 0; j < kSlabs; ++j) {
      const double w = margin * norm(KdopDirections<K>::kDirs[j]);
      lo[j] -= w;
      hi[j] += w;
    }
  }

  /// Conservative overlap: false only when some slab pair is disjoint.
  bool overlaps(const Kdop& o) const {
    for (int j = 0; j < kSlabs; ++j)
      if (lo[j] > o.hi[j] || o.lo[j] > hi[j]) return false;
    return true;
  }

 private:
  /// p along every direction. A direction's components are −1, 0 or 1, so its dot product
  /// with p is a sum of signed coordinates (equal to dot(), up to the sign of a zero): a few
  /// additions where dot() multiplies by every component, zeros included.
  template <std::size_t... J>
  static std::array<double, kSlabs> extents(const Vec3& p, std::index_sequence<J...>) {
    return {along<J>(p)...};
  }
  template <std::size_t J>
  static double along(const Vec3& p) {
    constexpr Vec3 d = KdopDirections<K>::kDirs[J];
    double s = -0.0;  // adding to -0.0 gives the addend exactly, so the first term is a copy
    if constexpr (d.x != 0) s = d.x > 0 ? s + p.x : s - p.x;
    if constexpr (d.y != 0) s = d.y > 0 ? s + p.y : s - p.y;
    if constexpr (d.z != 0) s = d.z > 0 ? s + p.z : s - p.z;
    return s;
  }
};

}  // namespace gougechek
