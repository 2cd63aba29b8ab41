#pragma once
// LinuxCNC's parameter file (the .var file of `--work-offsets`): one "number value" pair per
// line, numbers ascending (LinuxCNC refuses a file out of order), values in machine units.
#include <istream>
#include <map>
#include <string>

namespace gougechek {

/// Throws InputError naming `file_name` and the line on anything else than the pairs above
/// (blank lines are allowed).
std::map<int, double> readParameterFile(std::istream& in, const std::string& file_name);

}  // namespace gougechek
