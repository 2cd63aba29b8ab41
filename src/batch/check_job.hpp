#pragma once
// One check as `gougechek PART PROGRAM [options]` describes it: its inputs and settings. The
// command line and a batch manifest's jobs set them through the same option names and
// checks (setCheckOption), so a manifest job means exactly what its command line would.
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "batch/output_file.hpp"
#include "gougechek/check.hpp"
#include "gougechek/vec3.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

/// A setting that cannot be used (on the command line: exit code 2, with a hint to --help).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CheckJob {
  std::string part_file;
  std::string path_file;  ///< "-" for stdin
  std::optional<std::string> tool;
  std::optional<std::string> tool_table;
  std::vector<std::string> tool_libraries;  ///< --tool-library, in order
  std::optional<std::string> holder;        ///< --holder: for tools without their own holder
  std::optional<std::string> work_offsets;  ///< LinuxCNC parameter (.var) file
  Dialect dialect = Dialect::LinuxCnc;
  std::optional<double> arc_tolerance;       ///< mm
  std::vector<std::string> subroutine_path;  ///< --subroutine-path, in order
  std::vector<std::string> subprogram_dirs;  ///< --subprogram-dir, in order
  double tolerance = 0.01;
  double stock = 0;
  double rapid_clearance = 0;
  double holder_clearance = 0;
  std::optional<Vec3> start;
  std::optional<int> initial_tool;   ///< the tool in the spindle before the first change
  double part_unit_scale = 1;        ///< 25.4 with --part-units in
  std::optional<double> deflection;  ///< STEP/IGES tessellation; unset: largestDeflection
  int threads = 0;                   ///< 0: all cores
  int kdop = 18;                     ///< benchmarks: TunedSettings::kdop
  bool front_tracking = true;        ///< benchmarks: TunedSettings::front_tracking
};

/// The long names of the options setCheckOption knows, as the command line spells them
/// without "--" (and a manifest as keys): "tool", "tool-table", "tolerance", ...
const std::vector<std::string_view>& checkOptionNames();

/// Sets the option `name` (one of checkOptionNames) of `job` from its text `value`; the
/// repeatable ones (tool-library, subroutine-path, subprogram-dir) add to their list. Throws
/// UsageError with the library's message for a value out of range (checkSetting), naming the
/// option as `names` spell it ("--tolerance" on the command line).
void setCheckOption(CheckJob& job, std::string_view name, const std::string& value,
                    SettingNames names);

/// Checks what no single option can: a deflection coarser than the tolerance allows
/// (checkDeflection). Throws UsageError naming them as `names` spell them.
void checkJobSettings(const CheckJob& job, SettingNames names);

/// The cutters of --tool-table, --tool-library and --tool, with --holder on the tools that
/// have none. Throws InputError.
ToolLibrary loadTools(const CheckJob& job);

/// What the machine knows before the program starts (work offsets, tool table) and how it
/// reads programs. Throws InputError.
ProgramOptions programOptions(const CheckJob& job, const ToolLibrary& tools);

/// The program options as far as they decide which files the program may read.
ProgramOptions lookupOptions(const CheckJob& job);

/// How to read the part; `check_stop` is called while a STEP/IGES part is read.
PartOptions partOptions(const CheckJob& job, std::function<void()> check_stop);

/// The check's settings, its tuning included.
TunedSettings verifySettings(const CheckJob& job);

/// `words` as a POSIX shell command line, each quoted where it needs it.
std::string shellCommand(const std::vector<std::string>& words);

/// The command line that runs `job` alone: `gougechek PART PROGRAM --tool ... --tolerance ...`,
/// its words quoted for a POSIX shell where they need it.
std::string commandLine(const CheckJob& job);

/// The inputs a check reads, by role ("the part file", ...), for refusing outputs that would
/// overwrite them; subprogram files are found while the program runs (mayBeSubprogramFile).
std::vector<InputFile> checkInputs(const CheckJob& job);

}  // namespace gougechek
