#pragma once
// Reproducible random moves and triangles for the narrow-phase tests, biased toward the cases
// that break distance algorithms: zero-length and axis-aligned moves, zero-area, collinear, tiny
// and huge triangles, triangles nearly parallel to the move, and shapes far apart.
#include <array>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <string>

#include "gougechek/vec3.hpp"

namespace gougechek::test {

using Triangle = std::array<Vec3, 3>;

struct Move {
  Vec3 from, to;
};

class RandomGeometry {
 public:
  explicit RandomGeometry(std::uint64_t seed) : rng_(seed) {}

  double uniform(double lo, double hi) { return std::uniform_real_distribution<>(lo, hi)(rng_); }
  int below(int n) { return std::uniform_int_distribution<>(0, n - 1)(rng_); }
  Vec3 inBox(double half) {
    return {uniform(-half, half), uniform(-half, half), uniform(-half, half)};
  }
  Vec3 direction() {
    for (;;) {
      const Vec3 v = inBox(1);
      if (norm2(v) > 1e-4 && norm2(v) <= 1) return normalized(v);
    }
  }
  /// A unit vector perpendicular to n (unit).
  Vec3 perpendicular(const Vec3& n) {
    for (;;) {
      const Vec3 v = cross(n, direction());
      if (norm2(v) > 1e-4) return normalized(v);
    }
  }

  /// A move of one of several kinds; `kind` names it for failure messages.
  Move move(std::string& kind) {
    const Vec3 from = inBox(10);
    const double length = std::pow(10.0, uniform(-1, 1.5));
    switch (below(6)) {
      case 0:
        kind = "zero-length";
        return {from, from};
      case 1:
        kind = "vertical";
        return {from, from + Vec3{0, 0, below(2) ? length : -length}};
      case 2: {
        kind = "horizontal";
        const double angle = uniform(0, 2 * std::numbers::pi);
        return {from, from + Vec3{std::cos(angle), std::sin(angle), 0} * length};
      }
      case 3:
        kind = "tiny";
        return {from, from + direction() * 1e-6};
      default:
        kind = "oblique";
        return {from, from + direction() * length};
    }
  }

  /// A triangle near the swept region around `near` (scale: the cutter's size), of one of
  /// several kinds; `direction_of_move` lets some triangles lie nearly parallel to the move.
  Triangle triangle(const Vec3& near, double scale, const Vec3& direction_of_move,
                    std::string& kind) {
    const Vec3 centre = near + inBox(2 * scale);
    auto around = [&](double size) {
      return Triangle{centre + inBox(size), centre + inBox(size), centre + inBox(size)};
    };
    switch (below(10)) {
      case 0: {
        kind = "zero-area (repeated vertex)";
        const Vec3 a = centre + inBox(scale), b = centre + inBox(scale);
        return {a, b, below(2) ? a : b};
      }
      case 1: {
        kind = "collinear";
        const Vec3 a = centre + inBox(scale), b = centre + inBox(scale);
        return {a, b, a + (b - a) * uniform(-1, 2)};
      }
      case 2:
        kind = "point";
        return {centre, centre, centre};
      case 3:
        kind = "tiny (1e-3)";
        return around(1e-3);
      case 4:
        kind = "huge (1e3)";
        return around(1e3);
      case 5: {
        kind = "nearly parallel to the move";
        const Vec3 along =
            norm2(direction_of_move) > 0 ? normalized(direction_of_move) : direction();
        const Vec3 across = perpendicular(along);
        const Vec3 tilt = cross(along, across) * uniform(-1e-6, 1e-6);
        auto in_plane = [&] {
          return centre + (along + tilt) * uniform(-3 * scale, 3 * scale) +
                 across * uniform(-3 * scale, 3 * scale);
        };
        return {in_plane(), in_plane(), in_plane()};
      }
      case 6: {
        kind = "far apart";
        const Vec3 far = centre + direction() * 1e3;
        return {far + inBox(scale), far + inBox(scale), far + inBox(scale)};
      }
      case 7: {
        kind = "edge parallel to the move";
        const Vec3 along =
            norm2(direction_of_move) > 0 ? normalized(direction_of_move) : direction();
        const Vec3 a = centre + inBox(scale);
        return {a, a + along * uniform(-3 * scale, 3 * scale), centre + inBox(scale)};
      }
      default:
        kind = "random";
        return around(2 * scale);
    }
  }

 private:
  std::mt19937_64 rng_;
};

}  // namespace gougechek::test
