#include "gcode/expression.hpp"

#include <charconv>
#include <cmath>
#include <cstring>
#include <numbers>

#include "gcode/dialect_hint.hpp"
#include "gcode/input_limits.hpp"
#include "gcode/macro_b.hpp"
#include "gcode/number.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// LinuxCNC's TOLERANCE_EQUAL: EQ and NE compare within it.
constexpr double kEqualTolerance = 0.0001;
constexpr double kDegree = std::numbers::pi / 180.0;

enum class Operator : std::uint8_t {
  Power,
  Times,
  Divide,
  Modulo,
  Plus,
  Minus,
  Eq,
  Ne,
  Gt,
  Ge,
  Lt,
  Le,
  And,
  Or,
  Xor
};

struct OperatorName {
  const char* text;
  Operator op;
  int precedence;
};

// Longest spellings first where one is a prefix of another ("**" before "*").
constexpr OperatorName kOperators[] = {
    {"**", Operator::Power, 5},   {"*", Operator::Times, 4}, {"/", Operator::Divide, 4},
    {"mod", Operator::Modulo, 4}, {"+", Operator::Plus, 3},  {"-", Operator::Minus, 3},
    {"eq", Operator::Eq, 2},      {"ne", Operator::Ne, 2},   {"gt", Operator::Gt, 2},
    {"ge", Operator::Ge, 2},      {"lt", Operator::Lt, 2},   {"le", Operator::Le, 2},
    {"and", Operator::And, 1},    {"or", Operator::Or, 1},   {"xor", Operator::Xor, 1}};

double truth(bool value) {
  return value ? 1.0 : 0.0;
}

/// `left` `op` `right`, as LinuxCNC's execute_binary (macro B: the controls' rules for vacant
/// values and logic); `fail(message)` throws.
template <typename Fail>
double applyOperator(Operator op, double left, double right, bool macro_b, const Fail& fail) {
  // A vacant macro B variable counts as 0, except that EQ and NE tell it from 0.
  const bool left_vacant = std::isnan(left);
  const bool right_vacant = std::isnan(right);
  if ((op == Operator::Eq || op == Operator::Ne) && (left_vacant || right_vacant)) {
    return truth((left_vacant && right_vacant) == (op == Operator::Eq));
  }
  if (left_vacant) left = 0;
  if (right_vacant) right = 0;
  if ((op == Operator::And || op == Operator::Or || op == Operator::Xor) && macro_b &&
      ((left != 0 && left != 1) || (right != 0 && right != 1)))
    fail(
        "AND, OR and XOR of values other than 0 and 1: on Fanuc controls they work on the "
        "bits of the values, which the reader does not model");
  switch (op) {
    case Operator::Power:
      if (left < 0 && std::floor(right) != right)
        fail("attempt to raise a negative number to a non-integer power");
      left = std::pow(left, right);
      break;
    case Operator::Times:
      left *= right;
      break;
    case Operator::Divide:
      if (right == 0) fail("division by zero");
      left /= right;
      break;
    case Operator::Modulo:  // LinuxCNC's MOD is never negative for a positive divisor
      left = std::fmod(left, right);
      if (left < 0) left += std::fabs(right);
      break;
    case Operator::Plus:
      left += right;
      break;
    case Operator::Minus:
      left -= right;
      break;
    case Operator::Eq:
      left = truth(std::fabs(left - right) < kEqualTolerance);
      break;
    case Operator::Ne:
      left = truth(std::fabs(left - right) >= kEqualTolerance);
      break;
    case Operator::Gt:
      left = truth(left > right);
      break;
    case Operator::Ge:
      left = truth(left >= right);
      break;
    case Operator::Lt:
      left = truth(left < right);
      break;
    case Operator::Le:
      left = truth(left <= right);
      break;
    case Operator::And:
      left = truth(left != 0 && right != 0);
      break;
    case Operator::Or:
      left = truth(left != 0 || right != 0);
      break;
    case Operator::Xor:
      left = truth((left != 0) != (right != 0));
      break;
  }
  if (std::isnan(left)) fail("calculation resulted in 'not a number'");
  if (std::isinf(left)) fail("calculation resulted in 'infinity'");
  return left;
}

}  // namespace

