#include "gcode/block_parser.hpp"

#include <charconv>
#include <cmath>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

std::string quoted(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  return "byte " + std::to_string(static_cast<unsigned char>(c));
}

std::string upper(char letter) {
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

}  // namespace

BlockParser::BlockParser(std::string file_name) : file_name_(std::move(file_name)) {}

void BlockParser::fail(std::uint32_t column, const std::string& message) const {
  throw InputError(file_name_, line_number_, column, message);
}

void BlockParser::compact(std::string_view line) {
  text_.clear();
  columns_.clear();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c == ';') break;  // comment to the end of the line
    if (c == '(') {
      const std::size_t close = line.find_first_of("()", i + 1);
      if (close == std::string_view::npos)
        fail(static_cast<std::uint32_t>(i + 1), "comment '(' is not closed on this line");
      if (line[close] == '(')
        fail(static_cast<std::uint32_t>(close + 1), "nested comment: '(' inside a comment");
      i = close;
      continue;
    }
    text_.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    columns_.push_back(static_cast<std::uint32_t>(i + 1));
  }
}

double BlockParser::readNumber(std::size_t& pos, char letter, std::uint32_t column) const {
  const char* const end = text_.data() + text_.size();
  bool negative = false;
  if (pos < text_.size() && (text_[pos] == '+' || text_[pos] == '-')) {
    negative = text_[pos] == '-';
    ++pos;
  }
  if (pos < text_.size() && (text_[pos] == '#' || text_[pos] == '['))
    fail(columns_[pos], text_[pos] == '#' ? "parameters ('#') are not supported yet"
                                          : "expressions ('[ ]') are not supported yet");
  if (pos >= text_.size() || !(isDigit(text_[pos]) || text_[pos] == '.'))
    fail(column, "bad number after " + upper(letter) + ": expected digits");
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text_.data() + pos, end, value, std::chars_format::fixed);
  if (ec != std::errc()) fail(column, "bad number after " + upper(letter));
  pos = static_cast<std::size_t>(ptr - text_.data());
  if (pos < text_.size() && text_[pos] == '.')
    fail(columns_[pos], "bad number after " + upper(letter) + ": two decimal points");
  return negative ? -value : value;
}

void BlockParser::parse(std::string_view line, std::uint32_t line_number, Block& block) {
  line_number_ = line_number;
  block.column.fill(0);
  block.g_count = 0;
  block.m_count = 0;
  block.block_delete = false;
  compact(line);

  std::size_t pos = 0;
  if (!text_.empty() && text_[0] == '/') {
    block.block_delete = true;
    pos = 1;
  }
  while (pos < text_.size()) {
    const char letter = text_[pos];
    const std::uint32_t column = columns_[pos];
    if (letter == 'o') fail(column, "O-words (subroutines, loops) are not supported yet");
    if (letter == '#') fail(column, "parameters ('#') are not supported yet");
    if (letter == '[') fail(column, "expressions ('[ ]') are not supported yet");
    if (letter < 'a' || letter > 'z') fail(column, "unexpected character " + quoted(letter));
    ++pos;
    const double value = readNumber(pos, letter, column);
    if (letter == 'g' || letter == 'm') {
      const double tenths = value * 10.0;
      const double rounded = std::round(tenths);
      if (std::fabs(tenths - rounded) > 1e-6 || rounded < 0 || rounded > 1e5 ||
          (letter == 'm' && std::fmod(rounded, 10.0) != 0))
        fail(column, "malformed " + upper(letter) + " code");
      int& count = letter == 'g' ? block.g_count : block.m_count;
      if (count == Block::kMaxCodes)
        fail(column, "too many " + upper(letter) + " codes on one line");
      auto& codes = letter == 'g' ? block.g : block.m;
      const int number = static_cast<int>(rounded) / (letter == 'g' ? 1 : 10);
      codes[static_cast<std::size_t>(count++)] = {number, column};
      continue;
    }
    const int index = Block::index(letter);
    if (block.column[static_cast<std::size_t>(index)] != 0)
      fail(column, "two " + upper(letter) + " words on one line");
    block.column[static_cast<std::size_t>(index)] = column;
    block.value[static_cast<std::size_t>(index)] = value;
  }
}

}  // namespace gougechek
