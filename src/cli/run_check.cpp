#include "run_check.hpp"

#include <unistd.h>

#include <optional>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/step.hpp"
#include "interruption.hpp"
#include "job/run_job.hpp"
#include "progress_bar.hpp"

namespace gougechek {

namespace {

constexpr std::size_t kPrintBlock = 4096;

/// The report on stdout, when no report file was asked for. A write error there is the
/// run's error, with no report file to record it.
void printReport(const Report& report, const CliOptions& options, std::ostream& out) {
  if (!options.quiet) writeReport(report, options.format, out);
  if (!out.flush()) throw NoReportError("<stdout>", 0, 0, "cannot write the report");
}

/// The summary line on stdout, before the report files are written: a write error there is an
/// error too, which the report files then record, as the exit code does.
void printSummary(const Report& report, const CliOptions& options, std::ostream& out) {
  if (!options.quiet) out << "gougechek: " << summaryLine(report) << "\n";
  if (!out.flush()) throw InputError("<stdout>", 0, 0, "cannot write the summary line");
}

/// Whether `report` has a finding that --fail-on `fail_on` fails on (New is a batch's only). A
/// list cut short may hide severe findings among those counted only: they fail too. Excess
/// fails whatever `fail_on` says, when --fail-on-excess asked for it.
bool failsOn(const Report& report, FailOn fail_on) {
  if (report.excess && report.excess->fails()) return true;  // asked for by --fail-on-excess
  if (fail_on == FailOn::Severe && report.unlisted.total() > 0) return true;
  for (const Violation& violation : report.violations)
    if (!waiverOf(report, violation) && (fail_on != FailOn::Severe || violation.severe))
      return true;
  return fail_on == FailOn::Any && report.unlisted.total() > 0;
}

/// The interrupting signal's text, once one arrived.
std::optional<std::string> interruption() {
  if (const int signal = receivedSignal()) return Interrupted(signal).what();
  return std::nullopt;
}

}  // namespace

void reportUsageError(const CommandLineError& error, std::ostream& err) {
  const CliOptions& known = error.known();
  if (known.job.reports.empty()) return;
  try {
    refuseOverwrites(known.job, SettingNames::CommandLine);
  } catch (const InputError&) {
    return;  // a report would overwrite an input: the usage error alone is said
  }
  FileHashes hashes;
  Report report =
      jobReport(known.job, [&hashes](const std::string& file) { return hashes.of(file); });
  report.error = RunError{RunErrorKind::Usage, error.what(), {}, 0, 0};
  writeErrorReports(report, known.job, [&err](const std::string& message) {
    err << "gougechek: error: " << message << "\n";
  });
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
  std::optional<ProgressBar> progress_bar;
  if (!options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1))
    progress_bar.emplace(err);
  JobHooks hooks;
  hooks.names = SettingNames::CommandLine;
  // A STEP part takes seconds to read, a large mesh its tree to build: say so meanwhile.
  hooks.read_part = [&progress_bar](const std::string& file, const PartOptions& part_options) {
    if (progress_bar) progress_bar->phase("reading the part " + file);
    Part part = step::readPart(file, part_options);
    if (progress_bar) progress_bar->phase("preparing the check");
    return part;
  };
  hooks.read_solid = &step::readPart;
  hooks.check_stop = [] { throwIfInterrupted(); };
  hooks.stopped = interruption;
  hooks.warn = [&err](const std::string& message) {
    err << "gougechek: error: " << message << "\n";
  };
  hooks.program_opened = [&progress_bar](const ProgramStream& program) {
    if (progress_bar) progress_bar->trackInput(program);
  };
  // Called after every few hundred moves: where a signal stops the check promptly.
  hooks.progress = [&progress_bar](std::size_t done, std::size_t total) {
    throwIfInterrupted();
    if (progress_bar) progress_bar->update(done, total);
  };
  hooks.checked = [&](const Report& report) {
    if (progress_bar) progress_bar->finish();
    if (!options.job.reports.empty()) printSummary(report, options, out);
  };
  // The error messages that follow start on a clean line.
  hooks.failed = [&progress_bar](const Report&) {
    if (progress_bar) progress_bar->finish();
  };
  try {
    const Report report = runJob(options.job, hooks);
    if (options.job.reports.empty()) printReport(report, options, out);
    return failsOn(report, options.fail_on) ? 1 : 0;
  } catch (const NoReportError&) {
    throw;
  } catch (const std::exception&) {
    if (const int signal = receivedSignal()) throw Interrupted(signal);
    throw;
  }
}

}  // namespace gougechek
