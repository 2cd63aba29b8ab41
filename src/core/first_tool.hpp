#pragma once
// The tool in the spindle before a program's first tool change, which the program does not
// say: its moves until then carry tool 0 (docs/checking-rules.md "The tool before the first
// change").
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/tool.hpp"
#include "gougechek/verify.hpp"
#include "gougechek/warning.hpp"

namespace gougechek {

/// The moves of `source` with the tool before the first change named: VerifySettings::
/// initial_tool when given; else, when the tools have no cutter for tool 0 (a --tool fallback
/// leaves the moves as they are), the only tool they describe if they describe one (with a
/// warning), or the first tool the program loads, for rapids only (with a warning), while a
/// feed move there is an InputError.
class FirstToolSource {
 public:
  /// Rapids held back at most while the first tool change is looked for.
  static constexpr std::size_t kMaxMovesBeforeFirstTool = 1 << 16;

  FirstToolSource(MoveSource source, const ToolLibrary& tools, std::optional<int> initial_tool,
                  std::string program_file);

  /// As a MoveSource: appends at most `max` moves to `out`, false once the program has ended.
  bool read(std::vector<Move>& out, std::size_t max);

  /// The warning naming the tool taken for the moves before the first change, if one was.
  const std::vector<InputWarning>& warnings() const { return warnings_; }

 private:
  /// Reads up to the first move with a tool, holding the rapids before it in pending_, unless
  /// the tool before the first change is known without it (initial_tool_).
  void findFirstTool(std::size_t max);
  /// Gives the moves of `moves` from `first` on the initial tool, up to the first tool change.
  void nameTheInitialTool(std::vector<Move>& moves, std::size_t first);

  MoveSource source_;
  const ToolLibrary& tools_;
  std::optional<int> initial_tool_;
  std::string program_file_;
  bool looked_ = false;     ///< findFirstTool has run
  bool more_ = true;        ///< source_ has more moves
  bool changed_ = false;    ///< a move with a tool was seen: the first change is past
  bool only_tool_ = false;  ///< initial_tool_ is the tools' only one, not given
  std::vector<Move> pending_;
  std::size_t next_pending_ = 0;
  std::vector<InputWarning> warnings_;
};

}  // namespace gougechek
