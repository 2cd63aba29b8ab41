#pragma once
// SIGINT and SIGTERM end a run promptly and cleanly: the handler only records the signal; the
// run looks for it between blocks of moves and ends by throwing Interrupted, so the error
// report is written and temporary files are removed on the way out.
#include <stdexcept>

namespace gougechek {

/// The run was stopped by a signal; the process exits with 128 + signal, as shells report it.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }

 private:
  int signal_;
};

/// Installs the handlers for SIGINT and SIGTERM. A second signal ends the process at once
/// (for a run stuck where it does not look, e.g. inside the STEP reader or waiting on stdin).
void installInterruptionHandlers();

/// Throws Interrupted when a signal has arrived. Thread-safe and cheap.
void throwIfInterrupted();

}  // namespace gougechek
