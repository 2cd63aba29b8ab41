#pragma once
// LinuxCNC's parameter file (the .var file of `--work-offsets`): one "number value" pair per
// line, numbers ascending (LinuxCNC refuses a file out of order), values in machine units.
#include <cstddef>
#include <istream>
#include <map>
#include <string>

namespace gougechek {

/// Longest parameter file read, in bytes (1 MiB): LinuxCNC's own is a few kilobytes.
inline constexpr std::size_t kMaxParameterFileBytes = std::size_t{1} << 20;

/// Throws InputError naming `file_name` and the line on anything else than the pairs above
/// (blank lines are allowed), and naming the file on a read error or a file longer than
/// kMaxParameterFileBytes.
std::map<int, double> readParameterFile(std::istream& in, const std::string& file_name);

}  // namespace gougechek
