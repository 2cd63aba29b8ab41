#pragma once
// The stock stage (issue 23; docs/checking-rules.md "Stock"): the raw material as Z columns of
// material intervals, cut by every move's cutting pieces in program order; a rapid, a
// non-cutting piece or the flutes' top meeting it is a stock collision, a feed move that removes
// nothing an air cut. CONTRACT shared by the `stock` and `stockfront` branches: both create this
// file with exactly these declarations; `stock` implements it (src/stock/), `stockfront` calls it
// from the job layer. Add members only (the integrator merges both), never change these.
// A collision's depth is the most material the piece's swept volume holds along any one column:
// the largest length, over the columns it crosses, of that column's material inside the sweep
// (before the move for a rapid or a centre plunge, after the move's own cut for a feed move's
// non-cutting piece); exact per column, blind between columns (the column resolution).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gougechek/mesh.hpp"
#include "gougechek/move.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek::stock {

/// The raw material before the program, in the part's coordinates (mm).
struct StockShape {
  enum class Kind : std::uint8_t { Box, Cylinder, Model, Native };
  Kind kind = Kind::Box;
  Vec3 lo, hi;                    ///< Box: least and greatest corner
  Vec3 base;                      ///< Cylinder: centre of its bottom face; its axis is +Z
  double radius = 0, height = 0;  ///< Cylinder
  Mesh model;                     ///< Model: a closed mesh (STL or STEP, read by the job layer)
  std::string native_file;        ///< Native: a stock written by --stock-out (exact columns)
};

struct StockSettings {
  StockShape shape;
  double resolution = 0;    ///< column spacing in mm; 0: the documented default
  double tolerance = 0.01;  ///< a piece entering the stock by no more than this is no collision
  int threads = 0;          ///< 0: all cores; results never depend on it
  /// Where the tool is before the first move; unknown (nullopt): the first straight move is
  /// taken where it ends, as the checker takes it (docs/checking-rules.md "Moves").
  std::optional<Vec3> start;
};

/// Why a move met the stock (SPEC "Stock, fixtures and excess").
enum class StockCollisionKind : std::uint8_t {
  Rapid,         ///< a rapid, any piece
  NonCutting,    ///< a feed move's shank, neck, holder or nut
  AboveFlutes,   ///< a feed move cut stock above the flute length
  CentrePlunge,  ///< a plunge into stock by a tool that cannot cut at its centre
};

struct StockCollision {
  StockCollisionKind kind = StockCollisionKind::Rapid;
  std::uint32_t move = 0;  ///< 1-based ordinal of the move, as Violation::move
  std::uint32_t line = 0;  ///< program line
  int tool = 0;
  std::size_t segment = 0;  ///< the piece: index into stockAssembly(tool); a centre plunge's 0
  double depth = 0;         ///< how far the piece reached into the stock there, mm
  Vec3 at;                  ///< tool tip where it reached deepest
};

/// A feed move that removed no stock (less than a documented volume).
struct AirMove {
  std::uint32_t move = 0, line = 0;
  int tool = 0;
  double length = 0;  ///< mm
  double time = 0;    ///< s at the programmed feed (0 when no feed is known)
};

struct StockOutcome {
  std::vector<StockCollision> collisions;  ///< by move, then kind; at most one per (move, kind)
  std::vector<AirMove> air;                ///< in program order (the job layer groups them)
  double resolution = 0;                   ///< the column spacing used, mm
  std::size_t columns = 0;                 ///< columns of the field
  std::size_t bytes = 0;                   ///< the field's memory at its largest
  double volume_before = 0;                ///< mm³
  double volume_removed = 0;               ///< mm³
  /// False: no move removed stock; the program is misplaced (an error, SPEC).
  bool removed_any = false;
};

/// The stock's surface for a 3D view (not closed: T-junctions where merged rectangles meet).
struct StockView {
  Mesh mesh;
  double spacing = 0;  ///< mm: the side of the cells it shows (the column spacing, or a multiple)
};

/// Runs the program through the stock: construct, feed every block of moves in program order,
/// then finish(). Throws InputError for a stock that cannot be made (a mesh that is not closed,
/// a native file that is not one, a field over the memory budget: the message says which
/// resolution would fit).
class StockStage {
 public:
  StockStage(const StockSettings& settings, const ToolLibrary& tools);
  ~StockStage();
  StockStage(StockStage&&) noexcept;
  StockStage& operator=(StockStage&&) noexcept;

  void run(std::span<const Move> moves);  ///< the next moves, in program order
  /// The next moves, each with the program's ordinal of the move it belongs to (`ordinals`,
  /// as many as moves; empty: the stage counts them): the legs of a dog-leg rapid share their
  /// rapid's, and of its legs' collisions of one kind only the deepest (the first of equals)
  /// is kept, so findings are numbered as the program's moves (RapidLegs::programOrdinal).
  void run(std::span<const Move> moves, std::span<const std::uint32_t> ordinals);
  StockOutcome finish();
  /// The stock as it is now: an STL for people, the native file that keeps every column exactly.
  void writeStl(const std::string& path) const;
  void writeNative(const std::string& path) const;
  /// The stock as it is now for the HTML report's 3D view, within `max_triangles` (viewMeshOf).
  StockView view(std::size_t max_triangles) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gougechek::stock
