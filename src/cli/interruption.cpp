#include "interruption.hpp"

#include <atomic>
#include <csignal>
#include <cstring>
#include <string>

namespace gougechek {

namespace {

// Written by the signal handler, read by any thread: a lock-free atomic is both
// async-signal-safe and free of data races.
std::atomic<int> received_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void recordSignal(int signal) {
  // The first signal is the cause; a SIGPIPE it leads to (the report reader gone) is not.
  int none = 0;
  received_signal.compare_exchange_strong(none, signal, std::memory_order_relaxed);
}

std::string signalName(int signal) {
  if (const char* abbreviation = sigabbrev_np(signal)) return std::string("SIG") + abbreviation;
  return "signal " + std::to_string(signal);
}

/// Installs `action` for `signals`; a signal ignored by whoever started us (a background job's
/// SIGINT, nohup's SIGHUP) stays ignored.
void handle(std::initializer_list<int> signals, const struct sigaction& action) {
  for (const int signal : signals) {
    struct sigaction previous {};
    if (sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error("interrupted by " + signalName(signal)), signal_(signal) {}

void installInterruptionHandlers() {
  struct sigaction action {};
  action.sa_handler = recordSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  // The system's own signals come again with every write past a limit or to a closed pipe,
  // the error report's included, and every second past the CPU limit (the hard limit then
  // kills): they must not end the process before that report is written.
  handle({SIGPIPE, SIGXFSZ, SIGXCPU}, action);
  // A signal sent to stop us breaks off a blocking call (opening a FIFO no one writes, or
  // reads): it fails with EINTR, and the run ends as interrupted, as any error after a signal
  // does. SA_RESETHAND: a second one takes the default action and ends the process.
  action.sa_flags = SA_RESETHAND;
  handle({SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM}, action);
}

void throwIfInterrupted() {
  if (const int signal = receivedSignal()) throw Interrupted(signal);
}

int receivedSignal() {
  return received_signal.load(std::memory_order_relaxed);
}

}  // namespace gougechek
