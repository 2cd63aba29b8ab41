#include "gcode/macro_b.hpp"

#include <cmath>
#include <cstdio>

#include "gcode/dialect_hint.hpp"
#include "gcode/expression.hpp"
#include "gougechek/error.hpp"

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
  return std::string("DO").append(std::to_string(loop));
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
  } else if (rest.starts_with("do") && rest.size() == 3 && isDigit(rest[2])) {
    head.kind = BlockHead::Kind::While;  // DOm alone: a loop without a condition
    head.loop = rest[2] - '0';
  } else if (rest.starts_with("end") && rest.size() == 4 && isDigit(rest[3])) {
    head.kind = BlockHead::Kind::End;
    head.loop = rest[3] - '0';
  }
  return head;
}

namespace {

/// Fanuc's system variables by number, for messages.
struct SystemVariables {
  int first, last;
  const char* what;
};
constexpr SystemVariables kSystemVariables[] = {
    {1000, 1999, "interface signals"},
    {2000, 2999, "tool compensation"},
    {3000, 3000, "alarm"},
    {3001, 3002, "timers"},
    {3003, 3004, "automatic operation control"},
    {3006, 3006, "stop with a message"},
    {3007, 3007, "mirror image"},
    {3011, 3012, "date and time"},
    {3901, 3902, "part counts"},
    {4000, 4999, "modal information"},
    {5001, 5199, "positions"},
    {5201, 5399, "work offsets"},
};

/// X, Y and Z of the work offsets G54-G59 (#5221-#5223 ... #5321-#5323): what LinuxCNC keeps in
/// the same parameters, which the reader models.
bool isWorkOffset(int number) {
  const int system = (number - 5221) / 20;
  const int axis = (number - 5221) % 20;
  return number >= 5221 && system < 6 && axis < 3;
}

}  // namespace

std::string macroVariableRefusal(double number, bool assigned) {
  // Tested before any conversion to an integer: a NaN (a vacant variable's number) or a number
  // beyond the integers has no integer value.
  if (std::isnan(number)) return "#<vacant>: a vacant value names no variable";
  if (!(number >= 0 && number <= 99999)) {
    char refusal[64];
    std::snprintf(refusal, sizeof refusal, "#%.10g: no such variable", number);
    return refusal;
  }
  const int n = static_cast<int>(number);
  const std::string name = std::string("#").append(std::to_string(n));
  if (n == 0) return assigned ? "#0 is always vacant: it cannot be assigned" : "";
  if (n <= 33 || (n >= 100 && n <= 999)) return "";
  if (n < 100) return name + ": Fanuc controls have no variables #34-#99";
  if (isWorkOffset(n))
    return assigned ? name +
                          ": writing a work offset is not supported (the control applies it at "
                          "once, the reader at the next G54-G59)"
                    : "";
  const char* what = "a system variable";
  for (const SystemVariables& range : kSystemVariables)
    if (n >= range.first && n <= range.last) what = range.what;
  return name + " (" + what + "): a Fanuc system variable the reader does not model";
}

MacroStatementReader::MacroStatementReader(std::string file_name, const Parameters& parameters)
    : file_name_(std::move(file_name)), parameters_(parameters) {}

bool MacroStatementReader::loopHeader(std::string_view line, OWord& oword) {
  const BlockHead head = readBlockHead(line);
  if (head.kind != BlockHead::Kind::While && head.kind != BlockHead::Kind::End) return false;
  oword.name = macroLoopName(head.loop);
  oword.keyword = head.kind == BlockHead::Kind::While ? OKeyword::While : OKeyword::EndWhile;
  oword.values.clear();
  oword.column = 0;
  return true;
}

namespace {

/// One block read as a macro B statement into `statement`.
class StatementText {
 public:
  StatementText(const BlockParser& parser, const Parameters& parameters,
                const std::string& file_name, std::uint32_t line_number, MacroStatement& statement)
      : text_(parser.text()),
        columns_(parser.columns()),
        values_(text_, columns_, parameters, file_name, line_number,
                ExpressionRules::MacroBStatement),
        file_name_(file_name),
        line_number_(line_number),
        statement_(statement) {}

  /// True when the block is a macro statement (read into the statement).
  bool read();

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& message) const {
    // No other dialect's hint: none runs macro B, a reading that passed would misread it.
    throw HintlessError(file_name_, line_number_,
                        columns_.empty() ? 0 : columns_[std::min(at, columns_.size() - 1)],
                        message);
  }
  bool startsWith(std::size_t at, std::string_view word) const {
    return std::string_view(text_).substr(at).starts_with(word);
  }
  /// #i=expression to the end of the block; false when the block goes on after a single value
  /// (LinuxCNC's `#1=5 G0 X#1`, which BlockParser reads).
  bool assignment(std::size_t at, bool whole_block);
  bool condition(std::size_t& at) const {
    if (at >= text_.size() || text_[at] != '[') fail(at, "a condition in brackets expected");
    const double value = values_.readValue(at);
    if (std::isnan(value))
      fail(start_, "the condition is a vacant variable, neither true nor false");
    return value != 0;
  }
  void endOfBlock(std::size_t at) const {
    if (at < text_.size()) fail(at, "unexpected text after the macro statement");
  }
  void control(OKeyword keyword, std::string name, std::vector<double> arguments) {
    statement_.has_control = true;
    statement_.control.keyword = keyword;
    statement_.control.name = std::move(name);
    statement_.control.values = std::move(arguments);
  }
  /// The loop identifier after DO or END at `at`.
  int loopId(std::size_t at) const {
    if (at + 1 != text_.size() || text_[at] < '1' || text_[at] > '3')
      fail(at, "the identifier of a WHILE loop (DOm, ENDm) is 1, 2 or 3, at the end of the block");
    return text_[at] - '0';
  }
  /// IF [...] GOTO n, IF [...] THEN #i=...
  void readIf(std::size_t pos);
  /// WHILE [...] DOm, DOm, ENDm, GOTO n; false for any other block (refusing the macro
  /// statements not supported).
  bool readLoopOrJump(std::size_t pos);

