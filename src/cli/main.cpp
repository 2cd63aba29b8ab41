// gougechek: checks an NC program against the part it machines (docs/cli.md,
// docs/checking-rules.md).
#include <csignal>
#include <cstdio>
#include <exception>
#include <iostream>

#include "batch_command.hpp"
#include "cli_options.hpp"
#include "gougechek/error.hpp"
#include "gougechek/version.hpp"
#include "interruption.hpp"
#include "run_check.hpp"
#include "shell_docs.hpp"

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitInternal = 3;
constexpr int kExitSignalBase = 128;  ///< exit code 128 + signal, as shells report a signal

/// Whatever went to stdout reached it: buffered text is flushed and write errors seen.
bool stdoutWritten() {
  std::cout.flush();
  return std::cout && std::fflush(stdout) == 0 && !std::ferror(stdout);
}

int run(int argc, const char* const argv[]) {
  using namespace gougechek;
  if (isBatchCommand(argc, argv)) return runBatchCommand(argc, argv, std::cout);
  const CliOptions options = parseCommandLine(argc, argv);
  switch (options.mode) {
    case CliMode::Help:
      std::cout << helpText();
      return 0;
    case CliMode::Version:
      std::cout << "gougechek " << version() << "\n";
      return 0;
    case CliMode::Generate:
      std::cout << generatedFile(options.generate);
      return 0;
    case CliMode::PrintMoves:
      return printMoves(options, std::cout);
    case CliMode::Check:
      return runCheck(options, std::cout, std::cerr);
  }
  return kExitInternal;
}

/// Where messages go: stderr, except once SIGPIPE came. Then the reader of the output went
/// away on purpose (`gougechek --moves job.nc | head`), and, as other programs, the run ends
/// without a word (the report, where one is written, says it was interrupted).
std::ostream& messages() {
  static std::ostream discarded(nullptr);
  if (gougechek::receivedSignal() == SIGPIPE) return discarded;
  // A write to a terminal broken off by the signal (the progress bar's) must not silence them.
  std::cerr.clear();
  return std::cerr;
}

/// The exit code of the command line, its errors said on stderr.
int runReportingErrors(int argc, const char* const argv[]) {
  try {
    const int exit_code = run(argc, argv);
    if (!stdoutWritten()) {
      messages() << "gougechek: error: cannot write to standard output\n";
      return kExitUsage;
    }
    return exit_code;
  } catch (const gougechek::Interrupted& interruption) {
    messages() << "gougechek: " << interruption.what() << "\n";
    return kExitSignalBase + interruption.signal();
  } catch (const gougechek::CommandLineError& error) {
    messages() << "gougechek: error: " << error.what() << "\nTry 'gougechek --help'.\n";
    gougechek::reportUsageError(error, messages());
    return kExitUsage;
  } catch (const gougechek::UsageError& error) {
    messages() << "gougechek: error: " << error.what() << "\nTry 'gougechek --help'.\n";
    return kExitUsage;
  } catch (const gougechek::InputError& error) {
    messages() << "gougechek: error: " << error.what() << "\n";
    return kExitUsage;
  } catch (const std::exception& error) {
    messages() << "gougechek: internal error: " << error.what() << "\n";
    return kExitInternal;
  } catch (...) {
    messages() << "gougechek: internal error: unknown exception\n";
    return kExitInternal;
  }
}

/// An error that follows a signal is its doing (a write to a closed pipe after SIGPIPE, past
/// the size limit after SIGXFSZ, an open of a FIFO broken off by SIGTERM): the run was
/// interrupted, and says so. A run that ended with its result is not.
int exitCode(int code) {
  const int signal = gougechek::receivedSignal();
  if (signal == 0 || code < kExitUsage || code >= kExitSignalBase) return code;
  messages() << "gougechek: " << gougechek::Interrupted(signal).what() << "\n";
  return kExitSignalBase + signal;
}

}  // namespace

int main(int argc, char* argv[]) {
  gougechek::installInterruptionHandlers();
  return exitCode(runReportingErrors(argc, argv));
}
