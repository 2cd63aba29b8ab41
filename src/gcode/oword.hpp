#pragma once
// An O-word line: the control-flow statements of LinuxCNC (o<name> sub/call/if/while/...) and a
// Fanuc-style program number (a bare O1234, the target of M98 P1234).
#include <cstdint>
#include <string>
#include <vector>

namespace gougechek {

enum class OKeyword : std::uint8_t {
  Label,  ///< a bare "O1234": Fanuc program number
  Sub,
  EndSub,
  Call,
  Return,
  If,
  ElseIf,
  Else,
  EndIf,
  While,
  EndWhile,
  Do,
  Repeat,
  EndRepeat,
  Break,
  Continue,
};

struct OWord {
  /// "123" for o123 (and o0123), the lower-case name for o<name>.
  std::string name;
  OKeyword keyword = OKeyword::Label;
  /// Bracketed values after the keyword: call arguments, a condition, a repeat count, a return
  /// value. Evaluated only when the line is executed, not when it is skipped.
  std::vector<double> values;
  std::uint32_t column = 0;  ///< of the 'o'
};

/// "o<name> while" as written, for messages.
std::string describe(const OWord& oword);

}  // namespace gougechek
