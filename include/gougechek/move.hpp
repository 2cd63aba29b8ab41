#pragma once
// One interpreted motion of the program, in millimetres, every offset applied.
#include <cstdint>

#include "gougechek/vec3.hpp"

namespace gougechek {

/// Largest magnitude of a length reaching a move (coordinates, arc centres and radii, offsets
/// applied), in mm: 1 km, far beyond any machine, and small enough that its squares and sums
/// stay exact to well below a micrometre. A program beyond it is refused.
inline constexpr double kMaxLengthMm = 1e6;

/// What a move is. Probe: a G38.2..G38.5 move toward its target at feed; the probe stops where it
/// touches, so the move is not a cut (no gouge is reported for it, holder collisions are).
enum class MoveKind : std::uint8_t { Rapid, Feed, Arc, Probe };

/// A move as the checks take it: a straight rapid, feed or probe, or an arc (helix).
struct Move {
  MoveKind kind = MoveKind::Feed;  ///< rapid (G0), feed (G1), arc (G2/G3), probe (G38.x)
  Vec3 from;                       ///< tool tip where the move starts
  Vec3 to;                         ///< tool tip where it ends
  Vec3 center;                     ///< arcs: centre, in the plane of `from`
  Vec3 axis;               ///< arcs: unit rotation axis; the arc turns counter-clockwise about it
  int turns = 0;           ///< arcs: extra full turns
  int tool = 0;            ///< tool number in effect (0: none selected)
  std::uint32_t line = 0;  ///< 1-based physical line of the program file
  double feed = 0;         ///< feed moves: programmed feed, mm/min (0: unknown)
};

}  // namespace gougechek
