#pragma once
// The interpreted program: its moves in order, and what the interpreter warned about.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gcode/dialect.hpp"
#include "gougechek/move.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

struct Program {
  std::vector<Move> moves;
  std::vector<InputWarning> warnings;  ///< e.g. "M8 coolant: ignored"
  std::size_t lines = 0;               ///< physical lines read
};

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
  /// The controller the program is written for, and --arc-tolerance (mm) if given.
  Dialect dialect = Dialect::LinuxCnc;
  std::optional<double> arc_tolerance_mm;
  /// Lines read while a loop or a subprogram call runs, counted over the whole run (skipped
  /// lines too): past this the program is taken as endless, an error instead of a hang.
  std::uint64_t max_repeated_lines = 100'000'000;
  /// LinuxCNC's SUBROUTINE_PATH: directories searched in order for NAME.ngc when `o<name> call`
  /// names a subroutine the program has not defined (before searching on in the program).
  std::vector<std::string> subroutine_path;
  /// Fanuc/Haas: directories searched in order for the file of an `M98 P1002` program the
  /// program has not defined: O1002.* or O01002.* (any extension, O in either case).
  std::vector<std::string> subprogram_dirs;
  /// On an input error, read the program again in the other dialects and name those that
  /// accept it (dialect_hint.hpp).
  bool suggest_dialects = true;
};

/// Interprets a whole G-code program (in options.dialect) into memory (ProgramReader reads it block
/// by block). `file_name` is used in messages. Throws InputError (`file:line:col: message`) on
/// anything that could move the tool and is not understood.
Program readProgram(std::istream& in, const std::string& file_name, const ProgramOptions& options);
Program readProgram(std::istream& in, const std::string& file_name);

}  // namespace gougechek
