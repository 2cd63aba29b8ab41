#include "gcode/parameter_file.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <sstream>

#include "gcode/parameters.hpp"
#include "gougechek/error.hpp"
#include "gougechek/move.hpp"

namespace gougechek {

namespace {

/// The G28 and G30 homes (5161-5169, 5181-5189), the G92 offset (5211-5219) and the work
/// offsets (5221-5389): lengths a move reaches, so beyond the supported range they are refused
/// here, with their line, rather than at the first program line that moves.
constexpr int kFirstOffsetParameter = 5161;
constexpr int kLastOffsetParameter = 5389;

/// The whole stream, within the cap: a device such as /dev/zero named by mistake must not grow
/// without bound, and a failed read must not pass for a short (or empty) file.
std::string readCapped(std::istream& in, const std::string& file_name) {
  std::string text(kMaxParameterFileBytes + 1, '\0');
  errno = 0;
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  const int error = errno;
  if (in.bad())
    throw InputError(
        file_name, 0, 0,
        std::string("read error: ") + (error != 0 ? std::strerror(error) : "the stream failed"));
  const auto got = static_cast<std::size_t>(in.gcount());
  if (got > kMaxParameterFileBytes)
    throw InputError(file_name, 0, 0,
                     "the work offsets file is longer than " +
                         std::to_string(kMaxParameterFileBytes) + " bytes");
  text.resize(got);
  return text;
}

}  // namespace

std::map<int, double> readParameterFile(std::istream& stream, const std::string& file_name) {
  std::istringstream in(readCapped(stream, file_name));
  std::map<int, double> parameters;
  std::string text;
  std::size_t line = 0;
  int previous = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    std::istringstream fields(text);
    int number = 0;
    double value = 0;
    if (!(fields >> number >> value))
      throw InputError(file_name, line, 0, "expected a parameter number and its value");
    std::string rest;
    if (fields >> rest) throw InputError(file_name, line, 0, "unexpected text after the value");
    if (!Parameters::validNumber(number))
      throw InputError(file_name, line, 0,
                       "parameter number out of range: " + std::to_string(number));
    if (number <= previous)
      throw InputError(file_name, line, 0, "parameter numbers must ascend (as LinuxCNC requires)");
    previous = number;
    if (number >= kFirstOffsetParameter && number <= kLastOffsetParameter &&
        !(std::fabs(value) <= kMaxLengthMm)) {
      char value_text[32];
      std::snprintf(value_text, sizeof value_text, "%.10g", value);
      throw InputError(file_name, line, 0,
                       "#" + std::to_string(number) + " = " + value_text +
                           ": an offset outside the supported range (±1e6)");
    }
    parameters[number] = value;
  }
  return parameters;
}

}  // namespace gougechek
