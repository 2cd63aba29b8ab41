// libFuzzer harness: LinuxCNC tool tables (readToolTable). Every tool of an accepted table must
// be a cutter the checker can build: finite, positive sizes.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>

#include "gougechek/error.hpp"
#include "tool/tool_table.hpp"
#include "tool_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  try {
    const ToolLibrary tools = readToolTable(in, "fuzz.tbl");
    for (const auto& [number, spec] : tools.by_number) {
      const bool sane =
          number >= 1 && fuzz::hasCheckableSizes(spec) && std::isfinite(spec.length_offset);
      if (!sane) {
        std::fputs("fuzz_tool_table: accepted a tool with a non-finite or non-positive size\n",
                   stderr);
        std::abort();
      }
    }
  } catch (const InputError&) {
    // A refused table is a correct outcome.
  }
  return 0;
}
