#include "gcode/parameter_file.hpp"

#include <cerrno>
#include <cstring>
#include <sstream>

#include "gcode/parameters.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

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
    parameters[number] = value;
  }
  return parameters;
}

}  // namespace gougechek
