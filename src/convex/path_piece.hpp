#pragma once
// The path the tool tip takes during one piece of a move, as a support-mapped convex set: a
// segment, or the convex hull of a (possibly helical) arc piece. Each support point carries its
// path parameter s ∈ [0, 1], so the witness of a distance query tells where along the move the
// closest approach happens.
#include <array>
#include <cmath>
#include <optional>
#include <span>
#include <vector>

#include "gougechek/vec3.hpp"

namespace gougechek {

struct PathPoint {
  Vec3 point;
  double s = 0;  ///< path parameter: 0 at the piece's start, 1 at its end
};

class PathPiece {
 public:
  /// A straight segment from `from` to `to` (a point when they are equal).
  static PathPiece segment(const Vec3& from, const Vec3& to);
  /// An arc piece: centre `center`, start radius vector `radial` (from centre to start, in the
  /// plane ⟂ `axis`), unit `axis` (counter-clockwise about it), sweep `angle` (> 0) and `rise`
  /// along the axis (a helix).
  static PathPiece arc(const Vec3& center, const Vec3& radial, const Vec3& axis, double angle,
                       double rise);

  /// One arc for consecutive pieces that split one circular arc or helix into equal steps
  /// (what splitMovePath makes of an arc of constant radius): its hull is the hull of theirs,
  /// so it stands for them at the cost of one piece. None for other pieces, or beyond a half
  /// turn.
  static std::optional<PathPiece> joined(std::span<const PathPiece> pieces);

  /// The point of the piece's convex hull extreme in direction v.
  PathPoint support(const Vec3& v) const;
  /// The axis-aligned box of the piece ({least, greatest} corner), from six support queries.
  std::array<Vec3, 2> bounds() const;
  /// The tool-tip position at parameter s on the actual path (on the arc, not its hull).
  Vec3 at(double s) const;
  const Vec3& start() const { return start_; }
  /// at(1), without the trigonometry.
  Vec3 end() const { return is_arc_ ? end_ : start_ + delta_; }
  /// Appends points whose convex hull contains the piece's: its ends, and for an arc of at
  /// most a quarter turn the meeting point of its end tangents (and, for a helix, these at
  /// both ends' heights). That hull exceeds the arc's by about the piece's sagitta. False, and
  /// nothing appended, for a longer arc.
  bool enclosingPoints(std::vector<Vec3>& out) const;
  static constexpr std::size_t kMaxEnclosingPoints = 6;
  bool isArc() const { return is_arc_; }

 private:
  Vec3 pointAtAngle(double theta) const;

  bool is_arc_ = false;
  Vec3 start_, delta_;                     // segment: start and end − start
  Vec3 center_, radial_, tangent_, axis_;  // arc: radial × angle frame, tangent = axis × radial
  double angle_ = 0, rise_ = 0;
  double cos_angle_ = 1, sin_angle_ = 0;  // arc: of the sweep
  Vec3 end_;                              // arc: the point at the sweep
};

}  // namespace gougechek
