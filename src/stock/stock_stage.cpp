// The stock stage (stock_check.hpp): each block of moves is binned into the field's tiles by
// its footprint; the tiles then run in parallel, each taking its moves in program order, and
// every per-move result is reduced in move order with fixed tie-breaks, so that the outcome is
// the same for any thread count.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "gougechek/error.hpp"
#include "stock/column_sweep.hpp"
#include "stock/stock_check.hpp"
#include "stock/stock_field.hpp"
#include "stock/stock_shape.hpp"
#include "tool/tool_assembly.hpp"

namespace gougechek::stock {

namespace {

constexpr int kKinds = 4;
/// A feed move that removes less than this, mm³, is an air cut (SPEC "Stock, fixtures and excess").
constexpr double kAirVolume = 1e-3;
/// Only columns that lose more than this many height units (1 µm) count toward that volume: a
/// pass repeated at the same height shaves at most one unit of rounding.
constexpr std::int32_t kSignificantUnits = 10;
/// Columns of a row taken together by a bound of the sweep below them.
constexpr std::size_t kChunk = 8;

/// Margins on the side of visiting for the bounds that spare columns the exact tests: far
/// above the rounding of either (heights, mm; squared distances, mm²).
constexpr double kHeightMargin = 1e-6;
constexpr double kDistanceMargin = 1e-9;

/// A piece's lowest height at a distance from its axis, as a bound that needs no square root
/// for the common pieces: a ball's sphere, a flat disc.
struct PieceBound {
  enum class Shape { Sphere, Flat, Other } shape = Shape::Other;
  const PieceProfile* piece = nullptr;
  double z = 0, radius2 = 0, outer2 = 0;  ///< the sphere's centre or the disc's height; radii²
  double bottom = 0;                      ///< the piece's lowest point, above the tip

  static PieceBound of(const PieceProfile& piece) {
    PieceBound b{Shape::Other,
                 &piece,
                 piece.core.z_bottom,
                 piece.core.margin * piece.core.margin,
                 piece.outer * piece.outer,
                 piece.low(0)};
    if (piece.sphereBottom()) b.shape = Shape::Sphere;
    if (piece.flatBottom()) b.shape = Shape::Flat;
    return b;
  }
  /// False only when the piece, its tip never below `lowest`, stays above `ceiling` at
  /// distance² `rho2` (at least) from its axis.
  bool mayReach(double lowest, double rho2, double ceiling) const {
    if (rho2 > outer2 + kDistanceMargin) return false;
    if (shape == Shape::Flat) return lowest + z < ceiling;
    if (shape == Shape::Sphere) {
      const double above = lowest + z - ceiling;
      return above < 0 || above * above < radius2 - rho2 + kDistanceMargin;
    }
    return lowest + piece->low(std::sqrt(std::max(0.0, rho2 - kDistanceMargin))) < ceiling;
  }
};

/// One tool's pieces as the stage sweeps them.
struct ToolPieces {
  std::vector<ToolSegment> segments;
  std::vector<PieceProfile> profiles, mirrors;
  std::vector<StockCollisionKind> contact;  ///< what a non-cutting piece's contact on a feed is
  std::vector<double> bottoms;              ///< lowest point of each piece above the tip
  /// Each piece's least height along its axis anywhere it reaches (0 for a cone, whose
  /// rounded rim may be thin): its top is at least that far above its bottom in any column.
  std::vector<double> thickness;
  double reach = 0;   ///< largest radius of any piece
  double bottom = 0;  ///< lowest point of the assembly above the tip
  /// A disc at the tip over the part of the end that does not cut, for tools that cannot cut
  /// at their centre (docs/checking-rules.md "Stock").
  std::optional<PieceProfile> centre;
  std::vector<PieceBound> bounds;  ///< of `profiles`, lowest bottom first
  std::optional<PieceBound> centre_bound;

