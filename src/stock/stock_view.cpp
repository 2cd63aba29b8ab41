// The stock for the HTML report's 3D view (issue 23): neighbouring columns that hold the same
// material merged into one rectangle (tops and bottoms), and the walls between two kinds of
// column merged along their run, so that a block with a few cuts in it takes a few hundred
// triangles, not the millions of one prism per column; a field too rough for the budget is
// seen a power of two columns at a time, each cell as its columns' envelope.
#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "stock/stock_shape.hpp"

namespace gougechek::stock {

namespace {

/// Cells the mesher reads at most: a field of more columns is seen several at a time from the
/// start (the default 0.1 mm on a 100 × 100 mm block is one column a cell).
constexpr std::size_t kMaxViewCells = std::size_t{1} << 20;

/// The field seen `factor` × `factor` columns a cell: each cell's material as an id into a
/// table of interval lists (id 0: no material), so that equal cells compare as integers.
struct Cells {
  const StockField* field = nullptr;
  std::size_t factor = 1, nx = 0, ny = 0;
  std::vector<std::uint32_t> ids;  ///< row by row
  std::vector<std::vector<Interval>> lists;

  std::uint32_t at(std::size_t i, std::size_t j) const { return ids[j * nx + i]; }
  /// The field's x of cell edge `i` (0 .. nx), its y of edge `j`: the last cell may be narrower.
  double x(std::size_t i) const {
    return field->x0 + static_cast<double>(std::min(i * factor, field->nx)) * field->h;
  }
  double y(std::size_t j) const {
    return field->y0 + static_cast<double>(std::min(j * factor, field->ny)) * field->h;
  }
};

/// The material of the columns of cell (ci, cj): a single column's intervals exactly, several
/// columns' as one interval from the lowest floor to the highest top (the view shows the most
/// material any of them holds).
void cellMaterial(const StockField& field, std::size_t factor, std::size_t ci, std::size_t cj,
                  std::vector<Interval>& out) {
  out.clear();
  std::int32_t lo = std::numeric_limits<std::int32_t>::max(), hi = 0;
  for (std::size_t j = cj * factor; j < std::min((cj + 1) * factor, field.ny); ++j)
    for (std::size_t i = ci * factor; i < std::min((ci + 1) * factor, field.nx); ++i) {
      const ColumnView column = StockField::view(field.tileOf(i, j), field.localOf(i, j));
      if (column.count == 0) continue;
      if (factor == 1) {
        const std::span<const Interval> intervals = column.intervals();
        out.assign(intervals.begin(), intervals.end());
        return;
      }
      lo = std::min(lo, column.intervals().front().lo);
      hi = std::max(hi, column.top());
    }
  if (lo < hi) out.push_back({lo, hi});
}

/// Interval lists in lexicographic order, for the table of the cells' lists.
struct ListOrder {
  bool operator()(const std::vector<Interval>& a, const std::vector<Interval>& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                        [](const Interval& u, const Interval& v) {
                                          return std::tie(u.lo, u.hi) < std::tie(v.lo, v.hi);
                                        });
  }
};

Cells cellsOf(const StockField& field, std::size_t factor) {
  Cells cells;
  cells.field = &field;
  cells.factor = factor;
  cells.nx = (field.nx + factor - 1) / factor;
  cells.ny = (field.ny + factor - 1) / factor;
  cells.ids.reserve(cells.nx * cells.ny);
  cells.lists.push_back({});
  std::map<std::vector<Interval>, std::uint32_t, ListOrder> known{{{}, 0}};
  std::vector<Interval> material;
  for (std::size_t j = 0; j < cells.ny; ++j)
    for (std::size_t i = 0; i < cells.nx; ++i) {
      cellMaterial(field, factor, i, j, material);
      // Most cells hold what the cell before them does: no look-up then.
      if (!cells.ids.empty() && cells.lists[cells.ids.back()] == material) {
        cells.ids.push_back(cells.ids.back());
        continue;
      }
      auto it = known.find(material);
      if (it == known.end()) {
        it = known.emplace(material, static_cast<std::uint32_t>(cells.lists.size())).first;
        cells.lists.push_back(material);
      }
      cells.ids.push_back(it->second);
    }
  return cells;
}

/// The mesh of `cells` as it is built: corners shared by the quads that meet there (keyed by
/// cell edge and height), stopped once over the budget.
class ViewBuilder {
 public:
  ViewBuilder(const Cells& cells, std::size_t max_triangles)
      : cells_(cells), max_triangles_(max_triangles) {}

  bool over() const { return mesh_.triangles.size() > max_triangles_; }
  Mesh take() { return std::move(mesh_); }

  /// A vertical or horizontal rectangle, corners counter-clockwise seen from outside.
  void quad(const std::array<std::tuple<std::size_t, std::size_t, std::int32_t>, 4>& corners) {
    std::array<std::uint32_t, 4> index;
    for (std::size_t k = 0; k < 4; ++k) {
      const auto [it, added] = vertices_.try_emplace(corners[k], mesh_.vertices.size());
      if (added) {
        const auto [i, j, z] = corners[k];
        mesh_.vertices.push_back({cells_.x(i), cells_.y(j), cells_.field->height(z)});
      }
      index[k] = it->second;
    }
    mesh_.triangles.push_back({index[0], index[1], index[2]});
    mesh_.triangles.push_back({index[0], index[2], index[3]});
  }

