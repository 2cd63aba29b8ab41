#include "run_check.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <fstream>
#include <optional>
#include <vector>

#include "batch/output_file.hpp"
#include "batch/trace.hpp"
#include "core/tuned_check.hpp"
#include "gougechek/check.hpp"
#include "gougechek/error.hpp"
#include "gougechek/step.hpp"
#include "interruption.hpp"
#include "progress_bar.hpp"

namespace gougechek {

namespace {

constexpr std::size_t kPrintBlock = 4096;

/// An error after which no report file may be written: the report file itself is at fault.
class NoReportError : public InputError {
 public:
  using InputError::InputError;
};

/// A report file that could not be written: the other report files get the error report.
class ReportWriteError : public NoReportError {
 public:
  using NoReportError::NoReportError;
};

void writeReportFile(const Report& report, const ReportTarget& target) {
  try {
    ReplacedFile file(target.file, "the report");
    errno = 0;  // what fails below sets it: the reason said
    std::ofstream stream(file.path(), std::ios::binary);
    if (stream) writeReport(report, target.format, stream);
    stream.close();
    if (!stream) file.fail();
    file.commit();
  } catch (const InputError& error) {
    // No report of an earlier run may stay looking like this run's.
    const bool removed = removeReplaceable(target.file);
    throw ReportWriteError(target.file, 0, 0,
                           error.message() + (removed ? " (the previous report was removed)" : ""));
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
  const std::vector<InputFile> inputs = checkInputs(options.job);
  // Subprogram files are found while the program runs: refuse every name the lookup could read.
  const ProgramOptions lookup = lookupOptions(options.job);
  const auto input_role = [&](const std::string& output) -> std::optional<std::string> {
    if (auto role = inputAt(output, inputs)) return role;
    if (mayBeSubprogramFile(output, options.job.path_file, lookup))
      return "a file the program's subprogram calls may read";
    return std::nullopt;
  };
  // A report would overwrite what it names: no report is written for this error.
  for (const ReportTarget& target : options.reports) {
    if (const auto role = input_role(target.file))
      throw NoReportError(target.file, 0, 0, "--report names " + *role);
  }
  if (options.export_mesh) {
    if (const auto role = input_role(*options.export_mesh))
      throw InputError(*options.export_mesh, 0, 0, "--export-mesh names " + *role);
    for (const ReportTarget& target : options.reports) {
      if (sameOutput(target.file, *options.export_mesh))
        throw NoReportError(*options.export_mesh, 0, 0,
                            "--report and --export-mesh name the same file");
    }
  }
}

/// Whether a report shows the program text of the violations' lines (HTML does).
bool quotesLines(const CliOptions& options) {
  if (options.reports.empty()) return options.format == ReportFormat::Html;
  for (const ReportTarget& target : options.reports)
    if (target.format == ReportFormat::Html) return true;
  return false;
}

/// Writes the reports the user asked for to their files, with a summary line on stdout, or the
/// report to stdout. A write error on stdout is an error too: the summary line goes first, so
/// that the report files then record that error, as the exit code does.
void deliverReport(const Report& report, const CliOptions& options, std::ostream& out) {
  if (options.reports.empty()) {
    if (!options.quiet) writeReport(report, options.format, out);
    if (!out.flush()) throw NoReportError("<stdout>", 0, 0, "cannot write the report");
    return;
  }
  if (!options.quiet) out << "gougechek: " << summaryLine(report) << "\n";
  if (!out.flush()) throw InputError("<stdout>", 0, 0, "cannot write the summary line");
  for (const ReportTarget& target : options.reports) writeReportFile(report, target);
}

/// The check proper; fills `report` as it learns, so an error report shows what was known.
/// `program` is pointed at the program once it is open.
int check(const CliOptions& options, Report& report, std::optional<ProgramStream>& program,
          std::ostream& err) {
  // Cheap inputs first, so a typo in a tool or an unreadable program is reported before a long
  // part read; the program itself is interpreted while it is checked.
  const CheckJob& job = options.job;
  const ToolLibrary tools = loadTools(job);
  ProgramOptions program_options = programOptions(job, tools);
  if (quotesLines(options)) program_options.path_sample_pieces = kHtmlPathPieces;
  program.emplace(ProgramStream::open(job.path_file, program_options));
  throwIfInterrupted();
  const Part part = step::readPart(job.part_file, partOptions(job, [] { throwIfInterrupted(); }));
  addPart(report, part);
  throwIfInterrupted();
  if (options.export_mesh) exportMesh(part.mesh(), *options.export_mesh);

  TunedSettings settings = verifySettings(job);
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
  VerifyResult result;
  try {
    result = verify(part, *program, tools, settings);
  } catch (const InputError&) {
    // The error page shows what was read: the part with the path up to the faulty line.
    if (quotesLines(options)) addPartPictures(report, part, *program);
    throw;
  }
  throwIfInterrupted();
  if (progress_bar) progress_bar->finish();
  addResult(report, *program, tools, std::move(result), quotesLines(options));
  report.html_violations = options.html_violations;
  if (quotesLines(options)) addPictures(report, part, *program);
  return report.violations.empty() ? 0 : 1;
}

/// Writes `report` to every --report file but `failed` (one whose write failed already); one
/// that cannot be written is said on `err`, and the others are still written.
void writeErrorReports(const Report& report, const CliOptions& options, std::ostream& err,
                       const std::string& failed = {}) {
  for (const ReportTarget& target : options.reports) {
    if (target.file == failed) continue;
    try {
      writeReportFile(report, target);
    } catch (const InputError& write_error) {
      err << "gougechek: error: " << write_error.what() << "\n";
    }
  }
}

/// Records `error` in the report and writes it where the reports were asked for (not on
/// stdout, where stderr's message is the report).
void reportError(Report& report, RunError error, const std::optional<ProgramStream>& program,
                 const CliOptions& options, std::ostream& err, const std::string& failed = {}) {
  addError(report, program ? &*program : nullptr, std::move(error));
  writeErrorReports(report, options, err, failed);
}

/// What ended a run by `error`: a signal that arrived is the cause of whatever failed after it
/// (a write to a closed pipe after SIGPIPE, an open broken off by SIGTERM).
RunError runErrorOf(const std::exception& error) {
  if (const int signal = receivedSignal())
    return {RunErrorKind::Interrupted, Interrupted(signal).what(), {}, 0, 0};
  if (const auto* input = dynamic_cast<const InputError*>(&error))
    return {RunErrorKind::Input, input->message(), input->file(), input->line(), input->column()};
  return {RunErrorKind::Internal, error.what(), {}, 0, 0};
}

}  // namespace

void reportUsageError(const CommandLineError& error, std::ostream& err) {
  const CliOptions& known = error.known();
  if (known.reports.empty()) return;
  try {
    refuseOverwrites(known);
  } catch (const InputError&) {
    return;  // a report would overwrite an input: the usage error alone is said
  }
  Report report =
      reportOfSettings(known.job.part_file, ProgramStream::displayName(known.job.path_file),
                       verifySettings(known.job));
  FileHashes hashes;
  report.trace = startTrace(known.job, known.command, hashes);
  report.error = RunError{RunErrorKind::Usage, error.what(), {}, 0, 0};
  writeErrorReports(report, known, err);
}

int printMoves(const CliOptions& options, std::ostream& out) {
  ProgramStream program = ProgramStream::open(options.job.path_file,
                                              programOptions(options.job, loadTools(options.job)));
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
  Report report =
      reportOfSettings(options.job.part_file, ProgramStream::displayName(options.job.path_file),
                       verifySettings(options.job));
  FileHashes hashes;
  report.trace = startTrace(options.job, options.command, hashes);
  std::optional<ProgramStream> program;
  // Once the check is over, however it ended: its time, and the subprograms it read.
  const auto finish = [&] {
    report.elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (program) addSubprograms(*report.trace, *program, hashes);
  };
  try {
    refuseOverwrites(options);
    const int exit_code = check(options, report, program, err);
    finish();
    deliverReport(report, options, out);
    return exit_code;
  } catch (const ReportWriteError& error) {
    // The report files written before it, or still to write, say so: none keeps the result
    // (or an earlier run's) while the run ends in this error.
    reportError(report, runErrorOf(error), program, options, err, error.file());
    throw;
  } catch (const NoReportError&) {
    throw;
  } catch (const std::exception& error) {
    finish();
    reportError(report, runErrorOf(error), program, options, err);
    if (const int signal = receivedSignal()) throw Interrupted(signal);
    throw;
  }
}

}  // namespace gougechek
