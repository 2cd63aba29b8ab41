#include "batch/batch_run.hpp"

#include <tbb/global_control.h>
#include <tbb/parallel_for_each.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <queue>
#include <set>
#include <sstream>
#include <tuple>

#include "batch/baseline.hpp"
#include "batch/batch_outputs.hpp"
#include "batch/output_folder.hpp"
#include "gougechek/error.hpp"
#include "gougechek/step.hpp"
#include "gougechek/version.hpp"
#include "job/output_file.hpp"
#include "job/run_job.hpp"
#include "job/trace.hpp"
#include "verify/thread_limit.hpp"

namespace gougechek {

namespace {

namespace fs = std::filesystem;

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Bytes of `file`, 0 when it cannot be told (a missing file still makes a job, in error).
std::uintmax_t sizeOf(const std::string& file) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(file, error);
  return error ? 0 : size;
}

/// Thrown in place of what BatchOptions::check_stop threw, from wherever the run polls. Not a
/// std::exception, so that no handler of real errors takes it for the check's own error.
struct StopRequested {};

/// The run's stop: the first exception check_stop threw, kept to be rethrown once the outputs
/// are written. Once it has thrown, the run stays stopped.
class Stop {
 public:
  explicit Stop(const std::function<void()>& check_stop) : check_stop_(check_stop) {}

  /// Calls check_stop; throws StopRequested when it throws, now or before. Thread-safe.
  void poll() {
    if (requested_.load(std::memory_order_acquire)) throw StopRequested{};
    if (!check_stop_) return;
    try {
      check_stop_();
    } catch (...) {
      std::call_once(once_, [this] {
        error_ = std::current_exception();
        message_ = "stopped";
        try {
          std::rethrow_exception(error_);
        } catch (const std::exception& error) {
          message_ = error.what();
        } catch (...) {
        }
      });
      requested_.store(true, std::memory_order_release);
      throw StopRequested{};
    }
  }

  bool requested() const { return requested_.load(std::memory_order_acquire); }
  /// What check_stop's exception says ("interrupted by SIGINT"); once requested().
  const std::string& message() const { return message_; }
  /// Rethrows what check_stop threw, if it did.
  void rethrow() const {
    if (requested()) std::rethrow_exception(error_);
  }

