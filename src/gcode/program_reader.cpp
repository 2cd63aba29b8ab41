#include "gcode/program_reader.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "gcode/block_parser.hpp"
#include "gcode/codes.hpp"
#include "gcode/control_flow.hpp"
#include "gcode/dialect.hpp"
#include "gcode/dialect_hint.hpp"
#include "gcode/input_limits.hpp"
#include "gcode/interpreter.hpp"
#include "gcode/line_reader.hpp"
#include "gcode/macro_b.hpp"
#include "gcode/parameters.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// What Windows editors write at the start of a UTF-8 file.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

bool isBlank(char c) {
  return c == ' ' || c == '\t';
}

/// A length beyond the supported range. No dialect hint for it: a dialect that accepts the
/// number reads it as another length (Fanuc's X2000000 is 2 m), which is no remedy.
class RangeError : public HintlessError {
 public:
  using HintlessError::HintlessError;
};

/// Position of the first character that is not a blank, or npos for a blank line.
std::size_t firstVisible(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i)
    if (!isBlank(line[i])) return i;
  return std::string_view::npos;
}

/// Whether `line` holds anything but blanks and comments ("(…)", or ';' to the end).
bool holdsCode(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] == ';') return false;
    if (line[i] == '(') {
      i = line.find(')', i);
      if (i == std::string_view::npos) return true;  // left to the parser's error
    } else if (!isBlank(line[i])) {
      return true;
    }
  }
  return false;
}

/// A line holding nothing but one '%' (and blanks): LinuxCNC's only form of a '%' line.
bool isBarePercent(std::string_view line) {
  const std::size_t percent = firstVisible(line);
  for (std::size_t i = percent + 1; i < line.size(); ++i)
    if (!isBlank(line[i])) return false;
  return true;
}

std::string upper(char letter) {
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

void assign(const std::vector<ParameterAssignment>& assignments, Parameters& parameters) {
  for (const ParameterAssignment& assignment : assignments) {
    if (assignment.parameter.name.empty())
      parameters.set(assignment.parameter.number, assignment.value);
    else
      parameters.set(assignment.parameter.name, assignment.value);
  }
}

bool macroB(Dialect dialect) {
  return dialect == Dialect::Fanuc || dialect == Dialect::Haas;
}

Parameters initialParameters(const ProgramOptions& options) {
  Parameters parameters;
  if (macroB(options.dialect)) {
    // Fanuc's local variables start vacant; its common ones hold what was left in them.
    for (int number = 1; number <= 33; ++number) parameters.set(number, std::nan(""));
    for (int number = 100; number <= 999; ++number) parameters.setUnknown(number);
  }
  for (const auto& [number, value] : options.parameters)
    if (Parameters::validNumber(number)) parameters.set(number, value);
  return parameters;
}

}  // namespace

/// One pass of the interpreter over the stream; the moves it commands collect in program.moves.
struct ProgramReader::Run {
  Run(std::istream& in, const std::string& file_name, const ProgramOptions& options)
      : parameters(initialParameters(options)),
        reader(in, file_name),
        parser(file_name, parameters,
               macroB(options.dialect) ? BlockParser::Semicolon::EndsBlock
                                       : BlockParser::Semicolon::StartsComment,
               macroB(options.dialect) ? ExpressionRules::MacroBWord : ExpressionRules::LinuxCnc),
        macro(file_name, parameters),
        interpreter(file_name, program, parameters, options),
        control(file_name, reader, parameters, options.max_repeated_lines, options.subroutine_path,
                options.subprogram_dirs),
        dialect(options.dialect, file_name,
                [this](std::uint32_t line, const std::string& message) {
                  interpreter.warnOnce(line, message);
                }),
        file_name_(file_name),
        tape_marks_(options.dialect != Dialect::LinuxCnc),
        runs_past_end_(options.dialect == Dialect::Grbl),
        macro_b_(macroB(options.dialect)),
        repeats_in_p_(options.dialect == Dialect::Fanuc),
        program_start_(macro_b_ ? std::optional<PassStart>(PassStart{
                                      std::nullopt, std::make_unique<GcodeInterpreter>(interpreter),
                                      parameters})
                                : std::nullopt) {}

