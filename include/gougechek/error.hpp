#pragma once
// Input errors carry the place in the user's file so the CLI can print `file:line:col: message`
// and exit with code 2.
#include <cstddef>
#include <stdexcept>
#include <string>

#include "gougechek/export.hpp"

namespace gougechek {

/// A fault in an input file (or, with no file, in a setting): what is wrong and where. Every
/// reader and check of the library throws it; its type and message cross the library boundary.
class GOUGECHEK_API InputError : public std::runtime_error {
 public:
  /// line and column are 1-based; 0 means "not applicable".
  InputError(std::string file, std::size_t line, std::size_t column, const std::string& message);
  /// Out of line: the class's vtable and type_info then live in libgougechek.so alone, which
  /// every library and program throwing or catching it shares.
  ~InputError() override;

  /// The file the fault is in, as named to the reader; empty for a setting.
  const std::string& file() const { return file_; }
  /// 1-based line of the fault; 0 when it concerns the whole file.
  std::size_t line() const { return line_; }
  /// 1-based column of the fault; 0 when not known.
  std::size_t column() const { return column_; }
  /// What is wrong, without the place (what() adds `file:line:col: `).
  const std::string& message() const { return message_; }

 private:
  // What the accessors return.
  std::string file_;
  std::size_t line_;
  std::size_t column_;
  std::string message_;
};

}  // namespace gougechek
