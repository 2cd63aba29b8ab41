#pragma once
// Reads a G-code program lazily: each read() interprets just enough lines to hand over the next
// block of moves, so neither the text nor the moves of the whole program are ever in memory.
//
// One rule needs the future: a program that never uses M6/M61 runs each move with the tool its
// last T word named, one that does runs the moves before its first change with the empty
// spindle (tool 0). Moves whose tool depends on that wait until it is known; when more than
// kLookahead of them wait, a second pass from the start of the stream (seekable streams: files,
// buffered stdin) finds out whether a change comes, and reading resumes where it was.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "gcode/dialect_hint.hpp"
#include "gcode/program.hpp"

namespace gougechek {

class ProgramReader {
 public:
  /// Moves held back at most before the look-ahead pass settles their tool.
  static constexpr std::size_t kLookahead = 1 << 16;

  /// `in` must outlive the reader; `file_name` is used in messages.
  ProgramReader(std::istream& in, std::string file_name, const ProgramOptions& options = {});
  ~ProgramReader();
  ProgramReader(const ProgramReader&) = delete;
  ProgramReader& operator=(const ProgramReader&) = delete;

  /// Appends at most `max` (≥ 1) moves to `out`; false once the program has ended (the last call
  /// may still have appended some). Throws InputError as readProgram does, when the faulty line
  /// is reached, and "the program has no moves" when it ends without one.
  bool read(std::vector<Move>& out, std::size_t max);

  /// Warnings so far (complete once read() has returned false).
  const std::vector<InputWarning>& warnings() const;
  /// Physical lines read so far (the program's length once read() has returned false).
  std::size_t lines() const;
  /// Subprogram files read so far (--subroutine-path, --subprogram-dir), once each: inputs too.
  const std::vector<std::string>& filesRead() const;
  /// Bytes of the stream read so far (for progress: compare with the stream's size).
  std::uint64_t bytesRead() const;

 private:
  struct Run;
  enum class ToolRule : std::uint8_t { Unknown, ChangeAhead, NeverChanges, Changed };

  bool step();
  void settle(std::size_t moves_before);
  void lookAhead();

  std::istream& in_;
  std::string file_name_;
  ProgramOptions options_;
  std::unique_ptr<Run> run_;
  ToolRule rule_ = ToolRule::Unknown;
  bool ended_ = false;
  bool moved_ = false;          ///< the program has commanded a move
  bool can_look_ahead_ = true;  ///< false once the stream proved not seekable
  std::size_t emitted_ = 0;     ///< moves of the run's buffer already handed out
  std::size_t settled_ = 0;     ///< moves of the run's buffer whose tool is final
  MoveDigest digest_;           ///< every move of the run so far (for the dialect hint)
};

}  // namespace gougechek
