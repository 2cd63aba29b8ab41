#include "gcode/macro_b.hpp"

namespace gougechek {

namespace {

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

/// The first `limit` significant characters of `line`, lower case, without blanks and comments:
/// enough to tell a block's head.
std::string headText(std::string_view line, std::size_t limit) {
  static constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
  if (line.starts_with(kByteOrderMark)) line.remove_prefix(kByteOrderMark.size());
  std::string text;
  for (std::size_t i = 0; i < line.size() && text.size() < limit; ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == '\r') continue;
    if (c == ';') break;
    if (c == '(') {
      i = line.find(')', i);
      if (i == std::string_view::npos) break;
      continue;
    }
    text.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
  }
  return text;
}

/// The digits at `pos` as a number (at most 9 of them), moving `pos` past them; nullopt when
/// there are none.
std::optional<long> digits(const std::string& text, std::size_t& pos) {
  const std::size_t start = pos;
  long value = 0;
  while (pos < text.size() && isDigit(text[pos]) && pos - start < 9)
    value = value * 10 + (text[pos++] - '0');
  if (pos == start || (pos < text.size() && isDigit(text[pos]))) return std::nullopt;
  return value;
}

}  // namespace

std::string macroLoopName(int loop) {
  return "DO" + std::to_string(loop);
}

BlockHead readBlockHead(std::string_view line) {
  // A WHILE's condition can be long; its DOm is found at the end of the whole line.
  const std::string text = headText(line, line.size());
  BlockHead head;
  if (text.empty()) {
    head.kind = BlockHead::Kind::Blank;
    return head;
  }
  if (text[0] == '%') {
    head.kind = BlockHead::Kind::TapeMark;
    return head;
  }
  std::size_t pos = text[0] == '/' ? 1 : 0;
  if (pos < text.size() && text[pos] == 'n') {
    ++pos;
    head.sequence = digits(text, pos);
    if (!head.sequence) return head;  // N with no number: left to the parser's error
    if (pos < text.size() && text[pos] == '.') return head;
  }
  const std::string_view rest = std::string_view(text).substr(pos);
  if ((rest.starts_with("o") || rest.starts_with(":")) && rest.size() > 1 && isDigit(rest[1])) {
    head.kind = BlockHead::Kind::ProgramStart;
  } else if (rest.starts_with("while[")) {
    const std::size_t doPos = rest.rfind("do");
    if (doPos != std::string_view::npos && doPos + 3 == rest.size() && isDigit(rest.back())) {
      head.kind = BlockHead::Kind::While;
      head.loop = rest.back() - '0';
    }
  } else if (rest.starts_with("end") && rest.size() == 4 && isDigit(rest[3])) {
    head.kind = BlockHead::Kind::End;
    head.loop = rest[3] - '0';
  }
  return head;
}

}  // namespace gougechek
