#pragma once
// Where a program's text comes from. A regular file is read as it is checked (and read
// again for the lines a report quotes). Standard input ("-") and other files that can be read
// only once (pipes, FIFOs, /dev/fd/N, character devices) are spooled: copied, as they are read,
// into an unlinked temporary file, so memory stays bounded, the reader can seek back (O-word
// loops, the tool look-ahead) and the report can quote their lines. A spooled program may be
// at most ProgramStream::kMaxSpooledBytes long (docs/checking-rules.md, "Limits"), so an endless
// device such as /dev/zero ends in an error, not a full disk. A program given as text is read from
// the text.
#include <cstdint>
#include <istream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <streambuf>
#include <string>

#include "gcode/program_reader.hpp"

namespace gougechek {

class ProgramInput {
 public:
  /// The program file `path_file` ("-": standard input).
  explicit ProgramInput(const std::string& path_file);
  /// The program `text`, called `name` in messages.
  ProgramInput(std::string text, std::string name);
  ~ProgramInput();

  /// The name in messages and reports: the path as given, or "<stdin>".
  const std::string& name() const { return name_; }

  /// Opens the program and starts interpreting it; call once. Throws InputError naming why the
  /// program cannot be opened (the system's reason, or "is a directory"). The reader lives as
  /// long as this input.
  ProgramReader& open(const ProgramOptions& options);

  /// Size of the program in bytes, 0 when unknown before it is read (a spooled program).
  std::uint64_t size() const { return size_; }

  /// The text of the given 1-based lines (those that exist).
  std::map<std::uint32_t, std::string> lines(const std::set<std::uint32_t>& wanted) const;

 private:
  bool from_stdin_ = false;
  std::optional<std::string> text_;  ///< a program given as text
  std::string name_;
  std::uint64_t size_ = 0;
  std::unique_ptr<std::streambuf> spool_;  ///< for a program that can be read only once
  std::unique_ptr<std::istream> stream_;
  std::unique_ptr<ProgramReader> reader_;
};

}  // namespace gougechek
