#include "gcode/control_flow.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "gcode/macro_b.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

std::string fanucName(const std::string& name) {
  return "O" + name;
}

/// LinuxCNC's file of o<name>: the name as written in lower case, with .ngc.
constexpr const char* kSubroutineExtension = ".ngc";

/// True when `stem` names Fanuc program `number`: O (either case) and the number, with any
/// leading zeros (O1002, O01002), as Fanuc and Haas controls name program files.
bool namesProgram(const std::string& stem, const std::string& number) {
  if (stem.size() < 2 || (stem[0] != 'O' && stem[0] != 'o')) return false;
  const std::size_t digits = stem.find_first_not_of('0', 1);
  if (digits == std::string::npos) return number == "0";
  return stem.compare(digits, std::string::npos, number) == 0;
}

/// True when `file`'s directory is one of `dirs` (the same directory, however it is spelled).
bool inOneOf(const std::filesystem::path& file, const std::vector<std::string>& dirs) {
  std::error_code error;
  const std::filesystem::path dir = std::filesystem::absolute(file, error).parent_path();
  return std::any_of(dirs.begin(), dirs.end(), [&dir](const std::string& candidate) {
    std::error_code ignored;
    return std::filesystem::equivalent(dir, candidate, ignored);
  });
}

}  // namespace

bool mayBeSubprogramFile(const std::string& file, const std::vector<std::string>& subroutine_path,
                         const std::vector<std::string>& subprogram_dirs) {
  const std::filesystem::path path(file);
  const std::string stem = path.stem().string();
  const bool fanuc_name = stem.size() >= 2 && (stem[0] == 'O' || stem[0] == 'o') &&
                          stem.find_first_not_of("0123456789", 1) == std::string::npos;
  return (path.extension() == kSubroutineExtension && inOneOf(path, subroutine_path)) ||
         (fanuc_name && inOneOf(path, subprogram_dirs));
}

ControlFlow::ControlFlow(std::string file_name, LineReader& reader, Parameters& parameters,
                         std::uint64_t max_repeated_lines, std::vector<std::string> subroutine_path,
                         std::vector<std::string> subprogram_dirs)
    : file_name_(std::move(file_name)),
      main_reader_(reader),
      subroutine_path_(std::move(subroutine_path)),
      subprogram_dirs_(std::move(subprogram_dirs)),
      parameters_(parameters),
      max_repeated_lines_(max_repeated_lines) {}

ControlFlow::~ControlFlow() = default;

LineReader& ControlFlow::reader() {
  return sources_.empty() ? main_reader_ : *sources_.back().reader;
}

const std::string& ControlFlow::fileName() const {
  return sources_.empty() ? file_name_ : sources_.back().path;
}

const std::string& ControlFlow::sourcePath() const {
  static const std::string kProgram;
  return sources_.empty() ? kProgram : sources_.back().path;
}

std::uint32_t ControlFlow::callLine() const {
  return sources_.empty() ? 0 : sources_.front().call_line;
}

void ControlFlow::endOfSubprogramFile(std::uint32_t last_line) const {
  if (skip_.active) fail(skip_.line, skip_.column, skip_.what);
  const auto call = innermostCall();
  const bool fanuc = call != frames_.rend() && call->fanuc;
  throw InputError(
      fileName(), last_line, 0,
      std::string("the subprogram file ends inside its call (no ") + (fanuc ? "M99)" : "endsub)"));
}

std::string ControlFlow::findSubprogramFile(const Frame& frame, std::uint32_t column) const {
  namespace fs = std::filesystem;
  std::error_code error;
  // A directory, FIFO or device of the subprogram's name is found, not read (a FIFO would block).
  const auto refuseOther = [&](const fs::path& file) {
    fail(frame.line, column,
         "call to " + (frame.fanuc ? fanucName(frame.name) : "o<" + frame.name + ">") + ": " +
             file.string() + " is not a regular file (a directory, FIFO or device)");
  };
  if (!frame.fanuc) {
    if (std::isdigit(static_cast<unsigned char>(frame.name[0]))) return {};  // o100: in the file
    for (const std::string& dir : subroutine_path_) {
      const fs::path file = fs::path(dir) / (frame.name + kSubroutineExtension);
      const fs::file_status status = fs::status(file, error);
      if (fs::is_regular_file(status)) return file.string();
      if (fs::exists(status)) refuseOther(file);
    }
    return {};
  }
  for (const std::string& dir : subprogram_dirs_) {
    std::vector<fs::path> matches;
    for (fs::directory_iterator entry(dir, error), end; !error && entry != end;
         entry.increment(error)) {
      if (!namesProgram(entry->path().stem().string(), frame.name)) continue;
      if (!entry->is_regular_file(error)) refuseOther(entry->path());
      matches.push_back(entry->path());
    }
    if (matches.size() > 1) ambiguous(frame, column, matches);
    if (!matches.empty()) return matches.front().string();
  }
  return {};
}

