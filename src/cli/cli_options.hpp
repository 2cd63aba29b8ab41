#pragma once
// The command line of docs/cli.md, parsed and checked; nothing here reads the inputs.
#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "gougechek/job.hpp"
#include "job/job_options.hpp"

namespace gougechek {

enum class CliMode { Check, PrintMoves, Help, Version, Generate };

struct CliOptions {
  CliMode mode = CliMode::Check;
  /// The check, its outputs and its command line as given, shell-quoted; part_file empty with
  /// --moves. No --report: the report goes to stdout.
  TunedJob job;
  ReportFormat format = ReportFormat::Text;  ///< of the report on stdout
  FailOn fail_on = FailOn::Any;              ///< which findings make the exit code 1
  bool quiet = false;
  bool force_progress = false;
  std::string generate;  ///< CliMode::Generate: "man", "bash" or "zsh" (shell_docs.hpp)
};

/// A usage error on a check command line, with what was understood of where its report goes
/// (part, program, --report, --format, the other input files), so that the reports asked for
/// still tell of the error instead of keeping an older run's result.
class CommandLineError : public UsageError {
 public:
  CommandLineError(const std::string& message, CliOptions known)
      : UsageError(message), known_(std::move(known)) {}
  /// job.reports is empty when the reports themselves cannot be told (or with --moves).
  const CliOptions& known() const { return known_; }

 private:
  CliOptions known_;
};

/// Parses argv; throws UsageError with a message fit for the user (CommandLineError once the
/// command line is known to be a check).
CliOptions parseCommandLine(int argc, const char* const argv[]);

/// The message of `error`, a parse error of a command line whose options are `options`: an
/// unknown option with the ones it may have meant (`--tol`: --tolerance, --tool, ...).
std::string parseErrorMessage(const boost::program_options::error& error,
                              const boost::program_options::options_description& options);

/// The options of a check, as --help lists them: the one table the help, the man page and the
/// shell completions are made from.
boost::program_options::options_description visibleOptions();

/// The --help text.
std::string helpText();

}  // namespace gougechek
