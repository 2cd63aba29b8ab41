#pragma once
// One line of G-code split into its words (RS274/NGC "block"), before any modal state applies.
#include <array>
#include <cstdint>
#include <vector>

#include "gcode/expression.hpp"
#include "gcode/oword.hpp"

namespace gougechek {

/// A G or M code with the 1-based column where it was written. G codes are kept in tenths
/// (G91.1 → 911, G01 → 10) so that decimal codes compare exactly; M codes are whole numbers.
struct BlockCode {
  int number = 0;
  std::uint32_t column = 0;
};

/// `#ref = value` on the line; applied after the whole line is read (LinuxCNC's rule: every
/// value on a line sees the parameters as they were before the line).
struct ParameterAssignment {
  ParameterRef parameter;
  double value = 0;
};

struct Block {
  static constexpr int kMaxCodes = 16;

  /// Value of the word with letter c (other than G and M); valid when has(c).
  std::array<double, 26> value{};
  /// 1-based column of each word; 0 when the letter is absent.
  std::array<std::uint32_t, 26> column{};
  /// Bit `index(c)`: the value of word c was written as digits without a decimal point (Fanuc
  /// reads those as least increments, see dialect.hpp).
  std::uint32_t integer_words = 0;
  std::array<BlockCode, kMaxCodes> g{};
  std::array<BlockCode, kMaxCodes> m{};
  int g_count = 0;
  int m_count = 0;
  bool block_delete = false;  ///< the line starts with '/'
  std::vector<ParameterAssignment> assignments;
  bool has_oword = false;  ///< an O-word line: `oword` holds it and no other word is present
  OWord oword;

  static constexpr int index(char letter) { return letter - 'a'; }
  bool has(char letter) const { return column[index(letter)] != 0; }
  double get(char letter) const { return value[index(letter)]; }
  std::uint32_t columnOf(char letter) const { return column[index(letter)]; }
  bool empty() const;
};

inline bool Block::empty() const {
  if (g_count != 0 || m_count != 0 || has_oword || !assignments.empty()) return false;
  for (auto c : column)
    if (c != 0) return false;
  return true;
}

}  // namespace gougechek
