#pragma once
// Lexer for one line of LinuxCNC G-code: comments, whitespace (ignored everywhere, as in
// LinuxCNC: "G0 X 1 0" is X10), case, and the words with their numbers. Hand-written and
// allocation-free in the steady state: plain G1 programs are mostly number parsing.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gcode/block.hpp"

namespace gougechek {

class BlockParser {
 public:
  explicit BlockParser(std::string file_name);

  /// Splits `line` (physical line number `line_number`) into `block`.
  /// Throws InputError on a malformed word or on a construct outside the supported dialect.
  void parse(std::string_view line, std::uint32_t line_number, Block& block);

 private:
  [[noreturn]] void fail(std::uint32_t column, const std::string& message) const;
  void compact(std::string_view line);
  /// The number after the word letter at `column`; `pos` is moved past it.
  double readNumber(std::size_t& pos, char letter, std::uint32_t column) const;

  std::string file_name_;
  std::uint32_t line_number_ = 0;
  std::string text_;                    ///< the line lower-cased, without comments and blanks
  std::vector<std::uint32_t> columns_;  ///< 1-based source column of each char of text_
};

}  // namespace gougechek
