#pragma once
// Where a benchmark finds its inputs: the file an environment variable names, else one under
// the source tree (bench/out/, made by bench/make_bench_inputs.sh).
#include <cstdlib>
#include <string>

namespace gougechek {

inline std::string inputPath(const char* variable, const char* fallback) {
  const char* value = std::getenv(variable);
  return value ? value : std::string(GOUGECHEK_SOURCE_DIR) + "/" + fallback;
}

}  // namespace gougechek