  /// Runs the next line; false at the end of the stream.
  bool step();
  /// Runs `line`, read at `number` from a subprogram file: its moves carry the line of the call
  /// in the program, its errors name the file and `number`.
  void runSubprogramLine(std::string_view line, std::uint32_t number,
                         LineReader::Position line_start);
  /// Runs a line of the program or of a subprogram file; `number` is what moves carry.
  void runLine(std::string_view line, std::uint32_t number, LineReader::Position line_start);
  /// M98 and M99 of the block read at `line`, run after its motion as LinuxCNC does; false
  /// when M99 ends the program.
  bool runSubprogramCodes(const Block& block, std::uint32_t line);
  /// M99 at the top level (P`block`, if given); false when the program ends there.
  bool restartMain(std::uint32_t line, std::uint32_t column, std::optional<long> block);

  Program program;
  Parameters parameters;
  LineReader reader;
  BlockParser parser;
  MacroStatementReader macro;
  GcodeInterpreter interpreter;
  ControlFlow control;
  DialectFilter dialect;
  std::uint32_t last_line = 0;

 private:
  /// The state a pass of a main program ending with M99 starts from.
  struct PassStart {
    std::optional<long> block;  ///< where it starts: N`block`, or the program's start
    std::unique_ptr<GcodeInterpreter> interpreter;
    Parameters parameters;
  };

  /// Why a program opened with '%' and still running at the end of the file is refused.
  std::string unclosedMessage() const;
  /// A line whose first visible character, at `column` (0-based), is '%'.
  void percentLine(std::string_view line, std::size_t column, std::uint32_t number);
  void checkRange(std::size_t first_move, std::uint32_t line) const;
  void checkLength(double value, const std::string& what, char letter, std::uint32_t line) const;

  const std::string& file_name_;
  /// '%' marks the start and end of the tape (Fanuc, Haas, grbl senders), where LinuxCNC
  /// allows only a bare '%' first line that opens a program a bare '%' line must close.
  bool tape_marks_;
  /// grbl resets its modes at M2/M30 and goes on running what the sender streams after it.
  bool runs_past_end_;
  /// Fanuc and Haas: custom macro B statements, and M99 runs a main program again from its
  /// start (LinuxCNC and grbl end it there).
  bool macro_b_;
  /// Fanuc: M98 P's digits before the last four are the repeat count (P51002: O1002 five
  /// times); Haas numbers programs up to O99999 and repeats with L only.
  bool repeats_in_p_;
  MacroStatement statement_;
  /// The state at the start of the program, kept only where M99 may run it again (macro_b_).
  std::optional<PassStart> program_start_;
  std::optional<PassStart> restart_;  ///< the state at the last M99 that restarted it
  Block block_;
  OWord header_;
  bool started_ = false;         // a non-blank line was seen
  bool started_code_ = false;    // a line of code (not '%') was seen
  bool running_ = true;          // neither M2/M30/M99 nor a closing '%' was met
  bool percent_opened_ = false;  // the first line was '%'
  std::uint32_t end_line_ = 0;
  std::uint32_t tape_end_line_ = 0;  // a '%' ended the tape while the program was running
};

void ProgramReader::Run::percentLine(std::string_view line, std::size_t column,
                                     std::uint32_t number) {
  if (!started_ && (tape_marks_ || isBarePercent(line))) {
    started_ = percent_opened_ = true;
    return;
  }
  if (tape_marks_ || (percent_opened_ && isBarePercent(line))) {
    // As the end of the file: a call whose subprogram was not found by then, a loop or a
    // skipped section still open, is an error.
    control.finish(number);
    running_ = false;
    end_line_ = number;
    if (tape_marks_) tape_end_line_ = number;
    return;
  }
  // LinuxCNC's words ("Bad character '%' used"): text such as "% vfd enable" inside a program
  // is an error there, never the silent end of the program.
  throw InputError(file_name_, number, column + 1,
                   "bad character '%' used: LinuxCNC allows '%' only alone on the first line "
                   "and on the line that closes such a program");
}

void ProgramReader::Run::checkLength(double value, const std::string& what, char letter,
                                     std::uint32_t line) const {
  if (std::fabs(value) <= kMaxLengthMm) return;  // false for NaN too
  char text[32];
  std::snprintf(text, sizeof text, " %.10g mm", value);  // 1000004, not 1e+06
  // A length driven that far by a loop or a jump back is most likely an endless loop's drift.
  const std::string drift =
      control.repeatedLines() == 0
          ? ""
          : " after " + std::to_string(control.repeatedLines()) +
                " lines run in loops, jumps back and calls (an endless loop?)";
  throw RangeError(file_name_, line, block_.columnOf(letter),
                   what + text + " is outside the supported range (±1e6 mm)" + drift);
}

