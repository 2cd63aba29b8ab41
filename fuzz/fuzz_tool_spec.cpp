// libFuzzer harness: `--tool` specs (parseToolSpec). A spec that is accepted must describe a
// cutter the checker can build: finite, positive sizes.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"
#include "tool_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  try {
    const ToolSpec spec =
        parseToolSpec(std::string(reinterpret_cast<const char*>(data), size), "--tool");
    if (!fuzz::hasCheckableSizes(spec)) {
      std::fputs("fuzz_tool_spec: accepted a cutter with a non-finite or non-positive size\n",
                 stderr);
      std::abort();
    }
  } catch (const InputError&) {
    // A refused spec is a correct outcome.
  }
  return 0;
}
