#pragma once
// Reading the number of a G-code word or expression: digits with an optional decimal point.
#include <charconv>
#include <system_error>

namespace gougechek {

/// Reads the number at [first, last) into `value`, as std::from_chars in fixed format does,
/// except that a number too small for a double (0.000…0001 with hundreds of zeros) reads as 0,
/// as LinuxCNC's strtod reads it: only a number too large stays result_out_of_range.
inline std::from_chars_result readFixedNumber(const char* first, const char* last, double& value) {
  std::from_chars_result result = std::from_chars(first, last, value, std::chars_format::fixed);
  if (result.ec != std::errc::result_out_of_range) return result;
  const char* digit = first;
  while (digit != result.ptr && *digit == '0') ++digit;
  if (digit == result.ptr || *digit == '.') {  // no whole part: an underflow
    value = 0;
    result.ec = std::errc();
  }
  return result;
}

}  // namespace gougechek