  /// False only where no piece a straight move examines (the dead centre too when `centre`)
  /// reaches below `ceiling` at distance² `rho2` from the path whose lowest tip height is
  /// `lowest`: every exact test of the column would fail.
  bool mayReach(double lowest, double rho2, double ceiling, bool with_centre) const {
    for (const PieceBound& b : bounds) {
      if (lowest + b.bottom >= ceiling) break;  // nor does any piece above it
      if (b.mayReach(lowest, rho2, ceiling)) return true;
    }
    return with_centre && centre_bound->mayReach(lowest, rho2, ceiling);
  }
};

/// The radius of the end that does not cut, 0 for a tool that cuts at its centre: as the tool
/// data says (centre=d), and at least a chamfer mill's tip flat or a dovetail cutter's end under
/// its neck (neither is made to plunge).
double deadCentreRadius(const ToolSpec& spec) {
  double radius = spec.dead_centre_diameter / 2;
  if (spec.type == CutterType::Chamfer) radius = std::max(radius, spec.tip_diameter / 2);
  if (spec.type == CutterType::Dovetail) radius = std::max(radius, spec.neck_diameter / 2);
  return radius;
}

ToolPieces piecesOf(const ToolSpec& spec) {
  ToolPieces tool;
  tool.segments = stockAssembly(spec);
  tool.bottom = kNoHeight;
  for (std::size_t k = 0; k < tool.segments.size(); ++k) {
    const ToolSegment& s = tool.segments[k];
    const PieceProfile p =
        PieceProfile::of({s.z_bottom, s.z_top, s.radius_bottom, s.radius_top, s.rounding});
    tool.profiles.push_back(p);
    tool.mirrors.push_back(p.mirrored());
    tool.bottoms.push_back(p.low(0));
    tool.thickness.push_back(s.radius_bottom == s.radius_top ? s.z_top - s.z_bottom : 0.0);
    tool.reach = std::max(tool.reach, p.outer);
    tool.bottom = std::min(tool.bottom, p.low(0));
    // The shank just above the flutes meeting stock is the flutes' length exceeded; any
    // other non-cutting piece (neck, holder, nut) is a rub.
    const bool above_flutes = k > 0 && tool.segments[k - 1].cutting &&
                              s.z_bottom == spec.flute_length && s.name == "shank";
    tool.contact.push_back(above_flutes ? StockCollisionKind::AboveFlutes
                                        : StockCollisionKind::NonCutting);
  }
  if (const double r = deadCentreRadius(spec); r > 0)
    tool.centre = PieceProfile::of({0, 0, r, r, 0});
  return tool;
}

/// The bounds point into the pieces: made where the pieces stay.
void bindBounds(ToolPieces& tool) {
  for (const PieceProfile& p : tool.profiles) tool.bounds.push_back(PieceBound::of(p));
  // Most columns are spared by the lowest piece alone: the shank and holder above it cannot
  // reach lower.
  std::stable_sort(tool.bounds.begin(), tool.bounds.end(),
                   [](const PieceBound& a, const PieceBound& b) { return a.bottom < b.bottom; });
  if (tool.centre) tool.centre_bound = PieceBound::of(*tool.centre);
}

/// One move as the tiles see it.
struct Plan {
  Move move;  ///< as swept: its start may differ from the program's (see StockStage::run)
  const ToolPieces* tool = nullptr;
  std::optional<SweepPath> path;
  bool rapid = false, centre = false;
  double zmin = 0;    ///< lowest tip height along the path
  double floor = 0;   ///< the lowest point of any piece it examines (the dead centre too)
  double lowest = 0;  ///< a straight path's lowest tip height as mayReachBelow finds it
  double inverse_horizontal = 0;               ///< 1 / its horizontal length², 0 for a plunge
  std::size_t i0 = 1, i1 = 0, j0 = 1, j1 = 0;  ///< columns it may reach (empty: i0 > i1)
};

/// The deepest contact of one kind in a move: depth, then the lowest column index.
struct Contact {
  double depth = -1;
  std::size_t column = 0;
  double t = 0;
  std::uint32_t piece = 0;
  void offer(const Contact& o) {
    if (o.depth > depth || (o.depth == depth && o.column < column)) *this = o;
  }
};

struct MoveRecord {
  std::uint32_t move = 0;
  std::int64_t removed = 0, significant = 0;
  std::array<Contact, kKinds> contacts{};
};

std::int32_t clampUnits(double value) {
  return static_cast<std::int32_t>(std::clamp(value, -1e9, 2147483647.0));
}

}  // namespace

struct StockStage::Impl {
  StockSettings settings;
  ToolLibrary tools;  ///< a copy: the caller's may go before the stage does
  StockField field;
  std::map<int, ToolPieces> pieces;
  StockOutcome outcome;
  std::uint32_t moves_seen = 0;
  std::int64_t units_before = 0, units_removed = 0;

