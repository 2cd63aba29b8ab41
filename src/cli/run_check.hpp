#pragma once
// The command line's side of a check: runJob() (gougechek/job.hpp) with its progress bar, its
// signals and stdout; the report of a usage error; --moves.
#include <ostream>

#include "cli_options.hpp"

namespace gougechek {

/// Runs a CliMode::Check command line; returns the exit code (0 clean, 1 violations). Input
/// errors propagate as InputError, unwritable report files (stdout included) as InputError
/// naming the file, a signal as Interrupted, after the error report was written where a report
/// file was asked for.
int runCheck(const CliOptions& options, std::ostream& out, std::ostream& err);

/// Writes the error report of a check command line that could not run (`error.known()`'s
/// --report), unless it is unknown or would overwrite an input; problems writing it go to `err`.
void reportUsageError(const CommandLineError& error, std::ostream& err);

/// Prints the interpreted moves of options.path_file as JSON lines; returns the exit code.
int printMoves(const CliOptions& options, std::ostream& out);

}  // namespace gougechek
