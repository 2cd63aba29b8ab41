#include "cli/run_check.hpp"

#include <tbb/global_control.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <vector>

#include "cli/interruption.hpp"
#include "cli/output_file.hpp"
#include "cli/program_input.hpp"
#include "cli/progress_bar.hpp"
#include "gcode/control_flow.hpp"
#include "gcode/move_json.hpp"
#include "gcode/parameter_file.hpp"
#include "gougechek/error.hpp"
#include "io/exact_surfaces.hpp"
#include "io/part_reader.hpp"
#include "io/stl_writer.hpp"
#include "report/report_summary.hpp"
#include "tool/tool_table.hpp"
#include "verify/exact_confirmation.hpp"

namespace gougechek {

namespace {

constexpr std::size_t kPrintBlock = 4096;

ToolLibrary loadTools(const CliOptions& options) {
  ToolLibrary library;
  if (options.tool_table) library = readToolTable(*options.tool_table);
  if (options.tool) library.fallback = parseToolSpec(*options.tool, "--tool");
  return library;
}

/// Where o<name> call looks for NAME.ngc. LinuxCNC searches SUBROUTINE_PATH, then
/// PROGRAM_PREFIX, where programs usually live: here the program's own directory.
std::vector<std::string> subroutinePath(const CliOptions& options) {
  std::vector<std::string> path = options.subroutine_path;
  if (options.path_file != "-")
    path.push_back(std::filesystem::absolute(options.path_file).parent_path().string());
  return path;
}

/// What the machine knows before the program starts (the work offsets file, the tool table) and
/// how it reads programs.
ProgramOptions programOptions(const CliOptions& options, const ToolLibrary& tools) {
  ProgramOptions program;
  program.dialect = options.dialect;
  program.arc_tolerance_mm = options.arc_tolerance;
  program.subroutine_path = subroutinePath(options);
  program.subprogram_dirs = options.subprogram_dirs;
  if (options.work_offsets) {
    // A directory opens, and reads as an empty file: no offsets, where the user gave some.
    if (std::filesystem::is_directory(*options.work_offsets))
      throw InputError(*options.work_offsets, 0, 0,
                       "cannot open the work offsets file: is a directory");
    std::ifstream file(*options.work_offsets, std::ios::binary);
    if (!file) throw InputError(*options.work_offsets, 0, 0, "cannot open the work offsets file");
    program.parameters = readParameterFile(file, *options.work_offsets);
  }
  for (const auto& [number, spec] : tools.by_number) {
    program.tool_lengths_mm.emplace(number, spec.length_offset);
    program.tool_diameters_mm.emplace(number, spec.diameter);
  }
  return program;
}

/// The tools of `numbers` that the library describes.
std::vector<std::pair<int, ToolSpec>> toolsUsed(const std::set<int>& numbers,
                                                const ToolLibrary& library) {
  std::vector<std::pair<int, ToolSpec>> used;
  for (int number : numbers) {
    if (const ToolSpec* spec = library.find(number)) used.emplace_back(number, *spec);
  }
  return used;
}

/// The program handed to the verifier block by block, noting what the report needs on the way.
class CountingSource {
 public:
  explicit CountingSource(ProgramReader& program) : program_(program) {}

  bool operator()(std::vector<Move>& out, std::size_t max) {
    throwIfInterrupted();
    const std::size_t before = out.size();
    const bool more = program_.read(out, max);
    for (std::size_t i = before; i < out.size(); ++i) {
      if (out[i].tool != last_tool_) tools_.insert(last_tool_ = out[i].tool);
    }
    moves_ += out.size() - before;
    bytes_read_.store(program_.bytesRead(), std::memory_order_relaxed);
    return more;
  }

  std::size_t moves() const { return moves_; }
  const std::set<int>& tools() const { return tools_; }
  const std::atomic<std::uint64_t>& bytesRead() const { return bytes_read_; }