  Impl(const StockSettings& s, const ToolLibrary& t)
      : settings(s), tools(t), field(makeField(s.shape, s.resolution)) {
    units_before = field.totalUnits();
    outcome.resolution = field.h;
    outcome.columns = field.nx * field.ny;
    outcome.bytes = field.bytes();
  }

  const ToolPieces& toolFor(const Move& move);
  Plan plan(const Move& move);
  std::optional<Move> previous;  ///< the last move of the previous block
  void runTile(std::size_t tile_index, const std::vector<Plan>& plans,
               const std::vector<std::uint32_t>& moves, std::vector<MoveRecord>& out);
  bool chunkMayMeet(const Plan& plan, std::size_t first, std::size_t last, std::size_t j,
                    std::int32_t top) const;
  void runChunk(const Plan& plan, Tile& tile, std::size_t first, std::size_t last, std::size_t j,
                MoveRecord& record);
  void runColumn(const Plan& plan, Tile& tile, std::size_t i, std::size_t j, MoveRecord& record);
  void reduce(const std::vector<Plan>& plans, const std::vector<std::vector<MoveRecord>>& records,
              std::span<const std::uint32_t> ordinals);
  void collide(const StockCollision& collision);
};

void StockStage::Impl::collide(const StockCollision& collision) {
  // Legs of one rapid come one after another: one collision per program move and kind.
  if (!outcome.collisions.empty()) {
    StockCollision& last = outcome.collisions.back();
    if (last.move == collision.move && last.kind == collision.kind) {
      if (collision.depth > last.depth) last = collision;
      return;
    }
  }
  outcome.collisions.push_back(collision);
}

const ToolPieces& StockStage::Impl::toolFor(const Move& move) {
  auto found = pieces.find(move.tool);
  if (found != pieces.end()) return found->second;
  const ToolSpec* spec = tools.find(move.tool);
  if (!spec)
    throw InputError("", move.line, 0,
                     "no cutter is known for tool " + std::to_string(move.tool) +
                         ", so the stock cannot be cut");
  ToolPieces& tool = pieces.emplace(move.tool, piecesOf(*spec)).first->second;
  bindBounds(tool);
  return tool;
}

Plan StockStage::Impl::plan(const Move& move) {
  Plan p;
  p.move = move;
  if (move.kind == MoveKind::Probe) return p;  // a probe stops where it touches
  p.tool = &toolFor(move);
  p.path.emplace(move);
  p.rapid = move.kind == MoveKind::Rapid;
  p.centre = !p.rapid && p.tool->centre && move.to.z < move.from.z;
  Vec3 lo{std::min(move.from.x, move.to.x), std::min(move.from.y, move.to.y),
          std::min(move.from.z, move.to.z)};
  Vec3 hi{std::max(move.from.x, move.to.x), std::max(move.from.y, move.to.y),
          std::max(move.from.z, move.to.z)};
  if (p.path->arc) {
    // Every point of an arc lies within its larger radius of the axis, between its ends' heights
    // along the axis: a box round both end circles holds it.
    const ArcSweep& arc = *p.path->sweep;
    const double r = std::max(arc.start_radius, arc.end_radius);
    for (const Vec3& c : {arc.center, arc.center + arc.axis * arc.rise}) {
      lo = {std::min(lo.x, c.x - r), std::min(lo.y, c.y - r), std::min(lo.z, c.z - r)};
      hi = {std::max(hi.x, c.x + r), std::max(hi.y, c.y + r), std::max(hi.z, c.z + r)};
    }
  }
  p.zmin = lo.z;
  p.floor = p.zmin + (p.centre ? std::min(p.tool->bottom, 0.0) : p.tool->bottom);
  p.lowest = move.from.z + std::min(0.0, move.to.z - move.from.z);
  if (p.path->horizontal > 0) p.inverse_horizontal = 1 / p.path->horizontal;
  const double reach = p.tool->reach, h = field.h;
  const double a = std::ceil((lo.x - reach - field.x0) / h - 0.5);
  const double b = std::floor((hi.x + reach - field.x0) / h - 0.5);
  const double c = std::ceil((lo.y - reach - field.y0) / h - 0.5);
  const double d = std::floor((hi.y + reach - field.y0) / h - 0.5);
  if (b < 0 || d < 0 || a > static_cast<double>(field.nx) - 1 ||
      c > static_cast<double>(field.ny) - 1)
    return p;
  p.i0 = static_cast<std::size_t>(std::max(a, 0.0));
  p.i1 = static_cast<std::size_t>(std::min(b, static_cast<double>(field.nx) - 1));
  p.j0 = static_cast<std::size_t>(std::max(c, 0.0));
  p.j1 = static_cast<std::size_t>(std::min(d, static_cast<double>(field.ny) - 1));
  return p;
}

void StockStage::Impl::runColumn(const Plan& plan, Tile& tile, std::size_t i, std::size_t j,
                                 MoveRecord& record) {
  const int local = field.localOf(i, j);
  ColumnView column = StockField::view(tile, local);
  if (column.count == 0) return;
  double top = field.height(column.top());
  const double x = field.columnX(i), y = field.columnY(j);
  const std::size_t index = j * field.nx + i;
  const ToolPieces& tool = *plan.tool;
  const SweepPath& path = *plan.path;
  // The exit of a piece whose entry is known: the piece's top where the entry is bounds the
  // exit from below, and when that is above the column's material the exact exit (as costly as
  // the entry) changes nothing.
  const auto exitAbove = [&](const Entry& entry, const PieceProfile& mirror) {
    const Vec3 p = path.at(entry.t);
    const double dx = p.x - x, dy = p.y - y;
    const double below = p.z - mirror.low(std::min(mirror.outer, std::sqrt(dx * dx + dy * dy)));
    return below >= top ? below : -sweepEntry(mirror, path, x, y, true).z;
  };
  // The material a piece's sweep reaches in this column, as the contact of `kind`.
  const auto meet = [&](const PieceProfile& piece, const PieceProfile& mirror, std::size_t k,
                        StockCollisionKind kind) {
    if (!mayReachBelow(piece, path, x, y, top)) return;
    const Entry entry = sweepEntry(piece, path, x, y);
    if (entry.z >= top) return;
    const double exit = exitAbove(entry, mirror);
    const double depth = field.overlap(column, entry.z, exit);
    if (depth > 0)
      record.contacts[static_cast<int>(kind)].offer(
          {depth, index, entry.t, static_cast<std::uint32_t>(k)});
  };
  const std::size_t count = tool.profiles.size();
  if (plan.rapid) {
    for (std::size_t k = 0; k < count; ++k)
      if (plan.zmin + tool.bottoms[k] < top)
        meet(tool.profiles[k], tool.mirrors[k], k, StockCollisionKind::Rapid);
  } else if (plan.centre && plan.zmin < top) {
    meet(*tool.centre, *tool.centre, 0, StockCollisionKind::CentrePlunge);
  }
  // What the cutting pieces sweep leaves the stock: cut from the entry rounded up to the exit
  // rounded down, so the model never loses more than the sweep.
  for (std::size_t k = 0; k < count; ++k) {
    if (!tool.segments[k].cutting || plan.zmin + tool.bottoms[k] >= top) continue;
    // Both must hold; the bounds before this leave few columns the entry would not reach,
    // so the exact entry goes first and the bound's division only where it decides.
    const Entry entry = sweepEntry(tool.profiles[k], path, x, y);
    if (entry.z >= top || !mayReachBelow(tool.profiles[k], path, x, y, top)) continue;
    const std::int32_t lo = clampUnits(std::ceil((entry.z - field.base) / kQuantum));
    // A column of one interval that the piece enters less deep than the piece is tall loses
    // everything above the entry, whatever the exact exit: it need not be found.
    const bool through = !column.first && entry.z + tool.thickness[k] >= top + kHeightMargin;
    const std::int32_t hi =
        through
            ? column.single.hi
            : clampUnits(std::floor((exitAbove(entry, tool.mirrors[k]) - field.base) / kQuantum));
    const std::int64_t removed = StockField::subtract(tile, local, std::max(lo, 0), hi);
    if (removed == 0) continue;
    record.removed += removed;
    if (removed > kSignificantUnits) record.significant += removed;
    column = StockField::view(tile, local);
    if (column.count == 0) return;
    top = field.height(column.top());
  }
  if (plan.rapid) return;
  for (std::size_t k = 0; k < count; ++k)
    if (!tool.segments[k].cutting && plan.zmin + tool.bottoms[k] < top)
      meet(tool.profiles[k], tool.mirrors[k], k, tool.contact[k]);
}

/// The top of a column's material, height units, from its non-zero word.
std::int32_t wordTop(const Tile& tile, std::uint32_t word) {
  return word & kSideFlag ? tile.side[word & ~kSideFlag].back().hi
                          : static_cast<std::int32_t>(word);
}

bool StockStage::Impl::chunkMayMeet(const Plan& plan, std::size_t first, std::size_t last,
                                    std::size_t j, std::int32_t top) const {
  const double height = field.height(top);
  // As the tile's test: no piece's lowest point on this move is below the chunk's top.
  if (plan.floor >= height) return false;
  if (plan.path->arc) return true;
  // A straight move: every column of the chunk is within `slack` of its middle, so no piece
  // reaches lower there than its lowest height at the middle's distance from the path less the
  // slack (each piece's lower profile rises with the distance).
  const SweepPath& path = *plan.path;
  const double y = field.columnY(j);
  const double x = (field.columnX(first) + field.columnX(last)) / 2;
  const double slack = static_cast<double>(last - first) * field.h / 2 + 1e-9;
  const double px = x - path.from.x, py = y - path.from.y;
  const double u =
      std::clamp((px * path.delta.x + py * path.delta.y) * plan.inverse_horizontal, 0.0, 1.0);
  const double ex = px - u * path.delta.x, ey = py - u * path.delta.y;
  const double rho = std::max(0.0, std::sqrt(ex * ex + ey * ey) - slack);
  return plan.tool->mayReach(plan.lowest, rho * rho, height + kHeightMargin, plan.centre);
}

void StockStage::Impl::runChunk(const Plan& plan, Tile& tile, std::size_t first, std::size_t last,
                                std::size_t j, MoveRecord& record) {
  const auto local = static_cast<std::size_t>(field.localOf(first, j));
  const std::size_t count = last - first + 1;
  const std::uint32_t* words = tile.words.data() + local;  // the row's columns, in order
  // The largest word: empty columns are 0, and side-table words above every plain height.
  std::uint32_t high = 0;
  for (std::size_t k = 0; k < count; ++k) high = std::max(high, words[k]);
  if (high == 0) return;
  std::int32_t top = static_cast<std::int32_t>(high);
  if (high & kSideFlag) {
    top = std::numeric_limits<std::int32_t>::min();
    for (std::size_t k = 0; k < count; ++k)
      if (words[k] != 0) top = std::max(top, wordTop(tile, words[k]));
  }
  if (!chunkMayMeet(plan, first, last, j, top)) return;
  const SweepPath& path = *plan.path;
  const double py = field.columnY(j) - path.from.y;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint32_t word = words[k];
    if (word == 0) continue;
    if (!path.arc) {
      // A column whose material is all below the tool's lowest point, before any geometry.
      const double ceiling = field.height(wordTop(tile, word)) + kHeightMargin;
      if (plan.floor >= ceiling) continue;
      // The column's own bound, as the chunk's at no slack.
      const double px = field.columnX(first + k) - path.from.x;
      const double u =
          std::clamp((px * path.delta.x + py * path.delta.y) * plan.inverse_horizontal, 0.0, 1.0);
      const double ex = px - u * path.delta.x, ey = py - u * path.delta.y;
      if (!plan.tool->mayReach(plan.lowest, ex * ex + ey * ey, ceiling, plan.centre)) continue;
    }
    runColumn(plan, tile, first + k, j, record);
  }
}

