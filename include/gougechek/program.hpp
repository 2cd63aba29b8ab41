#pragma once
// A G-code program, read as it is checked: the dialect it is written in, what the machine knows
// before it starts (work offsets, tool lengths), and its moves handed over block by block, so
// neither its text nor its moves are ever all in memory.
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gougechek/export.hpp"
#include "gougechek/move.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

/// The controller a program is written for (docs/cli.md, "Dialects").
enum class Dialect : std::uint8_t { LinuxCnc, Fanuc, Haas, Grbl };

/// The dialect of a --dialect value ("linuxcnc", "fanuc", "haas", "grbl"), if it is one.
GOUGECHEK_API std::optional<Dialect> dialectFromName(std::string_view name);

enum class SettingNames : std::uint8_t;  // gougechek/verify.hpp

/// The dialect named `name`; throws InputError (no file) naming the setting as `names` spell it
/// ("--dialect: unknown dialect 'x' (linuxcnc, fanuc, haas, grbl)"), as every front end says.
GOUGECHEK_API Dialect dialectNamed(std::string_view name, SettingNames names);
/// The --dialect name of `dialect` ("linuxcnc", "fanuc", "haas", "grbl").
GOUGECHEK_API const char* dialectName(Dialect dialect);

/// What the machine knows before the program starts.
struct ProgramOptions {
  /// Numbered parameters as a LinuxCNC parameter (.var) file gives them: work offsets
  /// (5221-5390), G92 (5211-5216), G28/G30 homes (5161-5166, 5181-5186)... in machine units.
  std::map<int, double> parameters;
  /// Millimetres per machine unit of `parameters` (25.4 for a machine set up in inches).
  double machine_unit_mm = 1.0;
  /// Tool length offsets (mm) by tool number, from the tool table; H and G43 look them up.
  std::map<int, double> tool_lengths_mm;
  /// Tool diameters (mm) by tool number, from the tool table; G41/G42 D look them up.
  std::map<int, double> tool_diameters_mm;
  /// The controller the program is written for.
  Dialect dialect = Dialect::LinuxCnc;
  /// --arc-tolerance (mm), if given: how far an arc's end may be off its circle.
  std::optional<double> arc_tolerance_mm;
  /// Lines read while a loop or a subprogram call runs, counted over the whole run (skipped
  /// lines too): past this the program is taken as endless, an error instead of a hang.
  std::uint64_t max_repeated_lines = 100'000'000;
  /// LinuxCNC's SUBROUTINE_PATH: directories searched in order for NAME.ngc when `o<name> call`
  /// names a subroutine the program has not defined (before searching on in the program).
  /// ProgramStream::open() adds the program file's own directory at the end.
  std::vector<std::string> subroutine_path;
  /// Fanuc/Haas: directories searched in order for the file of an `M98 P1002` program the
  /// program has not defined: O1002.* or O01002.* (any extension, O in either case).
  std::vector<std::string> subprogram_dirs;
  /// On an input error, read the program again in the other dialects and name those that
  /// accept it.
  bool suggest_dialects = true;
  /// Keep a sample of the tool path of at most this many straight pieces for the HTML
  /// report's pictures (ProgramStream::pathSample()); 0 keeps nothing.
  std::size_t path_sample_pieces = 0;
};

/// A straight piece of the tool path as kept for pictures: arcs are split into chords within
/// 0.05 mm.
struct PathChord {
  Vec3 from, to;       ///< its ends, mm
  bool rapid = false;  ///< a rapid (drawn apart from feed moves)
};

/// Reads a LinuxCNC parameter (.var) file: the `parameters` of ProgramOptions. Throws
/// InputError naming the file (and line) on anything but ascending "number value" pairs.
GOUGECHEK_API std::map<int, double> readWorkOffsets(const std::string& path);

/// Gives the program the tool table's length offsets (G43) and diameters (G41/G42).
GOUGECHEK_API void addToolOffsets(ProgramOptions& options, const ToolLibrary& tools);

/// Whether the program's subprogram calls could read `file` (a NAME.ngc of the subroutine path,
/// the program's directory included, or an O<digits> file of a subprogram directory): an
/// output there could change what a later check reads.
GOUGECHEK_API bool mayBeSubprogramFile(const std::string& file, const std::string& program_path,
                                       const ProgramOptions& options);

