#pragma once
// LinuxCNC's values inside a line: numbers, parameter references (#12, ##1, #<name>, #[expr]),
// bracketed expressions with its binary operators and precedence (** ; * / MOD ; + - ;
// EQ NE GT GE LT LE ; AND OR XOR — all left-associative), unary functions (SIN COS TAN and their
// inverses in degrees, ATAN[y]/[x], SQRT ABS ROUND FIX FUP EXP LN EXISTS) and a sign before any
// of them; Fanuc custom macro B's where ExpressionRules say so. Works on the line as BlockParser
// keeps it: lower case, without blanks and comments. A value that overflows to infinity is an error
// (LinuxCNC's "Calculation resulted in 'infinity'"), and so is nesting deeper than
// kMaxExpressionDepth, which keeps the recursion off the end of the stack on hostile lines such as
// 50,000 '['.
#include <cstdint>
#include <string>
#include <vector>

#include "gcode/parameters.hpp"

namespace gougechek {

/// A parameter named by `#`: a number, or a name when `name` is non-empty.
struct ParameterRef {
  int number = 0;
  std::string name;
};

/// Whose rules a value follows: LinuxCNC's, or Fanuc custom macro B's (the fanuc and haas
/// dialects, macro_b.hpp): #0 and vacant variables, FIX toward zero and FUP away from it, AND OR
/// XOR only on truth values, the system variables the reader models. `MacroBWord` is a value in
/// an NC word, where ROUND rounds to the least input increment.
enum class ExpressionRules : std::uint8_t { LinuxCnc, MacroBStatement, MacroBWord };

class ExpressionReader {
 public:
  /// `text` and `columns` (1-based source column of each char) as BlockParser::compact makes them.
  ExpressionReader(const std::string& text, const std::vector<std::uint32_t>& columns,
                   const Parameters& parameters, const std::string& file_name,
                   std::uint32_t line_number, ExpressionRules rules = ExpressionRules::LinuxCnc);

  /// A value starting at `pos` (number, parameter, [expression], function, optionally signed);
  /// `pos` is moved past it.
  double readValue(std::size_t& pos) const;
  /// Macro B's `#1=#1+1`: a value and the operations after it, without brackets, up to the
  /// first character that continues no operation; `pos` is moved there.
  double readOperations(std::size_t& pos) const;
  /// The parameter named after the '#' at `pos`; `pos` is moved past it. `assigned`: it is the
  /// target of an assignment (macro B refuses those it does not model).
  ParameterRef readParameterRef(std::size_t& pos, bool assigned = false) const;

 private:
  [[noreturn]] void fail(std::size_t pos, const std::string& message) const;
  double readUnsigned(std::size_t& pos) const;
  double readExpression(std::size_t& pos) const;
  /// Values and the operators between them from `pos`, to the ']' closing the bracket opened at
  /// `open` (`bracketed`) or to the first character that is no operator.
  double readChain(std::size_t& pos, std::size_t open, bool bracketed) const;
  /// FIX, FUP, ROUND and the inverse functions where macro B differs from LinuxCNC.
  double macroBFunction(const std::string& name, double x, std::size_t start) const;
  bool macroB() const { return rules_ != ExpressionRules::LinuxCnc; }
  double readFunction(std::size_t& pos) const;
  double readParameterValue(std::size_t& pos) const;
  double readNumber(std::size_t& pos) const;
  bool startsWith(std::size_t pos, const char* word) const;

  const std::string& text_;
  const std::vector<std::uint32_t>& columns_;
  const Parameters& parameters_;
  const std::string& file_name_;
  std::uint32_t line_number_;
  ExpressionRules rules_;
  mutable int depth_ = 0;  ///< values being read, one inside the other
};

}  // namespace gougechek