ExpressionReader::ExpressionReader(const std::string& text,
                                   const std::vector<std::uint32_t>& columns,
                                   const Parameters& parameters, const std::string& file_name,
                                   std::uint32_t line_number, ExpressionRules rules)
    : text_(text),
      columns_(columns),
      parameters_(parameters),
      file_name_(file_name),
      line_number_(line_number),
      rules_(rules) {}

void ExpressionReader::fail(std::size_t pos, const std::string& message) const {
  const std::uint32_t column =
      columns_.empty() ? 0 : columns_[pos < columns_.size() ? pos : columns_.size() - 1];
  // Under macro B's rules no other dialect's hint: none runs macro B as the controls do.
  if (macroB()) throw HintlessError(file_name_, line_number_, column, message);
  throw InputError(file_name_, line_number_, column, message);
}

bool ExpressionReader::startsWith(std::size_t pos, const char* word) const {
  const std::size_t length = std::strlen(word);
  return text_.compare(pos, length, word) == 0;
}

double ExpressionReader::readValue(std::size_t& pos) const {
  if (pos < text_.size() && (text_[pos] == '+' || text_[pos] == '-')) {
    const std::size_t sign = pos;
    const bool negative = text_[pos] == '-';
    ++pos;
    const double value = readUnsigned(pos);
    if (std::isnan(value))  // a vacant macro B variable
      fail(sign, "a sign before a vacant variable: the controls do not agree on its value");
    return negative ? -value : value;
  }
  return readUnsigned(pos);
}

double ExpressionReader::readOperations(std::size_t& pos) const {
  return readChain(pos, pos, false);
}

double ExpressionReader::readUnsigned(std::size_t& pos) const {
  // Every nested value passes here: brackets, function arguments and '#' indirection.
  if (depth_ == kMaxExpressionDepth)
    fail(pos, "expression nested deeper than " + std::to_string(kMaxExpressionDepth) + " levels");
  if (pos >= text_.size()) fail(pos, "a value is missing at the end of the line");
  const std::size_t start = pos;
  const char c = text_[pos];
  ++depth_;
  double value = 0;
  if (c == '[')
    value = readExpression(pos);
  else if (c == '#')
    value = readParameterValue(pos);
  else if (c >= 'a' && c <= 'z')
    value = readFunction(pos);
  else
    value = readNumber(pos);
  --depth_;
  if (std::isinf(value)) fail(start, "calculation resulted in 'infinity'");
  return value;
}

double ExpressionReader::readNumber(std::size_t& pos) const {
  const std::size_t start = pos;
  if (pos >= text_.size() || !((text_[pos] >= '0' && text_[pos] <= '9') || text_[pos] == '.'))
    fail(pos, "a number, '#' or '[' expected");
  double value = 0;
  const auto [ptr, ec] = readFixedNumber(text_.data() + pos, text_.data() + text_.size(), value);
  if (ec == std::errc::result_out_of_range) fail(start, "number out of range");
  if (ec != std::errc()) fail(start, "bad number");
  pos = static_cast<std::size_t>(ptr - text_.data());
  if (pos < text_.size() && text_[pos] == '.') fail(pos, "bad number: two decimal points");
  return value;
}