/// A program being read. Standard input and other files that can be read only once (pipes,
/// devices) are copied to an unlinked temporary file as they are read, at most
/// kMaxSpooledBytes, so that O-word loops can seek back and reports can quote their lines.
class ProgramStream {
 public:
  /// Longest program read from standard input, a pipe or a device: 1 GiB.
  static constexpr std::uint64_t kMaxSpooledBytes = std::uint64_t{1} << 30;

  /// Opens the program file `path` ("-": standard input). Throws InputError naming why it
  /// cannot be opened. Nothing is interpreted before the first read().
  GOUGECHEK_API static ProgramStream open(const std::string& path,
                                          const ProgramOptions& options = {});
  /// A program given as text; `name` stands for it in messages and reports.
  GOUGECHEK_API static ProgramStream fromText(std::string text, std::string name,
                                              const ProgramOptions& options = {});

  /// The name messages and reports use for `path`: the path itself, or "<stdin>" for "-".
  GOUGECHEK_API static std::string displayName(const std::string& path);

  /// Moved, not copied: the stream owns the file and the interpreter's state.
  GOUGECHEK_API ProgramStream(ProgramStream&&) noexcept;
  /// Moved, not copied.
  GOUGECHEK_API ProgramStream& operator=(ProgramStream&&) noexcept;
  /// Closes the file (and removes the spooled copy of standard input).
  GOUGECHEK_API ~ProgramStream();

  /// The name messages and reports use: displayName of the path, or fromText's `name`.
  GOUGECHEK_API const std::string& name() const;

  /// Appends at most `max` (≥ 1) moves to `out`; false once the program has ended (the last
  /// call may still have appended some). Throws InputError (`file:line:col`) when the faulty
  /// line is reached, and "the program has no moves" when it ends without one.
  GOUGECHEK_API bool read(std::vector<Move>& out, std::size_t max);

  /// Moves read so far.
  GOUGECHEK_API std::size_t moves() const;
  /// The tool numbers the moves read so far used (0: no tool selected).
  GOUGECHEK_API const std::set<int>& toolsUsed() const;
  /// Physical lines read so far (the program's length once read() has returned false).
  GOUGECHEK_API std::size_t lines() const;
  /// Warnings so far (complete once read() has returned false).
  GOUGECHEK_API const std::vector<InputWarning>& warnings() const;
  /// The subprogram files its calls opened so far, once each, as found (directory / name).
  GOUGECHEK_API const std::vector<std::string>& subprogramFiles() const;
  /// Bytes read so far. Safe to call from another thread while read() runs, for a progress
  /// display.
  GOUGECHEK_API std::uint64_t bytesRead() const;
  /// The file's size in bytes; 0 when unknown (standard input, a pipe).
  GOUGECHEK_API std::uint64_t size() const;

  /// The path read so far, in order, when ProgramOptions::path_sample_pieces is set. A long
  /// path is thinned to stay within it: consecutive feed chords are joined into one piece,
  /// pathSampleJoin() of them at most (1: nothing joined); rapids are kept as long as they fit.
  GOUGECHEK_API const std::vector<PathChord>& pathSample() const;
  /// How many feed chords pathSample() joins into one piece at most (1: none joined).
  GOUGECHEK_API std::size_t pathSampleJoin() const;

  /// The text of the given 1-based lines (those that exist), for reports that quote them.
  GOUGECHEK_API std::map<std::uint32_t, std::string> sourceLines(
      const std::set<std::uint32_t>& wanted) const;

 private:
  struct State;
  explicit ProgramStream(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

/// Writes `move` as the JSON line of `gougechek --moves`: `{"move": ordinal, "line": ...,
/// "kind": ..., "tool": ..., "from": [...], "to": [...]}` (arcs add "center", "axis" and
/// "turns") and a newline. Numbers are the shortest text that reads back as the same double.
GOUGECHEK_API void writeMoveJson(const Move& move, std::size_t ordinal, std::ostream& out);

}  // namespace gougechek