void ControlFlow::ambiguous(const Frame& frame, std::uint32_t column,
                            std::vector<std::filesystem::path> matches) const {
  // Picking one (O1002.bak over O1002.nc by name order) could check another program than the
  // machine runs: the user must say which.
  std::sort(matches.begin(), matches.end());
  std::string names;
  for (const auto& match : matches) names += (names.empty() ? "" : ", ") + match.string();
  fail(frame.line, column,
       "call to " + fanucName(frame.name) +
           ": more than one file in --subprogram-dir could be it (" + names + ")");
}

void ControlFlow::open(const std::string& path, std::uint32_t line, std::uint32_t column) {
  Source source;
  source.path = path;
  source.stream = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!*source.stream) fail(line, column, "cannot open the subprogram file " + path);
  source.reader = std::make_unique<LineReader>(*source.stream, path);  // for its errors
  source.call_line = sources_.empty() ? line : sources_.front().call_line;
  const auto read = std::find(files_read_.begin(), files_read_.end(), path);
  source.file = static_cast<std::uint32_t>(read - files_read_.begin()) + 1;
  if (read == files_read_.end()) files_read_.push_back(path);
  sources_.push_back(std::move(source));
}

void ControlFlow::closeSources(const Frame& frame) {
  while (sources_.size() > frame.caller_sources) sources_.pop_back();
}

void ControlFlow::countLine(std::uint32_t line) {
  const bool repeating =
      jumped_back_ || std::any_of(frames_.begin(), frames_.end(),
                                  [](const Frame& f) { return f.kind != FrameKind::If; });
  if (repeating) countRepeated(line);
}

void ControlFlow::countRepeated(std::uint32_t line) {
  if (++repeated_lines_ > max_repeated_lines_)
    fail(line, 0,
         "more than " + std::to_string(max_repeated_lines_) + " lines run in loops" +
             (jumped_back_ ? ", jumps back (GOTO, M99 P)" : "") +
             " and subprogram calls: taken as endless (the limit bounds the work of a run)");
}

void ControlFlow::fail(std::uint32_t line, std::uint32_t column, const std::string& message) const {
  throw InputError(file_name_, line, column, message);
}

void ControlFlow::failJump(std::uint32_t line, std::uint32_t column,
                           const std::string& message) const {
  // No other dialect's hint: LinuxCNC has no jumps by sequence number, and a reading that
  // passed would have ignored this one.
  throw HintlessError(file_name_, line, column, message);
}

void ControlFlow::seek(LineReader::Position position) {
  if (!reader().seek(position))
    fail(reader().linesRead(), 0, "cannot re-read the program (the input is not seekable)");
}

double ControlFlow::value(const OWord& oword, std::uint32_t line) const {
  if (oword.values.size() != 1)
    fail(line, oword.column, describe(oword) + " needs one value in brackets");
  return oword.values[0];
}

ControlFlow::Frame* ControlFlow::top(FrameKind kind, const std::string& name) {
  if (frames_.empty() || frames_.back().kind != kind || frames_.back().name != name) return nullptr;
  return &frames_.back();
}

int ControlFlow::callDepth() const {
  return static_cast<int>(std::count_if(frames_.begin(), frames_.end(), isCall));
}

void ControlFlow::startSkip(SkipGoal goal, const std::string& name, std::uint32_t line,
                            std::uint32_t column, std::string what) {
  skip_.active = true;
  skip_.goal = goal;
  skip_.name = name;
  skip_.line = line;
  skip_.column = column;
  skip_.what = std::move(what);
}

