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

  /// For updates without a total: the bar shows bytes_read / bytes_total of the input (the
  /// counter must outlive the bar; bytes_total 0: just the count of moves).
  void trackInput(const std::atomic<std::uint64_t>& bytes_read, std::uint64_t bytes_total);

  /// Erases the bar, so what follows on stderr starts on a clean line.
  void finish();

 private:
  void draw(std::size_t done, std::size_t total);

  std::ostream& out_;
  std::mutex drawing_;
  std::atomic<std::int64_t> next_draw_ns_{0};
  std::size_t drawn_length_ = 0;  ///< characters of the bar now on screen
  const std::atomic<std::uint64_t>* bytes_read_ = nullptr;
  std::uint64_t bytes_total_ = 0;
};

}  // namespace gougechek