/// Every length of the moves the line made, offsets applied, must be one the check can compute
/// with (a line naming X1e300 in a loop, or a G92 offset near it, would otherwise reach it).
void ProgramReader::Run::checkRange(std::size_t first_move, std::uint32_t line) const {
  static constexpr char kAxes[] = "xyz";
  static constexpr char kCenterOffsets[] = "ijk";
  for (std::size_t i = first_move; i < program.moves.size(); ++i) {
    const Move& move = program.moves[i];
    for (int axis = 0; axis < 3; ++axis) {
      const std::string name = upper(kAxes[axis]);
      checkLength(move.to[axis], name, kAxes[axis], line);
      checkLength(move.from[axis], "start " + name, kAxes[axis], line);
      if (move.kind == MoveKind::Arc)
        checkLength(move.center[axis], "arc centre " + name, kCenterOffsets[axis], line);
    }
  }
}

std::string ProgramReader::Run::unclosedMessage() const {
  // A tape opened with '%' that ends with neither its closing '%' nor M30/M2 was cut short:
  // the rest of the program was never checked.
  if (tape_marks_)
    return "the tape ended with no closing '%' and no M30/M2 (the first line opened it with '%'; "
           "a truncated file?)";
  return "the file ended with no closing '%' (the first line opened the program with '%')";
}

bool ProgramReader::Run::step() {
  if (control.inSubprogramFile() && running_) {
    LineReader& file = control.reader();
    const LineReader::Position line_start = file.position();
    std::string_view line;
    if (!file.next(line)) control.endOfSubprogramFile(file.linesRead());
    runSubprogramLine(line, file.linesRead(), line_start);
    return true;
  }
  const LineReader::Position line_start = reader.position();
  std::string_view line;
  if (!reader.next(line)) {
    if (running_) control.finish(last_line);
    if (running_ && percent_opened_) throw InputError(file_name_, last_line, 0, unclosedMessage());
    return false;
  }
  const std::uint32_t number = reader.linesRead();
  if (number == 1 && line.starts_with(kByteOrderMark)) line.remove_prefix(kByteOrderMark.size());
  last_line = std::max(last_line, number);
  control.countLine(number);
  const std::size_t first = firstVisible(line);
  if (first == std::string_view::npos) return true;
  if (tape_end_line_ != 0 && line[first] != '%')
    throw InputError(file_name_, number, first + 1,
                     "the program goes on after the '%' that ends the tape on line " +
                         std::to_string(tape_end_line_) + " (a '%' inside a program?)");
  if (!running_) {
    if (line[first] == '%') return true;
    // grbl would run these lines, after resetting its modes: refused rather than left unchecked.
    // (No hint: the dialects that stop at M30 would leave them unchecked.)
    if (runs_past_end_ && holdsCode(line))
      throw HintlessError(file_name_, number, first + 1,
                          "grbl runs the lines after M2/M30 (line " + std::to_string(end_line_) +
                              ") with its modes reset; end the program at its last line");
    interpreter.warnOnce(number, "lines after the program end (line " + std::to_string(end_line_) +
                                     ") are not executed");
    return true;
  }
  if (line[first] == '%') {
    percentLine(line, first, number);
    return true;
  }
  if (!started_code_) control.markProgramStart(line_start);
  started_ = started_code_ = true;
  runLine(line, number, line_start);
  return true;
}

void ProgramReader::Run::runSubprogramLine(std::string_view line, std::uint32_t number,
                                           LineReader::Position line_start) {
  const std::string file = control.fileName();
  try {
    control.countLine(number);
    const std::size_t first = firstVisible(line);
    if (first == std::string_view::npos || line[first] == '%') return;  // blank, or tape marks
    runLine(line, control.callLine(), line_start);
  } catch (const InputError& error) {
    throw InputError(file, number, error.column(),
                     error.message() + " (in a subprogram file called at " + file_name_ + ":" +
                         std::to_string(control.callLine()) + ")");
  }
}