ParameterRef ExpressionReader::readParameterRef(std::size_t& pos, bool assigned) const {
  const std::size_t hash = pos++;
  ParameterRef ref;
  if (pos < text_.size() && text_[pos] == '<') {
    const std::size_t close = text_.find('>', pos + 1);
    if (close == std::string::npos) fail(pos, "named parameter: '>' missing after #<");
    ref.name = text_.substr(pos + 1, close - pos - 1);
    if (ref.name.empty()) fail(pos, "named parameter without a name: #<>");
    pos = close + 1;
    return ref;
  }
  const double number = readUnsigned(pos);
  const double rounded = std::round(number);
  if (std::fabs(number - rounded) > 1e-4)
    fail(hash, "parameter number must be a whole number: #" + std::to_string(number));
  if (macroB()) {
    if (const std::string refusal = macroVariableRefusal(rounded, assigned); !refusal.empty())
      fail(hash, refusal);
    ref.number = static_cast<int>(rounded);
    return ref;
  }
  if (rounded < 1 || rounded >= Parameters::kCount)
    fail(hash, "parameter number out of range (#1 to #" + std::to_string(Parameters::kCount - 1) +
                   "): #" + std::to_string(number));
  ref.number = static_cast<int>(rounded);
  return ref;
}

double ExpressionReader::readParameterValue(std::size_t& pos) const {
  const std::size_t start = pos;
  const ParameterRef ref = readParameterRef(pos);
  if (ref.name.empty()) {
    if (parameters_.withheld(ref.number))
      fail(start,
           "#5420-#5428 (the current position) cannot be read while cutter radius compensation "
           "is on, as in LinuxCNC");
    if (macroB() && parameters_.unknown(ref.number))
      fail(start, "#" + std::to_string(ref.number) +
                      " is read before the program sets it: a common variable keeps what the "
                      "operator or an earlier program left there (give its value in the "
                      "--work-offsets parameter file)");
    return ref.number == 0 ? std::nan("") : parameters_.get(ref.number);
  }
  const double* value = parameters_.find(ref.name);
  if (!value) fail(start, "named parameter #<" + ref.name + "> is not defined");
  return *value;
}

double ExpressionReader::readExpression(std::size_t& pos) const {
  const std::size_t open = pos++;
  return readChain(pos, open, true);
}

double ExpressionReader::readChain(std::size_t& pos, std::size_t open, bool bracketed) const {
  // Operator-precedence parsing with explicit stacks, as LinuxCNC's read_real_expression.
  double values[8];
  Operator ops[8];
  std::size_t op_columns[8];
  int depth = 0;
  values[0] = readValue(pos);
  bool logical = false;  // macro B: an AND, OR or XOR, and another operator, at this level
  bool other = false;
  const auto reduce = [&] {
    --depth;
    const std::size_t column = op_columns[depth];
    values[depth] = applyOperator(ops[depth], values[depth], values[depth + 1], macroB(),
                                  [&](const std::string& message) { fail(column, message); });
  };
  const auto precedence = [](Operator op) {
    for (const OperatorName& name : kOperators)
      if (name.op == op) return name.precedence;
    return 0;
  };
  for (;;) {
    if (bracketed && pos >= text_.size()) fail(open, "expression: ']' missing");
    if (bracketed && text_[pos] == ']') {
      ++pos;
      break;
    }
    const OperatorName* found = nullptr;
    for (const OperatorName& name : kOperators)
      if (pos < text_.size() && startsWith(pos, name.text)) {
        found = &name;
        break;
      }
    if (!found && !bracketed) break;
    if (!found) fail(pos, "expression: unknown operator");
    const bool is_logical =
        found->op == Operator::And || found->op == Operator::Or || found->op == Operator::Xor;
    (is_logical ? logical : other) = true;
    if (macroB() && logical && other)
      fail(pos,
           "AND, OR or XOR beside other operators without brackets: the controls group AND "
           "with * and OR, XOR with + (put each side in brackets: [[#1 GT 0] AND [#2 LT 5]])");
    while (depth > 0 && precedence(ops[depth - 1]) >= found->precedence) reduce();
    if (depth == 6) fail(pos, "expression too complex: use brackets");
    ops[depth] = found->op;
    op_columns[depth] = pos;
    pos += std::strlen(found->text);
    values[++depth] = readValue(pos);
  }
  while (depth > 0) reduce();
  return values[0];
}

