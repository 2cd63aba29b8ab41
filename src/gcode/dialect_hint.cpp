#include "gcode/dialect_hint.hpp"

#include <bit>
#include <vector>

#include "gcode/program_reader.hpp"

namespace gougechek {

namespace {

constexpr std::uint64_t kFnvPrime = 1099511628211ull;

/// True when `dialect` reads `in` with the moves of `before` first and gets past `line`.
bool readsPast(std::istream& in, const std::string& file_name, ProgramOptions options,
               Dialect dialect, const MoveDigest& before, std::size_t line) {
  in.clear();
  in.seekg(0);
  if (!in) return false;
  options.dialect = dialect;
  options.suggest_dialects = false;
  options.max_repeated_lines = std::min(options.max_repeated_lines, kDialectHintRepeatedLines);
  ProgramReader reader(in, file_name, options);
  MoveDigest digest;
  std::vector<Move> moves;
  try {
    bool more = true;
    // One move at a time, so that the reading stops soon after the line is passed.
    while (more && (digest.count() < before.count() || reader.lines() <= line)) {
      moves.clear();
      more = reader.read(moves, 1);
      for (const Move& move : moves)
        if (digest.count() < before.count()) digest.add(move);
    }
  } catch (const InputError&) {
    return false;
  }
  return digest.count() == before.count() && digest.value() == before.value();
}

}  // namespace

void MoveDigest::mix(std::uint64_t word) {
  value_ = (value_ ^ word) * kFnvPrime;
}

void MoveDigest::add(const Move& move) {
  // Word by word (FNV-1a over 64-bit words): a few operations a move, on every move read.
  mix(static_cast<std::uint64_t>(move.kind) << 32 | move.line);
  for (const Vec3* point : {&move.from, &move.to, &move.center, &move.axis})
    for (double coordinate : {point->x, point->y, point->z})
      mix(std::bit_cast<std::uint64_t>(coordinate));
  mix(static_cast<std::uint64_t>(static_cast<std::uint32_t>(move.turns)));
  ++count_;
}

InputError withDialectHint(std::istream& in, const std::string& file_name,
                           const ProgramOptions& options, const MoveDigest& before,
                           const InputError& error) {
  std::vector<Dialect> accepting;
  for (Dialect dialect : {Dialect::LinuxCnc, Dialect::Fanuc, Dialect::Haas, Dialect::Grbl})
    if (dialect != options.dialect &&
        readsPast(in, file_name, options, dialect, before, error.line()))
      accepting.push_back(dialect);
  if (accepting.empty()) return error;
  std::string message = error.message() + "; this is valid in ";
  for (std::size_t i = 0; i < accepting.size(); ++i) {
    if (i > 0) message += i + 1 == accepting.size() ? " or " : ", ";
    message.append("--dialect ").append(dialectName(accepting[i]));
  }
  return InputError(error.file(), error.line(), error.column(), message);
}

}  // namespace gougechek