 private:
  const Cells& cells_;
  std::size_t max_triangles_;
  std::map<std::tuple<std::size_t, std::size_t, std::int32_t>, std::uint32_t> vertices_;
  Mesh mesh_;
};

/// Tops and bottoms: rectangles of cells with the same material, each grown along its row as
/// far as it goes, then down the rows as far as the whole width does.
void addCaps(const Cells& cells, ViewBuilder& out) {
  std::vector<bool> used(cells.ids.size(), false);
  const auto free = [&](std::size_t i, std::size_t j, std::uint32_t id) {
    return cells.at(i, j) == id && !used[j * cells.nx + i];
  };
  for (std::size_t j = 0; j < cells.ny && !out.over(); ++j)
    for (std::size_t i = 0; i < cells.nx; ++i) {
      const std::uint32_t id = cells.at(i, j);
      if (id == 0 || used[j * cells.nx + i]) continue;
      std::size_t i1 = i + 1, j1 = j + 1;
      while (i1 < cells.nx && free(i1, j, id)) ++i1;
      for (; j1 < cells.ny; ++j1) {
        std::size_t k = i;
        while (k < i1 && free(k, j1, id)) ++k;
        if (k < i1) break;
      }
      for (std::size_t jj = j; jj < j1; ++jj)
        std::fill_n(used.begin() + static_cast<std::ptrdiff_t>(jj * cells.nx + i), i1 - i, true);
      for (const Interval& v : cells.lists[id]) {
        out.quad({{{i, j, v.hi}, {i1, j, v.hi}, {i1, j1, v.hi}, {i, j1, v.hi}}});
        out.quad({{{i, j, v.lo}, {i, j1, v.lo}, {i1, j1, v.lo}, {i1, j, v.lo}}});
      }
    }
}

/// The walls on the cell edges across `x_edges` (true: the edges x = const, between cells i − 1
/// and i; false: y = const), merged along each edge line where the cells either side stay the
/// same: each side's material that the other side's does not cover faces away from it.
void addWalls(const Cells& cells, bool x_edges, ViewBuilder& out) {
  const std::size_t lines = (x_edges ? cells.nx : cells.ny) + 1;
  const std::size_t along = x_edges ? cells.ny : cells.nx;
  const auto idAt = [&](std::size_t line, std::size_t s, bool after) -> std::uint32_t {
    if (after ? line >= lines - 1 : line == 0) return 0;  // outside the field
    const std::size_t cell = after ? line : line - 1;
    return x_edges ? cells.at(cell, s) : cells.at(s, cell);
  };
  std::vector<Interval> parts;
  for (std::size_t line = 0; line < lines && !out.over(); ++line)
    for (std::size_t s = 0; s < along;) {
      const std::uint32_t before = idAt(line, s, false), after = idAt(line, s, true);
      std::size_t end = s + 1;
      while (end < along && idAt(line, end, false) == before && idAt(line, end, true) == after)
        ++end;
      // The wall of the cells before the line faces forward (+x or +y), of those after back.
      for (const bool forward : {true, false}) {
        if (before == after) break;
        parts.clear();
        const auto& mine = cells.lists[forward ? before : after];
        const auto& theirs = cells.lists[forward ? after : before];
        for (const Interval& v : mine) appendUncovered(v, theirs, parts);
        for (const Interval& p : parts) {
          // Corners along the line from s to end, low then high: faces +x for x edges, −y for
          // y edges; reversed for the other facing.
          auto corner = [&](std::size_t at, std::int32_t z) {
            return x_edges ? std::tuple{line, at, z} : std::tuple{at, line, z};
          };
          const bool reverse = forward != x_edges;
          if (!reverse)
            out.quad({{corner(s, p.lo), corner(end, p.lo), corner(end, p.hi), corner(s, p.hi)}});
          else
            out.quad({{corner(s, p.lo), corner(s, p.hi), corner(end, p.hi), corner(end, p.lo)}});
        }
      }
      s = end;
    }
}

std::optional<Mesh> viewAt(const Cells& cells, std::size_t max_triangles) {
  ViewBuilder builder(cells, max_triangles);
  addCaps(cells, builder);
  addWalls(cells, true, builder);
  addWalls(cells, false, builder);
  if (builder.over()) return std::nullopt;
  return builder.take();
}

}  // namespace

StockView viewMeshOf(const StockField& field, std::size_t max_triangles) {
  // A cell of one interval takes 12 triangles: any budget below that might never be met.
  if (max_triangles < 12) throw std::invalid_argument("stock view: a budget under 12 triangles");
  std::size_t factor = 1;
  while ((field.nx + factor - 1) / factor * ((field.ny + factor - 1) / factor) > kMaxViewCells)
    factor *= 2;
  for (;; factor *= 2) {
    const Cells cells = cellsOf(field, factor);
    if (std::optional<Mesh> mesh = viewAt(cells, max_triangles))
      return {std::move(*mesh), static_cast<double>(factor) * field.h};
  }
}

}  // namespace gougechek::stock
