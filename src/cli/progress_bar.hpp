#pragma once
// A one-line progress bar on stderr, fed by the verifier's worker threads. A streamed program's
// length in moves is unknown until its end, so the bar then shows how much of the input file has
// been read, next to the moves checked.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <string>

#include "gougechek/program.hpp"

namespace gougechek {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out) : out_(out) {}
  /// Erases the bar, also when an error unwinds past it (the error message then starts clean).
  ~ProgressBar() { finish(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Thread-safe. Redraws at most every 100 ms, and never blocks a worker on the drawing:
  /// a thread that finds another one drawing just returns.
  void update(std::size_t done, std::size_t total);

  /// For updates without a total: the bar shows how much of `program` has been read (it must
  /// outlive the bar; when its size is unknown, just the count of moves).
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
};

}  // namespace gougechek
