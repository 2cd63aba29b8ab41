#pragma once
// The pieces of runJob() (gougechek/job.hpp) a front end needs on its own: the command line's
// report of a usage error is the report of a job that never ran.
#include <functional>
#include <optional>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/job.hpp"
#include "job/job_options.hpp"
#include "job/trace.hpp"

namespace gougechek {

/// An error after which no report file may be written: a report file itself is at fault (it
/// would overwrite an input, or standard output cannot take the report).
class NoReportError : public InputError {
 public:
  using InputError::InputError;
};

/// runJob() of gougechek/job.hpp with the job's tuning: what the command line and the batch run.
Report runJob(const TunedJob& job, const JobHooks& hooks);

/// What a report of `job` shows before anything is read: the inputs' names, the settings
/// (`shown`, else the job's) and the trace, its inputs hashed by `sha256`.
Report jobReport(const CheckJob& job, const FileSha256& sha256,
                 const std::optional<VerifySettings>& shown = std::nullopt);

/// Refuses, before anything runs, outputs of `job` that would overwrite an input or each other:
/// NoReportError when a report would (no report is written then), InputError for the mesh;
/// the options named as `names` spell them.
void refuseOverwrites(const CheckJob& job, SettingNames names);

/// Writes `report` to every report file of `job` but `failed` (one whose write failed
/// already); one that cannot be written is told to `warn`, and the others are still written.
void writeErrorReports(const Report& report, const CheckJob& job,
                       const std::function<void(const std::string&)>& warn,
                       const std::string& failed = {});

}  // namespace gougechek
