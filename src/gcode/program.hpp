#pragma once
// The interpreted program: its moves in order, and what the interpreter warned about.
#include <cstddef>
#include <istream>
#include <string>
#include <vector>

#include "gougechek/move.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

struct Program {
  std::vector<Move> moves;
  std::vector<InputWarning> warnings;   ///< e.g. "M8 coolant: ignored"
  std::size_t lines = 0;                ///< physical lines read
};

/// Interprets a G-code program (LinuxCNC dialect). `file_name` is used in messages.
/// Throws InputError (`file:line:col: message`) on anything that could move the tool and is not
/// understood.
Program readProgram(std::istream& in, const std::string& file_name);

}  // namespace gougechek