void ProgramReader::Run::runLine(std::string_view line, std::uint32_t number,
                                 LineReader::Position line_start) {
  if (control.skipping() && !((parser.parseOWordHeader(line, number, header_) ||
                               (macro_b_ && MacroStatementReader::loopHeader(line, header_))) &&
                              control.endsSkip(header_)))
    return;
  interpreter.publishPosition();
  parser.compactLine(line, number);  // once, for a macro B statement and for the block
  if (macro_b_ && macro.read(parser, number, statement_)) {
    assign(statement_.assignments, parameters);
    if (statement_.has_control) control.execute(statement_.control, number, line_start);
    return;
  }
  parser.parseCompacted(block_);
  dialect.apply(block_, number);
  assign(block_.assignments, parameters);
  if (block_.has_oword) {
    control.execute(block_.oword, number, line_start);
    return;
  }
  const std::size_t moves_before = program.moves.size();
  const bool goes_on = interpreter.execute(block_, number);
  checkRange(moves_before, number);
  if (!goes_on || !runSubprogramCodes(block_, number)) {
    running_ = false;
    end_line_ = number;
  }
}

bool ProgramReader::Run::runSubprogramCodes(const Block& block, std::uint32_t line) {
  for (int i = 0; i < block.m_count; ++i) {
    const BlockCode& code = block.m[static_cast<std::size_t>(i)];
    if (code.number == M_99) {
      std::optional<long> target;  // M99 P: the block to return to
      if (block.has('p')) {
        const double p = block.get('p');
        if (p < 1 || p != std::floor(p) || p > 99999)
          throw InputError(file_name_, line, block.columnOf('p'),
                           "M99 P: the sequence number to return to must be a whole number from "
                           "1 to 99999");
        target = static_cast<long>(p);
      }
      return control.returnFromProgram(line, code.column, target) ||
             restartMain(line, code.column, target);
    }
    if (code.number != M_98) continue;
    const double p = block.get('p');
    if (!block.has('p') || p < 0 || p != std::floor(p) || p > 1e9)
      throw InputError(file_name_, line, code.column, "M98 needs P with the program number");
    double l = block.has('l') ? block.get('l') : 1.0;
    if (l < 0 || l != std::floor(l) || l > 1e9)
      throw InputError(file_name_, line, block.columnOf('l'), "M98: L must be a whole number");
    double called = p;
    if (repeats_in_p_ && p > 9999) {
      const std::string call = "M98 P" + std::to_string(static_cast<long>(p));
      called = std::fmod(p, 10000);
      if (block.has('l'))
        throw InputError(file_name_, line, block.columnOf('l'),
                         call +
                             ": the repeat count is given twice, by P's digits before the "
                             "program number (" +
                             std::to_string(static_cast<long>(p / 10000)) + ") and by L");
      if (called == 0)
        throw InputError(file_name_, line, code.column,
                         call + ": no program number in P's last four digits (O0000)");
      l = std::floor(p / 10000);
    }
    control.callProgram(static_cast<int>(called), static_cast<int>(l), line, code.column);
  }
  return true;
}

bool ProgramReader::Run::restartMain(std::uint32_t line, std::uint32_t column,
                                     std::optional<long> block) {
  if (!macro_b_) return false;
  // The control runs the program again, for ever. A pass that starts in the state the last one
  // started from commands the same moves: checking up to there covers every pass.
  const PassStart& start = *program_start_;
  const PassStart& last = restart_ && restart_->block == block ? *restart_ : start;
  std::string difference;
  if (last.block == block) {
    difference = interpreter.restartDifference(*last.interpreter);
    if (difference.empty()) {
      const std::string variable = parameters.changeFrom(last.parameters);
      if (!variable.empty()) difference = "other variable values: " + variable;
    }
    if (difference.empty()) {
      interpreter.warnOnce(
          line, std::string("M99 restarts the main program on the control, for ever: ") +
                    (&last == &start
                         ? "each pass starts as the one checked"
                         : "checked until a pass started as the one before it; every later pass "
                           "repeats that one") +
                    " (end the program with M30 to run it once)");
      return false;
    }
    if (&last != &start)
      throw HintlessError(file_name_, line, column,
                          "M99 restarts the main program from " + difference +
                              ": each pass runs elsewhere, and the control repeats it for ever");
  }
  restart_ = PassStart{block, std::make_unique<GcodeInterpreter>(interpreter), parameters};
  control.restartProgram(block, line, column);
  return true;
}

