#pragma once
// What a batch run collects in its output folder, all made from one document, summary.json
// (schema gougechek-batch/1, docs/batch.md), so that `gougechek merge` rebuilds from the
// shards' summaries exactly what a single run writes:
//   summary.json  every job and check, with each check's whole JSON report;
//   index.html    one row per check: status, counts, max depth, links to its reports;
//   junit.xml     <testsuites>, one suite per job, one case per program;
//   results.csv   every violation, with job and program columns.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "job/job_options.hpp"

namespace gougechek {

using BatchJson = nlohmann::ordered_json;

/// Recomputes the summary's statuses and totals from its checks.
void settleSummary(BatchJson& summary);

/// The collected outputs of a summary, rendered: every field they read is checked (a missing
/// one throws BatchJson's exception) before any is written.
struct CollectedOutputs {
  std::string junit, csv, html, summary;
};
CollectedOutputs renderCollectedOutputs(const BatchJson& summary);

/// Writes summary.json, index.html, junit.xml and results.csv into `dir` (each replaced whole).
/// Throws InputError naming a file that cannot be written.
void writeCollectedOutputs(const CollectedOutputs& outputs, const std::string& dir);
inline void writeCollectedOutputs(const BatchJson& summary, const std::string& dir) {
  writeCollectedOutputs(renderCollectedOutputs(summary), dir);
}

/// The exit code a summary stands for: 2 when a job is in error, 1 when a check has a finding
/// `fail_on` fails on (FailOn::New: marked "new" against the baseline, which the summary must
/// have been compared with), else 0. Waived findings fail on nothing.
int summaryExitCode(const BatchJson& summary, FailOn fail_on = FailOn::Any);

/// The violation totals of a summary's `totals` by kind: "3 gouges, 0 rapid collisions, 0
/// holder collisions", then the stock and fixture collisions where the run had a stock or
/// fixtures (the totals have them only then).
std::string kindTotals(const BatchJson& totals);

/// Reads a summary.json written by a batch run. Throws InputError.
BatchJson readSummary(const std::string& path);

/// `gougechek merge --out DIR SHARD_DIR...`: the shards' reports copied into `dir` and the
/// collected outputs rebuilt from their summaries, as one run of every shard would have written
/// them. The shards must come from one manifest and together hold every shard once. Returns
/// the exit code over all jobs. Throws InputError.
int mergeShards(const std::vector<std::string>& shard_dirs, const std::string& dir,
                FailOn fail_on = FailOn::Any);

}  // namespace gougechek
