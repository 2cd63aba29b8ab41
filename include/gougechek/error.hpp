#pragma once
// Input errors carry the place in the user's file so the CLI can print `file:line:col: message`
// and exit with code 2.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace gougechek {

class InputError : public std::runtime_error {
 public:
  /// line and column are 1-based; 0 means "not applicable".
  InputError(std::string file, std::size_t line, std::size_t column, const std::string& message);

  const std::string& file() const { return file_; }
  std::size_t line() const { return line_; }
  std::size_t column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

}  // namespace gougechek
