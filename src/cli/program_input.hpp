#pragma once
// The program named on the command line: a file, or standard input ("-"), which is kept in
// memory so the report can quote its lines after the check.
#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "gcode/program.hpp"

namespace gougechek {

class ProgramInput {
 public:
  explicit ProgramInput(const std::string& path_file);

  /// The name in messages and reports: the path as given, or "<stdin>".
  const std::string& name() const { return name_; }

  /// Interprets the program; reads standard input at most once.
  Program read();

  /// The text of the given 1-based lines (those that exist).
  std::map<std::uint32_t, std::string> lines(const std::set<std::uint32_t>& wanted) const;

 private:
  bool from_stdin_;
  std::string name_;
  std::string stdin_text_;
};

}  // namespace gougechek
