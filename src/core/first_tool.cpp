#include "core/first_tool.hpp"

#include <algorithm>
#include <utility>

#include "gougechek/error.hpp"

namespace gougechek {

FirstToolSource::FirstToolSource(MoveSource source, const ToolLibrary& tools,
                                 std::optional<int> initial_tool, std::string program_file)
    : source_(std::move(source)),
      tools_(tools),
      initial_tool_(initial_tool),
      program_file_(std::move(program_file)) {}

void FirstToolSource::findFirstTool(std::size_t max) {
  looked_ = true;
  if (initial_tool_ || tools_.find(0)) return;
  // The tools describe one cutter and nothing else: the spindle can hold no other, whatever
  // the program loads (a Grbl post loads none: its M6 is a comment).
  if (tools_.by_number.size() == 1 && tools_.refused.empty()) {
    initial_tool_ = tools_.by_number.begin()->first;
    only_tool_ = true;
    return;
  }
  std::vector<Move> block;
  while (more_) {
    block.clear();
    more_ = source_(block, max);
    for (auto move = block.begin(); move != block.end(); ++move) {
      if (move->tool != 0) {
        // The first tool the program loads: the likeliest one in the spindle before, and the
        // one a rapid there is checked with; the report says it was taken, not known.
        changed_ = true;
        if (!pending_.empty()) {
          for (Move& held : pending_) held.tool = move->tool;
          warnings_.push_back(
              {program_file_, pending_.front().line,
               "the tool in the spindle before the first tool change is unknown: the rapids "
               "before it (lines " +
                   std::to_string(pending_.front().line) + "-" +
                   std::to_string(pending_.back().line) + ") are checked with T" +
                   std::to_string(move->tool) +
                   ", the first tool the program loads (--initial-tool N names the tool)"});
        }
        pending_.insert(pending_.end(), move, block.end());
        return;
      }
      if (move->kind != MoveKind::Rapid)
        throw InputError(program_file_, move->line, 0,
                         "no cutter known for tool 0: a feed move before the program's first "
                         "tool change, with the tool in the spindle unknown (give "
                         "--initial-tool N, the tool loaded before the program starts, or "
                         "--tool)");
      if (pending_.size() >= kMaxMovesBeforeFirstTool)
        throw InputError(program_file_, move->line, 0,
                         "more than " + std::to_string(kMaxMovesBeforeFirstTool) +
                             " rapids before the first tool change: give --initial-tool N "
                             "(the tool loaded before the program starts), or --tool");
      pending_.push_back(*move);
    }
  }
  // No tool change at all: the moves keep tool 0, which the check refuses as a tool with no
  // known cutter.
}

void FirstToolSource::nameTheInitialTool(std::vector<Move>& moves, std::size_t first) {
  for (auto move = moves.begin() + static_cast<std::ptrdiff_t>(first); move != moves.end();
       ++move) {
    if (move->tool != 0) {
      changed_ = true;  // a later T0 M6 empties the spindle: those moves keep tool 0
      return;
    }
    if (only_tool_ && warnings_.empty())
      warnings_.push_back({program_file_, move->line,
                           "the program loads no tool before this line: its moves up to its "
                           "first tool change are checked with T" +
                               std::to_string(*initial_tool_) +
                               ", the only tool described (--initial-tool N names the tool)"});
    move->tool = *initial_tool_;
  }
}

bool FirstToolSource::read(std::vector<Move>& out, std::size_t max) {
  if (!looked_) findFirstTool(max);
  if (next_pending_ < pending_.size()) {
    const std::size_t count = std::min(max, pending_.size() - next_pending_);
    const auto first = pending_.begin() + static_cast<std::ptrdiff_t>(next_pending_);
    out.insert(out.end(), first, first + static_cast<std::ptrdiff_t>(count));
    next_pending_ += count;
    if (next_pending_ < pending_.size()) return true;
    pending_ = {};
    next_pending_ = 0;
    return more_;
  }
  if (!more_) return false;
  const std::size_t before = out.size();
  more_ = source_(out, max);
  if (initial_tool_ && !changed_) nameTheInitialTool(out, before);
  return more_;
}

}  // namespace gougechek
