#pragma once
// LinuxCNC's O-word control flow (subroutines, if/elseif/else, while, do/while, repeat,
// break/continue) and Fanuc-style M98/M99 subprograms, on a program read as a stream. Fanuc's
// custom macro B runs on it too (macro_b.hpp): WHILE ... DOm is a while loop named "DOm", and
// GOTO n and M99 P n jump to the block Nn of the running program (jumpToBlock).
//
// Nothing of the program text is kept: a subroutine is remembered by where its body starts, a
// loop by where it starts, and jumps re-read the text from there (LineReader::seek). A construct
// not taken is skipped line by line, looking only at O-words. So memory depends on how deeply
// the program nests, never on its length.
//
// External subprograms: a call to a name the file has not defined opens its file, found as
// LinuxCNC finds it (o<name> call: NAME.ngc in the subroutine path, in order; M98 P1002: a file
// O1002.* or O01002.* in a subprogram directory), before searching forward in the file. Lines run
// from such a file are read from it; the moves they command carry the line of the call in the
// main program (ProgramReader), and errors name the file and its own line.
//
// Limits: at most `max_repeated_lines` lines are read while a loop or a call runs, after a jump
// back, or by a search for a block, over the whole run (an endless loop, or loops nested around
// loops, are an error, not a hang: each line of the file itself is read once unless a loop, call
// or jump reads it again), and calls nest at most kMaxCallDepth deep (LinuxCNC's limit).
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gcode/line_reader.hpp"
#include "gcode/oword.hpp"
#include "gcode/parameters.hpp"

namespace gougechek {

/// Whether the lookup above could read `file` as an external subprogram: a NAME.ngc in a
/// `subroutine_path` directory, or an O<digits> file in a `subprogram_dirs` one. The CLI refuses
/// outputs there, as it refuses those naming any other input.
bool mayBeSubprogramFile(const std::string& file, const std::vector<std::string>& subroutine_path,
                         const std::vector<std::string>& subprogram_dirs);

class ControlFlow {
 public:
  static constexpr int kMaxCallDepth = 10;

  /// `subroutine_path`: directories searched for o<name> call; `subprogram_dirs`: for M98 P.
  ControlFlow(std::string file_name, LineReader& reader, Parameters& parameters,
              std::uint64_t max_repeated_lines, std::vector<std::string> subroutine_path,
              std::vector<std::string> subprogram_dirs);
  ~ControlFlow();
  ControlFlow(const ControlFlow&) = delete;
  ControlFlow& operator=(const ControlFlow&) = delete;

  /// Where the next line comes from: the program, or the subprogram file a call opened.
  LineReader& reader();
  bool inSubprogramFile() const { return !sources_.empty(); }
  /// The file reader() reads (the program's name outside subprogram files).
  const std::string& fileName() const;
  /// Inside a subprogram file: the line of the main program whose call led there.
  std::uint32_t callLine() const;
  /// At the end of a subprogram file (reader() has no more lines): always an error, a call or a
  /// search for its sub is still open there.
  [[noreturn]] void endOfSubprogramFile(std::uint32_t last_line) const;
  /// Every subprogram file opened so far, once each, as found (directory / name).
  const std::vector<std::string>& filesRead() const { return files_read_; }

  /// Counts the line just read at `line` (run or skipped) against the limit when it is read
  /// inside a loop or a call; fails past the limit.
  void countLine(std::uint32_t line);
  /// Lines counted so far by countLine.
  std::uint64_t repeatedLines() const { return repeated_lines_; }

  /// True while lines are being skipped: only their O-word (if any) matters, see skipped().
  bool skipping() const { return skip_.active; }
  /// For a skipped O-word line: true when it ends the skip, the line must then be parsed in full
  /// and passed to execute().
  bool endsSkip(const OWord& header) const;

  /// Runs an O-word line read at `line`, which started at `line_start` (it may move the reader).
  void execute(const OWord& oword, std::uint32_t line, LineReader::Position line_start);
  /// M98 P`program` L`repeats` at `line`, `column`.
  void callProgram(int program, int repeats, std::uint32_t line, std::uint32_t column);
  /// M99 (P`block`: to the block N`block` of the caller): returns from an M98 call; false at the
  /// top level, where the call returns nowhere.
  bool returnFromProgram(std::uint32_t line, std::uint32_t column, std::optional<long> block);
  /// Jumps to the block N`sequence` of the running program (the main program, or the subprogram
  /// a call runs), as GOTO does; `what` names the jump in messages ("GOTO 50"). The block must
  /// be the only one with that number, and not inside a WHILE loop that is not running.
  void jumpToBlock(long sequence, std::uint32_t line, std::uint32_t column,
                   const std::string& what);
  /// M99 at the top level of a Fanuc/Haas main program: runs it again from its start, or from
  /// its block N`block`.
  void restartProgram(std::optional<long> block, std::uint32_t line, std::uint32_t column);
  /// Where the main program starts: its first line holding code (its O number, if any).
  void markProgramStart(LineReader::Position start) { main_start_ = start; }
  /// At the end of the text: what is still open (a skip, a loop, a call) is an error.
  void finish(std::uint32_t last_line) const;

