#pragma once
// The documented limits on what a program may contain (docs/checking-rules.md, "Limits"): beyond
// them the program is refused with an error, so hostile input cannot exhaust memory or the stack,
// and no number too large to be computed with reaches the check.
#include <cstddef>

#include "gougechek/move.hpp"

namespace gougechek {

/// Longest physical line, in bytes without its line end; a longer one is never buffered whole.
inline constexpr std::size_t kMaxLineBytes = 65536;
/// Deepest nesting of brackets, functions and `#` indirection within one value.
inline constexpr int kMaxExpressionDepth = 256;
// The largest length reaching a move, kMaxLengthMm, is public: gougechek/move.hpp.
/// Most full turns of one helix (G2/G3 P): the check's cost grows with the turns, and no real
/// thread mill or helical bore needs more.
inline constexpr int kMaxArcTurns = 10000;

}  // namespace gougechek
