#pragma once
// `gougechek batch MANIFEST --out DIR`: every program of every job checked, each part read and
// its tree built once for all the programs checked against it, the checks side by side on the
// machine's cores. A check that cannot run (its part, program or tool is wrong) is an error
// check with the message the command line would give, and the others go on.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "batch/batch_outputs.hpp"
#include "batch/manifest.hpp"

namespace gougechek {

struct BatchOptions {
  std::string out_dir;
  std::size_t shard_index = 0;  ///< this run's share of the jobs, 0-based
  std::size_t shard_count = 1;
  int threads = 0;  ///< 0: all cores
  /// An earlier run's summary (--baseline) to mark changes against; null: none.
  BatchJson baseline;
  std::string baseline_file;
  /// Called often; it may throw to stop the run (a signal), and what it throws propagates.
  std::function<void()> check_stop;
};

/// The manifest indices of the jobs of shard `index` of `count`: jobs are dealt, largest
/// first (part and program file sizes), each to the shard with the least so far, so shards
/// take about equal work and every machine deals them alike.
std::vector<std::size_t> shardJobs(const Manifest& manifest, std::size_t index, std::size_t count);

/// Runs the jobs of options' shard and writes, in options.out_dir, every check's reports
/// (jobs/JOB/PROGRAM.json .html .xml .csv) and the collected outputs (batch_outputs.hpp).
/// Returns the exit code over all jobs: 0 clean, 1 violations, 2 any job in error. Throws
/// InputError when the output folder cannot be used or written.
int runBatch(const Manifest& manifest, const BatchOptions& options);

}  // namespace gougechek
