// libFuzzer harness: tool libraries (FreeCAD .fctl, Fusion 360 JSON) as readToolLibrary reads
// them. A file is read or refused with an InputError; every tool it gives must have checkable
// sizes, and holder segments finite heights; a refused tool names its number.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"
#include "tool_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace gougechek;
  // The readers take a path (a FreeCAD library resolves its bits beside it): one file per
  // process, rewritten for every input.
  static const std::string file = (std::filesystem::temp_directory_path() /
                                   ("fuzz_tool_library_" + std::to_string(::getpid()) + ".json"))
                                      .string();
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  try {
    const ToolLibrary library = readToolLibrary(file);
    for (const auto& [number, spec] : library.by_number) {
      bool sane = fuzz::hasCheckableSizes(spec);
      for (const ToolSegment& piece : toolAssembly(spec)) {
        sane = sane && std::isfinite(piece.z_bottom) && std::isfinite(piece.z_top) &&
               piece.z_bottom <= piece.z_top && std::isfinite(piece.radius_bottom) &&
               std::isfinite(piece.radius_top) && piece.radius_bottom >= 0 && piece.radius_top >= 0;
      }
      if (!sane) {
        std::fprintf(stderr, "fuzz_tool_library: T%d has a piece the checker cannot build\n",
                     number);
        std::abort();
      }
    }
    for (const auto& [number, refusal] : library.refused) {
      if (refusal.reason.rfind("T" + std::to_string(number), 0) != 0) {
        std::fprintf(stderr, "fuzz_tool_library: refusal of T%d does not name it\n", number);
        std::abort();
      }
    }
  } catch (const InputError&) {
    // A refused library is a correct outcome.
  }
  return 0;
}
