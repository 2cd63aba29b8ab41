#include "gcode/block_parser.hpp"

#include <charconv>
#include <cmath>

#include "gcode/dialect_hint.hpp"
#include "gcode/number.hpp"
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

/// Digits with an optional sign: no decimal point, no parameter or expression.
bool isIntegerLiteral(std::string_view number) {
  if (!number.empty() && (number[0] == '+' || number[0] == '-')) number.remove_prefix(1);
  if (number.empty()) return false;
  for (char c : number)
    if (!isDigit(c)) return false;
  return true;
}

std::string upper(char letter) {
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

}  // namespace

BlockParser::BlockParser(std::string file_name, const Parameters& parameters, Semicolon semicolon,
                         ExpressionRules rules)
    : file_name_(std::move(file_name)),
      parameters_(parameters),
      semicolon_(semicolon),
      rules_(rules) {}

ExpressionReader BlockParser::expressions() const {
  return ExpressionReader(text_, columns_, parameters_, file_name_, line_number_, rules_);
}

void BlockParser::fail(std::uint32_t column, const std::string& message) const {
  throw InputError(file_name_, line_number_, column, message);
}

void BlockParser::compact(std::string_view line) {
  text_.clear();
  columns_.clear();
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c == ';') {  // a comment to the end of the line, or the end of the block
      if (semicolon_ == Semicolon::EndsBlock) refuseSecondBlock(line, i);
      break;
    }
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

void BlockParser::refuseSecondBlock(std::string_view line, std::size_t end) const {
  for (std::size_t i = end + 1; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == ';') continue;
    if (c == '(') {
      const std::size_t close = line.find(')', i + 1);
      if (close != std::string_view::npos) {
        i = close;
        continue;
      }
    }
    // Run as it stands, the rest of the line would be lost, not checked; and the dialects
    // that would read it (as a comment) would lose it too, so no hint names them.
    throw HintlessError(
        file_name_, line_number_, static_cast<std::uint32_t>(i + 1),
        "a second block after the ';' that ends the block in column " + std::to_string(end + 1) +
            " (the end of block on this control): put each block on a line of its own");
  }
}

double BlockParser::readNumber(std::size_t& pos, char letter, std::uint32_t column) const {
  const char* const end = text_.data() + text_.size();
  const std::size_t start = pos;
  bool negative = false;
  if (pos < text_.size() && (text_[pos] == '+' || text_[pos] == '-')) {
    negative = text_[pos] == '-';
    ++pos;
  }
  if (pos < text_.size() && !isDigit(text_[pos]) && text_[pos] != '.') {
    std::size_t name_end = pos;
    while (name_end < text_.size() && text_[name_end] >= 'a' && text_[name_end] <= 'z') ++name_end;
    const bool function = name_end > pos && name_end < text_.size() && text_[name_end] == '[';
    if (text_[pos] == '#' || text_[pos] == '[' || function) {
      pos = start;
      return expressions().readValue(pos);
    }
  }
  if (pos >= text_.size() || !(isDigit(text_[pos]) || text_[pos] == '.'))
    fail(column, "bad number after " + upper(letter) + ": expected digits");
  double value = 0;
  const auto [ptr, ec] = readFixedNumber(text_.data() + pos, end, value);
  if (ec == std::errc::result_out_of_range)
    fail(column, "number after " + upper(letter) + " out of range");
  if (ec != std::errc()) fail(column, "bad number after " + upper(letter));
  pos = static_cast<std::size_t>(ptr - text_.data());
  if (pos < text_.size() && text_[pos] == '.')
    fail(columns_[pos], "bad number after " + upper(letter) + ": two decimal points");
  return negative ? -value : value;
}