ProgramReader::ProgramReader(std::istream& in, std::string file_name, const ProgramOptions& options)
    : in_(in),
      file_name_(std::move(file_name)),
      options_(options),
      run_(std::make_unique<Run>(in_, file_name_, options_)) {}

ProgramReader::~ProgramReader() = default;

const std::vector<InputWarning>& ProgramReader::warnings() const {
  return run_->program.warnings;
}

const std::vector<std::string>& ProgramReader::filesRead() const {
  return run_->control.filesRead();
}

std::size_t ProgramReader::lines() const {
  return run_->last_line;
}

std::uint64_t ProgramReader::bytesRead() const {
  return run_->reader.position().offset;
}

bool ProgramReader::read(std::vector<Move>& out, std::size_t max) {
  std::vector<Move>& buffer = run_->program.moves;
  std::size_t added = 0;
  for (;;) {
    const std::size_t take = std::min(max - added, settled_ - emitted_);
    out.insert(out.end(), buffer.begin() + static_cast<std::ptrdiff_t>(emitted_),
               buffer.begin() + static_cast<std::ptrdiff_t>(emitted_ + take));
    emitted_ += take;
    added += take;
    if (emitted_ == buffer.size()) {
      buffer.clear();
      emitted_ = settled_ = 0;
    }
    if (ended_ && emitted_ == buffer.size()) return false;
    if (added == max) return true;
    const std::size_t moves_before = buffer.size();
    bool more = true;
    try {
      more = run_->step();
    } catch (const HintlessError&) {
      throw;
    } catch (const InputError& error) {
      // An error inside a subprogram file has a line of that file: no hint (the other readings
      // are followed by the program's lines).
      if (!options_.suggest_dialects || error.file() != file_name_ ||
          run_->control.repeatedLines() > kDialectHintRepeatedLines)
        throw;
      throw withDialectHint(in_, file_name_, options_, digest_, error);
    }
    for (std::size_t i = moves_before; i < buffer.size(); ++i) digest_.add(buffer[i]);
    if (!more) {
      // Fail closed: a program that commands no move has nothing the check could pass.
      if (!moved_ && buffer.empty()) throw InputError(file_name_, 0, 0, "the program has no moves");
      ended_ = true;
      if (rule_ == ToolRule::Unknown) rule_ = ToolRule::NeverChanges;
    }
    moved_ = moved_ || !buffer.empty();
    settle(moves_before);
  }
}

void ProgramReader::settle(std::size_t moves_before) {
  std::vector<Move>& buffer = run_->program.moves;
  if (run_->interpreter.toolChanged() && rule_ != ToolRule::Changed) {
    // The moves before the change ran with the empty spindle (the line of the change itself
    // loads the tool before it moves).
    for (std::size_t i = settled_; i < moves_before; ++i) buffer[i].tool = 0;
    rule_ = ToolRule::Changed;
  } else if (rule_ == ToolRule::ChangeAhead) {
    for (std::size_t i = moves_before; i < buffer.size(); ++i) buffer[i].tool = 0;
  }
  if (rule_ != ToolRule::Unknown) {
    settled_ = buffer.size();
    return;
  }
  // A move that ran with no T word yet carries tool 0 under either rule.
  while (settled_ < buffer.size() && buffer[settled_].tool == 0) ++settled_;
  if (can_look_ahead_ && buffer.size() - settled_ > kLookahead) lookAhead();
}

void ProgramReader::lookAhead() {
  in_.clear();
  const std::istream::pos_type resume = in_.tellg();
  in_.seekg(0);
  if (resume < 0 || !in_) {
    // Not seekable: the moves wait for the change or the end, in memory.
    in_.clear();
    can_look_ahead_ = false;
    return;
  }
  bool change = false;
  {
    Run probe(in_, file_name_, options_);
    while (!change && probe.step()) {
      change = probe.interpreter.toolChanged();
      probe.program.moves.clear();
    }
  }
  in_.clear();
  in_.seekg(resume);
  rule_ = change ? ToolRule::ChangeAhead : ToolRule::NeverChanges;
  settle(settled_);
}

}  // namespace gougechek