bool ControlFlow::endsSkip(const OWord& header) const {
  if (header.name != skip_.name) return false;
  switch (skip_.goal) {
    case SkipGoal::Definition:
      return header.keyword == OKeyword::EndSub;
    case SkipGoal::FindSub:
      return header.keyword == (skip_.pending_call.fanuc ? OKeyword::Label : OKeyword::Sub);
    case SkipGoal::Branch:
      return header.keyword == OKeyword::ElseIf || header.keyword == OKeyword::Else ||
             header.keyword == OKeyword::EndIf;
    case SkipGoal::LoopEnd:
      return header.keyword == OKeyword::EndWhile || header.keyword == OKeyword::EndRepeat ||
             header.keyword == OKeyword::While;
  }
  return false;
}

bool ControlFlow::finishSkip(const OWord& oword) {
  skip_.active = false;
  switch (skip_.goal) {
    case SkipGoal::FindSub:
      subs_[oword.name] = {sourcePath(), reader().position()};
      skip_.pending_call.start = reader().position();
      enterBody(skip_.pending_call, skip_.arguments);
      return false;
    case SkipGoal::Branch:
      return true;
    case SkipGoal::LoopEnd:
      // A macro B WHILE of the skipped loop's identifier is no do-while's end: a nested loop.
      if (oword.keyword == OKeyword::While && isMacroLoop(oword.name))
        fail(reader().linesRead(), oword.column,
             describe(oword) + " inside a loop " + oword.name + " (line " +
                 std::to_string(skip_.line) + "): nested loops need other identifiers");
      return false;
    case SkipGoal::Definition:
      return false;
  }
  return false;
}

void ControlFlow::execute(const OWord& oword, std::uint32_t line, LineReader::Position line_start) {
  if (skip_.active && !finishSkip(oword)) return;
  switch (oword.keyword) {
    case OKeyword::Label:  // a Fanuc program number: M98 jumps here, running through it is a no-op
      subs_[oword.name] = {sourcePath(), reader().position()};
      return;
    case OKeyword::Sub: {
      // As LinuxCNC: a sub already read from a subprogram file cannot be defined again.
      const auto known = subs_.find(oword.name);
      if (known != subs_.end() && known->second.file != sourcePath())
        fail(line, oword.column,
             describe(oword) + ": already defined in " +
                 (known->second.file.empty() ? file_name_ : known->second.file));
      subs_[oword.name] = {sourcePath(), reader().position()};
      startSkip(SkipGoal::Definition, oword.name, line, oword.column,
                describe(oword) + ": no matching endsub before the end of the file");
      return;
    }
    case OKeyword::Call: {
      Frame frame{FrameKind::Call, oword.name, line, {}, reader().position(), 1, false, false};
      call(std::move(frame), oword.values, oword.column);
      return;
    }
    case OKeyword::EndSub:
    case OKeyword::Return:
      returnFromCall(oword, line);
      return;
    case OKeyword::Goto: {
      const double target = value(oword, line);
      if (std::isnan(target) || target < 1 || target > 99999 || target != std::floor(target))
        fail(line, oword.column,
             "GOTO: the sequence number must be a whole number from 1 to 99999");
      const long sequence = static_cast<long>(target);
      jumpToBlock(sequence, line, oword.column, "GOTO " + std::to_string(sequence));
      return;
    }
    case OKeyword::If:
    case OKeyword::ElseIf:
    case OKeyword::Else:
    case OKeyword::EndIf:
      runBranch(oword, line);
      return;
    default:
      runLoopStatement(oword, line, line_start);
  }
}

void ControlFlow::call(Frame frame, const std::vector<double>& arguments, std::uint32_t column) {
  if (callDepth() >= kMaxCallDepth)
    fail(frame.line, column,
         "subroutine calls nested more than " + std::to_string(kMaxCallDepth) + " deep");
  frame.caller_sources = sources_.size();
  const auto known = subs_.find(frame.name);
  if (known != subs_.end()) {
    if (known->second.file != sourcePath()) {
      if (known->second.file.empty())
        fail(frame.line, column,
             "call to o<" + frame.name + "> from the subprogram file " + sourcePath() +
                 ": a subroutine of the main program cannot be called from another file");
      open(known->second.file, frame.line, column);
    }
    frame.start = known->second.start;
    enterBody(std::move(frame), arguments);
    seek(frames_.back().start);
    return;
  }
  const std::string name = frame.fanuc ? fanucName(frame.name) : "o<" + frame.name + ">";
  // As LinuxCNC: a subprogram file found in the search directories comes first, then what
  // follows in this file.
  if (const std::string path = findSubprogramFile(frame, column); !path.empty()) {
    open(path, frame.line, column);
    startSkip(SkipGoal::FindSub, frame.name, frame.line, column,
              "call to " + name + ": " + path + " does not define it");
  } else {
    startSkip(SkipGoal::FindSub, frame.name, frame.line, column,
              "call to " + name + ": no such subprogram in this file" +
                  (frame.fanuc ? " or in --subprogram-dir"
                               : (std::isdigit(static_cast<unsigned char>(frame.name[0]))
                                      ? ""
                                      : ", nor " + frame.name + kSubroutineExtension +
                                            " in --subroutine-path")));
  }
  skip_.pending_call = std::move(frame);
  skip_.arguments = arguments;
}

