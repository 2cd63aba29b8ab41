#pragma once
// A one-line progress bar on stderr, fed by the verifier's worker threads, after a line naming
// what comes before (reading the part). A streamed program's length in moves is unknown until
// its end, so the bar then shows how much of the input file has been read, next to the moves
// checked; the time elapsed, and an ETA once the share done means something:
//
//   checking [######..] 62% 10123 moves, 0:04 elapsed, ETA 0:02
//
// A batch run has one progress line over all its checks (BatchProgressLine).
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>

#include "batch/batch_run.hpp"
#include "gougechek/program.hpp"

namespace gougechek {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out) : out_(out), started_(std::chrono::steady_clock::now()) {}
  /// Erases the bar, also when an error unwinds past it (the error message then starts clean).
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Thread-safe. Redraws at most every 100 ms, and never blocks a worker on the drawing:
  /// a thread that finds another one drawing just returns.
  void update(std::size_t done, std::size_t total);

  /// What is done before the moves are checked ("reading the part mold.step"), shown at once
  /// until the bar replaces it.
  void phase(const std::string& what);

  /// For updates without a total: the bar shows how much of `program` has been read (it must
  /// outlive the bar; when its size is unknown, just the count of moves). The check starts:
  /// its ETA is reckoned from now.
  void trackInput(const ProgramStream& program);

  /// Erases the bar, so what follows on stderr starts on a clean line.
  void finish();

 private:
  void draw(std::size_t done, std::size_t total);

  std::ostream& out_;
  std::mutex drawing_;
  std::atomic<std::int64_t> next_draw_ns_{0};
  std::size_t drawn_length_ = 0;  ///< characters of the bar now on screen
  const ProgramStream* program_ = nullptr;
  std::chrono::steady_clock::time_point started_, checking_started_;
};

/// The line a batch run shows on stderr, and keeps when it ends:
///   batch: 17/42 jobs, 1.23M moves checked, programs 38% read, 0:12 elapsed, ETA 0:31
/// A job is done when all its checks have ended (an interrupted one has not). The programs'
/// lengths in moves are known only once they are read, so the share of their text read stands
/// for the share of the work done, and the ETA is estimated from it once it means something.
class BatchProgressLine {
 public:
  explicit BatchProgressLine(std::ostream& out);
  /// Ends the line, also when an error unwinds past it.
  ~BatchProgressLine() { finish(); }
  BatchProgressLine(const BatchProgressLine&) = delete;
  BatchProgressLine& operator=(const BatchProgressLine&) = delete;

  /// Thread-safe, for BatchOptions::progress. Takes the counts every time, redraws at most
  /// every 100 ms, and never blocks a worker on the drawing.
  void update(const BatchProgress& progress);

  /// Draws the last counts taken and ends the line with a newline, so that what follows (the
  /// summary line, an error) starts on its own line. Nothing when nothing was drawn.
  void finish();

 private:
  void draw(bool last);

  std::ostream& out_;
  std::chrono::steady_clock::time_point started_;
  std::mutex drawing_;
  std::atomic<std::int64_t> next_draw_ns_{0};
  std::size_t drawn_length_ = 0;  ///< characters of the line now on screen
  // The counts taken so far: each only grows, so no line shows less than one before it.
  std::atomic<std::size_t> jobs_{0};
  std::atomic<std::size_t> jobs_done_{0};
  std::atomic<std::uint64_t> moves_{0};
  std::atomic<std::uint64_t> bytes_{0};
  std::atomic<std::uint64_t> bytes_read_{0};
};

}  // namespace gougechek
