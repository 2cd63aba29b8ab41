#include "gcode/program.hpp"

#include <cmath>
#include <cstdint>

#include "gcode/block_parser.hpp"
#include "gcode/control_flow.hpp"
#include "gcode/interpreter.hpp"
#include "gcode/line_reader.hpp"
#include "gcode/parameters.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// First character that is not a blank, or 0 for a blank line.
char firstVisible(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t') return c;
  return 0;
}

void assign(const std::vector<ParameterAssignment>& assignments, Parameters& parameters) {
  for (const ParameterAssignment& assignment : assignments) {
    if (assignment.parameter.name.empty())
      parameters.set(assignment.parameter.number, assignment.value);
    else
      parameters.set(assignment.parameter.name, assignment.value);
  }
}

/// M98 and M99 of the block, run after its motion as LinuxCNC does; false when M99 ends the
/// program.
bool runSubprogramCodes(const Block& block, ControlFlow& control, const std::string& file_name,
                        std::uint32_t line) {
  for (int i = 0; i < block.m_count; ++i) {
    const BlockCode& code = block.m[static_cast<std::size_t>(i)];
    if (code.number == 99) return control.returnFromProgram(line, code.column);
    if (code.number != 98) continue;
    const double p = block.get('p');
    if (!block.has('p') || p < 0 || p != std::floor(p) || p > 1e9)
      throw InputError(file_name, line, code.column, "M98 needs P with the program number");
    const double l = block.has('l') ? block.get('l') : 1.0;
    if (l < 0 || l != std::floor(l) || l > 1e9)
      throw InputError(file_name, line, block.columnOf('l'), "M98: L must be a whole number");
    control.callProgram(static_cast<int>(p), static_cast<int>(l), line, code.column);
  }
  return true;
}

}  // namespace

Program readProgram(std::istream& in, const std::string& file_name) {
  return readProgram(in, file_name, ProgramOptions{});
}

Program readProgram(std::istream& in, const std::string& file_name, const ProgramOptions& options) {
  Program program;
  Parameters parameters;
  for (const auto& [number, value] : options.parameters)
    if (Parameters::validNumber(number)) parameters.set(number, value);
  LineReader reader(in);
  BlockParser parser(file_name, parameters);
  GcodeInterpreter interpreter(file_name, program, parameters, options);
  ControlFlow control(file_name, reader, parameters, options.max_loop_iterations);
  Block block;
  OWord header;
  std::string_view line;
  std::uint32_t number = 0;
  std::uint32_t last = 0;
  bool started = false;  // a non-blank line was seen
  bool running = true;   // neither M2/M30/M99 nor a closing '%' was met
  std::uint32_t end_line = 0;
  for (LineReader::Position line_start = reader.position(); reader.next(line);
       line_start = reader.position()) {
    number = reader.linesRead();
    last = std::max(last, number);
    const char first = firstVisible(line);
    if (first == 0) continue;
    if (!running) {
      if (first == '%') continue;
      interpreter.warnOnce(number, "lines after the program end (line " + std::to_string(end_line) +
                                       ") are not executed");
      continue;
    }
    if (first == '%') {  // an opening '%' starts the program, any later one ends it
      if (started) {
        running = false;
        end_line = number;
      }
      started = true;
      continue;
    }
    started = true;
    if (control.skipping() &&
        !(parser.parseOWordHeader(line, number, header) && control.endsSkip(header)))
      continue;
    parser.parse(line, number, block);
    assign(block.assignments, parameters);
    if (block.has_oword) {
      control.execute(block.oword, number, line_start);
      continue;
    }
    if (!interpreter.execute(block, number) ||
        !runSubprogramCodes(block, control, file_name, number)) {
      running = false;
      end_line = number;
    }
  }
  if (running) control.finish(last);
  interpreter.finish();
  program.lines = last;
  return program;
}

}  // namespace gougechek
