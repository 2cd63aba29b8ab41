#pragma once
// The command line of SPEC.md, parsed and checked; nothing here reads the inputs.
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gcode/dialect.hpp"
#include "gougechek/vec3.hpp"
#include "report/report.hpp"

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

/// The finest tolerance, mm: the precision depths are reported to. A smaller --tolerance, 0
/// included, is raised to it, so that a cutter touching the part (depth 0 up to rounding) is
/// not a gouge and any cut deeper than what a report can show is one.
inline constexpr double kFinestTolerance = 1e-6;

/// The finest STEP/IGES tessellation, mm: the resolution of a check at --tolerance 0, the
/// same as the thinnest skin that rounds a sharp cutter's edges.
inline constexpr double kFinestDeflection = 1e-4;

/// The default and the largest --deflection for `tolerance`: tolerance/5, at least 1e-4 mm. A
/// mesh lies up to its deflection from the true surface, so a coarser one would hide real
/// gouges and invent others of about that size.
double largestDeflection(double tolerance);

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