void StockStage::Impl::runTile(std::size_t tile_index, const std::vector<Plan>& plans,
                               const std::vector<std::uint32_t>& moves,
                               std::vector<MoveRecord>& out) {
  Tile& tile = field.tiles[tile_index];
  const std::size_t ti = tile_index % field.tiles_x, tj = tile_index / field.tiles_x;
  const std::size_t ci0 = ti * kTileSide, cj0 = tj * kTileSide;
  const std::size_t ci1 = std::min(ci0 + kTileSide, field.nx) - 1;
  const std::size_t cj1 = std::min(cj0 + kTileSide, field.ny) - 1;
  for (const std::uint32_t m : moves) {
    const Plan& plan = plans[m];
    // Nothing in the tile is as high as the lowest point of the tool on this move.
    if (plan.zmin + plan.tool->bottom >= field.height(tile.max_top)) continue;
    MoveRecord record;
    record.move = m;
    // The columns of the move's box in this tile, a row's chunks at a time: their bounds
    // spare the columns outside the tool's reach as well as those it passes above.
    const std::size_t i0 = std::max(plan.i0, ci0), i1 = std::min(plan.i1, ci1);
    for (std::size_t j = std::max(plan.j0, cj0); j <= std::min(plan.j1, cj1); ++j)
      for (std::size_t c = i0; c <= i1; c += kChunk)
        runChunk(plan, tile, c, std::min(c + kChunk - 1, i1), j, record);
    const bool contact = std::any_of(record.contacts.begin(), record.contacts.end(),
                                     [](const Contact& c) { return c.depth > 0; });
    if (record.removed > 0 || contact) out.push_back(record);
  }
}

