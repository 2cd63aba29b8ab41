#pragma once
// `gougechek batch MANIFEST --out DIR`: every program of every job checked, each part read and
// its tree built once for all the programs checked against it, the checks side by side on the
// machine's cores. A check that cannot run (its part, program or tool is wrong) is an error
// check with the message the command line would give, and the others go on.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "batch/batch_outputs.hpp"
#include "batch/manifest.hpp"

namespace gougechek {

/// How far a batch run is, for a progress display. The counters only grow, and may be read
/// from any thread while the run goes. A program's length in moves is known only once it has
/// been read to its end (programs are streamed, read while they are checked), so the run
/// tells how much of the programs' text has been read instead.
struct BatchProgress {
  std::size_t jobs = 0;  ///< of this run (its shard)
  std::atomic<std::size_t> jobs_done{0};
  std::atomic<std::uint64_t> moves_checked{0};
  std::uint64_t program_bytes = 0;  ///< the sizes of the jobs' program files, summed
  std::atomic<std::uint64_t> program_bytes_read{0};
};

struct BatchOptions {
  std::string out_dir;
  std::size_t shard_index = 0;  ///< this run's share of the jobs, 0-based
  std::size_t shard_count = 1;
  int threads = 0;  ///< 0: all cores
  /// An earlier run's summary (--baseline) to mark changes against; null: none.
  BatchJson baseline;
  std::string baseline_file;
  FailOn fail_on = FailOn::Any;  ///< which findings make the exit code 1 (summaryExitCode)
  /// Called often, from any thread; it may throw to stop the run (a signal). Then every check
  /// not finished ends as an error of kind "interrupted", every output is still written, and
  /// runBatch rethrows what check_stop threw.
  std::function<void()> check_stop;
  /// Called once the run starts, then often from any thread (after each block of moves, each
  /// check's end, and while parts are read); must be thread-safe and cheap.
  std::function<void(const BatchProgress&)> progress;
};

/// The most shards a run may be split into (--shard I/N, N at most this).
inline constexpr std::size_t kMaxShards = 100000;

/// The manifest indices of the jobs of shard `index` of `count`: jobs are dealt, largest
/// first (part and program file sizes), each to the shard with the least so far, so shards
/// take about equal work and every machine deals them alike.
std::vector<std::size_t> shardJobs(const Manifest& manifest, std::size_t index, std::size_t count);

/// Runs the jobs of options' shard and writes, in options.out_dir, every check's reports
/// (jobs/JOB/PROGRAM.json .html .xml .csv) and the collected outputs (batch_outputs.hpp).
/// When out_dir holds an earlier run's output, the reports its summary.json lists that this
/// run does not write (a job removed or renamed, another shard) are removed first, and then
/// the job folders they leave empty; nothing else is removed. Returns the exit code over all
/// jobs: 0 clean, 1 violations (those options.fail_on fails on), 2 any job in error. Throws
/// InputError when the output folder cannot be used or written (a summary.json there that is no
/// batch summary included).
int runBatch(const Manifest& manifest, const BatchOptions& options);

}  // namespace gougechek
