#pragma once
// "…; this is valid in --dialect grbl": an input error that another dialect would accept says
// so. The other dialects are tried by reading the program again, from its start, only when an
// error stopped the reading: a dialect is suggested when it commands exactly the same moves
// before the failing line and reads that line without an error. So the hint is true of the
// program at hand, and costs nothing on a program that is read without error.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>

#include "gcode/program.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

/// An error no other dialect remedies: a failed read, a number beyond the supported range, a
/// code the chosen dialect's control reads as something that cannot be checked. Such an error
/// gets no hint (another reading that passes would be luck or the wrong machine).
class HintlessError : public InputError {
 public:
  using InputError::InputError;
};

/// A running digest of moves (kind, line, geometry; not the tool, which is settled later), to
/// tell whether two readings of a program commanded the same moves.
class MoveDigest {
 public:
  void add(const Move& move);
  std::uint64_t value() const { return value_; }
  std::size_t count() const { return count_; }

 private:
  void mix(std::uint64_t word);

  std::uint64_t value_ = 14695981039346656037ull;  // FNV-1a offset basis
  std::size_t count_ = 0;
};

/// Lines the reading that failed may have run in loops and calls for a hint to be sought, and
/// the most the other dialects' readings may run: the hint stays cheap beside the reading.
constexpr std::uint64_t kDialectHintRepeatedLines = 1'000'000;

/// `error`, met reading `in` (seekable, else no hint) in options.dialect after the moves of
/// `before`, with "; this is valid in --dialect NAME" appended for each other dialect that
/// commands the same moves and gets past the error's line.
InputError withDialectHint(std::istream& in, const std::string& file_name,
                           const ProgramOptions& options, const MoveDigest& before,
                           const InputError& error);

}  // namespace gougechek