 private:
  ProgramReader& program_;
  std::size_t moves_ = 0;
  std::set<int> tools_;
  int last_tool_ = -1;
  std::atomic<std::uint64_t> bytes_read_{0};
};

PartOptions partOptions(const CliOptions& options) {
  PartOptions part;
  part.unit_scale = options.part_unit_scale;
  // At most a fifth of the tolerance: mesh error alone then cannot turn a clean move into a
  // gouge or hide one by more than tolerance/5 (and exact confirmation removes even that).
  part.deflection = options.deflection.value_or(largestDeflection(options.tolerance));
  part.check_stop = [] { throwIfInterrupted(); };
  return part;
}

/// Findings on a STEP/IGES part that the mesh's deflection could have made or hidden, measured
/// again on its exact faces.
void confirmExact(const Part& part, const ToolLibrary& tools, const VerifySettings& settings,
                  double deflection, VerifyResult& result) {
  const ExactSurfaces& exact = *part.exact;
  const ExactPart exact_part{
      part.mesh, part.face_of_triangle,
      [&exact](const FrustumCore& core, const Vec3& tip, std::span<const std::uint32_t> faces) {
        return exact.distance({tip, core.z_bottom, core.z_top, core.radius_bottom, core.radius_top},
                              faces);
      }};
  confirmOnExactSurfaces(result.violations, exact_part, tools, settings, deflection);
}

VerifySettings verifySettings(const CliOptions& options) {
  VerifySettings settings;
  settings.tolerance = options.tolerance;
  settings.stock = options.stock;
  settings.rapid_clearance = options.rapid_clearance;
  settings.start = options.start;
  settings.threads = options.threads;
  settings.kdop = options.kdop;
  settings.front_tracking = options.front_tracking;
  return settings;
}

/// An error after which no report file may be written: the report file itself is at fault.
class NoReportError : public InputError {
 public:
  using InputError::InputError;
};

void writeReportFile(const Report& report, const CliOptions& options) {
  const std::string& target = *options.report_file;
  std::optional<ReplacedFile> file;
  try {
    file.emplace(target, "the report");
  } catch (const InputError& error) {
    throw NoReportError(target, 0, 0, error.message());
  }
  std::ofstream stream(file->path(), std::ios::binary);
  if (stream) writeReport(report, options.format, stream);
  stream.close();
  if (!stream) throw NoReportError(target, 0, 0, "cannot write the report");
  try {
    file->commit();
  } catch (const InputError& error) {
    throw NoReportError(target, 0, 0, error.message());
  }
}

void exportMesh(const Mesh& mesh, const std::string& target) {
  ReplacedFile file(target, "the mesh");
  try {
    writeStlBinary(mesh, file.path());
  } catch (const InputError& error) {
    throw InputError(target, 0, 0, error.message());  // the target, not its temporary
  }
  file.commit();
}

/// Refuses, before anything runs, outputs that would overwrite an input or each other.
void refuseOverwrites(const CliOptions& options) {
  std::vector<InputFile> inputs = {{options.part_file, "the part file"},
                                   {options.path_file, "the program file"}};
  if (options.tool_table) inputs.push_back({*options.tool_table, "the tool table"});
  if (options.work_offsets) inputs.push_back({*options.work_offsets, "the work offsets file"});
  // Subprogram files are found while the program runs: refuse every name the lookup could read.
  const std::vector<std::string> subroutine_path = subroutinePath(options);
  const auto input_role = [&](const std::string& output) -> std::optional<std::string> {
    if (auto role = inputAt(output, inputs)) return role;
    if (mayBeSubprogramFile(output, subroutine_path, options.subprogram_dirs))
      return "a file the program's subprogram calls may read";
    return std::nullopt;
  };
  // The report would overwrite what it names: no report is written for this error.
  if (options.report_file) {
    if (const auto role = input_role(*options.report_file))
      throw NoReportError(*options.report_file, 0, 0, "--report names " + *role);
  }
  if (options.export_mesh) {
    if (const auto role = input_role(*options.export_mesh))
      throw InputError(*options.export_mesh, 0, 0, "--export-mesh names " + *role);
    if (options.report_file && sameOutput(*options.report_file, *options.export_mesh))
      throw NoReportError(*options.export_mesh, 0, 0,
                          "--report and --export-mesh name the same file");
  }
}

/// What a report shows before anything is read: names and settings.
Report reportOfSettings(const CliOptions& options, const ProgramInput& input) {
  Report report;
  report.part_file = options.part_file;
  report.path_file = input.name();
  report.tolerance = options.tolerance;
  report.stock = options.stock;
  report.rapid_clearance = options.rapid_clearance;
  return report;
}

void addPartWarnings(const Part& part, const std::string& part_file, Report& report) {
  for (const std::string& message : part.diagnostics.warnings) {
    report.warnings.push_back({part_file, 0, message});
  }
}

/// Writes the report the user asked for to stdout, or to its file with a summary line on
/// stdout. A write error on stdout is an error too.
void deliverReport(const Report& report, const CliOptions& options, std::ostream& out) {
  if (options.report_file) {
    writeReportFile(report, options);
    if (!options.quiet) out << "gougechek: " << summaryLine(report) << "\n";
  } else if (!options.quiet) {
    writeReport(report, options.format, out);
  }
  if (!out.flush()) throw NoReportError("<stdout>", 0, 0, "cannot write the report");
}

/// The check proper; fills `report` as it learns, so an error report shows what was known.
/// `program` is pointed at the program's reader once it is open.
int check(const CliOptions& options, ProgramInput& input, Report& report,
          const ProgramReader*& program, std::ostream& err) {
  // Cheap inputs first, so a typo in a tool or an unreadable program is reported before a long
  // part read; the program itself is interpreted while it is checked.
  const ToolLibrary tools = loadTools(options);
  // --threads bounds the whole run: the part's import and tree build share out work too.
  std::optional<tbb::global_control> threads;
  if (options.threads > 0)
    threads.emplace(tbb::global_control::max_allowed_parallelism,
                    static_cast<std::size_t>(options.threads));
  ProgramReader& reader = input.open(programOptions(options, tools));
  program = &reader;
  CountingSource counter(reader);
  throwIfInterrupted();
  const Part part = readPart(options.part_file, partOptions(options));
  report.part_format = part.format;
  report.part_units = part.units;
  if (part.exact) {
    report.part_faces = part.faces;
    report.part_solids = part.solids;
  }
  report.triangles = part.mesh.triangles.size();
  report.bounds = bounds(part.mesh);
  addPartWarnings(part, options.part_file, report);
  throwIfInterrupted();
  if (options.export_mesh) exportMesh(part.mesh, *options.export_mesh);

  VerifySettings settings = verifySettings(options);
  std::optional<ProgressBar> progress_bar;
  if (!options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1)) {
    progress_bar.emplace(err);
    progress_bar->trackInput(counter.bytesRead(), input.size());
  }
  // Called after every few hundred moves: where a signal stops the check promptly.
  settings.progress = [&progress_bar](std::size_t done, std::size_t total) {
    throwIfInterrupted();
    if (progress_bar) progress_bar->update(done, total);
  };
  const MoveSource source = [&counter](std::vector<Move>& block, std::size_t max) {
    return counter(block, max);
  };
  VerifyResult result = verify(part.mesh, source, tools, settings, input.name());
  throwIfInterrupted();
  if (part.exact) confirmExact(part, tools, settings, partOptions(options).deflection, result);
  throwIfInterrupted();
  if (progress_bar) progress_bar->finish();

