// libFuzzer harness: STL as the program reads a file's bytes (readStl): binary/ASCII detection,
// the ASCII parser, mesh welding and surface checks. Seeded with ASCII files.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gougechek/error.hpp"
#include "io/stl_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  try {
    (void)readStl(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.stl", 1.0);
  } catch (const InputError&) {
    // A refused file is a correct outcome; anything else escapes and is a finding.
  }
  return 0;
}
