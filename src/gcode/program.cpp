#include "gcode/program.hpp"

#include <cstdint>

#include "gcode/block_parser.hpp"
#include "gcode/interpreter.hpp"
#include "gcode/line_reader.hpp"

namespace gougechek {

namespace {

/// First character that is not a blank, or 0 for a blank line.
char firstVisible(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t') return c;
  return 0;
}

}  // namespace

Program readProgram(std::istream& in, const std::string& file_name) {
  Program program;
  LineReader reader(in);
  BlockParser parser(file_name);
  GcodeInterpreter interpreter(file_name, program);
  Block block;
  std::string_view line;
  std::uint32_t number = 0;
  bool started = false;  // a non-blank line was seen
  bool running = true;   // neither M2/M30 nor a closing '%' was met
  std::uint32_t end_line = 0;
  while (reader.next(line)) {
    ++number;
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
    parser.parse(line, number, block);
    if (!interpreter.execute(block, number)) {
      running = false;
      end_line = number;
    }
  }
  interpreter.finish();
  program.lines = number;
  return program;
}

}  // namespace gougechek
