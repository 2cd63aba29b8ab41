#pragma once
// Splits a stream into physical lines without keeping the text: programs of millions of lines
// are read in one pass through a fixed buffer. Lines end with LF, carriage returns before it are
// dropped (CRLF, and the CR CR LF some Windows tools write); a file whose first line ends with a
// lone CR is an old Mac file and is split on CR instead.
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
  enum class Ending : unsigned char { Unknown, Lf, Cr };
  Ending ending_ = Ending::Unknown;
};

}  // namespace gougechek