void ControlFlow::enterBody(Frame frame, const std::vector<double>& arguments) {
  if (!frame.fanuc) parameters_.enterCall(arguments);
  frames_.push_back(std::move(frame));
}

void ControlFlow::returnFromCall(const OWord& oword, std::uint32_t line) {
  const auto call = innermostCall();
  if (call == frames_.rend() || call->fanuc)
    fail(line, oword.column, describe(oword) + " outside a call of o<" + oword.name + ">");
  if (call->name != oword.name)
    fail(line, oword.column,
         describe(oword) + " inside a call of o<" + call->name + ">: names differ");
  if (!oword.values.empty()) parameters_.set("_value", oword.values[0]);
  Frame frame = *call;
  frames_.erase(std::prev(call.base()), frames_.end());
  parameters_.leaveCall();
  closeSources(frame);
  seek(frame.resume);
}

bool ControlFlow::returnFromProgram(std::uint32_t line, std::uint32_t column,
                                    std::optional<long> block) {
  const auto call = innermostCall();
  if (call == frames_.rend()) return false;
  if (!call->fanuc) fail(line, column, "M99 inside a call of o<" + call->name + ">: use endsub");
  Frame frame = *call;
  frames_.erase(std::prev(call.base()), frames_.end());
  if (block) {
    // The control returns to the block N`block` of the caller instead of the one after the call.
    if (frame.count > 1)
      fail(line, column,
           "M99 P" + std::to_string(*block) +
               " ends a call repeated by M98 L: which pass the control runs next is not read");
    closeSources(frame);
    jumpToBlock(*block, line, column, "M99 P" + std::to_string(*block));
    return true;
  }
  if (--frame.count > 0) {  // M98 ... L: run the program again
    frames_.push_back(frame);
    seek(frame.start);
  } else {
    closeSources(frame);
    seek(frame.resume);
  }
  return true;
}

LineReader::Position ControlFlow::programStart() const {
  const auto call = innermostCall();
  return call == frames_.rend() ? main_start_ : call->start;
}

const std::vector<ControlFlow::BlockPlace>& ControlFlow::findBlocks(long sequence) {
  const LineReader::Position start = programStart();
  const BlockSearch search{sources_.empty() ? 0 : sources_.back().file, start.offset, sequence};
  if (const auto known = blocks_.find(search); known != blocks_.end()) return known->second;
  // The whole program is read, from its start to the next program (O number) or '%': every
  // block with that number, and the WHILE loops around each.
  std::vector<BlockPlace> found;
  std::vector<std::pair<int, std::uint64_t>> loops;  // identifier, WHILE line
  seek(start);
  bool first = true;
  for (;;) {
    const LineReader::Position at = reader().position();
    std::string_view text;
    if (!reader().next(text)) break;
    countRepeated(reader().linesRead());
    const BlockHead head = readBlockHead(text);
    if (head.kind == BlockHead::Kind::Blank) continue;
    if (head.kind == BlockHead::Kind::TapeMark) break;
    if (head.kind == BlockHead::Kind::ProgramStart && !first) break;
    first = false;
    if (head.sequence == sequence) {
      BlockPlace place{at, reader().linesRead(), {}};
      for (const auto& loop : loops) place.loops.push_back(loop.second);
      found.push_back(std::move(place));
    }
    if (head.kind == BlockHead::Kind::While)
      loops.emplace_back(head.loop, at.offset);
    else if (head.kind == BlockHead::Kind::End && !loops.empty() && loops.back().first == head.loop)
      loops.pop_back();
  }
  return blocks_[search] = std::move(found);
}

