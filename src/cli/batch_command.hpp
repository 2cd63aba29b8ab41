#pragma once
// `gougechek batch MANIFEST --out DIR [--shard I/N]` and `gougechek merge --out DIR SHARD...`
// (docs/batch.md): their command lines, parsed, and run.
#include <boost/program_options/options_description.hpp>
#include <ostream>

namespace gougechek {

/// The options of `gougechek batch` (and those `merge` shares with it).
boost::program_options::options_description batchOptions();

/// Whether argv is a batch or merge command line (its first word is `batch` or `merge`).
bool isBatchCommand(int argc, const char* const argv[]);

/// Parses and runs a batch or merge command line; returns the exit code over all jobs (0
/// clean, 1 violations, 2 a job in error). Throws UsageError for a bad command line, InputError
/// for an unreadable manifest or an unusable output folder, Interrupted on a signal.
int runBatchCommand(int argc, const char* const argv[], std::ostream& out);

}  // namespace gougechek
