#pragma once
// Lexer for one line of LinuxCNC G-code: comments, whitespace (ignored everywhere, as in
// LinuxCNC: "G0 X 1 0" is X10), case, and the words with their numbers. Hand-written and
// allocation-free in the steady state: plain G1 programs are mostly number parsing. Parameters,
// expressions and O-words go to ExpressionReader only where a '#', '[' or 'o' appears, so plain
// lines pay nothing for them.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "gcode/block.hpp"
#include "gcode/parameters.hpp"

namespace gougechek {

class BlockParser {
 public:
  /// What a ';' is: LinuxCNC and grbl start a comment to the end of the line with it; Fanuc
  /// and Haas controls end the block with it (their EOB), so text after it would be a second
  /// block.
  enum class Semicolon : std::uint8_t { StartsComment, EndsBlock };

  /// Values read from parameters (`X#1`) see `parameters` as they are when the line is parsed.
  BlockParser(std::string file_name, const Parameters& parameters,
              Semicolon semicolon = Semicolon::StartsComment,
              ExpressionRules rules = ExpressionRules::LinuxCnc);

  /// Splits `line` (physical line number `line_number`) into `block`, evaluating every value:
  /// compactLine, then parseCompacted. Throws InputError on a malformed word or on a construct
  /// outside the supported dialect.
  void parse(std::string_view line, std::uint32_t line_number, Block& block) {
    compactLine(line, line_number);
    parseCompacted(block);
  }
  /// Splits the line compactLine read last into `block`: a line that may be a macro B statement
  /// is compacted once, for the statement reader and then for this.
  void parseCompacted(Block& block);

  /// For lines being skipped (a false branch, a subroutine body): true when `line` is an O-word
  /// line, with its name and keyword in `oword` and no value evaluated.
  bool parseOWordHeader(std::string_view line, std::uint32_t line_number, OWord& oword);

  /// Reads `line` as parse() does, without its words: text() is then the line in lower case
  /// without blanks and comments, columns() the 1-based source column of each of its characters
  /// (macro B statements are read from there, macro_b.hpp).
  void compactLine(std::string_view line, std::uint32_t line_number) {
    line_number_ = line_number;
    compact(line);
  }
  const std::string& text() const { return text_; }
  const std::vector<std::uint32_t>& columns() const { return columns_; }

 private:
  [[noreturn]] void fail(std::uint32_t column, const std::string& message) const;
  void compact(std::string_view line);
  /// Refuses a second block after the ';' at `end` that ends the block: anything after it but
  /// blanks and comments.
  void refuseSecondBlock(std::string_view line, std::size_t end) const;
  /// The number after the word letter at `column`; `pos` is moved past it.
  double readNumber(std::size_t& pos, char letter, std::uint32_t column) const;
  ExpressionReader expressions() const;
  /// Position of the O-word after an optional '/' and N word, or npos.
  std::size_t oWordStart() const;
  /// Reads the O-word at `pos`; with `evaluate`, also its bracketed values and the end of line.
  void readOWord(std::size_t pos, bool evaluate, OWord& oword) const;

  std::string file_name_;
  const Parameters& parameters_;
  Semicolon semicolon_;
  ExpressionRules rules_;
  std::uint32_t line_number_ = 0;
  std::string text_;                    ///< the line lower-cased, without comments and blanks
  std::vector<std::uint32_t> columns_;  ///< 1-based source column of each char of text_
};

}  // namespace gougechek
