#pragma once
// Splits a stream into physical lines without keeping the text: programs of millions of lines
// are read in one pass through a fixed buffer. Lines end with LF, carriage returns before it are
// dropped (CRLF, and the CR CR LF some Windows tools write); a file whose first line ends with a
// lone CR is an old Mac file and is split on CR instead.
//
// O-words (loops, subroutine calls) jump back: position() marks the start of the next line and
// seek() returns there, within the buffer when the text is still in it, else by seeking the
// stream (files, and stdin once the CLI has spooled it).
//
// Reading fails closed: a read error of the stream (as opposed to its end) and a line longer
// than kMaxLineBytes are InputErrors naming the file and the line.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "gcode/dialect_hint.hpp"

namespace gougechek {

/// A failed read of the stream, or a line too long to buffer: the file, not its dialect, is at
/// fault (another reading of the file may just have been luckier).
class ReadError : public HintlessError {
 public:
  using HintlessError::HintlessError;
};

class LineReader {
 public:
  /// `file_name` is used in messages.
  explicit LineReader(std::istream& in, std::string file_name = "");

  /// The next line without its line end; false at the end of the stream. The view stays valid
  /// until the next call. Throws InputError on a read error or a line that is too long.
  bool next(std::string_view& line);

  /// Where the next line starts, and how many lines were read before it.
  struct Position {
    std::uint64_t offset = 0;
    std::uint32_t lines_read = 0;
  };
  Position position() const { return {base_ + begin_, lines_read_}; }
  /// Continues reading at `position` (one returned by position()); false if the stream cannot
  /// seek there.
  bool seek(Position position);
  /// Lines returned by next() so far (counting re-reads after seek as seek sets it).
  std::uint32_t linesRead() const { return lines_read_; }

 private:
  bool refill();
  [[noreturn]] void tooLong() const;

  std::istream& in_;
  std::string file_name_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;   ///< first unread byte
  std::size_t end_ = 0;     ///< one past the last valid byte
  std::uint64_t base_ = 0;  ///< stream offset of buffer_[0]
  std::uint32_t lines_read_ = 0;
  bool eof_ = false;
  enum class Ending : unsigned char { Unknown, Lf, Cr };
  Ending ending_ = Ending::Unknown;
};

}  // namespace gougechek
