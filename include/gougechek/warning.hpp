#pragma once
// A finding about the input that does not stop the check (listed in the report).
#include <cstdint>
#include <string>

namespace gougechek {

/// A warning of a report: which input, where, what.
struct InputWarning {
  std::string file;        ///< which input it is about
  std::uint32_t line = 0;  ///< 1-based line in that file; 0 when it concerns the whole file
  std::string message;
};

}  // namespace gougechek