 private:
  const std::function<void()>& check_stop_;
  std::atomic<bool> requested_{false};
  std::once_flag once_;
  std::exception_ptr error_;
  std::string message_;
};

/// Raises `seen` to `value` and adds the rise to `total`: a check's counts come from several
/// worker threads, not in order, and each rise must be added once.
void raise(std::atomic<std::uint64_t>& seen, std::uint64_t value,
           std::atomic<std::uint64_t>& total) {
  std::uint64_t before = seen.load(std::memory_order_relaxed);
  while (value > before && !seen.compare_exchange_weak(before, value, std::memory_order_relaxed)) {
  }
  if (value > before) total.fetch_add(value - before, std::memory_order_relaxed);
}

/// One program of one job.
struct Check {
  std::size_t job = 0;      ///< manifest index
  std::size_t program = 0;  ///< index in the job's programs
  Report report;
  std::vector<std::size_t> waived;  ///< violations each of the job's waivers accepted
  /// Violations each waiver names but that are deeper than its max_depth: it was outgrown.
  std::vector<std::size_t> outgrown;
  std::vector<double> outgrown_depth;                ///< the deepest of them, per waiver (0: none)
  std::map<std::string, std::string> report_sha256;  ///< of each report file, by format key
  // Progress: what this check has added to the run's counters.
  std::uint64_t program_size = 0;  ///< the program file's size when the run started
  std::atomic<std::uint64_t> moves_checked{0};
  std::atomic<std::uint64_t> bytes_read{0};
  std::atomic<std::size_t>* job_checks_left = nullptr;  ///< of its job; the job is done at 0
};

/// Marks the violations of `check` that a waiver of `job` accepts (the first that does), and
/// counts for each waiver the violations it names that are too deep for it (not waived by any).
void applyWaivers(const ManifestJob& job, Check& check) {
  check.waived.assign(job.waivers.size(), 0);
  check.outgrown.assign(job.waivers.size(), 0);
  check.outgrown_depth.assign(job.waivers.size(), 0);
  const std::string& program = job.programs[check.program];
  for (std::size_t i = 0; i < check.report.violations.size(); ++i) {
    const Violation& violation = check.report.violations[i];
    for (std::size_t rule = 0; rule < job.waivers.size(); ++rule) {
      if (!job.waivers[rule].matches(program, violation)) continue;
      check.report.waivers[i] = job.waivers[rule].waiver;
      ++check.waived[rule];
      break;
    }
    if (check.report.waivers.count(i)) continue;
    for (std::size_t rule = 0; rule < job.waivers.size(); ++rule) {
      if (!job.waivers[rule].names(program, violation)) continue;
      ++check.outgrown[rule];
      check.outgrown_depth[rule] = std::max(check.outgrown_depth[rule], violation.depth);
    }
  }
}

/// A job's waiver in the summary, with what it did over the job's checks: how many findings
/// it accepted and how many it names that got deeper than it allows. Its state: "outgrown" when
/// any did (a deeper finding fails, and the waiver wants a look), else "active" when it accepted
/// any, else "stale" (it has nothing left to say).
BatchJson waiverEntry(const WaiverRule& rule, std::size_t waived, std::size_t outgrown,
                      double outgrown_depth) {
  BatchJson entry = {{"manifest_line", rule.line},
                     {"by", rule.waiver.by},
                     {"reason", rule.waiver.reason},
                     {"max_depth", rule.max_depth},
                     {"waived", waived},
                     {"outgrown", outgrown},
                     {"state", outgrown > 0 ? "outgrown"
                               : waived > 0 ? "active"
                                            : "stale"}};
  if (outgrown > 0) entry["outgrown_depth"] = std::round(outgrown_depth * 1e6) / 1e6;
  return entry;
}

/// The checks that share one part as read with one set of part options.
struct PartGroup {
  std::string file;
  PartOptions options;
  std::vector<Check*> checks;
  bool read = false;  ///< whether it was read (or tried): not when the run stopped first
  double import_s = 0;
};

/// Reports of a check, by format, as files relative to the output folder.
std::vector<std::pair<std::string, ReportFormat>> reportFiles(const ManifestJob& job,
                                                              const std::string& program) {
  const std::string stem =
      (fs::path("jobs") / job.name / fs::path(program).filename()).generic_string();
  return {{stem + ".json", ReportFormat::Json},
          {stem + ".html", ReportFormat::Html},
          {stem + ".xml", ReportFormat::Junit},
          {stem + ".csv", ReportFormat::Csv}};
}

/// The stock a program leaves beside its reports (jobs/JOB/PROGRAM.gcstock, the native stock
/// file, or PROGRAM.stl), relative to where the run started.
std::string stockFile(const ManifestJob& job, std::size_t program, const std::string& out_dir,
                      StockFileFormat format) {
  return (fs::path(out_dir) / "jobs" / job.name / fs::path(job.programs[program]).filename())
             .string() +
         (format == StockFileFormat::Native ? ".gcstock" : ".stl");
}

/// The check of program `program` of `job` as it runs and its command line says: a setup's
/// program after the first starts from the stock the one before left (--stock-in), and each
/// but the last leaves its own for the next (--stock-out); the job's `stock-out` is written by
/// each program, or by a setup's last.
TunedJob checkOf(const ManifestJob& job, std::size_t program, const std::string& out_dir) {
  TunedJob check = job.settings;
  check.path_file = job.programs[program];
  const bool last = program + 1 == job.programs.size();
  if (job.stock_out && (!job.setup || last))
    check.stock_out = stockFile(job, program, out_dir, *job.stock_out);
  if (!job.setup) return check;
  if (program > 0) {
    check.stock_box.reset();
    check.stock_box_margin.reset();
    check.stock_cylinder.reset();
    check.stock_model.reset();
    check.stock_in = stockFile(job, program - 1, out_dir, StockFileFormat::Native);
  }
  if (!last) check.stock_out = stockFile(job, program, out_dir, StockFileFormat::Native);
  return check;
}

/// Writes `report` to `target` in `format` (its folder made up front, checkRunOutputs). Returns
/// the SHA-256 of what it wrote, which the summary records so that merge can tell that a
/// shard's report files are those its summary describes.
std::string writeReportTo(const Report& report, ReportFormat format, const std::string& target) {
  std::ostringstream text;
  writeReport(report, format, text);
  const std::string bytes = std::move(text).str();
  ReplacedFile file(target, "the report");
  std::ofstream stream(file.path(), std::ios::binary);
  stream << bytes;
  stream.close();
  if (!stream) throw InputError(target, 0, 0, "cannot write the report");
  file.commit();
  return sha256OfBytes(bytes);
}

/// The check of `job` against `part` (or the part's read error) as the command line runs it
/// (runJob): tools and program first, so their errors come before the part's, as there. Once
/// the run is stopped (`poll` throws StopRequested) the check ends as an error of kind
/// interrupted, as the command line's report does, or does not start and says so. `check`'s
/// counters and the run's `progress` follow the moves checked and the program text read.
Report runCheck(const TunedJob& job, const Part* part, const std::exception_ptr& part_error,
                const Stop& stop, const std::function<void()>& poll, Check& check,
                BatchProgress& progress, FileHashes& hashes) {
  const FileSha256 sha256 = [&hashes](const std::string& file) { return hashes.of(file); };
  try {
    poll();
  } catch (const StopRequested&) {
    Report report = jobReport(job, sha256);
    addError(report, nullptr,
             {RunErrorKind::Interrupted, stop.message() + " before the check started", {}, 0, 0});
    return report;
  }
  const ProgramStream* program = nullptr;
  JobHooks hooks;
  // Named as in the command line its report records (the manifest's settings were checked as
  // it was read).
  hooks.names = SettingNames::CommandLine;
  hooks.read_part = [&](const std::string&, const PartOptions&) {
    if (part_error) std::rethrow_exception(part_error);
    if (!part) throw std::logic_error("the part was not read");  // only after a stop: polled first
    return *part;
  };
  // A fixture or a stock model is read by each check that names it (the part, shared, is read
  // once).
  hooks.read_solid = &step::readPart;
  hooks.check_stop = poll;
  hooks.program_opened = [&program](const ProgramStream& opened) { program = &opened; };
  hooks.progress = [&](std::size_t done, std::size_t) {
    raise(check.moves_checked, done, progress.moves_checked);
    raise(check.bytes_read, std::min(program->bytesRead(), check.program_size),
          progress.program_bytes_read);
    poll();
  };
  hooks.stopped = [&stop]() -> std::optional<std::string> {
    if (stop.requested()) return stop.message();
    return std::nullopt;
  };
  hooks.sha256 = sha256;
  Report failed;
  hooks.failed = [&failed](const Report& report) { failed = report; };
  try {
    return runJob(job, hooks);
  } catch (...) {
    return failed;  // the error is in the report, as the command line's error report has it
  }
}

/// A check's entry in summary.json: its job, program, reports and whole JSON report.
BatchJson checkEntry(const Check& check, const ManifestJob& job, const std::string& command) {
  const std::string& program = job.programs[check.program];
  BatchJson entry;
  entry["program"] = program;
  entry["command"] = command;
  for (const auto& [file, format] : reportFiles(job, program)) {
    entry["reports"][reportFormatName(format)] = file;
    entry["report_sha256"][reportFormatName(format)] =
        check.report_sha256.at(reportFormatName(format));
  }
  std::ostringstream json;
  writeReport(check.report, ReportFormat::Json, json);
  entry["report"] = BatchJson::parse(json.str());
  return entry;
}

/// Refuses an output folder that holds anything but an earlier batch run's outputs, and any
/// report that would overwrite an input. Returns the inputs of the run.
std::vector<InputFile> checkRunOutputs(const Manifest& manifest,
                                       const std::vector<std::size_t>& jobs,
                                       const std::string& dir) {
  checkOutputFolder(dir);
  std::vector<InputFile> inputs = {{manifest.file, "the manifest"}};
  std::vector<std::string> stocks;  // the stock files the programs leave
  for (const std::size_t index : jobs) {
    const ManifestJob& job = manifest.jobs[index];
    for (std::size_t program = 0; program < job.programs.size(); ++program) {
      const TunedJob check = checkOf(job, program, dir);
      // A setup's program after the first reads the stock the one before writes: the run's own.
      const bool carried = job.setup && program > 0;
      for (InputFile& input : checkInputs(check))
        if (!carried || input.path != *check.stock_in) inputs.push_back(std::move(input));
      if (check.stock_out) stocks.push_back(*check.stock_out);
    }
  }
  for (const std::size_t index : jobs)
    for (const std::string& program : manifest.jobs[index].programs)
      for (const auto& [file, format] : reportFiles(manifest.jobs[index], program)) {
        const std::string target = (fs::path(dir) / file).string();
        if (const auto role = inputAt(target, inputs))
          throw InputError(target, 0, 0, "a report would overwrite " + *role);
      }
  for (const std::string& stock : stocks)
    if (const auto role = inputAt(stock, inputs))
      throw InputError(stock, 0, 0, "the stock a program leaves would overwrite " + *role);
  return inputs;
}

}  // namespace

