#pragma once
// Fanuc custom macro B (the fanuc and haas dialects), as the controls run it: jumps to a block by
// its sequence number (GOTO n, M99 P n), IF [...] GOTO n, IF [...] THEN #i=..., WHILE [...] DOm
// ... ENDm, and #i=expression written without brackets. The loops and jumps run on ControlFlow,
// the machinery of LinuxCNC's O-words: a WHILE ... DOm is its while loop named "DOm".
//
// Anything else of macro B that could change what the machine does (DPRNT and the other output
// statements, G65/G66, system variables the reader does not model) is refused by name.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gcode/block.hpp"
#include "gcode/block_parser.hpp"
#include "gcode/parameters.hpp"

namespace gougechek {

/// What a search for a block by its sequence number needs to know of a line, read without
/// running it.
struct BlockHead {
  enum class Kind : std::uint8_t {
    Other,
    Blank,         ///< nothing but blanks and comments
    ProgramStart,  ///< O1234 (or :1234): the start of another program
    TapeMark,      ///< a '%' line
    While,         ///< WHILE [...] DOm
    End,           ///< ENDm
  };
  Kind kind = Kind::Other;
  std::optional<long> sequence;  ///< the N number the block starts with
  int loop = 0;                  ///< the m of DOm / ENDm
};

/// Reads the head of `line` (a byte order mark, blanks, comments and a block delete '/' before
/// the N word are passed over).
BlockHead readBlockHead(std::string_view line);

/// "DO1" for loop identifier 1: the name of a macro B loop among the O-word loops.
std::string macroLoopName(int loop);

/// Why macro B variable `number` cannot be read (or, with `assigned`, set) here, or "" when it
/// can: #0 is always vacant, #1-#33 are local and #100-#999 common variables; of the system
/// variables (#1000 and up) only the work offsets of X, Y and Z can be read.
std::string macroVariableRefusal(double number, bool assigned);

/// A macro B statement line, as run.
struct MacroStatement {
  std::vector<ParameterAssignment> assignments;  ///< #i=... (IF ... THEN: if the condition held)
  bool has_control = false;
  OWord control;  ///< WHILE ... DOm, ENDm, GOTO n (IF ... GOTO: if the condition held)
};

class MacroStatementReader {
 public:
  MacroStatementReader(std::string file_name, const Parameters& parameters);

  /// True when the line `parser` compacted last (BlockParser::compactLine) is a macro B
  /// statement: it is then read into `statement`, its values evaluated. False for any other
  /// line, left to BlockParser::parse. Throws InputError for what is refused.
  bool read(const BlockParser& parser, std::uint32_t line_number, MacroStatement& statement) const;

  /// For lines being skipped: true when `line` is a WHILE ... DOm (or DOm) or an ENDm, named in
  /// `oword` as the loop statements it runs as.
  static bool loopHeader(std::string_view line, OWord& oword);

 private:
  std::string file_name_;
  const Parameters& parameters_;
};

}  // namespace gougechek
