#pragma once
// The signals that end a process by default end a run promptly and cleanly instead: the
// handler only records the signal; the run looks for it between blocks of moves and ends by
// throwing Interrupted, so the error report is written over the previous one and temporary
// files are removed on the way out.
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

/// Installs the handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM
/// (sent to stop a run: a second one ends the process at once, for a run stuck where it does not
/// look, e.g. waiting on stdin), and SIGPIPE, SIGXFSZ, SIGXCPU (the system's answer to a write
/// to a closed pipe, past the file size limit, past the CPU time limit: the failing write
/// fails with an error instead, and the run ends as for SIGTERM).
void installInterruptionHandlers();

/// Throws Interrupted when a signal has arrived. Thread-safe and cheap.
void throwIfInterrupted();

/// The signal that arrived, 0 when none. An error met after one (a write to a closed pipe) is
/// its consequence: the run ends as interrupted by it.
int receivedSignal();

}  // namespace gougechek
