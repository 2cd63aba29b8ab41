#include "gcode/line_reader.hpp"

#include <cstring>

namespace gougechek {

namespace {
constexpr std::size_t kChunk = 1 << 16;
}

LineReader::LineReader(std::istream& in) : in_(in), buffer_(kChunk) {}

bool LineReader::refill() {
  if (eof_) return false;
  // Keep the unfinished line at the front; grow only for a line longer than the buffer.
  std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
  end_ -= begin_;
  begin_ = 0;
  if (buffer_.size() - end_ < kChunk / 2) buffer_.resize(buffer_.size() * 2);
  in_.read(buffer_.data() + end_, static_cast<std::streamsize>(buffer_.size() - end_));
  const auto got = static_cast<std::size_t>(in_.gcount());
  end_ += got;
  if (got == 0) eof_ = true;
  return got > 0;
}

bool LineReader::next(std::string_view& line) {
  for (;;) {
    if (skip_lf_ && begin_ < end_) {
      if (buffer_[begin_] == '\n') ++begin_;
      skip_lf_ = false;
    }
    const char* start = buffer_.data() + begin_;
    const std::size_t available = end_ - begin_;
    const void* lf = std::memchr(start, '\n', available);
    const std::size_t scan = lf ? static_cast<std::size_t>(static_cast<const char*>(lf) - start)
                                : available;
    const void* cr = std::memchr(start, '\r', scan);
    if (cr) {  // CR ends the line (CRLF or CR-only); the LF, if any, is dropped next time
      const auto length = static_cast<std::size_t>(static_cast<const char*>(cr) - start);
      line = std::string_view(start, length);
      begin_ += length + 1;
      skip_lf_ = true;
      return true;
    }
    if (lf) {
      line = std::string_view(start, scan);
      begin_ += scan + 1;
      return true;
    }
    if (!refill()) {
      if (begin_ == end_) return false;
      line = std::string_view(buffer_.data() + begin_, end_ - begin_);  // last line, no LF
      begin_ = end_;
      return true;
    }
  }
}

}  // namespace gougechek
