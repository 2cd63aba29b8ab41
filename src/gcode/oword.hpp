#pragma once
// An O-word line: the control-flow statements of LinuxCNC (o<name> sub/call/if/while/...) and a
// Fanuc-style program number (a bare O1234, the target of M98 P1234); the loops and jumps of
// Fanuc custom macro B run as O-words too (macro_b.hpp).
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
  Goto,  ///< macro B's GOTO n (macro_b.hpp): the value is the sequence number
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

/// Whether `name` is that of a macro B loop (WHILE ... DOm, macro_b.hpp), not an O-word's.
bool isMacroLoop(const std::string& name);

/// "o<name> while" (or the macro B statement) as written, for messages.
std::string describe(const OWord& oword);

}  // namespace gougechek
