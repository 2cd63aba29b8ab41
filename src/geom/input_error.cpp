#include "gougechek/error.hpp"

namespace gougechek {

namespace {
/// `text` with each NUL byte written `\0`: what() is a C string, which would end at the first
/// NUL and cut the message off there (a NUL in a tool table, an STL, a job name).
std::string escapeNul(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    if (c == '\0') {
      escaped.append("\\0");
    } else {
      escaped.push_back(c);
    }
  }
  return escaped;
}

std::string formatWhere(const std::string& file, std::size_t line, std::size_t column,
                        const std::string& message) {
  // A setting's error has no file: the message alone.
  if (file.empty()) return message;
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on chained string '+'.
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line));
  if (line > 0 && column > 0) out.append(":").append(std::to_string(column));
  out.append(": ").append(escapeNul(message));
  return out;
}
}  // namespace

InputError::InputError(std::string file, std::size_t line, std::size_t column,
                       const std::string& message)
    : std::runtime_error(formatWhere(file, line, column, message)),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(escapeNul(message)) {}

InputError::~InputError() = default;

}  // namespace gougechek
