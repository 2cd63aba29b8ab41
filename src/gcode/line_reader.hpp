#pragma once
// Splits a stream into physical lines without keeping the text: programs of millions of lines
// are read in one pass through a fixed buffer. LF, CRLF and CR-only line ends are all accepted.
#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace gougechek {

class LineReader {
 public:
  explicit LineReader(std::istream& in);

  /// The next line without its line end; false at the end of the stream. The view stays valid
  /// until the next call.
  bool next(std::string_view& line);

 private:
  bool refill();

  std::istream& in_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;  ///< first unread byte
  std::size_t end_ = 0;    ///< one past the last valid byte
  bool eof_ = false;
  bool skip_lf_ = false;   ///< the previous line ended with CR: a following LF belongs to it
};

}  // namespace gougechek
