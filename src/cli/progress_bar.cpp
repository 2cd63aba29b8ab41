#include "progress_bar.hpp"

#include <algorithm>
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

void ProgressBar::trackInput(const ProgramStream& program) {
  program_ = &program;
}

void ProgressBar::draw(std::size_t done, std::size_t total) {
  std::string line = "checking ";
  double fraction = -1;
  std::string count = std::to_string(done) + " moves";
  if (total != 0) {
    fraction = static_cast<double>(done) / static_cast<double>(total);
    count = std::to_string(done) + "/" + std::to_string(total) + " moves";
  } else if (program_ && program_->size() != 0) {
    fraction = std::min(
        1.0, static_cast<double>(program_->bytesRead()) / static_cast<double>(program_->size()));
  }
  if (fraction >= 0) {
    const int filled = static_cast<int>(fraction * kBarWidth);
    line += '[';
    line.append(static_cast<std::size_t>(filled), '#');
    line.append(static_cast<std::size_t>(kBarWidth - filled), '.');
    line += "] ";
    line += std::to_string(static_cast<int>(fraction * 100));
    line += "% ";
  }
  line += count;
  // Pad over a longer bar drawn before, so no stale characters stay at the end.
  const std::size_t length = line.size();
  if (length < drawn_length_) line.append(drawn_length_ - length, ' ');
  out_ << '\r' << line << std::flush;
  drawn_length_ = std::max(length, drawn_length_);
}

void ProgressBar::finish() {
  std::lock_guard lock(drawing_);
  // Spaces rather than a terminal escape: --progress may send the bar to a log file.
  if (drawn_length_ > 0) out_ << '\r' << std::string(drawn_length_, ' ') << '\r' << std::flush;
  drawn_length_ = 0;
}

}  // namespace gougechek
