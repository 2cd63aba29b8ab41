#include "run_check.hpp"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <vector>

#include "gougechek/check.hpp"
#include "gougechek/error.hpp"
#include "gougechek/step.hpp"
#include "interruption.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"

namespace gougechek {

namespace {

constexpr std::size_t kPrintBlock = 4096;

ToolLibrary loadTools(const CliOptions& options) {
  ToolLibrary library;
  if (options.tool_table) library = readToolTable(*options.tool_table);
  if (options.tool) library.fallback = parseToolSpec(*options.tool, "--tool");
  return library;
}

/// What the machine knows before the program starts (the work offsets file, the tool table) and
/// how it reads programs.
ProgramOptions programOptions(const CliOptions& options, const ToolLibrary& tools) {
  ProgramOptions program;
  program.dialect = options.dialect;
  program.arc_tolerance_mm = options.arc_tolerance;
  program.subroutine_path = options.subroutine_path;
  program.subprogram_dirs = options.subprogram_dirs;
  if (options.work_offsets) program.parameters = readWorkOffsets(*options.work_offsets);
  addToolOffsets(program, tools);
  return program;
}

/// The program options as far as they decide which files the program may read.
ProgramOptions lookupOptions(const CliOptions& options) {
  ProgramOptions program;
  program.subroutine_path = options.subroutine_path;
  program.subprogram_dirs = options.subprogram_dirs;
  return program;
}

PartOptions partOptions(const CliOptions& options) {
  PartOptions part;
  part.unit_scale = options.part_unit_scale;
  // At most a fifth of the tolerance: mesh error alone then cannot turn a clean move into a
  // gouge or hide one by more than tolerance/5 (and exact confirmation removes even that).
  part.deflection = options.deflection.value_or(largestDeflection(options.tolerance));
  part.threads = options.threads;
  part.check_stop = [] { throwIfInterrupted(); };
  return part;
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
  const ProgramOptions lookup = lookupOptions(options);
  const auto input_role = [&](const std::string& output) -> std::optional<std::string> {
    if (auto role = inputAt(output, inputs)) return role;
    if (mayBeSubprogramFile(output, options.path_file, lookup))
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
/// `program` is pointed at the program once it is open.
int check(const CliOptions& options, Report& report, std::optional<ProgramStream>& program,
          std::ostream& err) {
  // Cheap inputs first, so a typo in a tool or an unreadable program is reported before a long
  // part read; the program itself is interpreted while it is checked.
  const ToolLibrary tools = loadTools(options);
  program.emplace(ProgramStream::open(options.path_file, programOptions(options, tools)));
  throwIfInterrupted();
  const Part part = step::readPart(options.part_file, partOptions(options));
  addPart(report, part);
  throwIfInterrupted();
  if (options.export_mesh) exportMesh(part.mesh(), *options.export_mesh);

  VerifySettings settings = verifySettings(options);
  std::optional<ProgressBar> progress_bar;
  if (!options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1)) {
    progress_bar.emplace(err);
    progress_bar->trackInput(*program);
  }
  // Called after every few hundred moves: where a signal stops the check promptly.
  settings.progress = [&progress_bar](std::size_t done, std::size_t total) {
    throwIfInterrupted();
    if (progress_bar) progress_bar->update(done, total);
  };
  VerifyResult result = verify(part, *program, tools, settings);
  throwIfInterrupted();
  if (progress_bar) progress_bar->finish();
  addResult(report, *program, tools, std::move(result), options.format == ReportFormat::Html);
  return report.violations.empty() ? 0 : 1;
}

/// Records `error` in the report and writes it where the report was asked for (not on stdout,
/// where stderr's message is the report). A report that cannot be written is said on `err`.
void reportError(Report& report, RunError error, const std::optional<ProgramStream>& program,
                 const CliOptions& options, std::ostream& err) {
  addError(report, program ? &*program : nullptr, std::move(error));
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
  Report report = reportOfSettings(known.part_file, ProgramStream::displayName(known.path_file),
                                   verifySettings(known));
  report.error = RunError{RunErrorKind::Usage, error.what(), {}, 0, 0};
  try {
    writeReportFile(report, known);
  } catch (const InputError& write_error) {
    err << "gougechek: error: " << write_error.what() << "\n";
  }
}

int printMoves(const CliOptions& options, std::ostream& out) {
  ProgramStream program =
      ProgramStream::open(options.path_file, programOptions(options, loadTools(options)));
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
  Report report = reportOfSettings(options.part_file, ProgramStream::displayName(options.path_file),
                                   verifySettings(options));
  std::optional<ProgramStream> program;
  const auto elapsed = [&started] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  };
  try {
    refuseOverwrites(options);
    const int exit_code = check(options, report, program, err);
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
