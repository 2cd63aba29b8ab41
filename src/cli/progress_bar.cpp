#include "progress_bar.hpp"

#include <algorithm>
#include <cstdio>
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

/// Redraws the line: carriage return, `line`, and spaces over the rest of a longer line drawn
/// before, so no stale characters stay at the end.
void showLine(std::ostream& out, std::string line, std::size_t& drawn_length) {
  const std::size_t length = line.size();
  if (length < drawn_length) line.append(drawn_length - length, ' ');
  out << '\r' << line << std::flush;
  drawn_length = std::max(length, drawn_length);
}

/// Whether a draw is due now (at most every kRedrawIntervalNs); if so, books the next one.
bool drawDue(std::atomic<std::int64_t>& next_draw_ns) {
  const std::int64_t now = nowNs();
  if (now < next_draw_ns.load(std::memory_order_relaxed)) return false;
  next_draw_ns.store(now + kRedrawIntervalNs, std::memory_order_relaxed);
  return true;
}

template <class Number>
void raiseTo(std::atomic<Number>& value, Number to) {
  Number before = value.load(std::memory_order_relaxed);
  while (to > before && !value.compare_exchange_weak(before, to, std::memory_order_relaxed)) {
  }
}

/// 987, 12.3k, 1.23M, 4.56G: cut, not rounded, so a count that grows never shows less.
std::string countText(std::uint64_t count) {
  char text[32];
  if (count < 10'000) {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(count));
  } else if (count < 1'000'000) {
    std::snprintf(text, sizeof text, "%.1fk", static_cast<double>(count / 100) / 10);
  } else if (count < 1'000'000'000) {
    std::snprintf(text, sizeof text, "%.2fM", static_cast<double>(count / 10'000) / 100);
  } else {
    std::snprintf(text, sizeof text, "%.2fG", static_cast<double>(count / 10'000'000) / 100);
  }
  return text;
}

/// 0:07, 12:34, 1:02:03.
std::string timeText(double seconds) {
  const auto whole = static_cast<long long>(seconds);
  char text[32];
  if (whole < 3600) {
    std::snprintf(text, sizeof text, "%lld:%02lld", whole / 60, whole % 60);
  } else {
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld", whole / 3600, whole / 60 % 60,
                  whole % 60);
  }
  return text;
}

// An ETA from less than this share of the program text, or this little time, is noise.
constexpr double kEtaMinShare = 0.01;
constexpr double kEtaMinSeconds = 2;

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

void ProgressBar::update(std::size_t done, std::size_t total) {
  if (nowNs() < next_draw_ns_.load(std::memory_order_relaxed)) return;
  std::unique_lock lock(drawing_, std::try_to_lock);
  if (!lock.owns_lock() || !drawDue(next_draw_ns_)) return;
  draw(done, total);
}

void ProgressBar::phase(const std::string& what) {
  std::lock_guard lock(drawing_);
  showLine(out_, what, drawn_length_);
}

void ProgressBar::trackInput(const ProgramStream& program) {
  program_ = &program;
  checking_started_ = std::chrono::steady_clock::now();
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
  line.append(", ").append(timeText(secondsSince(started_))).append(" elapsed");
  const double checking = secondsSince(checking_started_);
  if (fraction >= kEtaMinShare && fraction < 1 && checking >= kEtaMinSeconds)
    line.append(", ETA ").append(timeText(checking * (1 - fraction) / fraction));
  showLine(out_, std::move(line), drawn_length_);
}

void ProgressBar::finish() {
  std::lock_guard lock(drawing_);
  // Spaces rather than a terminal escape: --progress may send the bar to a log file.
  if (drawn_length_ > 0) out_ << '\r' << std::string(drawn_length_, ' ') << '\r' << std::flush;
  drawn_length_ = 0;
}

BatchProgressLine::BatchProgressLine(std::ostream& out)
    : out_(out), started_(std::chrono::steady_clock::now()) {}

void BatchProgressLine::update(const BatchProgress& progress) {
  raiseTo(jobs_, progress.jobs);
  raiseTo(jobs_done_, progress.jobs_done.load(std::memory_order_relaxed));
  raiseTo(moves_, progress.moves_checked.load(std::memory_order_relaxed));
  raiseTo(bytes_, progress.program_bytes);
  raiseTo(bytes_read_, progress.program_bytes_read.load(std::memory_order_relaxed));
  if (nowNs() < next_draw_ns_.load(std::memory_order_relaxed)) return;
  std::unique_lock lock(drawing_, std::try_to_lock);
  if (!lock.owns_lock() || !drawDue(next_draw_ns_)) return;
  draw(false);
}

void BatchProgressLine::draw(bool last) {
  const double elapsed = secondsSince(started_);
  const std::size_t jobs = jobs_.load(std::memory_order_relaxed);
  const std::uint64_t bytes = bytes_.load(std::memory_order_relaxed);
  const std::uint64_t bytes_read = std::min(bytes, bytes_read_.load(std::memory_order_relaxed));
  std::string line = "batch: ";
  line.append(std::to_string(jobs_done_.load(std::memory_order_relaxed)))
      .append("/")
      .append(std::to_string(jobs))
      .append(" jobs, ")
      .append(countText(moves_.load(std::memory_order_relaxed)))
      .append(" moves checked");
  const double share = bytes > 0 ? static_cast<double>(bytes_read) / static_cast<double>(bytes) : 0;
  if (bytes > 0 && !last)
    line.append(", programs ")
        .append(std::to_string(static_cast<int>(share * 100)))
        .append("% read");
  line.append(", ").append(timeText(elapsed)).append(" elapsed");
  if (!last && share >= kEtaMinShare && share < 1 && elapsed >= kEtaMinSeconds)
    line.append(", ETA ").append(timeText(elapsed * (1 - share) / share));
  showLine(out_, std::move(line), drawn_length_);
}

void BatchProgressLine::finish() {
  std::lock_guard lock(drawing_);
  if (drawn_length_ == 0) return;
  draw(true);
  out_ << '\n' << std::flush;
  drawn_length_ = 0;
}

}  // namespace gougechek
