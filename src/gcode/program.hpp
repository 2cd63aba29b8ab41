#pragma once
// The interpreted program: its moves in order, and what the interpreter warned about.
#include <cstddef>
#include <cstdint>
#include <istream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gcode/dialect.hpp"
#include "gougechek/move.hpp"
#include "gougechek/program.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

struct Program {
  std::vector<Move> moves;
  std::vector<InputWarning> warnings;  ///< e.g. "M8 coolant: ignored"
  std::size_t lines = 0;               ///< physical lines read
};

/// Interprets a whole G-code program (in options.dialect) into memory (ProgramReader reads it block
/// by block). `file_name` is used in messages. Throws InputError (`file:line:col: message`) on
/// anything that could move the tool and is not understood.
Program readProgram(std::istream& in, const std::string& file_name, const ProgramOptions& options);
Program readProgram(std::istream& in, const std::string& file_name);

}  // namespace gougechek
