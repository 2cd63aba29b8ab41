#include "stock/stock_field.hpp"

#include <algorithm>

namespace gougechek::stock {

void appendUncovered(Interval v, std::span<const Interval> other, std::vector<Interval>& parts) {
  std::int32_t from = v.lo;
  for (const Interval& o : other) {
    if (o.hi <= from) continue;
    if (o.lo >= v.hi) break;
    if (o.lo > from) parts.push_back({from, o.lo});
    from = std::max(from, o.hi);
  }
  if (from < v.hi) parts.push_back({from, v.hi});
}

StockField::StockField(double x0_, double y0_, double base_, double h_, std::size_t nx_,
                       std::size_t ny_)
    : x0(x0_),
      y0(y0_),
      base(base_),
      h(h_),
      nx(nx_),
      ny(ny_),
      tiles_x((nx_ + kTileSide - 1) / kTileSide),
      tiles_y((ny_ + kTileSide - 1) / kTileSide),
      tiles(tiles_x * tiles_y) {
  for (std::size_t t = 0; t < tiles.size(); ++t) {
    const std::size_t i0 = t % tiles_x * kTileSide, j0 = t / tiles_x * kTileSide;
    tiles[t].words.assign(
        std::min<std::size_t>(kTileSide, nx - i0) * std::min<std::size_t>(kTileSide, ny - j0), 0);
  }
}

void StockField::set(Tile& tile, int local, std::span<const Interval> intervals) {
  std::uint32_t& word = tile.words[static_cast<std::size_t>(local)];
  const bool had_slot = (word & kSideFlag) != 0;
  const std::uint32_t slot = word & ~kSideFlag;
  if (intervals.empty() || (intervals.size() == 1 && intervals[0].lo == 0)) {
    if (had_slot) {
      tile.side[slot].clear();
      tile.side[slot].shrink_to_fit();
      tile.free_slots.push_back(slot);
    }
    word = intervals.empty() ? 0 : static_cast<std::uint32_t>(intervals[0].hi);
  } else {
    std::uint32_t target = slot;
    if (!had_slot) {
      if (!tile.free_slots.empty()) {
        target = tile.free_slots.back();
        tile.free_slots.pop_back();
      } else {
        target = static_cast<std::uint32_t>(tile.side.size());
        tile.side.emplace_back();
      }
    }
    tile.side[target].assign(intervals.begin(), intervals.end());
    word = kSideFlag | target;
  }
  if (!intervals.empty()) tile.max_top = std::max(tile.max_top, intervals.back().hi);
}

std::int64_t StockField::subtractIntervals(Tile& tile, int local, std::int32_t lo,
                                           std::int32_t hi) {
  const ColumnView column = view(tile, local);
  Interval kept[64];
  std::vector<Interval> more;
  std::size_t count = 0;
  std::int64_t removed = 0;
  const auto keep = [&](Interval v) {
    if (count < std::size(kept)) {
      kept[count++] = v;
    } else {
      if (more.empty()) more.assign(kept, kept + count);
      more.push_back(v);
      ++count;
    }
  };
  for (const Interval& v : column.intervals()) {
    const std::int32_t cut_lo = std::max(v.lo, lo), cut_hi = std::min(v.hi, hi);
    if (cut_lo >= cut_hi) {
      keep(v);
      continue;
    }
    removed += cut_hi - cut_lo;
    if (v.lo < cut_lo) keep({v.lo, cut_lo});
    if (cut_hi < v.hi) keep({cut_hi, v.hi});
  }
  if (removed == 0) return 0;
  if (more.empty())
    set(tile, local, std::span<const Interval>(kept, count));
  else
    set(tile, local, more);
  return removed;
}

double StockField::overlap(const ColumnView& column, double lo, double hi) const {
  double total = 0;
  for (const Interval& v : column.intervals()) {
    const double a = std::max(lo, height(v.lo)), b = std::min(hi, height(v.hi));
    if (b > a) total += b - a;
  }
  return total;
}

std::size_t StockField::bytes() const {
  std::size_t total = 0;
  for (const Tile& tile : tiles) {
    total += tile.words.capacity() * sizeof(std::uint32_t);
    total += tile.side.capacity() * sizeof(std::vector<Interval>);
    for (const std::vector<Interval>& list : tile.side) total += list.capacity() * sizeof(Interval);
  }
  return total;
}

std::int64_t StockField::totalUnits() const {
  std::int64_t total = 0;
  for (const Tile& tile : tiles)
    for (std::size_t local = 0; local < tile.words.size(); ++local) {
      const ColumnView column = view(tile, static_cast<int>(local));
      for (const Interval& v : column.intervals()) total += v.hi - v.lo;
    }
  return total;
}

}  // namespace gougechek::stock
