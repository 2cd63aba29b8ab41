#pragma once
// A move's tool-tip path as convex pieces: one segment for a line, and for an arc enough pieces
// that each piece's convex hull bulges past the arc by at most tolerance/10
// (docs/checking-rules.md); and what the move checker and the registration both measure along
// them: a swept cutter's k-DOP, the part's triangles, the start of a GJK search.
#include <array>
#include <cstdint>
#include <vector>

#include "convex/path_piece.hpp"
#include "convex/swept_core.hpp"
#include "geom/kdop.hpp"
#include "gougechek/mesh.hpp"
#include "gougechek/move.hpp"

namespace gougechek {

/// k-DOPs of swept cutters are widened by this much, mm, so that rounding in the support values
/// never culls a contact (the move checker's culls and the registration's alike).
inline constexpr double kBoxSlack = 1e-7;

/// Appends the pieces of `move` to `pieces` (cleared first). `from` overrides the move's start
/// for straight moves (the first move's known or unknown origin).
void splitMovePath(const Move& move, const Vec3& from, double tolerance,
                   std::vector<PathPiece>& pieces);

/// The k-DOP of a swept shape (a SweptCore, a SweptRegion: anything with a support function),
/// from its support points along the k-DOP's directions; not yet widened by kBoxSlack.
template <int K, class Shape>
Kdop<K> sweptKdop(const Shape& sweep) {
  Kdop<K> box;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
    const Vec3& d = KdopDirections<K>::kDirs[j];
    box.hi[j] = dot(d, sweep.support(d).point);
    box.lo[j] = dot(d, sweep.support(-d).point);
  }
  return box;
}

/// The corners of triangle `index` of `mesh`.
inline std::array<Vec3, 3> triangleCorners(const Mesh& mesh, std::uint32_t index) {
  const Triangle& t = mesh.triangles[index];
  return {mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]};
}

/// A start for the GJK search between `core` swept along `piece` and the triangle `tri` that
/// depends on nothing else (from the triangle's centre toward the swept core's inside), so that
/// a distance does not depend on what a worker measured before.
inline Vec3 gjkStart(const FrustumCore& core, const PathPiece& piece,
                     const std::array<Vec3, 3>& tri) {
  return SweptCore{&core, &piece}.interiorPoint() - (tri[0] + tri[1] + tri[2]) / 3;
}

}  // namespace gougechek
