#include "gcode/line_reader.hpp"

#include <cerrno>
#include <cstring>

#include "gcode/input_limits.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {
constexpr std::size_t kChunk = 1 << 16;
}

LineReader::LineReader(std::istream& in, std::string file_name)
    : in_(in), file_name_(std::move(file_name)), buffer_(kChunk) {}

bool LineReader::refill() {
  if (eof_) return false;
  // Keep the unfinished line at the front; grow only for a line longer than the buffer.
  std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
  base_ += begin_;
  end_ -= begin_;
  begin_ = 0;
  if (buffer_.size() - end_ < kChunk / 2) buffer_.resize(buffer_.size() * 2);
  errno = 0;
  in_.read(buffer_.data() + end_, static_cast<std::streamsize>(buffer_.size() - end_));
  const int error = errno;
  // badbit is a failed read, not the end: what was not read must not pass for the whole program.
  if (in_.bad())
    throw ReadError(
        file_name_, lines_read_ + 1, 0,
        std::string("read error: ") + (error != 0 ? std::strerror(error) : "the stream failed"));
  const auto got = static_cast<std::size_t>(in_.gcount());
  end_ += got;
  if (got == 0) eof_ = true;
  return got > 0;
}

void LineReader::tooLong() const {
  throw ReadError(file_name_, lines_read_ + 1, 0,
                  "line longer than " + std::to_string(kMaxLineBytes) + " bytes");
}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    const char* start = buffer_.data() + begin_;
    const std::size_t available = end_ - begin_;
    const char separator = ending_ == Ending::Cr ? '\r' : '\n';
    const void* found = std::memchr(start, separator, available);
    if (ending_ == Ending::Unknown) {
      // Decided at the first line end: a CR followed by anything but CR or LF is a CR-only file.
      const std::size_t scan =
          found ? static_cast<std::size_t>(static_cast<const char*>(found) - start) : available;
      const void* cr = std::memchr(start, '\r', scan);
      if (cr) {
        const char* after = static_cast<const char*>(cr) + 1;
        while (after < start + available && *after == '\r') ++after;
        if (after < start + available && *after != '\n') {
          ending_ = Ending::Cr;
          continue;
        }
        if (after == start + available && !eof_ && refill()) continue;
      }
      if (found || eof_) ending_ = Ending::Lf;
    }
    if (found) {
      std::size_t length = static_cast<std::size_t>(static_cast<const char*>(found) - start);
      begin_ += length + 1;
      if (ending_ == Ending::Cr && begin_ < end_ && buffer_[begin_] == '\n') ++begin_;
      while (length > 0 && start[length - 1] == '\r') --length;
      if (length > kMaxLineBytes) tooLong();
      line = std::string_view(start, length);
      ++lines_read_;
      return true;
    }
    if (available > kMaxLineBytes) tooLong();
    if (!refill()) {
      if (begin_ == end_) return false;
      const char* last = buffer_.data() + begin_;  // the last line, without a line end
      std::size_t length = end_ - begin_;
      while (length > 0 && last[length - 1] == '\r') --length;
      line = std::string_view(last, length);
      begin_ = end_;
      ++lines_read_;
      return true;
    }
  }
}

bool LineReader::seek(Position position) {
  lines_read_ = position.lines_read;
  if (position.offset >= base_ && position.offset <= base_ + end_) {
    begin_ = static_cast<std::size_t>(position.offset - base_);
    return true;
  }
  in_.clear();
  in_.seekg(static_cast<std::streamoff>(position.offset));
  if (!in_) return false;
  base_ = position.offset;
  begin_ = end_ = 0;
  eof_ = false;
  return true;
}

}  // namespace gougechek
