#pragma once
// One move as the JSON line of `gougechek --moves` (SPEC.md "Moves").
#include <cstddef>
#include <ostream>

#include "gougechek/move.hpp"

namespace gougechek {

/// Writes `{"move": ordinal, "line": ..., "kind": ..., "tool": ..., "from": [...], "to": [...]}`
/// (arcs add "center", "axis" and "turns") and a newline. Numbers are the shortest text that
/// reads back as the same double.
void writeMoveJson(const Move& move, std::size_t ordinal, std::ostream& out);

}  // namespace gougechek
