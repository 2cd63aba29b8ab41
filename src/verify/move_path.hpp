#pragma once
// A move's tool-tip path as convex pieces: one segment for a line, and for an arc enough pieces
// that each piece's convex hull bulges past the arc by at most tolerance/10
// (docs/checking-rules.md).
#include <vector>

#include "convex/path_piece.hpp"
#include "gougechek/move.hpp"

namespace gougechek {

/// k-DOPs of swept cutters are widened by this much, mm, so that rounding in the support values
/// never culls a contact (the move checker's culls and the registration's alike).
inline constexpr double kBoxSlack = 1e-7;

/// Appends the pieces of `move` to `pieces` (cleared first). `from` overrides the move's start
/// for straight moves (the first move's known or unknown origin).
void splitMovePath(const Move& move, const Vec3& from, double tolerance,
                   std::vector<PathPiece>& pieces);

}  // namespace gougechek
