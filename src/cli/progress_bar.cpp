#include "cli/progress_bar.hpp"

#include <string>

namespace gougechek {

namespace {

constexpr int kBarWidth = 40;
constexpr std::int64_t kRedrawIntervalNs = 100'000'000;

std::int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void ProgressBar::update(std::size_t done, std::size_t total) {
  const std::int64_t now = nowNs();
  if (now < next_draw_ns_.load(std::memory_order_relaxed)) return;
  std::unique_lock lock(drawing_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  next_draw_ns_.store(now + kRedrawIntervalNs, std::memory_order_relaxed);
  draw(done, total);
}

void ProgressBar::draw(std::size_t done, std::size_t total) {
  const double fraction = total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total);
  const int filled = static_cast<int>(fraction * kBarWidth);
  const std::string line = "checking [" + std::string(static_cast<std::size_t>(filled), '#') +
                           std::string(static_cast<std::size_t>(kBarWidth - filled), '.') + "] " +
                           std::to_string(static_cast<int>(fraction * 100)) + "% " +
                           std::to_string(done) + "/" + std::to_string(total) + " moves";
  out_ << '\r' << line << std::flush;
  drawn_length_ = line.size();
}

void ProgressBar::finish() {
  std::lock_guard lock(drawing_);
  // Spaces rather than a terminal escape: --progress may send the bar to a log file.
  if (drawn_length_ > 0) out_ << '\r' << std::string(drawn_length_, ' ') << '\r' << std::flush;
  drawn_length_ = 0;
}

}  // namespace gougechek
