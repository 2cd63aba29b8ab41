// libFuzzer harness: the G-code line reader, block parser, dialect filter and interpreter, as
// the checker runs them (ProgramReader, a block of moves at a time). The first byte picks the
// dialect, the rest is the program. InputError is a correct outcome; a crash, a hang (-timeout),
// runaway memory (-rss_limit_mb) or any other exception is a finding, and so is a move with a
// non-finite coordinate, which the checker could not check.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "gcode/program_reader.hpp"
#include "gougechek/error.hpp"

namespace {

constexpr gougechek::Dialect kDialects[] = {gougechek::Dialect::LinuxCnc, gougechek::Dialect::Fanuc,
                                            gougechek::Dialect::Haas, gougechek::Dialect::Grbl};
/// Moves taken per read(), as the checker's pipeline takes them (smaller, to reach the reader's
/// block boundaries on short programs too).
constexpr std::size_t kMovesPerRead = 256;
/// The cap on lines run in loops and calls, far below the program's 100,000,000: a loop that
/// reaches the real cap is correct but runs for seconds (minutes under the sanitizers). A low cap
/// keeps the cap's own code reached quickly, and a timeout then means work the cap does not bound.
constexpr std::uint64_t kMaxRepeatedLines = 100'000;

bool movesAreFinite(const std::vector<gougechek::Move>& moves) {
  for (const gougechek::Move& move : moves) {
    if (!isFinite(move.from) || !isFinite(move.to) || !isFinite(move.center)) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  if (size == 0) return 0;
  ProgramOptions options;
  options.dialect = kDialects[data[0] % std::size(kDialects)];
  options.max_repeated_lines = kMaxRepeatedLines;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data + 1), size - 1));
  try {
    ProgramReader reader(in, "fuzz.nc", options);
    std::vector<Move> moves;
    bool more = true;
    while (more) {
      moves.clear();
      more = reader.read(moves, kMovesPerRead);
      if (!movesAreFinite(moves)) {
        std::fputs("fuzz_gcode: a move with a non-finite coordinate\n", stderr);
        std::abort();
      }
    }
  } catch (const InputError&) {
    // A refused program is a correct outcome; anything else escapes and is a finding.
  }
  return 0;
}