  report.path_lines = reader.lines();
  report.moves = counter.moves();
  report.tools = toolsUsed(counter.tools(), tools);
  for (const InputWarning& warning : reader.warnings()) report.warnings.push_back(warning);
  report.violations = std::move(result.violations);
  report.unlisted = result.unlisted;
  if (options.format == ReportFormat::Html) {
    std::set<std::uint32_t> lines;
    for (const Violation& violation : report.violations) lines.insert(violation.line);
    report.source_lines = input.lines(lines);
  }
  return report.violations.empty() ? 0 : 1;
}

/// Records `error` in the report and writes it where the report was asked for (not on stdout,
/// where stderr's message is the report). A report that cannot be written is said on `err`.
void reportError(Report& report, RunError error, const ProgramReader* program,
                 const CliOptions& options, std::ostream& err) {
  report.error = std::move(error);
  report.tools.clear();
  report.violations.clear();
  report.unlisted = {};
  report.source_lines.clear();
  if (program) {
    for (const InputWarning& warning : program->warnings()) report.warnings.push_back(warning);
  }
  if (!options.report_file) return;
  try {
    writeReportFile(report, options);
  } catch (const InputError& write_error) {
    err << "gougechek: error: " << write_error.what() << "\n";
  }
}

}  // namespace

void reportUsageError(const CommandLineError& error, std::ostream& err) {
  const CliOptions& known = error.known();
  if (!known.report_file) return;
  try {
    refuseOverwrites(known);
  } catch (const InputError&) {
    return;  // the report would overwrite an input: the usage error alone is said
  }
  Report report = reportOfSettings(known, ProgramInput(known.path_file));
  report.error = RunError{RunErrorKind::Usage, error.what(), {}, 0, 0};
  try {
    writeReportFile(report, known);
  } catch (const InputError& write_error) {
    err << "gougechek: error: " << write_error.what() << "\n";
  }
}

int printMoves(const CliOptions& options, std::ostream& out) {
  ProgramInput input(options.path_file);
  ProgramReader& program = input.open(programOptions(options, loadTools(options)));
  std::vector<Move> block;
  std::size_t ordinal = 0;
  for (bool more = true; more;) {
    throwIfInterrupted();
    block.clear();
    more = program.read(block, kPrintBlock);
    for (const Move& move : block) writeMoveJson(move, ++ordinal, out);
    if (!out) throw InputError("<stdout>", 0, 0, "cannot write the moves");
  }
  return 0;
}

int runCheck(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::steady_clock::now();
  ProgramInput input(options.path_file);
  Report report = reportOfSettings(options, input);
  const ProgramReader* program = nullptr;
  const auto elapsed = [&started] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  try {
    refuseOverwrites(options);
    const int exit_code = check(options, input, report, program, err);
    report.elapsed_s = elapsed();
    deliverReport(report, options, out);
    return exit_code;
  } catch (const NoReportError&) {
    throw;
  } catch (const InputError& error) {
    report.elapsed_s = elapsed();
    reportError(report,
                {RunErrorKind::Input, error.message(), error.file(), error.line(), error.column()},
                program, options, err);
    throw;
  } catch (const Interrupted& interruption) {
    report.elapsed_s = elapsed();
    reportError(report, {RunErrorKind::Interrupted, interruption.what(), {}, 0, 0}, program,
                options, err);
    throw;
  } catch (const std::exception& error) {
    report.elapsed_s = elapsed();
    reportError(report, {RunErrorKind::Internal, error.what(), {}, 0, 0}, program, options, err);
    throw;
  }
}

}  // namespace gougechek
