#include "gcode/parameter_file.hpp"

#include <sstream>

#include "gcode/parameters.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

std::map<int, double> readParameterFile(std::istream& in, const std::string& file_name) {
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
