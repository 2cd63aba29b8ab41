#pragma once
// The command line of docs/cli.md, parsed and checked; nothing here reads the inputs.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gougechek/check.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek {

/// A command line that cannot be run (exit code 2, with a hint to --help).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class CliMode { Check, PrintMoves, Help, Version };

struct CliOptions {
  CliMode mode = CliMode::Check;
  std::string part_file;  ///< empty with --moves
  std::string path_file;  ///< "-" for stdin
  std::optional<std::string> tool;
  std::optional<std::string> tool_table;
  std::optional<std::string> work_offsets;  ///< LinuxCNC parameter (.var) file
  Dialect dialect = Dialect::LinuxCnc;
  std::optional<double> arc_tolerance;       ///< mm
  std::vector<std::string> subroutine_path;  ///< --subroutine-path, in order
  std::vector<std::string> subprogram_dirs;  ///< --subprogram-dir, in order
  double tolerance = 0.01;
  double stock = 0;
  double rapid_clearance = 0;
  std::optional<Vec3> start;
  double part_unit_scale = 1;              ///< 25.4 with --part-units in
  std::optional<double> deflection;        ///< STEP/IGES tessellation; unset: largestDeflection
  std::optional<std::string> export_mesh;  ///< write the checked mesh here
  std::optional<std::string> report_file;
  ReportFormat format = ReportFormat::Text;
  int threads = 0;  ///< 0: all cores
  bool quiet = false;
  bool force_progress = false;
  int kdop = 18;
  bool front_tracking = true;
};

/// A usage error on a check command line, with what was understood of where its report goes
/// (part, program, --report, --format, the other input files), so that the report asked for
/// still tells of the error instead of keeping an older run's result.
class CommandLineError : public UsageError {
 public:
  CommandLineError(const std::string& message, CliOptions known)
      : UsageError(message), known_(std::move(known)) {}
  /// report_file is unset when the report itself cannot be told (or with --moves).
  const CliOptions& known() const { return known_; }

 private:
  CliOptions known_;
};

/// Parses argv; throws UsageError with a message fit for the user (CommandLineError once the
/// command line is known to be a check).
CliOptions parseCommandLine(int argc, const char* const argv[]);

/// The --help text.
std::string helpText();

}  // namespace gougechek