void ControlFlow::jumpToBlock(long sequence, std::uint32_t line, std::uint32_t column,
                              const std::string& what) {
  const LineReader::Position from = reader().position();
  const std::string number = std::string("N").append(std::to_string(sequence));
  const std::vector<BlockPlace>& found = findBlocks(sequence);
  if (found.empty()) failJump(line, column, what + ": no block " + number + " in the program");
  if (found.size() > 1)
    failJump(line, column,
             what + ": " + number + " starts more than one block of the program (lines " +
                 std::to_string(found[0].line) + " and " + std::to_string(found[1].line) +
                 "): which one the control finds depends on how it searches");
  const BlockPlace& target = found.front();
  // The loops running in this program must be the ones around the target, and more: the jump
  // leaves those it is not in. The controls do not allow a jump into a loop.
  const auto call = innermostCall();
  auto frame = call.base();
  for (const std::uint64_t loop : target.loops) {
    if (frame == frames_.end() || frame->kind != FrameKind::While || frame->start.offset != loop)
      failJump(line, column,
               what + ": " + number + " (line " + std::to_string(target.line) +
                   ") is inside a WHILE loop that is not running: the controls do not jump into a "
                   "loop");
    ++frame;
  }
  frames_.erase(frame, frames_.end());
  if (target.position.offset < from.offset) jumped_back_ = true;
  seek(target.position);
}

void ControlFlow::restartProgram(std::optional<long> block, std::uint32_t line,
                                 std::uint32_t column) {
  if (block) {
    jumpToBlock(*block, line, column, "M99 P" + std::to_string(*block));
    return;
  }
  if (!frames_.empty())
    fail(line, column, "M99 restarts the main program inside a WHILE loop: not supported");
  jumped_back_ = true;
  seek(main_start_);
}

void ControlFlow::callProgram(int program, int repeats, std::uint32_t line, std::uint32_t column) {
  if (repeats < 1) return;
  Frame frame{FrameKind::Call,
              std::to_string(program),
              line,
              {},
              reader().position(),
              static_cast<std::uint64_t>(repeats),
              false,
              true};
  call(std::move(frame), {}, column);
}

void ControlFlow::runBranch(const OWord& oword, std::uint32_t line) {
  const auto skipToNext = [&] {
    startSkip(SkipGoal::Branch, oword.name, line, oword.column,
              describe(oword) + ": no matching endif before the end of the file");
  };
  if (oword.keyword == OKeyword::If) {
    const bool taken = value(oword, line) != 0;
    frames_.push_back({FrameKind::If, oword.name, line, {}, {}, 0, taken, false});
    if (!taken) skipToNext();
    return;
  }
  Frame* frame = top(FrameKind::If, oword.name);
  if (!frame)
    fail(line, oword.column, describe(oword) + " without a matching o" + oword.name + " if");
  if (oword.keyword == OKeyword::EndIf) {
    frames_.pop_back();
    return;
  }
  if (frame->taken) {
    skipToNext();
    return;
  }
  frame->taken = oword.keyword == OKeyword::Else || value(oword, line) != 0;
  if (!frame->taken) skipToNext();
}

void ControlFlow::exitLoop(const OWord& oword, std::uint32_t line) {
  startSkip(SkipGoal::LoopEnd, oword.name, line, oword.column,
            describe(oword) + ": the loop is not closed before the end of the file");
}

ControlFlow::Frame& ControlFlow::innermostLoop(const OWord& oword, std::uint32_t line) {
  const auto loop = std::find_if(frames_.rbegin(), frames_.rend(), [&](const Frame& f) {
    return f.name == oword.name &&
           (f.kind == FrameKind::While || f.kind == FrameKind::Do || f.kind == FrameKind::Repeat);
  });
  if (loop == frames_.rend())
    fail(line, oword.column, describe(oword) + " outside a loop o" + oword.name);
  frames_.erase(loop.base(), frames_.end());
  return frames_.back();
}

