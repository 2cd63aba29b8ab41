#include "gougechek/error.hpp"

namespace gougechek {

namespace {
std::string formatWhere(const std::string& file, std::size_t line, std::size_t column,
                        const std::string& message) {
  // A setting's error has no file: the message alone.
  if (file.empty()) return message;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained string '+'.
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line));
  if (line > 0 && column > 0) out.append(":").append(std::to_string(column));
  out.append(": ").append(message);
  return out;
}
}  // namespace

InputError::InputError(std::string file, std::size_t line, std::size_t column,
                       const std::string& message)
    : std::runtime_error(formatWhere(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(message) {}

}  // namespace gougechek
