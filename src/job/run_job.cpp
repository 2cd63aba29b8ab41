// runJob(): a check as the command line runs it, for every front end (gougechek/job.hpp).
#include "job/run_job.hpp"

#include <cerrno>
#include <chrono>
#include <fstream>
#include <iostream>
#include <optional>
#include <utility>
#include <vector>

#include "core/stock_pictures.hpp"
#include "core/tuned_check.hpp"
#include "job/job_excess.hpp"
#include "job/job_options.hpp"
#include "job/job_stock.hpp"
#include "job/machine.hpp"
#include "job/output_file.hpp"
#include "job/stock_options.hpp"

namespace gougechek {

namespace {

/// A setting of the job that checkJob() refused.
class RefusedSetting : public InputError {
 public:
  explicit RefusedSetting(const InputError& error) : InputError(error) {}
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

/// Whether the report shows the program text of the violations' lines and the pictures (the
/// HTML page does).
bool wantsPictures(const CheckJob& job) {
  if (job.pictures) return true;
  for (const ReportTarget& target : job.reports)
    if (target.format == ReportFormat::Html) return true;
  return false;
}

/// The check proper; fills `report` as it learns, so an error report shows what was known.
/// `program` is pointed at the program once it is open.
void check(const TunedJob& job, const JobHooks& hooks, Report& report,
           std::optional<ProgramStream>& program) {
  const auto check_stop = [&hooks] {
    if (hooks.check_stop) hooks.check_stop();
  };
  // Cheap inputs first, so a typo in a tool or an unreadable program is reported before a long
  // part read; the program itself is interpreted while it is checked.
  const ToolLibrary tools = loadTools(job, hooks.names);
  ProgramOptions program_options = programOptions(job, tools);
  const bool pictures = wantsPictures(job);
  if (pictures) program_options.path_sample_pieces = kHtmlPathPieces;
  program.emplace(job.path_text
                      ? ProgramStream::fromText(*job.path_text, job.path_file, program_options)
                      : ProgramStream::open(job.path_file, program_options));
  if (hooks.program_opened) hooks.program_opened(*program);
  check_stop();
  const PartOptions part_options = partOptions(job, hooks.check_stop);
  const Part part = hooks.read_part ? hooks.read_part(job.part_file, part_options)
                                    : readPart(job.part_file, part_options);
  addPart(report, part);
  check_stop();
  if (job.export_mesh) exportMesh(part.mesh(), *job.export_mesh);
  const MachineSetup machine = readMachine(job, hooks, part_options, report);
  check_stop();

  // The raw stock, when one is given, is cut by the moves as the check reads them.
  std::optional<JobStock> stock;
  if (hasStock(job))
    stock.emplace(job, part, tools, hooks.read_solid ? hooks.read_solid : ReadSolid(&readPart),
                  part_options);
  TunedSettings settings = tunedSettings(job);
  settings.progress = hooks.progress;
  if (stock) stock->watch(settings);
  std::optional<JobExcess> excess;
  if (job.excess) {
    excess.emplace(job).refuseTooManySamples(part, hooks.names);
    excess->watch(settings);
  }
  VerifyResult result;
  try {
    result = verify(part, *program, tools, settings, machine);
    if (stock) stock->finish(result, report, *program, settings.max_listed_violations, pictures);
  } catch (const InputError&) {
    // The error page shows what was read: the part with the path up to the faulty line.
    if (pictures) addPartPictures(report, part, *program);
    throw;
  }
  check_stop();
  addResult(report, *program, tools, std::move(result), pictures);
  if (excess) {
    excess->finish(report, part, tools, *program,
                   stock ? stock->box() : std::optional<std::array<Vec3, 2>>(), hooks.check_stop,
                   pictures);
    check_stop();
  }
  if (pictures)
    addPictures(report, pictured(part, machine), *program, stock ? stock->pictured() : nullptr,
                excess ? excess->map() : nullptr);
}

/// What ended a run by `error`: once the run was stopped, whatever failed after is its
/// consequence (a write to a closed pipe after SIGPIPE, an open broken off by SIGTERM).
RunError runErrorOf(const std::exception_ptr& error, const JobHooks& hooks) {
  if (hooks.stopped)
    if (std::optional<std::string> reason = hooks.stopped())
      return {RunErrorKind::Interrupted, std::move(*reason), {}, 0, 0};
  try {
    std::rethrow_exception(error);
  } catch (const InputError& input) {
    return {RunErrorKind::Input, input.message(), input.file(), input.line(), input.column()};
  } catch (const std::exception& other) {
    return {RunErrorKind::Internal, other.what(), {}, 0, 0};
  } catch (...) {
    return {RunErrorKind::Internal, "unknown exception", {}, 0, 0};
  }
}

void warnOnStderr(const std::string& message) {
  std::cerr << "gougechek: error: " << message << "\n";
}

}  // namespace

void checkJob(const CheckJob& job, SettingNames names) {
  VerifySettings settings = verifySettings(job);
  settings.tolerance = job.tolerance;  // as given: a negative one is refused
  checkSettings(settings, names);
  if (job.arc_tolerance) checkSetting("arc-tolerance", *job.arc_tolerance, names);
  if (job.deflection) {
    checkSetting("deflection", *job.deflection, names);
    checkDeflection(*job.deflection, verifySettings(job).tolerance, names);
  }
  checkMachine(job, names);
  checkStock(job, names);
  checkExcess(job, names);
}

Report jobReport(const CheckJob& job, const FileSha256& sha256,
                 const std::optional<VerifySettings>& shown) {
  const std::string program_name =
      job.path_text ? job.path_file : ProgramStream::displayName(job.path_file);
  Report report =
      reportOfSettings(job.part_file, program_name, shown ? *shown : verifySettings(job));
  report.trace = startTrace(job, job.command.empty() ? commandLine(job) : job.command, sha256);
  report.trace->manifest = job.manifest;
  report.html_violations = job.html_violations;
  report.junit_cases = job.junit_cases;
  // A usage error's report shows the defaults (`shown`): no fixture or rate out of range.
  if (!shown) addMachineSettings(report, job);
  return report;
}

void refuseOverwrites(const CheckJob& job, SettingNames names) {
  // The files written besides the reports, by option.
  std::vector<std::pair<const char*, std::string>> outputs;
  if (job.export_mesh) outputs.emplace_back("export-mesh", *job.export_mesh);
  if (job.stock_out) outputs.emplace_back("stock-out", *job.stock_out);
  if (job.reports.empty() && outputs.empty()) return;
  const std::vector<InputFile> inputs = checkInputs(job);
  // Subprogram files are found while the program runs: refuse every name the lookup could read.
  const ProgramOptions lookup = lookupOptions(job);
  const auto input_role = [&](const std::string& output) -> std::optional<std::string> {
    if (auto role = inputAt(output, inputs)) return role;
    if (mayBeSubprogramFile(output, job.path_file, lookup))
      return "a file the program's subprogram calls may read";
    return std::nullopt;
  };
  // A report would overwrite what it names: no report is written for this error.
  for (const ReportTarget& target : job.reports) {
    if (const auto role = input_role(target.file))
      throw NoReportError(target.file, 0, 0, settingName("report", names) + " names " + *role);
  }
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const auto& [option, file] = outputs[i];
    if (const auto role = input_role(file))
      throw InputError(file, 0, 0, settingName(option, names) + " names " + *role);
    for (const ReportTarget& target : job.reports) {
      if (sameOutput(target.file, file))
        throw NoReportError(file, 0, 0,
                            settingName("report", names) + " and " + settingName(option, names) +
                                " name the same file");
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (sameOutput(outputs[j].second, file))
        throw InputError(file, 0, 0,
                         settingName(outputs[j].first, names) + " and " +
                             settingName(option, names) + " name the same file");
    }
  }
}

void writeErrorReports(const Report& report, const CheckJob& job,
                       const std::function<void(const std::string&)>& warn,
                       const std::string& failed) {
  for (const ReportTarget& target : job.reports) {
    if (target.file == failed) continue;
    try {
      writeReportFile(report, target);
    } catch (const InputError& write_error) {
      warn(write_error.what());
    }
  }
}

Report runJob(const TunedJob& job, const JobHooks& hooks) {
  const auto started = std::chrono::steady_clock::now();
  FileHashes hashes;
  const FileSha256 sha256 =
      hooks.sha256 ? hooks.sha256 : [&hashes](const std::string& file) { return hashes.of(file); };
  const std::function<void(const std::string&)> warn = hooks.warn ? hooks.warn : warnOnStderr;
  Report report = jobReport(job, sha256);
  std::optional<ProgramStream> program;
  // Once the check is over, however it ended: its time, and the subprograms it read.
  const auto finish = [&] {
    report.elapsed_s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (program) addSubprograms(*report.trace, *program, sha256);
  };
  // Records the error that ended the run and writes the report files but `failed`.
  const auto fail = [&](const std::string& failed) {
    addError(report, program ? &*program : nullptr, runErrorOf(std::current_exception(), hooks));
    if (hooks.failed) hooks.failed(report);
    writeErrorReports(report, job, warn, failed);
  };
  try {
    refuseOverwrites(job, hooks.names);
    try {
      checkJob(job, hooks.names);
    } catch (const InputError& refused) {
      throw RefusedSetting(refused);
    }
    check(job, hooks, report, program);
    finish();
    if (hooks.checked) hooks.checked(report);
    for (const ReportTarget& target : job.reports) writeReportFile(report, target);
    return report;
  } catch (const ReportWriteError& error) {
    // The report files written before it, or still to write, say so: none keeps the result
    // (or an earlier run's) while the run ends in this error.
    fail(error.file());
    throw;
  } catch (const NoReportError&) {
    throw;
  } catch (const RefusedSetting& refused) {
    // As the command line's report of a usage error: the settings shown are the defaults
    // (a report never shows a value out of range), the error names the refused one.
    report = jobReport(job, sha256, VerifySettings{});
    report.error = RunError{RunErrorKind::Usage, refused.message(), {}, 0, 0};
    if (hooks.failed) hooks.failed(report);
    writeErrorReports(report, job, warn);
    throw;
  } catch (...) {
    finish();
    fail({});
    throw;
  }
}

Report runJob(const CheckJob& job, const JobHooks& hooks) {
  return runJob(TunedJob(job), hooks);
}

}  // namespace gougechek
