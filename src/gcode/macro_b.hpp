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

}  // namespace gougechek
