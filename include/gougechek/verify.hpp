#pragma once
// The verification entry point a CAM pipeline links against: a part, the moves of a program and
// the tools in, every violation out.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gougechek/export.hpp"
#include "gougechek/mesh.hpp"
#include "gougechek/move.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

/// Violations a result lists by default; the rest are only counted (docs/report-format.md), so
/// that a program that gouges on every move cannot exhaust memory.
inline constexpr std::size_t kDefaultListedViolations = 100'000;

/// The most worker threads a check may ask for (docs/cli.md): more would only cost memory.
inline constexpr int kMaxThreads = 1024;

/// What a check compares with what (docs/checking-rules.md): the tolerance, the stock to
/// leave, the clearances, where the program starts, threads, progress.
struct VerifySettings {
  double tolerance = 0.01;       ///< penetration up to this depth is accepted
  double stock = 0.0;            ///< the cutter is grown by this much
  double rapid_clearance = 0.0;  ///< rapids must stay this far away (0: only penetration counts)
  /// Non-cutting pieces (shank, extension, holder) must stay this far away, on every move
  /// (0: only penetration beyond the tolerance counts).
  double holder_clearance = 0.0;
  std::optional<Vec3> start;  ///< where the tool is before the first move, if known
  /// The tool in the spindle before the program's first tool change. Unset: moves before it
  /// are checked with the first tool the program loads, with a warning (a feed move there is
  /// an error), unless the tools have a cutter for tool 0 (a --tool fallback).
  std::optional<int> initial_tool;
  int threads = 0;  ///< 0: all cores
  /// Called now and then, from any worker thread, with (moves done, moves total), total 0
  /// when the program is streamed and its length unknown. Must be thread-safe.
  std::function<void(std::size_t, std::size_t)> progress;
  /// Violations kept in VerifyResult::violations: the first ones in program (move) order.
  std::size_t max_listed_violations = kDefaultListedViolations;
};

/// How a front end spells a setting in its messages. Settings are named by their command-line
/// option without the dashes ("rapid-clearance"): the command line writes "--rapid-clearance",
/// a batch manifest "rapid-clearance", C++ and Python "rapid_clearance".
enum class SettingNames : std::uint8_t { CommandLine, Manifest, Identifier };

/// `option` ("rapid-clearance") as `names` spell it.
GOUGECHEK_API std::string settingName(std::string_view option, SettingNames names);

/// Throws InputError (no file) when `value` is outside what the setting `option` allows: the
/// one rule every front end applies, with its text. Lengths in mm ("tolerance", "stock",
/// "rapid-clearance", "holder-clearance", "arc-tolerance", "excess-tolerance", "fail-on-excess":
/// >= 0; "start", "stock-box", "stock-cylinder": a coordinate) lie within ±kMaxLengthMm;
/// "deflection", "stock-resolution", "excess-spacing" > 0;
/// "threads" 0 (all cores) to kMaxThreads; "initial-tool" a tool number >= 1; the command line's
/// benchmark option "kdop" 6, 14, 18 or 26.
GOUGECHEK_API void checkSetting(std::string_view option, double value, SettingNames names);

/// checkSetting for every setting of `settings`. verify() calls it.
GOUGECHEK_API void checkSettings(const VerifySettings& settings,
                                 SettingNames names = SettingNames::Identifier);

/// What a violation is: the cutter cut into the part (Gouge), a rapid came within the rapid
/// clearance (RapidCollision), a shank, extension or holder within the holder clearance; a move
/// met the raw stock where it may not (StockCollision, only when a stock is given: its cause);
/// any piece of the assembly within the fixture clearance of a fixture (FixtureCollision,
/// gougechek/fixture.hpp).
enum class ViolationKind : std::uint8_t {
  Gouge,
  RapidCollision,
  HolderCollision,
  StockCollision,
  FixtureCollision
};

/// Why a move met the raw stock (docs/checking-rules.md, "Stock"): a rapid (any piece), a feed
/// move's non-cutting piece (shank, neck, holder, nut), stock cut above the flutes, a plunge
/// into stock by a tool that cannot cut at its centre.
enum class StockCause : std::uint8_t { Rapid, NonCutting, AboveFlutes, CentrePlunge };