std::vector<std::size_t> shardJobs(const Manifest& manifest, std::size_t index, std::size_t count) {
  std::vector<std::pair<std::uintmax_t, std::size_t>> sized;
  for (std::size_t job = 0; job < manifest.jobs.size(); ++job) {
    std::uintmax_t size = sizeOf(manifest.jobs[job].settings.part_file);
    for (const std::string& program : manifest.jobs[job].programs) size += sizeOf(program);
    sized.emplace_back(size, job);
  }
  // Largest first; equal sizes in manifest order.
  std::stable_sort(sized.begin(), sized.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  // The shards by (load so far, index), least first. Every job weighs at least 1, so job k
  // (k < count) goes to the empty shard k: shards past the number of jobs get none and are
  // not held (a shard count of 100,000 costs nothing per shard).
  using Load = std::pair<std::uintmax_t, std::size_t>;
  std::priority_queue<Load, std::vector<Load>, std::greater<>> shards;
  for (std::size_t shard = 0; shard < std::min(count, sized.size()); ++shard)
    shards.emplace(0, shard);
  std::vector<std::size_t> mine;
  for (const auto& [size, job] : sized) {
    auto [load, least] = shards.top();
    shards.pop();
    shards.emplace(load + std::max<std::uintmax_t>(size, 1), least);
    if (least == index) mine.push_back(job);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

/// The run's summary.json before it is settled (batch_outputs.hpp): each job with its checks'
/// reports and waivers, and the parts' timings.
BatchJson summaryOf(const Manifest& manifest, const BatchOptions& options,
                    const std::vector<std::size_t>& jobs,
                    const std::vector<std::unique_ptr<Check>>& checks,
                    const std::vector<PartGroup*>& parts_read, const std::string& started_at) {
  BatchJson summary;
  summary["schema"] = "gougechek-batch/1";
  summary["version"] = version();
  summary["manifest"] = manifest.file;
  summary["manifest_sha256"] = manifest.sha256;
  summary["manifest_jobs"] = manifest.jobs.size();
  summary["started_at"] = started_at;
  summary["shard"] = {{"index", options.shard_index}, {"count", options.shard_count}};
  summary["jobs"] = BatchJson::array();
  std::size_t next = 0;
  for (const std::size_t job_index : jobs) {
    const ManifestJob& job = manifest.jobs[job_index];
    BatchJson entry;
    entry["name"] = job.name;
    entry["index"] = job_index;
    entry["part"] = job.settings.part_file;
    entry["checks"] = BatchJson::array();
    std::vector<std::size_t> waived(job.waivers.size(), 0), outgrown(job.waivers.size(), 0);
    std::vector<double> outgrown_depth(job.waivers.size(), 0);
    for (std::size_t program = 0; program < job.programs.size(); ++program, ++next) {
      const TunedJob check = checkOf(job, program, options.out_dir);
      const Check& done = *checks[next];
      entry["checks"].push_back(checkEntry(done, job, commandLine(check)));
      for (std::size_t rule = 0; rule < waived.size(); ++rule) {
        waived[rule] += done.waived[rule];
        outgrown[rule] += done.outgrown[rule];
        outgrown_depth[rule] = std::max(outgrown_depth[rule], done.outgrown_depth[rule]);
      }
    }
    for (std::size_t rule = 0; rule < job.waivers.size(); ++rule)
      entry["waivers"].push_back(
          waiverEntry(job.waivers[rule], waived[rule], outgrown[rule], outgrown_depth[rule]));
    summary["jobs"].push_back(std::move(entry));
  }
  BatchJson& parts = summary["timings"]["parts"] = BatchJson::array();
  for (const PartGroup* group : parts_read)
    parts.push_back({{"file", group->file},
                     {"imports", group->read ? 1 : 0},
                     {"checks", group->checks.size()},
                     {"import_s", std::round(group->import_s * 1000) / 1000}});
  return summary;
}

namespace {

/// Makes the output folder ready for the reports of `jobs`: refuses a folder that is not an
/// earlier run's or a report over an input (checkRunOutputs), removes the earlier run's reports
/// this run does not write, and makes the report folders, all before any check runs.
void prepareOutputFolder(const Manifest& manifest, const std::vector<std::size_t>& jobs,
                         const std::string& dir) {
  const std::vector<InputFile> inputs = checkRunOutputs(manifest, jobs, dir);
  std::set<std::string> current;
  for (const std::size_t index : jobs)
    for (const std::string& program : manifest.jobs[index].programs)
      for (const auto& [file, format] : reportFiles(manifest.jobs[index], program))
        current.insert(file);
  removeStaleReports(dir, earlierReports(dir), current, inputs);
  makeReportFolders(dir, current);
}

/// The run's checks, in manifest order, grouped by the part (and part options) they read, so
/// that each part is read once for all its checks.
struct PlannedChecks {
  std::vector<std::unique_ptr<Check>> checks;
  std::vector<std::atomic<std::size_t>> checks_left;  ///< of each job, by position in the run
  std::map<std::tuple<std::string, double, double>, PartGroup> groups;
};

/// The checks of `jobs`, their program sizes added to `progress`.
PlannedChecks planChecks(const Manifest& manifest, const std::vector<std::size_t>& jobs,
                         const std::function<void()>& poll, BatchProgress& progress) {
  PlannedChecks plan;
  plan.checks_left = std::vector<std::atomic<std::size_t>>(jobs.size());
  for (std::size_t position = 0; position < jobs.size(); ++position) {
    const ManifestJob& job = manifest.jobs[jobs[position]];
    const PartOptions part_options = partOptions(job.settings, poll);
    const auto key = std::make_tuple(job.settings.part_file, part_options.unit_scale,
                                     part_options.deflection.value_or(0));
    PartGroup& group = plan.groups[key];
    group.file = job.settings.part_file;
    group.options = part_options;
    plan.checks_left[position] = job.programs.size();
    for (std::size_t program = 0; program < job.programs.size(); ++program) {
      auto check = std::make_unique<Check>();
      check->job = jobs[position];
      check->program = program;
      check->program_size = sizeOf(job.programs[program]);
      check->job_checks_left = &plan.checks_left[position];
      progress.program_bytes += check->program_size;
      group.checks.push_back(check.get());
      plan.checks.push_back(std::move(check));
    }
  }
  return plan;
}

/// What every check of a run shares.
struct RunContext {
  const Manifest& manifest;
  const BatchOptions& options;
  const Stop& stop;
  const std::function<void()>& poll;  ///< where the run looks for a stop and tells its progress
  BatchProgress& progress;
  FileHashes& hashes;  ///< each input hashed once, however many checks read it
};

/// The error report of a setup's program that cannot be checked: the program before it, whose
/// stock it starts from, ended in error, so that stock was never computed (fail closed: a
/// program is never passed from a stock it did not start from).
Report notStartedReport(const TunedJob& settings, const ManifestJob& job, std::size_t program,
                        FileHashes& hashes) {
  Report report =
      jobReport(settings, [&hashes](const std::string& file) { return hashes.of(file); });
  const std::string before = fs::path(job.programs[program - 1]).filename().string();
  addError(report, nullptr,
           {RunErrorKind::Input,
            "not checked: setup of job '" + job.name + "': this program starts from the stock " +
                before + " leaves, which was not computed (" + before + " ended in error)",
            job.programs[program - 1], 0, 0});
  return report;
}

/// Runs `check` against `part` (or its read error), applies its job's waivers, writes its
/// reports, and counts it in the progress. `start_lost`: a setup's program whose start stock
/// the program before did not leave; it is not run (notStartedReport), unless the run was
/// stopped (then it is interrupted, as every check not started).
void runAndWriteCheck(Check& check, const Part* part, const std::exception_ptr& part_error,
                      const RunContext& run, bool start_lost = false) {
  const ManifestJob& job = run.manifest.jobs[check.job];
  TunedJob settings = checkOf(job, check.program, run.options.out_dir);
  settings.manifest = ManifestEntry{run.manifest.file, job.line, job.name};
  settings.pictures = true;  // every check writes its HTML report
  check.report = start_lost && !run.stop.requested()
                     ? notStartedReport(settings, job, check.program, run.hashes)
                     : runCheck(settings, part, part_error, run.stop, run.poll, check, run.progress,
                                run.hashes);
  applyWaivers(job, check);
  for (const auto& [file, format] : reportFiles(job, job.programs[check.program]))
    check.report_sha256[reportFormatName(format)] =
        writeReportTo(check.report, format, (fs::path(run.options.out_dir) / file).string());
  // Done with its program however it ended, unless the stop cut it short: the progress
  // shows what was really checked.
  if (!check.report.error || check.report.error->kind != RunErrorKind::Interrupted) {
    raise(check.bytes_read, check.program_size, run.progress.program_bytes_read);
    if (check.job_checks_left->fetch_sub(1) == 1) ++run.progress.jobs_done;
  }
  if (run.options.progress) run.options.progress(run.progress);
}

/// The checks of `group` as runs of their own: a setup job's programs together, in order (one
/// after another, the stock carried), every other check alone (side by side with the rest).
std::vector<std::vector<Check*>> setupsOf(const PartGroup& group, const Manifest& manifest) {
  std::vector<std::vector<Check*>> setups;
  for (Check* check : group.checks) {
    const bool same_setup = !setups.empty() && manifest.jobs[check->job].setup &&
                            setups.back().back()->job == check->job;
    if (!same_setup) setups.emplace_back();
    setups.back().push_back(check);
  }
  return setups;
}

/// Runs the checks of one setup in order (or one check alone): each program after one that
/// ended in error is not checked, its start stock never computed. The stock files the
/// programs leave are removed first, so that none of an earlier run is ever read or left.
void runSetup(const std::vector<Check*>& setup, const Part* part,
              const std::exception_ptr& part_error, const RunContext& run) {
  const ManifestJob& job = run.manifest.jobs[setup.front()->job];
  for (const Check* check : setup)
    if (const auto stock = checkOf(job, check->program, run.options.out_dir).stock_out) {
      std::error_code ignored;  // a file that cannot be removed cannot be written either
      fs::remove(*stock, ignored);
    }
  bool start_lost = false;
  for (Check* check : setup) {
    runAndWriteCheck(*check, part, part_error, run, start_lost);
    start_lost = start_lost || check->report.error.has_value();
  }
}

/// Reads the part of `group`, then runs its checks side by side: the part leaves memory when
/// its checks are done. Once the run is stopped the part is not read, and its checks still get
/// their reports, an interrupted error: no job is left out of the outputs.
void checkPartGroup(PartGroup& group, const RunContext& run) {
  const auto import_started = Clock::now();
  std::optional<Part> part;
  std::exception_ptr part_error;
  try {
    if (!run.stop.requested()) {
      group.read = true;
      part.emplace(step::readPart(group.file, group.options));
    }
  } catch (const StopRequested&) {
    // Its checks see the stop and say they did not start.
  } catch (const std::exception&) {
    part_error = std::current_exception();
  }
  group.import_s = secondsSince(import_started);
  run.hashes.of(group.file);  // once, before its checks ask for it side by side
  const std::vector<std::vector<Check*>> setups = setupsOf(group, run.manifest);
  tbb::parallel_for_each(setups.begin(), setups.end(), [&](const std::vector<Check*>& setup) {
    runSetup(setup, part ? &*part : nullptr, part_error, run);
  });
}

}  // namespace

int runBatch(const Manifest& manifest, const BatchOptions& options) {
  const auto started = Clock::now();
  const std::string started_at = utcTimestamp();
  std::optional<tbb::global_control> limit;
  limitTbbThreads(options.threads, limit);
  const std::vector<std::size_t> jobs =
      shardJobs(manifest, options.shard_index, options.shard_count);
  prepareOutputFolder(manifest, jobs, options.out_dir);

  Stop stop(options.check_stop);
  BatchProgress progress;
  progress.jobs = jobs.size();
  // Where the run looks for a stop, and tells its progress.
  const std::function<void()> poll = [&options, &stop, &progress] {
    if (options.progress) options.progress(progress);
    stop.poll();
  };
  PlannedChecks plan = planChecks(manifest, jobs, poll, progress);
  if (options.progress) options.progress(progress);

  FileHashes hashes;
  const RunContext run{manifest, options, stop, poll, progress, hashes};
  std::vector<PartGroup*> order;
  for (auto& entry : plan.groups) order.push_back(&entry.second);
  // Parts side by side, and each part's checks side by side once it is read.
  tbb::parallel_for_each(order.begin(), order.end(),
                         [&run](PartGroup* group) { checkPartGroup(*group, run); });

  BatchJson summary = summaryOf(manifest, options, jobs, plan.checks, order, started_at);
  summary["timings"]["elapsed_s"] = std::round(secondsSince(started) * 1000) / 1000;
  if (!options.baseline.is_null()) markChanges(summary, options.baseline, options.baseline_file);
  settleSummary(summary);
  writeCollectedOutputs(summary, options.out_dir);
  stop.rethrow();
  return summaryExitCode(summary, options.fail_on);
}

}  // namespace gougechek