 private:
  enum class FrameKind : std::uint8_t { Call, If, While, Do, Repeat };
  struct Frame {
    FrameKind kind;
    std::string name;
    std::uint32_t line = 0;          ///< where the construct opened (messages)
    LineReader::Position start;      ///< While: the while line; Do/Repeat/Call: the body
    LineReader::Position resume;     ///< Call: after the call line
    std::uint64_t count = 0;         ///< Repeat: runs left; Call: repeats left
    bool taken = false;              ///< If: a branch ran
    bool fanuc = false;              ///< Call: M98 (ends at M99, not endsub)
    std::size_t caller_sources = 0;  ///< Call: subprogram files open at the call
  };
  /// A subprogram file being read.
  struct Source {
    std::string path;
    std::unique_ptr<std::ifstream> stream;
    std::unique_ptr<LineReader> reader;
    std::uint32_t call_line = 0;  ///< in the main program
    std::uint32_t file = 0;       ///< 1 + its index in files_read_ (0: the program)
  };
  /// Where a subroutine's body starts: in the program (file empty) or in a subprogram file.
  struct SubPlace {
    std::string file;
    LineReader::Position start;
  };
  /// A block found by its sequence number.
  struct BlockPlace {
    LineReader::Position position;
    std::uint32_t line = 0;
    std::vector<std::uint64_t> loops;  ///< the WHILE lines around it, outermost first
  };
  /// A search for the blocks of one sequence number in one program.
  struct BlockSearch {
    std::uint32_t file = 0;   ///< Source::file
    std::uint64_t start = 0;  ///< the program's start, an offset in that file
    long sequence = 0;
    auto operator<=>(const BlockSearch&) const = default;
  };
  enum class SkipGoal : std::uint8_t { Definition, FindSub, Branch, LoopEnd };
  struct Skip {
    bool active = false;
    SkipGoal goal = SkipGoal::Definition;
    std::string name;
    std::uint32_t line = 0;  ///< where the skip started (messages)
    std::uint32_t column = 0;
    std::string what;    ///< what is sought, for the message at the end of the file
    Frame pending_call;  ///< FindSub: the call to make once found
    std::vector<double> arguments;
  };

  [[noreturn]] void fail(std::uint32_t line, std::uint32_t column,
                         const std::string& message) const;
  /// An error of a jump by sequence number (GOTO, M99 P), with no other dialect's hint.
  [[noreturn]] void failJump(std::uint32_t line, std::uint32_t column,
                             const std::string& message) const;
  /// Counts one more line read in a loop, a call, after a jump back or by a search.
  void countRepeated(std::uint32_t line);
  /// The blocks N`sequence` of the running program, found by reading it from its start.
  const std::vector<BlockPlace>& findBlocks(long sequence);
  /// Where the running program starts: its call's body, or the main program's first line.
  LineReader::Position programStart() const;
  void startSkip(SkipGoal goal, const std::string& name, std::uint32_t line, std::uint32_t column,
                 std::string what);
  /// Ends the skip at `oword`; true when the line is then to be run as usual.
  bool finishSkip(const OWord& oword);
  void call(Frame frame, const std::vector<double>& arguments, std::uint32_t column);
  /// The subprogram file of `frame`'s call in the search directories, or "". Two files of one
  /// --subprogram-dir that could be the program are an error at `column` of the call.
  std::string findSubprogramFile(const Frame& frame, std::uint32_t column) const;
  [[noreturn]] void ambiguous(const Frame& frame, std::uint32_t column,
                              std::vector<std::filesystem::path> matches) const;
  /// Reads from the subprogram file `path` from now on (the call at `line` opened it).
  void open(const std::string& path, std::uint32_t line, std::uint32_t column);
  /// Closes the subprogram files opened after the call of `frame`.
  void closeSources(const Frame& frame);
  /// "" in the program, else the subprogram file being read.
  const std::string& sourcePath() const;
  void enterBody(Frame frame, const std::vector<double>& arguments);
  void returnFromCall(const OWord& oword, std::uint32_t line);
  void runBranch(const OWord& oword, std::uint32_t line);
  void runLoopStatement(const OWord& oword, std::uint32_t line, LineReader::Position line_start);
  /// A while line: the start of a loop or its next pass, or the end of a do loop.
  void runWhile(const OWord& oword, std::uint32_t line, LineReader::Position line_start);
  void startRepeat(const OWord& oword, std::uint32_t line);
  /// endrepeat or continue: the loop's next pass, or its end.
  void endLoopPass(const OWord& oword, std::uint32_t line);
  /// Skips to the end of the loop of `oword`.
  void exitLoop(const OWord& oword, std::uint32_t line);
  /// The innermost running loop named as `oword`, the frames inside it dropped (break, continue).
  Frame& innermostLoop(const OWord& oword, std::uint32_t line);
  double value(const OWord& oword, std::uint32_t line) const;
  /// A macro B WHILE starting at `line`: refused inside a loop of its identifier or 3 deep.
  void checkMacroNesting(const OWord& oword, std::uint32_t line) const;
  Frame* top(FrameKind kind, const std::string& name);
  int callDepth() const;
  void seek(LineReader::Position position);

  std::string file_name_;
  LineReader& main_reader_;
  std::vector<std::string> subroutine_path_;
  std::vector<std::string> subprogram_dirs_;
  std::vector<Source> sources_;
  std::vector<std::string> files_read_;
  Parameters& parameters_;
  std::uint64_t max_repeated_lines_;
  std::uint64_t repeated_lines_ = 0;
  bool jumped_back_ = false;  ///< a GOTO or M99 P went back: lines may run again
  LineReader::Position main_start_;
  std::map<BlockSearch, std::vector<BlockPlace>> blocks_;
  std::vector<Frame> frames_;
  /// The innermost running call (O-word or M98), frames_.rend() while the main program runs.
  auto innermostCall() { return std::find_if(frames_.rbegin(), frames_.rend(), isCall); }
  auto innermostCall() const { return std::find_if(frames_.rbegin(), frames_.rend(), isCall); }
  static bool isCall(const Frame& frame) { return frame.kind == FrameKind::Call; }
  Skip skip_;
  /// Subroutine (and Fanuc program) name → where its body starts.
  std::unordered_map<std::string, SubPlace> subs_;
};

}  // namespace gougechek
