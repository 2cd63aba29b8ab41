// libFuzzer harness: LinuxCNC parameter (.var) files (readParameterFile), then a short program
// that applies the work offsets and homes read, so that the values reach the interpreter. An
// accepted file must not put the tool at a non-finite position.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "gcode/parameter_file.hpp"
#include "gcode/program.hpp"
#include "gougechek/error.hpp"

namespace {

/// Selects a work offset, uses G92 and goes home through G28/G30: every parameter group that
/// `--work-offsets` can set.
constexpr const char* kProgram =
    "G55 G0 X1 Y2 Z3\nG59.3 G1 X4 F100\nG54 G92 X0\nG28 Z10\nG30\nG92.1\nG53 G0 Z0\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    ProgramOptions options;
    options.parameters = readParameterFile(in, "fuzz.var");
    std::istringstream program(kProgram);
    for (const Move& move : readProgram(program, "fuzz.nc", options).moves) {
      if (!isFinite(move.from) || !isFinite(move.to)) {
        std::fputs("fuzz_parameter_file: a move with a non-finite coordinate\n", stderr);
        std::abort();
      }
    }
  } catch (const InputError&) {
    // A refused file, or offsets the program cannot use, is a correct outcome.
  }
  return 0;
}
