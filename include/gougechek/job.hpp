#pragma once
// One check as a front end describes it, the job: its part, program, tools, settings, outputs
// and trace; and runJob(), which runs it as `gougechek PART PROGRAM [options]` does. The
// command line, a batch manifest's jobs, the Python module and the C++ example all describe
// their checks this way, so each option exists once, with one meaning and one validation
// (docs/cli.md names them).
#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/check.hpp"
#include "gougechek/export.hpp"

namespace gougechek {

/// A report file and the format it is written in.
struct ReportTarget {
  std::string file;
  ReportFormat format = ReportFormat::Text;
};

/// --excess-spacing by default: the design is sampled this finely, mm (an uncut rib twice as
/// wide is always found; between samples the refinement proves the maximum).
inline constexpr double kDefaultExcessSpacing = 0.2;

/// --stock-box auto: the part's box grown by this on every side, mm (FreeCAD's default extent).
inline constexpr double kDefaultStockMargin = 1;

/// The raw material in the machine (--stock-cylinder X,Y,Z0,DIAMETER,HEIGHT): an upright
/// cylinder standing on its bottom face's centre.
struct StockCylinder {
  Vec3 base;  ///< centre of the bottom face
  double diameter = 0, height = 0;
};

/// A check: each field is the command-line option of its name (docs/cli.md), `--tool-library`
/// as tool_libraries and `--subprogram-dir` as subprogram_dirs.
struct CheckJob {
  // The part.
  std::string part_file;
  double part_unit_scale = 1;        ///< STL only: mm per file unit (--part-units in: 25.4)
  std::optional<double> deflection;  ///< STEP/IGES tessellation; unset: largestDeflection
  // The program.
  std::string path_file;  ///< "-" for standard input
  /// The program itself, read instead of a file; path_file is then the name reports give it.
  std::optional<std::string> path_text;
  Dialect dialect = Dialect::LinuxCnc;
  std::optional<std::string> work_offsets;   ///< LinuxCNC parameter (.var) file
  std::optional<double> arc_tolerance;       ///< mm
  std::vector<std::string> subroutine_path;  ///< in order
  std::vector<std::string> subprogram_dirs;  ///< in order
  // The tools.
  std::optional<std::string> tool;  ///< the cutter of tool numbers nothing else describes
  std::optional<std::string> tool_table;
  std::vector<std::string> tool_libraries;  ///< in order
  std::optional<std::string> holder;        ///< for the tools without their own holder
  std::optional<int> initial_tool;          ///< in the spindle before the first tool change
  // The settings (VerifySettings). A tolerance below kFinestTolerance is checked as that.
  double tolerance = 0.01;
  double stock = 0;  ///< the stock to leave (--stock, --stock-to-leave)
  double rapid_clearance = 0;
  double holder_clearance = 0;
  std::optional<Vec3> start;
  int threads = 0;  ///< 0: all cores
  // The machine (gougechek/fixture.hpp): what holds the part, and how rapids move.
  std::vector<std::string> fixtures;  ///< --fixture: STL, STEP or IGES, in the part's units
  /// --fixture-transform (parsePlacement): none, or one per fixture, paired in order.
  std::vector<std::string> fixture_transforms;
  double fixture_clearance = 0;
  RapidPath rapid_path = RapidPath::Linear;
  std::optional<Vec3> rapid_rates;  ///< mm/min per axis: given with RapidPath::Dogleg only
  // The raw stock (docs/checking-rules.md, "Stock"): at most one of stock_box, stock_box_margin,
  // stock_cylinder, stock_model and stock_in; none: no stock is checked.
  std::optional<std::array<Vec3, 2>> stock_box;  ///< least and greatest corner
  std::optional<double> stock_box_margin;        ///< --stock-box auto:MARGIN: the part's box grown
  std::optional<StockCylinder> stock_cylinder;
  std::optional<std::string> stock_model;  ///< a closed STL, STEP or IGES solid
  std::optional<std::string> stock_in;     ///< a stock written by --stock-out as .gcstock
  std::optional<double> stock_resolution;  ///< column spacing, mm; unset: the default
  // The excess (docs/checking-rules.md "Excess"): measured only when asked.
  bool excess = false;
  std::optional<double> excess_spacing;    ///< mm; unset: kDefaultExcessSpacing
  std::optional<double> excess_tolerance;  ///< mm beyond the stock to leave; unset: tolerance
  std::optional<double> fail_on_excess;    ///< mm: excess proven above it fails the check
  // The outputs.
  std::vector<ReportTarget> reports;  ///< written when the check ends, however it ends
  std::size_t html_violations = kDefaultHtmlViolations;
  JunitCases junit_cases = JunitCases::Region;  ///< --junit-cases: the JUnit report's cases
  std::optional<std::string> export_mesh;       ///< the part's mesh as checked, binary STL
  /// The stock after the program: .stl a mesh for people, .gcstock the exact columns for
  /// stock_in (docs/cli.md).
  std::optional<std::string> stock_out;
  /// Draw the HTML page's pictures and quote the violations' lines even when no report file is
  /// HTML (a caller that writes the page itself); an HTML report file implies it.
  bool pictures = false;
  // The trace (Report::trace).
  std::string command;  ///< the command recorded; empty: commandLine(job)
  std::optional<ManifestEntry> manifest;
};

/// How a front end takes part in a run. Every member may be left unset.
struct JobHooks {
  /// How the messages of refused settings name them (--stock, stock or stock).
  SettingNames names = SettingNames::Identifier;
  /// Reads the part: unset, gougechek::readPart (STL); step::runJob sets step::readPart. A
  /// caller that has the part already (one part, many programs) returns it.
  std::function<Part(const std::string& file, const PartOptions& options)> read_part;
  /// Reads a solid that is not the part, a fixture (--fixture) or a stock model (--stock-model),
  /// with the part's options: unset, gougechek::readPart (STL); step::runJob sets step::readPart.
  std::function<Part(const std::string& file, const PartOptions& options)> read_solid;
  /// Called between the stages and while a STEP/IGES part is read; may throw to stop the run.
  std::function<void()> check_stop;
  /// Called once the program is open, before the part is read; it outlives the check.
  std::function<void(const ProgramStream& program)> program_opened;
  /// Called now and then from any worker thread with (moves done, moves total), total 0 while
  /// the program's length is unknown; must be thread-safe, and may throw to stop the run.
  std::function<void(std::size_t done, std::size_t total)> progress;
  /// Why the run was stopped, if it was: an error after that is its consequence, and the
  /// report says the check was interrupted, with this text.
  std::function<std::optional<std::string>()> stopped;
  /// Called with the finished report before the report files are written (the command line
  /// prints its summary line); may throw, which ends the run in that error.
  std::function<void(const Report& report)> checked;
  /// Called with the report of a run that ended in an error, before the report files are
  /// written and the error is rethrown.
  std::function<void(const Report& report)> failed;
  /// The SHA-256 of an input file for the trace (a batch hashes each file once); unset: each
  /// file is hashed as it is traced.
  std::function<std::string(const std::string& file)> sha256;
  /// Told of what went wrong beside the check's own error: an error report that could not be
  /// written. Unset: said on stderr.
  std::function<void(const std::string& message)> warn;
};

/// Throws InputError (no file) naming the setting as `names` spell it when a setting of `job`
/// is out of range (checkSetting, checkSettings, checkMachineSetup), its deflection is too
/// coarse for its tolerance (checkDeflection), a fixture transform does not parse or does not
/// pair with a fixture, or rapid rates come without the dog-leg. runJob() calls it first.
GOUGECHEK_API void checkJob(const CheckJob& job, SettingNames names = SettingNames::Identifier);

/// The cutters of job's tool table, tool libraries and tool, in that order, with its holder on
/// the tools that have none of their own. Throws InputError, naming the tool spec and the
/// holder as `names` spell them. runJob() reads them so, with its hooks' names.
GOUGECHEK_API ToolLibrary loadTools(const CheckJob& job,
                                    SettingNames names = SettingNames::CommandLine);

/// Runs `job` as the command line does: checks its settings, refuses outputs that would
/// overwrite an input or each other, reads the tools and opens the program (their errors come
/// before a long part read), reads the part, checks every move, builds the report (trace,
/// pictures when an output wants them) and writes job.reports and job.export_mesh. Returns the
/// report. When the run cannot finish, its report says why (Report::error), is written to the
/// report files (all but one that could not be written), and the error is rethrown:
/// InputError naming file, line and column for bad input, or whatever a hook threw.
GOUGECHEK_API Report runJob(const CheckJob& job, const JobHooks& hooks = {});

/// The command line that runs `job` alone: `gougechek PART PROGRAM --tool ... --tolerance ...
/// --report ...`, its words quoted for a POSIX shell where they need it. What reports record
/// as the command when job.command is empty.
GOUGECHEK_API std::string commandLine(const CheckJob& job);

}  // namespace gougechek
