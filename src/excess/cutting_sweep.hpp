#pragma once
// A cutting piece of a tool swept along one path piece of a move: the volume the flutes clear on
// that piece (docs/checking-rules.md "Excess"). Core ⊕ path ⊕ sphere(margin), the checker's own
// support-mapped shape; the margin is kept apart so that the ray cast treats it exactly.
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "convex/frustum_core.hpp"
#include "convex/path_piece.hpp"
#include "convex/swept_core.hpp"
#include "gougechek/move.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {

struct CuttingSweep {
  FrustumCore core;        ///< the cutting piece's core and skin (margin), tip at the origin
  PathPiece path;          ///< the tool tip's path piece
  std::uint32_t move = 0;  ///< 0-based index of the move in the program

  /// The point of core ⊕ path (without the margin) extreme in direction v.
  PathPoint support(const Vec3& v) const { return SweptCore{&core, &path}.support(v); }
  /// A point inside core ⊕ path: where searches start.
  Vec3 interiorPoint() const { return SweptCore{&core, &path}.interiorPoint(); }
};

/// The cutting sweeps of a program: every move but probes, each path piece (arcs split as the
/// gouge check splits them, within tolerance/10) with each cutting section of the move's tool.
/// Moves whose tool has no model (no tool selected) sweep nothing.
std::vector<CuttingSweep> cuttingSweeps(std::span<const Move> moves,
                                        const std::map<int, CutterModel>& cutters,
                                        double tolerance);

}  // namespace gougechek
