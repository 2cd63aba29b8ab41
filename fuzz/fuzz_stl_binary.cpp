// libFuzzer harness: the binary STL reader, mesh welding and surface checks (readStl).
// The input becomes a file whose triangle count matches its size, so nearly every input reaches
// the triangle parser instead of stopping at the size check; the size check and the choice
// between binary and ASCII get the raw bytes in fuzz_stl_ascii.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>

#include "gougechek/error.hpp"
#include "io/stl_binary_layout.hpp"
#include "io/stl_reader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  std::string bytes(reinterpret_cast<const char*>(data), size);
  bytes.resize(std::max(bytes.size(), kStlBinaryHeaderBytes));
  const auto triangles =
      static_cast<std::uint32_t>((bytes.size() - kStlBinaryHeaderBytes) / kStlBinaryTriangleBytes);
  bytes.resize(stlBinarySize(triangles));
  storeLittleEndian32(triangles, bytes.data() + kStlBinaryHeaderBytes - 4);
  try {
    (void)readStl(bytes, "fuzz.stl", 1.0);
  } catch (const InputError&) {
    // A refused file is a correct outcome; anything else escapes and is a finding.
  }
  return 0;
}