double ExpressionReader::readFunction(std::size_t& pos) const {
  const std::size_t start = pos;
  std::size_t end = pos;
  while (end < text_.size() && text_[end] >= 'a' && text_[end] <= 'z') ++end;
  const std::string name = text_.substr(pos, end - pos);
  pos = end;
  if (pos >= text_.size() || text_[pos] != '[')
    fail(start, "unknown word or function '" + name + "' inside a value");
  if (name == "exists") {
    const std::size_t open = pos++;
    if (pos >= text_.size() || text_[pos] != '#') fail(open, "EXISTS needs a #<name>");
    const ParameterRef ref = readParameterRef(pos);
    if (pos >= text_.size() || text_[pos] != ']') fail(open, "EXISTS: ']' missing");
    ++pos;
    return truth(ref.name.empty() || parameters_.find(ref.name) != nullptr);
  }
  double x = readExpression(pos);
  if (std::isnan(x)) x = 0;  // a vacant macro B variable
  if (name == "atan") {
    if (pos >= text_.size() || text_[pos] != '/') fail(start, "ATAN needs the form ATAN[y]/[x]");
    ++pos;
    if (pos >= text_.size() || text_[pos] != '[') fail(start, "ATAN needs the form ATAN[y]/[x]");
    double y = readExpression(pos);
    if (std::isnan(y)) y = 0;
    return macroBFunction(name, std::atan2(x, y) / kDegree, start);
  }
  if (macroB()) x = macroBFunction(name, x, start);
  if (name == "sin") return std::sin(x * kDegree);
  if (name == "cos") return std::cos(x * kDegree);
  if (name == "tan") return std::tan(x * kDegree);
  if (name == "asin" || name == "acos") {
    if (x < -1 || x > 1) fail(start, "argument to " + name + " out of range [-1, 1]");
    const double angle = (name == "asin" ? std::asin(x) : std::acos(x)) / kDegree;
    return macroB() ? macroBFunction(name + "=", angle, start) : angle;
  }
  if (name == "sqrt") {
    if (x < 0) fail(start, "square root of a negative number");
    return std::sqrt(x);
  }
  if (name == "abs") return std::fabs(x);
  if (name == "round") return std::round(x);  // halves away from zero, as LinuxCNC
  if (name == "fix") return std::floor(x);
  if (name == "fup") return std::ceil(x);
  if (name == "exp") return std::exp(x);
  if (name == "ln") {
    if (x <= 0) fail(start, "natural logarithm of zero or a negative number");
    return std::log(x);
  }
  if (macroB())
    fail(start, "unknown function " + name + ": not a custom macro B function the reader supports");
  fail(start, "unknown function " + name);
}

double ExpressionReader::macroBFunction(const std::string& name, double x,
                                        std::size_t start) const {
  // ATAN and ASIN give 0..360 or -180..180 (270..90 or -90..90) by parameter 6004#0 (NAT).
  if ((name == "atan" || name == "asin=") && x < 0)
    fail(start, name.substr(0, 4) +
                    " gives a negative angle here: Fanuc controls give it as such or plus 360 "
                    "degrees by a machine parameter (6004#0 NAT), which the reader does not know");
  if (name == "fix") return std::trunc(x);                         // toward zero: FIX[-1.2] is -1
  if (name == "fup") return x < 0 ? std::floor(x) : std::ceil(x);  // away from zero
  if (name == "round" && rules_ == ExpressionRules::MacroBWord)
    fail(start,
         "ROUND in an NC word rounds to the least input increment on Fanuc controls, which the "
         "reader does not model: assign it to a variable first (#1=ROUND[...])");
  if (name == "bin" || name == "bcd" || name == "adp" || name == "pow")
    fail(start, name + ": a custom macro B function the reader does not support");
  return x;
}

}  // namespace gougechek
