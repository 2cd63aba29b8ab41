#pragma once
// An oriented box around a patch of surface, its first axis the patch's mean normal: the
// normal slab (geom/normal_slab.hpp) closed off sideways by two tangent slabs. A tilted patch's
// axis-aligned box is as thick as the patch is wide; this box stays as thin as the patch is
// curved, so a distance test against it prunes where the axis-aligned one cannot.
//
// A tree holds one per node, so it is kept small: the extents as floats rounded outward (a few
// µm looser at most, never tighter), the tangents following from the normal by a fixed rule,
// and in the tree (PackedPatchBox) the normal as three floats too.
#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "geom/normal_slab.hpp"

namespace gougechek {

class PatchBox {
 public:
  /// The box's axes: the unit normal and two unit tangents completing a right-handed frame.
  struct Frame {
    std::array<Vec3, 3> axes;

    static Frame of(const Vec3& normal) {
      // Any tangent will do; crossing with the axis least aligned with the normal keeps it
      // well conditioned.
      const Vec3 n = {std::fabs(normal.x), std::fabs(normal.y), std::fabs(normal.z)};
      const Vec3 axis = n.x <= n.y && n.x <= n.z ? Vec3{1, 0, 0}
                        : n.y <= n.z             ? Vec3{0, 1, 0}
                                                 : Vec3{0, 0, 1};
      const Vec3 tangent = normalized(cross(normal, axis));
      return {{normal, tangent, cross(normal, tangent)}};
    }
  };

  /// Gathers points in double precision, one normal slab per axis, then gives the box.
  class Builder {
   public:
    /// `normal` has unit length.
    explicit Builder(const Vec3& normal) {
      const Frame frame = Frame::of(normal);
      for (int i = 0; i < 3; ++i) slabs_[i] = NormalSlab::empty(frame.axes[i]);
    }
    void add(const Vec3& p) {
      for (NormalSlab& slab : slabs_) slab.add(p);
    }
    /// Adds the points (x[i], y[i], z[i]) for i < count, as add() does each: the same extents,
    /// gathered in independent lanes that the compiler turns into vector instructions.
    void add(const double* x, const double* y, const double* z, std::size_t count);
    PatchBox box() const {
      PatchBox b;
      b.normal_ = slabs_[0].normal;
      for (int i = 0; i < 3; ++i) {
        b.lo_[i] = roundDown(slabs_[i].lo);
        b.hi_[i] = roundUp(slabs_[i].hi);
      }
      return b;
    }

   private:
    std::array<NormalSlab, 3> slabs_;
  };

  /// A box that bounds nothing (a patch whose normals spread too far for one).
  PatchBox() = default;

  bool bounds() const { return normal_ != Vec3{}; }
  const Vec3& normal() const { return normal_; }
  /// The extent along axis i of Frame::of(normal()) (0: the normal).
  double lo(int i) const { return lo_[i]; }
  double hi(int i) const { return hi_[i]; }
  /// The slab along the normal; it bounds nothing for a box that bounds nothing.
  NormalSlab slab() const { return bounds() ? NormalSlab{normal_, lo_[0], hi_[0]} : NormalSlab{}; }

  std::array<Vec3, 8> corners() const {
    const Frame frame = Frame::of(normal_);
    std::array<Vec3, 8> c;
    for (int i = 0; i < 8; ++i) {
      c[i] = Vec3{};
      for (int axis = 0; axis < 3; ++axis)
        c[i] += frame.axes[axis] * double((i >> axis) & 1 ? hi_[axis] : lo_[axis]);
    }
    return c;
  }

 private:
  static float roundDown(double v) {
    const float f = static_cast<float>(v);
    return f <= v ? f : nextToward(f, -1);
  }
  static float roundUp(double v) {
    const float f = static_cast<float>(v);
    return f >= v ? f : nextToward(f, 1);
  }
  // std::nextafter(f, direction · ∞) for f not NaN, without a library call: the build of a
  // tree and its queries make millions of boxes.
  static float nextToward(float f, int direction) {
    if (f == 0) return direction * std::numeric_limits<float>::denorm_min();
    const auto bits = std::bit_cast<std::uint32_t>(f);
    // Away from zero is the next larger magnitude, one more in the bits.
    return std::bit_cast<float>((f > 0) == (direction > 0) ? bits + 1 : bits - 1);
  }

  friend class PackedPatchBox;

  Vec3 normal_;
  std::array<float, 3> lo_{}, hi_{};
};

/// A PatchBox in 28 bytes instead of 48: the normal in two 16-bit octahedral coordinates
/// (the unit sphere folded onto a square; about 1e-4 rad apart), the extents as floats. The box
/// must be built along the normal the codes give back, so it is built through pack(), never
/// packed after.
class PackedPatchBox {
 public:
  /// A box that bounds nothing.
  PackedPatchBox() = default;

  /// The box along the packable normal nearest the unit `normal` of the points that
  /// add_points(builder) adds to the PatchBox::Builder it is given.
  template <class AddPoints>
  static PackedPatchBox pack(const Vec3& normal, AddPoints&& add_points) {
    PackedPatchBox packed;
    packed.normal_ = octahedralCodes(normal);
    PatchBox::Builder builder(packed.unitNormal());
    add_points(builder);
    const PatchBox box = builder.box();
    packed.lo_ = box.lo_;
    packed.hi_ = box.hi_;
    return packed;
  }

  PatchBox unpack() const {
    PatchBox box;
    if (normal_ == kNoNormal) return box;
    box.normal_ = unitNormal();
    box.lo_ = lo_;
    box.hi_ = hi_;
    return box;
  }

 private:
  using Codes = std::array<std::int16_t, 2>;
  static constexpr double kCodeScale = 32767;
  static constexpr Codes kNoNormal = {-32768, -32768};  ///< no code of a unit vector

  // The octahedron |x| + |y| + |z| = 1, its lower half folded over the upper, projected on xy.
  static Codes octahedralCodes(const Vec3& n) {
    const double l1 = std::fabs(n.x) + std::fabs(n.y) + std::fabs(n.z);
    double x = n.x / l1, y = n.y / l1;
    if (n.z < 0) {
      const double folded_x = (1 - std::fabs(y)) * std::copysign(1.0, x);
      y = (1 - std::fabs(x)) * std::copysign(1.0, y);
      x = folded_x;
    }
    return {static_cast<std::int16_t>(std::lround(x * kCodeScale)),
            static_cast<std::int16_t>(std::lround(y * kCodeScale))};
  }
  Vec3 unitNormal() const {
    double x = normal_[0] / kCodeScale, y = normal_[1] / kCodeScale;
    const double z = 1 - std::fabs(x) - std::fabs(y);
    if (z < 0) {
      const double unfolded_x = (1 - std::fabs(y)) * std::copysign(1.0, x);
      y = (1 - std::fabs(x)) * std::copysign(1.0, y);
      x = unfolded_x;
    }
    return normalized(Vec3{x, y, z});
  }

  Codes normal_ = kNoNormal;
  std::array<float, 3> lo_{}, hi_{};
};

}  // namespace gougechek