  const std::string& text_;
  const std::vector<std::uint32_t>& columns_;
  const ExpressionReader values_;
  const std::string& file_name_;
  std::uint32_t line_number_;
  MacroStatement& statement_;
  std::size_t start_ = 0;  ///< after the block delete and the N word
};

bool StatementText::read() {
  std::size_t pos = 0;
  const bool block_delete = !text_.empty() && text_[0] == '/';
  if (block_delete) ++pos;
  if (pos < text_.size() && text_[pos] == 'n') {
    ++pos;
    while (pos < text_.size() && (isDigit(text_[pos]) || text_[pos] == '.')) ++pos;
  }
  start_ = pos;
  statement_.assignments.clear();
  statement_.has_control = false;
  statement_.control = OWord{};
  statement_.control.column = start_ < columns_.size() ? columns_[start_] : 0;
  bool is_statement = true;
  if (pos < text_.size() && text_[pos] == '#')
    is_statement = assignment(pos, false);
  else if (startsWith(pos, "if["))
    readIf(pos + 2);
  else
    is_statement = readLoopOrJump(pos);
  if (is_statement && block_delete)
    fail(0, "a block delete '/' before a macro statement is not supported");
  return is_statement;
}

bool StatementText::assignment(std::size_t at, bool whole_block) {
  ParameterAssignment assigned;
  assigned.parameter = values_.readParameterRef(at, true);
  if (!assigned.parameter.name.empty() || at >= text_.size() || text_[at] != '=') return false;
  ++at;
  std::size_t single = at;
  values_.readValue(single);
  assigned.value = values_.readOperations(at);
  if (at < text_.size()) {
    if (single == at && !whole_block) return false;
    fail(at,
         "a macro statement takes its whole block: put the other words on a line of their "
         "own");
  }
  statement_.assignments.push_back(std::move(assigned));
  return true;
}

void StatementText::readIf(std::size_t pos) {
  const bool holds = condition(pos);
  if (startsWith(pos, "goto")) {
    pos += 4;
    const double target = values_.readValue(pos);
    endOfBlock(pos);
    if (holds) control(OKeyword::Goto, "", {target});
  } else if (startsWith(pos, "then")) {
    pos += 4;
    if (pos >= text_.size())
      fail(pos,
           "IF [...] THEN with nothing after it (the IF ... ELSE ... ENDIF blocks of "
           "newer controls) is not supported");
    if (text_[pos] != '#')
      fail(pos, "IF [...] THEN: only an assignment (#i=...) is supported after THEN");
    const std::size_t assigned = statement_.assignments.size();
    assignment(pos, true);
    if (!holds) statement_.assignments.resize(assigned);
  } else {
    fail(pos, "IF [...]: GOTO or THEN expected after the condition");
  }
}

bool StatementText::readLoopOrJump(std::size_t pos) {
  if (startsWith(pos, "while[")) {
    pos += 5;
    const bool holds = condition(pos);
    if (!startsWith(pos, "do"))
      fail(pos, "WHILE [...]: DO1, DO2 or DO3 expected after the condition");
    control(OKeyword::While, macroLoopName(loopId(pos + 2)), {holds ? 1.0 : 0.0});
  } else if (startsWith(pos, "do") && pos + 2 < text_.size() && isDigit(text_[pos + 2])) {
    control(OKeyword::While, macroLoopName(loopId(pos + 2)), {1.0});  // DOm: no condition
  } else if (startsWith(pos, "end") && pos + 3 < text_.size() && isDigit(text_[pos + 3])) {
    control(OKeyword::EndWhile, macroLoopName(loopId(pos + 3)), {});
  } else if (startsWith(pos, "goto")) {
    pos += 4;
    const double target = values_.readValue(pos);
    endOfBlock(pos);
    control(OKeyword::Goto, "", {target});
  } else if ((startsWith(pos, "g65") || startsWith(pos, "g66") || startsWith(pos, "g67")) &&
             !(pos + 3 < text_.size() && isDigit(text_[pos + 3]))) {
    fail(pos, "G" + text_.substr(pos + 1, 2) +
                  ": macro calls (G65, G66, G66.1, G67) are not supported; M98 subprograms are");
  } else {
    for (const char* output : {"dprnt", "bprnt", "popen", "pclos"})
      if (startsWith(pos, output))
        fail(pos, std::string(output) +
                      ": the macro B output statements (DPRNT, BPRNT, POPEN, PCLOS) are not "
                      "supported");
    return false;
  }
  return true;
}

}  // namespace

bool MacroStatementReader::read(const BlockParser& parser, std::uint32_t line_number,
                                MacroStatement& statement) const {
  return StatementText(parser, parameters_, file_name_, line_number, statement).read();
}

}  // namespace gougechek
