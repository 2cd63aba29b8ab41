#include "gcode/program.hpp"

#include "gcode/program_reader.hpp"

namespace gougechek {

namespace {
constexpr std::size_t kBlock = 4096;
}

Program readProgram(std::istream& in, const std::string& file_name) {
  return readProgram(in, file_name, ProgramOptions{});
}

Program readProgram(std::istream& in, const std::string& file_name, const ProgramOptions& options) {
  ProgramReader reader(in, file_name, options);
  Program program;
  while (reader.read(program.moves, kBlock)) {
  }
  program.warnings = reader.warnings();
  program.lines = reader.lines();
  return program;
}

}  // namespace gougechek