void BlockParser::parseCompacted(Block& block) {
  block.column.fill(0);
  block.integer_words = 0;
  block.g_count = 0;
  block.m_count = 0;
  block.block_delete = false;
  block.assignments.clear();
  block.has_oword = false;

  std::size_t pos = 0;
  if (!text_.empty() && text_[0] == '/') {
    block.block_delete = true;
    pos = 1;
  }
  while (pos < text_.size()) {
    const char letter = text_[pos];
    const std::uint32_t column = columns_[pos];
    if (letter == 'o') {
      if (pos != oWordStart())
        fail(column, "an O-word must start its line (after an optional N word)");
      readOWord(pos, true, block.oword);
      block.has_oword = true;
      return;
    }
    if (letter == '#') {
      const ExpressionReader reader = expressions();
      ParameterAssignment assignment;
      assignment.parameter = reader.readParameterRef(pos, true);
      if (pos >= text_.size() || text_[pos] != '=')
        fail(column, "a parameter at the start of a word must be assigned: #...=value");
      ++pos;
      assignment.value = reader.readValue(pos);
      block.assignments.push_back(std::move(assignment));
      continue;
    }
    if (letter < 'a' || letter > 'z') fail(column, "unexpected character " + quoted(letter));
    ++pos;
    const std::size_t number_start = pos;
    const double value = readNumber(pos, letter, column);
    if (std::isnan(value)) continue;  // a vacant macro B variable: the controls omit the word
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
    if (isIntegerLiteral(std::string_view(text_).substr(number_start, pos - number_start)))
      block.integer_words |= 1u << index;
  }
}

std::size_t BlockParser::oWordStart() const {
  std::size_t pos = !text_.empty() && text_[0] == '/' ? 1 : 0;
  if (pos < text_.size() && text_[pos] == 'n') {
    ++pos;
    while (pos < text_.size() && (isDigit(text_[pos]) || text_[pos] == '.')) ++pos;
  }
  return pos < text_.size() && text_[pos] == 'o' ? pos : std::string::npos;
}

bool BlockParser::parseOWordHeader(std::string_view line, std::uint32_t line_number, OWord& oword) {
  if (line.find_first_of("oO") == std::string_view::npos) return false;
  line_number_ = line_number;
  compact(line);
  const std::size_t pos = oWordStart();
  if (pos == std::string::npos) return false;
  readOWord(pos, false, oword);
  return true;
}

void BlockParser::readOWord(std::size_t pos, bool evaluate, OWord& oword) const {
  struct KeywordName {
    const char* text;
    OKeyword keyword;
  };
  static constexpr KeywordName kKeywords[] = {{"sub", OKeyword::Sub},
                                              {"endsub", OKeyword::EndSub},
                                              {"call", OKeyword::Call},
                                              {"return", OKeyword::Return},
                                              {"if", OKeyword::If},
                                              {"elseif", OKeyword::ElseIf},
                                              {"else", OKeyword::Else},
                                              {"endif", OKeyword::EndIf},
                                              {"while", OKeyword::While},
                                              {"endwhile", OKeyword::EndWhile},
                                              {"do", OKeyword::Do},
                                              {"repeat", OKeyword::Repeat},
                                              {"endrepeat", OKeyword::EndRepeat},
                                              {"break", OKeyword::Break},
                                              {"continue", OKeyword::Continue}};
  oword.column = columns_[pos];
  oword.values.clear();
  ++pos;
  if (pos < text_.size() && text_[pos] == '<') {
    const std::size_t close = text_.find('>', pos);
    if (close == std::string::npos) fail(oword.column, "O-word: '>' missing after o<");
    oword.name.assign(text_, pos + 1, close - pos - 1);
    if (oword.name.empty()) fail(oword.column, "O-word without a name: o<>");
    pos = close + 1;
  } else {
    const double number = expressions().readValue(pos);
    if (number < 0 || number != std::floor(number) || number > 1e9)
      fail(oword.column, "O-word number must be a whole number ≥ 0");
    oword.name = std::to_string(static_cast<long>(number));
  }
  std::size_t end = pos;
  while (end < text_.size() && text_[end] >= 'a' && text_[end] <= 'z') ++end;
  const std::string_view word(text_.data() + pos, end - pos);
  oword.keyword = OKeyword::Label;
  if (!word.empty()) {
    bool known = false;
    for (const KeywordName& keyword : kKeywords)
      if (word == keyword.text) {
        oword.keyword = keyword.keyword;
        known = true;
      }
    if (!known) fail(columns_[pos], "unknown O-word keyword '" + std::string(word) + "'");
  }
  pos = end;
  if (!evaluate) return;
  const ExpressionReader reader = expressions();
  while (pos < text_.size() && text_[pos] == '[') oword.values.push_back(reader.readValue(pos));
  if (pos < text_.size())
    fail(columns_[pos],
         "unexpected " + quoted(text_[pos]) + " after the O-word " + describe(oword));
}

}  // namespace gougechek