void ControlFlow::runLoopStatement(const OWord& oword, std::uint32_t line,
                                   LineReader::Position line_start) {
  switch (oword.keyword) {
    case OKeyword::While:
      return runWhile(oword, line, line_start);
    case OKeyword::EndWhile: {
      Frame* loop = top(FrameKind::While, oword.name);
      if (!loop) fail(line, oword.column, describe(oword) + " without a matching while");
      seek(loop->start);
      return;
    }
    case OKeyword::Do:
      frames_.push_back(
          {FrameKind::Do, oword.name, line, reader().position(), {}, 0, false, false});
      return;
    case OKeyword::Repeat:
      return startRepeat(oword, line);
    case OKeyword::EndRepeat:
    case OKeyword::Continue:
      return endLoopPass(oword, line);
    case OKeyword::Break:
      innermostLoop(oword, line);
      frames_.pop_back();
      exitLoop(oword, line);
      return;
    default:
      return;
  }
}

void ControlFlow::runWhile(const OWord& oword, std::uint32_t line,
                           LineReader::Position line_start) {
  if (Frame* loop = top(FrameKind::Do, oword.name)) {  // the end of a do loop
    if (value(oword, line) != 0) {
      seek(loop->start);
    } else {
      frames_.pop_back();
    }
    return;
  }
  Frame* loop = top(FrameKind::While, oword.name);
  const bool again = loop != nullptr && loop->start.offset == line_start.offset;
  if (value(oword, line) == 0) {
    if (again) frames_.pop_back();
    exitLoop(oword, line);
    return;
  }
  if (!again && isMacroLoop(oword.name)) checkMacroNesting(oword, line);
  if (!again)
    frames_.push_back({FrameKind::While, oword.name, line, line_start, {}, 0, false, false});
}

void ControlFlow::startRepeat(const OWord& oword, std::uint32_t line) {
  const double times = std::round(value(oword, line));
  // Each run reads at least the endrepeat line: more runs than the limit cannot finish.
  if (times > static_cast<double>(max_repeated_lines_))
    fail(line, oword.column,
         describe(oword) + ": more than " + std::to_string(max_repeated_lines_) +
             " repeats, the limit of lines run in loops and subprogram calls");
  if (times < 1) {
    exitLoop(oword, line);
    return;
  }
  frames_.push_back({FrameKind::Repeat,
                     oword.name,
                     line,
                     reader().position(),
                     {},
                     static_cast<std::uint64_t>(times),
                     false,
                     false});
}

void ControlFlow::endLoopPass(const OWord& oword, std::uint32_t line) {
  Frame* loop = oword.keyword == OKeyword::EndRepeat ? top(FrameKind::Repeat, oword.name)
                                                     : &innermostLoop(oword, line);
  if (!loop) fail(line, oword.column, describe(oword) + " without a matching repeat");
  if (loop->kind == FrameKind::While) {
    seek(loop->start);  // the while line decides again
  } else if (loop->kind == FrameKind::Do) {
    seek(loop->start);
  } else if (--loop->count > 0) {
    seek(loop->start);
  } else {
    frames_.pop_back();
    if (oword.keyword == OKeyword::Continue) exitLoop(oword, line);
  }
}

void ControlFlow::checkMacroNesting(const OWord& oword, std::uint32_t line) const {
  // The controls nest WHILE loops 3 deep, each with its own identifier.
  int depth = 0;
  for (auto frame = frames_.rbegin(); frame != frames_.rend() && frame->kind != FrameKind::Call;
       ++frame) {
    if (frame->kind != FrameKind::While) continue;
    if (frame->name == oword.name)
      fail(line, oword.column,
           describe(oword) + " inside a loop " + oword.name + " (line " +
               std::to_string(frame->line) + "): nested loops need other identifiers");
    ++depth;
  }
  if (depth >= 3)
    fail(line, oword.column, describe(oword) + ": WHILE loops nested more than 3 deep");
}

void ControlFlow::finish(std::uint32_t last_line) const {
  if (skip_.active) fail(skip_.line, skip_.column, skip_.what);
  for (auto frame = frames_.rbegin(); frame != frames_.rend(); ++frame) {
    if (frame->kind == FrameKind::If) continue;  // LinuxCNC does not mind an open if at the end
    const std::string name = frame->fanuc               ? fanucName(frame->name)
                             : isMacroLoop(frame->name) ? "WHILE [...] " + frame->name
                                                        : "o" + frame->name;
    fail(frame->line, 0,
         (frame->kind == FrameKind::Call ? "call of " + name + " still running"
                                         : "loop " + name + " not closed") +
             " at the end of the file (line " + std::to_string(last_line) + ")");
  }
}

}  // namespace gougechek
