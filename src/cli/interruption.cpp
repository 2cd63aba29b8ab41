#include "interruption.hpp"

#include <atomic>
#include <csignal>
#include <string>

namespace gougechek {

namespace {

// Written by the signal handler, read by any thread: a lock-free atomic is both
// async-signal-safe and free of data races.
std::atomic<int> received_signal{0};
static_assert(std::atomic<int>::is_always_lock_free);

extern "C" void recordSignal(int signal) {
  received_signal.store(signal, std::memory_order_relaxed);
}

std::string signalName(int signal) {
  if (signal == SIGINT) return "SIGINT";
  if (signal == SIGTERM) return "SIGTERM";
  return "signal " + std::to_string(signal);
}

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error("interrupted by " + signalName(signal)), signal_(signal) {}

void installInterruptionHandlers() {
  struct sigaction action {};
  action.sa_handler = recordSignal;
  sigemptyset(&action.sa_mask);
  // SA_RESETHAND: the next signal takes the default action and ends the process.
  action.sa_flags = SA_RESTART | SA_RESETHAND;
  for (const int signal : {SIGINT, SIGTERM}) {
    // A signal ignored by whoever started us (a background job's SIGINT, nohup) stays ignored.
    struct sigaction previous {};
    if (sigaction(signal, nullptr, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
    sigaction(signal, &action, nullptr);
  }
}

void throwIfInterrupted() {
  if (const int signal = received_signal.load(std::memory_order_relaxed)) throw Interrupted(signal);
}

}  // namespace gougechek
