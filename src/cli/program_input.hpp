#pragma once
// The program named on the command line: a file, read as it is checked, or standard input
// ("-"), which is kept in memory so the report can quote its lines after the check (a file's
// lines are read again instead).
#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "gcode/program_reader.hpp"

namespace gougechek {

class ProgramInput {
 public:
  explicit ProgramInput(const std::string& path_file);
  ~ProgramInput();

  /// The name in messages and reports: the path as given, or "<stdin>".
  const std::string& name() const { return name_; }

  /// Starts interpreting the program; reads standard input at most once. The reader lives as
  /// long as this input.
  ProgramReader& open(const ProgramOptions& options);

  /// Size of the program in bytes (known once open() has returned).
  std::uint64_t size() const { return size_; }

  /// The text of the given 1-based lines (those that exist).
  std::map<std::uint32_t, std::string> lines(const std::set<std::uint32_t>& wanted) const;

 private:
  bool from_stdin_;
  std::string name_;
  std::string stdin_text_;
  std::uint64_t size_ = 0;
  std::unique_ptr<std::istream> stream_;
  std::unique_ptr<ProgramReader> reader_;
};

}  // namespace gougechek
