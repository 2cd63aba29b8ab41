#include "convex/cut_envelope.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

namespace gougechek {
namespace {

/// Keeps the part of the convex `polygon` where the affine `side` is ≤ 0 (Sutherland–Hodgman
/// against one half-plane); `out` is scratch.
template <class Side>
void clip(std::vector<Vec3>& polygon, Side&& side, std::vector<Vec3>& out) {
  out.clear();
  const std::size_t n = polygon.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3& p = polygon[i];
    const Vec3& q = polygon[(i + 1) % n];
    const double sp = side(p), sq = side(q);
    if (sp <= 0) out.push_back(p);
    if ((sp < 0 && sq > 0) || (sp > 0 && sq < 0)) out.push_back(p + (q - p) * (sp / (sp - sq)));
  }
  std::swap(polygon, out);
}

}  // namespace

void CutEnvelope::add(const Cut& cut) {
  // The new cut's cell: where it lies at or below every cut that still has a cell (U is the
  // least of those). Then every old cell gives up that part.
  std::vector<Vec3> mine(triangle_.begin(), triangle_.end());
  for (const Cell& cell : cells_) {
    clip(
        mine, [&](const Vec3& x) { return cut.at(x) - cell.cut.at(x); }, scratch_);
    if (mine.size() < 3) return;  // nowhere lower: the envelope is unchanged
  }
  for (Cell& cell : cells_)
    clip(
        cell.polygon, [&](const Vec3& x) { return cell.cut.at(x) - cut.at(x); }, scratch_);
  std::erase_if(cells_, [](const Cell& cell) { return cell.polygon.size() < 3; });
  cells_.push_back({cut, std::move(mine)});
}

CutEnvelope::Top CutEnvelope::top() const {
  Top best{triangle_[0], -INFINITY};
  for (const Cell& cell : cells_)
    for (const Vec3& x : cell.polygon)
      if (const double value = cell.cut.at(x); value > best.value) best = {x, value};
  return best;
}

}  // namespace gougechek
