#pragma once
// The stock as a field of Z columns (dexels): column (i, j) is the vertical line at
// (x0 + (i + ½)h, y0 + (j + ½)h) and holds its material as sorted, disjoint intervals of
// heights, integers of kQuantum mm above the stock's floor `base`, so that cuts compare, clip and
// subtract exactly and reproducibly. Columns are kept in tiles of 64 × 64, each owned by one
// thread at a time. A column is one 32-bit word: top bit 0, the interval [floor, word] (word 0:
// empty); top bit 1, the low 31 bits index the tile's side table of interval lists (columns with
// several intervals, or one that does not start at the floor).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gougechek::stock {

inline constexpr double kQuantum = 1e-4;  ///< mm per height unit (0.1 µm)
inline constexpr int kTileSide = 64;
inline constexpr int kTileColumns = kTileSide * kTileSide;
/// The memory the column words may take (docs/checking-rules.md "Stock"): 1 GiB.
inline constexpr std::size_t kColumnBudgetBytes = std::size_t{1} << 30;
inline constexpr std::uint32_t kSideFlag = 0x80000000u;  ///< a column word's side-table mark
inline constexpr std::size_t kMaxColumns = kColumnBudgetBytes / sizeof(std::uint32_t);

struct Interval {
  std::int32_t lo = 0, hi = 0;  ///< heights above the floor, lo < hi
  bool operator==(const Interval&) const = default;
};

/// Appends to `parts` the parts of `v` that no interval of `other` (sorted, disjoint) covers:
/// where a column's material shows beside its neighbour's, the wall of a stock mesh.
void appendUncovered(Interval v, std::span<const Interval> other, std::vector<Interval>& parts);

struct Tile {
  std::vector<std::uint32_t> words;         ///< up to kTileColumns, row by row
  std::vector<std::vector<Interval>> side;  ///< the interval lists of flagged columns
  std::vector<std::uint32_t> free_slots;    ///< side entries no column uses
  std::int32_t max_top = 0;                 ///< at least every height in the tile
};

/// A column's intervals, without copying (one word stands for at most one interval).
struct ColumnView {
  Interval single;                  ///< the word's interval, when `first` is null
  const Interval* first = nullptr;  ///< the side table's list, else null
  std::size_t count = 0;
  std::span<const Interval> intervals() const {
    return first ? std::span<const Interval>(first, count)
                 : std::span<const Interval>(&single, count);
  }
  std::int32_t top() const { return count == 0 ? 0 : intervals()[count - 1].hi; }
};

class StockField {
 public:
  StockField(double x0, double y0, double base, double h, std::size_t nx, std::size_t ny);

  double x0 = 0, y0 = 0, base = 0, h = 0;
  std::size_t nx = 0, ny = 0, tiles_x = 0, tiles_y = 0;
  std::vector<Tile> tiles;

  double columnX(std::size_t i) const { return x0 + (static_cast<double>(i) + 0.5) * h; }
  double columnY(std::size_t j) const { return y0 + (static_cast<double>(j) + 0.5) * h; }
  double height(std::int64_t k) const { return base + static_cast<double>(k) * kQuantum; }
  Tile& tileOf(std::size_t i, std::size_t j) {
    return tiles[(j / kTileSide) * tiles_x + i / kTileSide];
  }
  const Tile& tileOf(std::size_t i, std::size_t j) const {
    return tiles[(j / kTileSide) * tiles_x + i / kTileSide];
  }
  /// Column (i, j)'s place in its tile: tiles at the field's edge are only as wide and deep as
  /// the columns they hold, so the words take 4 bytes per column, exactly.
  int localOf(std::size_t i, std::size_t j) const {
    const std::size_t width = std::min<std::size_t>(kTileSide, nx - i / kTileSide * kTileSide);
    return static_cast<int>((j % kTileSide) * width + i % kTileSide);
  }

  static ColumnView view(const Tile& tile, int local) {
    ColumnView column;
    const std::uint32_t word = tile.words[static_cast<std::size_t>(local)];
    if (word & kSideFlag) {
      const std::vector<Interval>& list = tile.side[word & ~kSideFlag];
      column.first = list.data();
      column.count = list.size();
    } else if (word != 0) {
      column.single = {0, static_cast<std::int32_t>(word)};
      column.count = 1;
    }
    return column;
  }
  /// Replaces a column's intervals (sorted, disjoint, non-empty each).
  static void set(Tile& tile, int local, std::span<const Interval> intervals);
  /// Removes [lo, hi] from the column; returns the height units removed.
  static std::int64_t subtract(Tile& tile, int local, std::int32_t lo, std::int32_t hi) {
    std::uint32_t& word = tile.words[static_cast<std::size_t>(local)];
    if (lo >= hi || word & kSideFlag) return lo >= hi ? 0 : subtractIntervals(tile, local, lo, hi);
    // The common case: one interval on the floor, cut from above (a new, lower top).
    const auto top = static_cast<std::int32_t>(word);
    if (hi <= 0 || lo >= top) return 0;
    if (hi < top) return subtractIntervals(tile, local, lo, hi);
    const std::int32_t new_top = std::max(lo, 0);
    word = static_cast<std::uint32_t>(new_top);
    return top - new_top;
  }
  /// The same for any column (a cut that may leave several intervals).
  static std::int64_t subtractIntervals(Tile& tile, int local, std::int32_t lo, std::int32_t hi);
  /// Length of [lo, hi] (mm, absolute heights) inside the column's material, mm.
  double overlap(const ColumnView& column, double lo, double hi) const;

  std::size_t bytes() const;        ///< words and side tables
  std::int64_t totalUnits() const;  ///< material, in height units, over every column
};

}  // namespace gougechek::stock
