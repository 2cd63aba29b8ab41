#pragma once
// A point or direction in 3D, in millimetres. Plain value type, double precision throughout:
// gouge depths are reported to 1e-6 mm on parts of a metre.
#include <cmath>

namespace gougechek {

/// Coordinates or components in mm, with the arithmetic of vectors.
struct Vec3 {
  double x = 0, y = 0, z = 0;  ///< the coordinates

  /// The origin.
  constexpr Vec3() = default;
  /// The point (x_, y_, z_).
  constexpr Vec3(double x_, double y_, double z_) : x(x_), y(y_), z(z_) {}

  /// The coordinate of axis `i`: 0 x, 1 y, 2 z.
  constexpr double operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
  /// Component-wise sums, differences and negation; products and quotients by a scalar.
  constexpr Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  constexpr Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  constexpr Vec3 operator-() const { return {-x, -y, -z}; }
  constexpr Vec3 operator*(double s) const { return {x * s, y * s, z * s}; }
  constexpr Vec3 operator/(double s) const { return {x / s, y / s, z / s}; }
  /// In-place forms of +, - and * by a scalar.
  constexpr Vec3& operator+=(const Vec3& o) {
    x += o.x;
    y += o.y;
    z += o.z;
    return *this;
  }
  constexpr Vec3& operator-=(const Vec3& o) {
    x -= o.x;
    y -= o.y;
    z -= o.z;
    return *this;
  }
  constexpr Vec3& operator*=(double s) {
    x *= s;
    y *= s;
    z *= s;
    return *this;
  }
  /// Exact equality of every coordinate.
  constexpr bool operator==(const Vec3&) const = default;
};

/// `v` scaled by `s`.
constexpr Vec3 operator*(double s, const Vec3& v) {
  return v * s;
}
/// The dot product.
constexpr double dot(const Vec3& a, const Vec3& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
/// The cross product, a × b (right-handed).
constexpr Vec3 cross(const Vec3& a, const Vec3& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
/// The squared length.
constexpr double norm2(const Vec3& a) {
  return dot(a, a);
}
/// The length.
inline double norm(const Vec3& a) {
  return std::sqrt(norm2(a));
}
/// `a` scaled to length 1 (not finite for the zero vector).
inline Vec3 normalized(const Vec3& a) {
  return a / norm(a);
}
/// Whether every coordinate is finite (no NaN, no infinity).
inline bool isFinite(const Vec3& a) {
  return std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(a.z);
}

}  // namespace gougechek