/// A move that cut into the part or came too close to it, at its deepest.
struct Violation {
  ViolationKind kind = ViolationKind::Gouge;  ///< what it is
  std::uint32_t line = 0;                     ///< program line of the move
  std::uint32_t move = 0;                     ///< 1-based ordinal of the move
  int tool = 0;
  double depth = 0;     ///< mm; within a clearance but not touching, negative (−distance)
  Vec3 at;              ///< tool-tip position where the largest depth occurs
  bool severe = false;  ///< core reached the part, flat cut ≥ R, or buried
  Move path;            ///< the move as checked (`from`: where the tool really came from)
  /// Index in toolAssembly(tool) of the piece the depth belongs to: the flutes for a gouge or
  /// rapid collision of a one-piece cutter, the shank, extension or holder piece that touched
  /// for a holder collision.
  std::uint32_t segment = 0;
  bool exact = false;  ///< depth re-measured on the part's exact (B-rep) surface
  /// A stock collision's cause; its depth is how far the piece (`segment`) reached into the
  /// stock remaining at that move.
  StockCause cause = StockCause::Rapid;
  /// FixtureCollision: the fixture it came near, by index in MachineSetup::fixtures (and
  /// Report::fixtures); 0 for the other kinds.
  std::uint32_t fixture = 0;
};

/// How many violations of each kind, and the deepest penetration among them.
struct ViolationTally {
  std::size_t gouges = 0;              ///< ViolationKind::Gouge
  std::size_t rapid_collisions = 0;    ///< ViolationKind::RapidCollision
  std::size_t holder_collisions = 0;   ///< ViolationKind::HolderCollision
  std::size_t stock_collisions = 0;    ///< ViolationKind::StockCollision
  std::size_t fixture_collisions = 0;  ///< ViolationKind::FixtureCollision
  double max_depth = 0;                ///< 0 when none penetrates

  /// Counts `violation` under its kind, and its depth into max_depth.
  GOUGECHEK_API void add(const Violation& violation);
  /// Adds the counts of `other`; the deeper max_depth of the two.
  GOUGECHEK_API ViolationTally& operator+=(const ViolationTally& other);
  /// Every violation counted.
  std::size_t total() const {
    return gouges + rapid_collisions + holder_collisions + stock_collisions + fixture_collisions;
  }
};

/// Where a program's feed moves came closest to the part when none came within reach of it
/// (docs/checking-rules.md, "Registration"); in a program with no feed move, where its rapids
/// and probe moves came closest.
struct ClosestApproach {
  bool rapids = false;     ///< no feed move: the fields are of its rapids and probe moves
  std::uint32_t line = 0;  ///< program line of the closest feed move
  std::uint32_t move = 0;  ///< its 1-based ordinal
  int tool = 0;
  /// mm from the cutter, grown by the stock to leave, to the part; when not `exact`, an upper
  /// bound (the closest of the moves nearest by their bounds, see `others_beyond`).
  double distance = 0;
  bool exact = true;         ///< `distance` is the least of every feed move's (else an upper bound)
  double others_beyond = 0;  ///< when not `exact`: every other feed move is at least this far
  double reach = 0;          ///< how near a feed move had to come: tolerance + margin, mm
  Vec3 at;                   ///< tool-tip position at the closest approach
};

/// What verify() found.
struct VerifyResult {
  std::vector<Violation> violations;  ///< ordered by line, then kind
  /// Violations found beyond VerifySettings::max_listed_violations: counted, not kept.
  ViolationTally unlisted;
  /// Set when the program has feed moves and none comes within reach of the part: nothing was
  /// cut, so the check proves nothing (a misplaced program, wrong units); also when it has
  /// rapids and probe moves only and none comes within reach. verify() of a Part turns it into an
  /// input error (a warning when a rapid or holder hit the part all the same); the other verify()
  /// leave it to the caller.
  std::optional<ClosestApproach> unreached;
  /// Findings about the part and program together (extents 25.4 times apart: units), and what
  /// the check took without the program saying it: the tool before the first tool change
  /// (verify(const Part&, ...) only).
  std::vector<InputWarning> warnings;
};

/// The program's moves in order, a block at a time: appends at most `max` moves to `out` and
/// returns false once the program has ended (the last call may still have appended some).
using MoveSource = std::function<bool(std::vector<Move>& out, std::size_t max)>;

/// Checks every move against the part, taking the moves from `source` block by block: memory
/// does not grow with the program. Throws InputError (naming the move's line) when a move uses
/// a tool with no known cutter, and whatever `source` throws.
GOUGECHEK_API VerifyResult verify(const Mesh& part, const MoveSource& source,
                                  const ToolLibrary& tools, const VerifySettings& settings,
                                  const std::string& program_file);

/// The same for moves already in memory.
GOUGECHEK_API VerifyResult verify(const Mesh& part, const std::vector<Move>& moves,
                                  const ToolLibrary& tools, const VerifySettings& settings,
                                  const std::string& program_file);

}  // namespace gougechek