void StockStage::Impl::reduce(const std::vector<Plan>& plans,
                              const std::vector<std::vector<MoveRecord>>& records,
                              std::span<const std::uint32_t> ordinals) {
  std::vector<MoveRecord> total(plans.size());
  for (const std::vector<MoveRecord>& tile : records)
    for (const MoveRecord& r : tile) {
      MoveRecord& t = total[r.move];
      t.removed += r.removed;
      t.significant += r.significant;
      for (int k = 0; k < kKinds; ++k) t.contacts[k].offer(r.contacts[k]);
    }
  const double unit_volume = kQuantum * field.h * field.h;
  for (std::size_t m = 0; m < plans.size(); ++m) {
    const Plan& plan = plans[m];
    const Move& move = plan.move;
    const std::uint32_t ordinal =
        ordinals.empty() ? moves_seen + static_cast<std::uint32_t>(m) + 1 : ordinals[m];
    units_removed += total[m].removed;
    for (int k = 0; k < kKinds; ++k) {
      const Contact& c = total[m].contacts[k];
      if (c.depth <= settings.tolerance) continue;
      collide({static_cast<StockCollisionKind>(k), ordinal, move.line, move.tool, c.piece, c.depth,
               plan.path->at(c.t)});
    }
    if (move.kind != MoveKind::Feed && move.kind != MoveKind::Arc) continue;
    const double significant = static_cast<double>(total[m].significant) * unit_volume;
    if (significant >= kAirVolume) {
      outcome.removed_any = true;
      continue;
    }
    const double length = plan.path->arc ? plan.path->sweep->length() : norm(move.to - move.from);
    outcome.air.push_back(
        {ordinal, move.line, move.tool, length, move.feed > 0 ? length / move.feed * 60 : 0});
  }
}

