#pragma once
// The documented limits on what a program may contain (README.md, "Limits"): beyond them the
// program is refused with an error, so hostile input cannot exhaust memory or the stack, and
// no number too large to be computed with reaches the check.
#include <cstddef>

namespace gougechek {

/// Longest physical line, in bytes without its line end; a longer one is never buffered whole.
inline constexpr std::size_t kMaxLineBytes = 65536;
/// Deepest nesting of brackets, functions and `#` indirection within one value.
inline constexpr int kMaxExpressionDepth = 256;
/// Largest magnitude of a length reaching a move (coordinates, arc centres and radii, offsets
/// applied), in mm: 1 km, far beyond any machine, and small enough that its squares and sums
/// stay exact to well below a micrometre.
inline constexpr double kMaxLengthMm = 1e6;
/// Most full turns of one helix (G2/G3 P): the check's cost grows with the turns, and no real
/// thread mill or helical bore needs more.
inline constexpr int kMaxArcTurns = 10000;

}  // namespace gougechek