StockStage::StockStage(const StockSettings& settings, const ToolLibrary& tools)
    : impl_(std::make_unique<Impl>(settings, tools)) {}
StockStage::~StockStage() = default;
StockStage::StockStage(StockStage&&) noexcept = default;
StockStage& StockStage::operator=(StockStage&&) noexcept = default;

void StockStage::run(std::span<const Move> moves) {
  run(moves, {});
}

void StockStage::run(std::span<const Move> moves, std::span<const std::uint32_t> ordinals) {
  if (!ordinals.empty() && ordinals.size() != moves.size())
    throw std::logic_error("StockStage::run: an ordinal for each move, or none");
  Impl& s = *impl_;
  std::vector<Plan> plans;
  plans.reserve(moves.size());
  for (const Move& move : moves) {
    // As the checker sweeps them (docs/checking-rules.md "Moves"): the first straight
    // move from the given start, else where it ends; a straight move after a probe from the
    // probe's start, which covers wherever along it the probe stopped.
    Move swept = move;
    if (move.kind != MoveKind::Arc) {
      if (s.moves_seen + plans.size() == 0) swept.from = s.settings.start.value_or(move.to);
      if (s.previous && s.previous->kind == MoveKind::Probe) swept.from = s.previous->from;
    }
    s.previous = move;
    plans.push_back(s.plan(swept));
  }
  // Bin: each tile's moves, in program order.
  std::vector<std::vector<std::uint32_t>> binned(s.field.tiles.size());
  for (std::size_t m = 0; m < plans.size(); ++m) {
    const Plan& p = plans[m];
    if (p.i0 > p.i1 || p.j0 > p.j1) continue;
    for (std::size_t tj = p.j0 / kTileSide; tj <= p.j1 / kTileSide; ++tj)
      for (std::size_t ti = p.i0 / kTileSide; ti <= p.i1 / kTileSide; ++ti)
        binned[tj * s.field.tiles_x + ti].push_back(static_cast<std::uint32_t>(m));
  }
  std::vector<std::size_t> active;
  for (std::size_t t = 0; t < binned.size(); ++t)
    if (!binned[t].empty()) active.push_back(t);
  std::vector<std::vector<MoveRecord>> records(active.size());
  const auto body = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t k = range.begin(); k != range.end(); ++k)
      s.runTile(active[k], plans, binned[active[k]], records[k]);
  };
  if (s.settings.threads == 1) {
    body(tbb::blocked_range<std::size_t>(0, active.size()));
  } else {
    tbb::task_arena arena(s.settings.threads > 0 ? s.settings.threads : tbb::task_arena::automatic);
    arena.execute(
        [&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, active.size(), 1), body); });
  }
  s.reduce(plans, records, ordinals);
  s.moves_seen += static_cast<std::uint32_t>(moves.size());
  s.outcome.bytes = std::max(s.outcome.bytes, s.field.bytes());
}

StockOutcome StockStage::finish() {
  Impl& s = *impl_;
  const double unit_volume = kQuantum * s.field.h * s.field.h;
  s.outcome.volume_before = static_cast<double>(s.units_before) * unit_volume;
  s.outcome.volume_removed = static_cast<double>(s.units_removed) * unit_volume;
  return s.outcome;
}

void StockStage::writeStl(const std::string& path) const {
  writeStlFile(impl_->field, path);
}

void StockStage::writeNative(const std::string& path) const {
  writeNativeFile(impl_->field, path);
}

StockView StockStage::view(std::size_t max_triangles) const {
  return viewMeshOf(impl_->field, max_triangles);
}

}  // namespace gougechek::stock
