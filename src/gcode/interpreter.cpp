#include "gcode/interpreter.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string_view>

#include "gcode/arc_center.hpp"
#include "gcode/code_table.hpp"
#include "gcode/codes.hpp"
#include "gcode/dialect.hpp"
#include "gcode/input_limits.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

constexpr double kMmPerInch = 25.4;
constexpr char kAxisLetters[3] = {'x', 'y', 'z'};
constexpr char kOffsetLetters[3] = {'i', 'j', 'k'};
/// G59.3's system number, whose offsets G10 L11 uses.
constexpr int kG593System = 9;
/// Where the rotary (A B C) and extra linear (U V W) axes start and must stay.
constexpr double kStillAxisPosition = 0.0;
/// A, B, C, U, V, W: LinuxCNC's axes 3..8, in the order of their offset parameters.
constexpr std::string_view kRotaryLetters = "abcuvw";
constexpr int kFirstRotaryAxis = 3;
/// The last of them; U, V and W (6..8) are lengths, A, B and C angles.
constexpr int kLastExtraAxis = 8;
constexpr int kFirstLinearExtraAxis = 6;

int rotaryAxis(char letter) {
  return kFirstRotaryAxis + static_cast<int>(kRotaryLetters.find(letter));
}

double& component(Vec3& v, int axis) {
  return axis == 0 ? v.x : (axis == 1 ? v.y : v.z);
}

/// The work system (1..9) that G54 .. G59.3 selects.
int systemNumber(int code) {
  const auto found = std::find(kCoordinateSystems.begin(), kCoordinateSystems.end(), code);
  return static_cast<int>(found - kCoordinateSystems.begin()) + 1;
}

std::string upper(char letter) {
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

bool isWhole(double value) {
  return value == std::floor(value);
}

bool isOneOf(int code, std::initializer_list<int> codes) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

/// Whether one of `codes` (G in tenths, or M) is among the first `count` of `written`.
bool writes(const std::array<BlockCode, Block::kMaxCodes>& written, int count,
            std::initializer_list<int> codes) {
  for (int i = 0; i < count; ++i)
    if (isOneOf(written[static_cast<std::size_t>(i)].number, codes)) return true;
  return false;
}

/// G10, G28, G30, G52, G92 and G43.1 take the axis words of their line (LinuxCNC's
/// "mode zero covets axes"; G43.1 its Z).
bool ownsAxisWords(int nonmodal, int tool_length) {
  return isOneOf(nonmodal, {G_10, G_28, G_30, G_52, G_92}) || tool_length == G_43_1;
}

}  // namespace

/// What the G and M codes of one block ask for; -1: not in the block.
struct GcodeInterpreter::BlockCodes {
  int motion = -1;
  std::uint32_t motion_column = 0;
  int plane = -1;
  std::uint32_t plane_column = 0;
  int units = -1;
  int distance = -1;
  int arc_distance = -1;
  int feed_mode = -1;
  int nonmodal = -1;  ///< G4, G10, G28, G28.1, G30, G30.1, G52, G92, G92.1, G92.2, G92.3
  std::uint32_t nonmodal_column = 0;
  int system = -1;  ///< G54 (1) .. G59.3 (9)
  std::uint32_t system_column = 0;
  int tool_length = -1;  ///< G43, G43.1, G49
  std::uint32_t tool_length_column = 0;
  bool machine_coordinates = false;  ///< G53
  std::uint32_t machine_column = 0;
  bool tool_change = false;  ///< M6
  bool set_tool = false;     ///< M61
  std::uint32_t set_tool_column = 0;
  bool stop = false;      ///< M2, M30
  int retract = -1;       ///< G98, G99
  int compensation = -1;  ///< G40, G41, G41.1, G42, G42.1
  std::uint32_t compensation_column = 0;
  int spindle = -2;  ///< M3: 1, M4: -1, M5: 0
};

GcodeInterpreter::GcodeInterpreter(std::string file_name, Program& program, Parameters& parameters,
                                   const ProgramOptions& options)
    : file_name_(std::move(file_name)),
      program_(program),
      parameters_(parameters),
      offsets_(parameters, options.machine_unit_mm, options.parameters),
      machine_unit_mm_(options.machine_unit_mm),
      tool_lengths_(options.tool_lengths_mm),
      tool_table_given_(!options.tool_lengths_mm.empty()),
      dialect_(options.dialect),
      arc_tolerance_mm_(options.arc_tolerance_mm),
      tool_diameters_(options.tool_diameters_mm),
      compensation_(file_name_),
      cycles_(file_name_) {}

void GcodeInterpreter::fail(std::uint32_t column, const std::string& message) const {
  throw InputError(file_name_, line_, column, message);
}

void GcodeInterpreter::warnOnce(std::uint32_t line, const std::string& message) {
  if (warned_.insert(message).second) program_.warnings.push_back({file_name_, line, message});
}

void GcodeInterpreter::publishPosition() {
  constexpr int kCurrentPosition = Parameters::kCurrentPosition;
  parameters_.withholdPosition(compensation_.on());
  const Vec3 program = (position_ - offsets_.total()) / mm_per_unit_;
  for (int axis = 0; axis < 3; ++axis) parameters_.set(kCurrentPosition + axis, program[axis]);
  for (int axis = kFirstRotaryAxis; axis <= kLastExtraAxis; ++axis) {
    const double units = axis >= kFirstLinearExtraAxis ? machine_unit_mm_ / mm_per_unit_ : 1.0;
    parameters_.set(kCurrentPosition + axis,
                    (kStillAxisPosition - offsets_.extraAxisOffset(axis)) * units);
  }
}

void GcodeInterpreter::checkWords(const Block& block) {
  for (char letter = 'a'; letter <= 'z'; ++letter) {
    if (!block.has(letter)) continue;
    switch (letter) {
      case 'd':
      case 'f':
      case 'h':
      case 'i':
      case 'j':
      case 'k':
      case 'l':
      case 'n':
      case 'p':
      case 'q':
      case 'r':
      case 's':
      case 't':
      case 'x':
      case 'y':
      case 'z':
        break;
      case 'a':
      case 'b':
      case 'c':
      case 'u':
      case 'v':
      case 'w':
        checkStillAxis(block, letter);
        break;
      default:
        fail(block.columnOf(letter), "unknown word " + upper(letter));
    }
  }
}

void GcodeInterpreter::checkStillAxis(const Block& block, char letter) {
  // The axis starts at 0 (LinuxCNC's start), and 0 keeps it there in every distance mode and
  // with every offset word (G92 A0, G10 L2 A0): 3-axis posts write "A0." on every line.
  if (block.get(letter) != kStillAxisPosition)
    fail(block.columnOf(letter), upper(letter) + " axis: only X, Y and Z move (3-axis); " +
                                     upper(letter) +
                                     " words are accepted only while they keep the axis at 0");
  warnOnce(line_,
           "A, B, C, U, V or W words at 0: accepted, those axes stay at their start position");
}

void GcodeInterpreter::checkRotaryOffsets(const Block& block) const {
  // After the block's G54..G59.3, whose offsets its words use.
  for (const char letter : kRotaryLetters) {
    if (!block.has(letter)) continue;
    if (const int parameter = offsets_.movingRotaryOffset(rotaryAxis(letter)))
      fail(block.columnOf(letter),
           upper(letter) + " axis: its offset #" + std::to_string(parameter) + " is not 0, so " +
               upper(letter) + "0 would move it off its start; only X, Y and Z move (3-axis)");
  }
}

void GcodeInterpreter::checkRotaryHome(bool second, std::uint32_t column) const {
  // G28/G30 sends every axis not named otherwise to its home: a rotary home off 0 would turn it.
  for (int axis = kFirstRotaryAxis; axis < kFirstRotaryAxis + 6; ++axis)
    if (const int parameter = offsets_.movingRotaryHome(second, axis))
      fail(column, gCodeName(second ? G_30 : G_28) + ": the home position #" +
                       std::to_string(parameter) +
                       " of a rotary or extra axis is not 0, and only X, Y and Z move (3-axis)");
}

GcodeInterpreter::BlockCodes GcodeInterpreter::classify(const Block& block) {
  BlockCodes codes;
  std::uint32_t groups = 0;
  std::array<std::string (*)(int), 32> owner_name{};  // names built only for the error message
  std::array<int, 32> owner{};
  const auto claim = [&](CodeGroup group, std::string (*name)(int), int number,
                         std::uint32_t column) {
    const auto index = static_cast<std::size_t>(group);
    if (groups & (1u << index))
      fail(column, name(number) + " and " + owner_name[index](owner[index]) +
                       " on one line: both belong to the same modal group");
    groups |= 1u << index;
    owner_name[index] = name;
    owner[index] = number;
  };
  for (int i = 0; i < block.g_count; ++i) {
    const auto [number, column] = block.g[static_cast<std::size_t>(i)];
    const CodeInfo info = describeGCode(number);
    if (!info.refusal.empty()) fail(column, info.refusal);
    // LinuxCNC lets another motion code on the line win over G80 ("G0 G80" is G0).
    if (number == G_80) {
      if (codes.motion == -1) {
        codes.motion = number;
        codes.motion_column = column;
      }
      continue;
    }
    claim(info.group, gCodeName, number, column);
    if (!info.warning.empty()) warnOnce(line_, info.warning);
    switch (info.group) {
      case CodeGroup::Motion:
        codes.motion = number;
        codes.motion_column = column;
        break;
      case CodeGroup::Plane:
        codes.plane = number;
        codes.plane_column = column;
        break;
      case CodeGroup::Units:
        codes.units = number;
        break;
      case CodeGroup::Distance:
        codes.distance = number;
        break;
      case CodeGroup::ArcDistance:
        codes.arc_distance = number;
        break;
      case CodeGroup::FeedMode:
        codes.feed_mode = number;
        break;
      case CodeGroup::ReturnMode:
        codes.retract = number;
        break;
      case CodeGroup::CutterComp:
        codes.compensation = number;
        codes.compensation_column = column;
        break;
      default:
        break;
    }
    if (info.group == CodeGroup::NonModal && number != G_53) {
      codes.nonmodal = number;
      codes.nonmodal_column = column;
    }
    if (info.group == CodeGroup::CoordSystem) {
      codes.system = systemNumber(number);
      codes.system_column = column;
    }
    if (info.group == CodeGroup::ToolLength) {
      codes.tool_length = number;
      codes.tool_length_column = column;
    }
    if (number == G_53) {
      codes.machine_coordinates = true;
      codes.machine_column = column;
    }
  }
  for (int i = 0; i < block.m_count; ++i) {
    const auto [number, column] = block.m[static_cast<std::size_t>(i)];
    const CodeInfo info = describeMCode(number);
    if (!info.refusal.empty()) fail(column, info.refusal);
    claim(info.group, mCodeName, number, column);
    if (!info.warning.empty()) warnOnce(line_, info.warning);
    if (number == M_6) codes.tool_change = true;
    if (number == M_61) {
      codes.set_tool = true;
      codes.set_tool_column = column;
    }
    if (number == M_2 || number == M_30) codes.stop = true;
    if (number == M_3 || number == M_4 || number == M_5)
      codes.spindle = number == M_3 ? 1 : (number == M_4 ? -1 : 0);
  }
  return codes;
}

bool GcodeInterpreter::execute(const Block& block, std::uint32_t line) {
  line_ = line;
  if (block.block_delete)
    warnOnce(line,
             "block delete '/': such lines are executed (LinuxCNC's switch is off by default)");
  checkWords(block);
  const BlockCodes codes = classify(block);
  const int motion = motionToBe(block, codes);
  checkUnusedWords(block, codes, motion);

  // LinuxCNC's order of execution within a block: feed mode, F, S, T, M6/M61, ..., plane,
  // units, ..., distance modes, home moves, motion, stop.
  if (codes.feed_mode == G_93) feed_mode_ = FeedMode::InverseTime;
  if (codes.feed_mode == G_94) feed_mode_ = FeedMode::PerMinute;
  if (codes.feed_mode == G_95) feed_mode_ = FeedMode::PerRevolution;
  if (block.has('f')) {
    if (block.get('f') < 0) fail(block.columnOf('f'), "negative feed rate");
    feed_rate_ = block.get('f');
  }
  setTool(block, codes);
  if (codes.spindle != -2) spindle_ = codes.spindle;
  if (codes.plane >= 0) {
    if (planeOf(codes.plane) != plane_ && compensation_.on())
      fail(codes.plane_column, "cannot change planes with cutter radius compensation on");
    plane_ = planeOf(codes.plane);
  }
  if (codes.units >= 0) mm_per_unit_ = codes.units == G_20 ? kMmPerInch : 1.0;
  setCompensation(block, codes);
  setToolLength(block, codes);
  selectSystem(codes);
  checkRotaryOffsets(block);
  if (codes.distance >= 0) absolute_ = codes.distance == G_90;
  if (codes.arc_distance >= 0) arc_absolute_ = codes.arc_distance == G_90_1;
  if (codes.retract >= 0) retract_to_r_ = codes.retract == G_99;

  const int owner = codes.nonmodal;
  const bool axis_owner = ownsAxisWords(owner, codes.tool_length);
  if (axis_owner && codes.motion >= 0 && codes.motion != G_80 &&
      (block.has('x') || block.has('y') || block.has('z')))
    fail(codes.motion_column, gCodeName(codes.motion) + " and " +
                                  gCodeName(codes.tool_length == G_43_1 ? G_43_1 : owner) +
                                  " on one line: both use the axis words");
  setOffsets(block, codes);
  if (owner == G_28 || owner == G_30)
    goHome(block, codes);
  else if (!axis_owner)
    runMotion(block, codes, motion);
  return !codes.stop;
}

int GcodeInterpreter::modalMotionCode() const {
  switch (motion_) {
    case Motion::Rapid:
      return G_0;
    case Motion::Feed:
      return G_1;
    case Motion::ArcClockwise:
      return G_2;
    case Motion::ArcCounterClockwise:
      return G_3;
    case Motion::Cycle:
      return cycle_code_;
    case Motion::RigidTap:
      return G_33_1;
    case Motion::Probe:
      return probe_code_;
    case Motion::None:
      break;
  }
  return G_80;
}

int GcodeInterpreter::motionToBe(const Block& block, const BlockCodes& codes) const {
  if (codes.motion >= 0) return codes.motion;
  if (ownsAxisWords(codes.nonmodal, codes.tool_length)) return -1;
  for (const char letter : std::string_view("xyzabcuvw"))
    if (block.has(letter)) return modalMotionCode();
  // A line of centre words alone continues a modal arc: "G3 X0 Y0 J5" then "J5" is a second
  // full circle, for LinuxCNC as for Fanuc and Haas controls (Mastercam's Haas post writes it).
  const bool arc = motion_ == Motion::ArcClockwise || motion_ == Motion::ArcCounterClockwise;
  if (arc && (block.has('i') || block.has('j') || block.has('k'))) return modalMotionCode();
  return -1;
}

void GcodeInterpreter::checkUnusedWords(const Block& block, const BlockCodes& codes,
                                        int motion) const {
  const auto g = [&](std::initializer_list<int> numbers) {
    return writes(block.g, block.g_count, numbers);
  };
  const auto m = [&](std::initializer_list<int> numbers) {
    return writes(block.m, block.m_count, numbers);
  };
  const bool linuxcnc = dialect_ == Dialect::LinuxCnc;
  const bool g10 = codes.nonmodal == G_10;
  // G76 and G88 are refused before (code_table.cpp).
  const bool cycle = isCannedCycle(motion);
  const bool repeats = cycleRepeats(motion, dialect_);
  if (cycle)
    for (const char letter : {'a', 'b', 'c'})
      if (block.has(letter))
        fail(block.columnOf(letter), "cannot put " + upper(letter) + " in a canned cycle");
  const bool compensation = isOneOf(codes.compensation, {G_41, G_41_1, G_42, G_42_1});
  // Fanuc and Haas posts cancel with an offset number ("G49 H0", "G40 D0"); those controls take
  // the word with the cancel, which applies no offset whatever its number.
  const bool fanuc = dialect_ == Dialect::Fanuc || dialect_ == Dialect::Haas;
  const bool fanuc_cancel_h = fanuc && codes.tool_length == G_49;
  const bool fanuc_cancel_d = fanuc && codes.compensation == G_40;
  struct Use {
    char letter;
    bool used;
    const char* users;
  };
  const Use uses[] = {
      {'d', compensation || g({G_96}) || fanuc_cancel_d, "G41, G41.1, G42, G42.1 or G96"},
      {'h', codes.tool_length == G_43 || fanuc_cancel_h, "G43"},
      {'i', g10 || isOneOf(motion, {G_2, G_3, G_87}), "G2, G3, G10 or G87"},
      {'j', g10 || isOneOf(motion, {G_2, G_3, G_87}), "G2, G3, G10 or G87"},
      {'k', isOneOf(motion, {G_2, G_3, G_33_1, G_87}), "G2, G3, G33.1 or G87"},
      {'l', g10 || repeats || compensation || m({M_66, M_98}),
       "G10, G41, G41.1, G42, G42.1, a canned cycle, M66 or M98"},
      {'p',
       g10 || codes.nonmodal == G_4 || g({G_64}) ||
           isOneOf(motion, {G_2, G_3, G_74, G_82, G_84, G_86, G_89}) ||
           m({M_19, M_50, M_51, M_52, M_53, M_62, M_63, M_64, M_65, M_66, M_98}) ||
           (!linuxcnc && m({M_99})),
       "G2, G3, G4, G10, G64, G74, G82, G84, G86, G89, M19, M50-M53, M62-M66 or M98"},
      {'q', g10 || g({G_64}) || isOneOf(motion, {G_73, G_83}) || m({M_19, M_61, M_66, M_67, M_68}),
       "G10, G64, G73, G83, M19, M61 or M66-M68"},
      {'r', g10 || cycle || isOneOf(motion, {G_2, G_3}) || g({G_41_1, G_42_1}) || m({M_19}),
       "G2, G3, G10, G41.1, G42.1, a canned cycle or M19"},
  };
  for (const Use& use : uses) {
    if (!use.used && block.has(use.letter))
      fail(block.columnOf(use.letter), upper(use.letter) + " word with no " + use.users +
                                           " to use it (no code on the line reads it)");
  }
}

void GcodeInterpreter::setToolLength(const Block& block, const BlockCodes& codes) {
  if (codes.tool_length < 0) return;
  double length = 0;
  if (codes.tool_length == G_43_1) {
    if (block.has('z')) length = block.get('z') * mm_per_unit_;
  } else if (codes.tool_length == G_43) {
    const double h = block.has('h') ? block.get('h') : spindle_tool_;
    if (h < 0 || !isWhole(h) || h > 1e9)
      fail(block.columnOf('h'), "G43: H must be a whole number ≥ 0 (a tool number)");
    const int tool = static_cast<int>(h);
    const auto found = tool_lengths_.find(tool);
    if (tool == 0) {
      length = 0;
    } else if (found != tool_lengths_.end()) {
      length = found->second;
      warnOtherToolLength(tool, length);
    } else if (!tool_table_given_) {
      warnOnce(line_, "G43 tool length offset: no tool table given, lengths taken as 0");
    } else {
      fail(block.has('h') ? block.columnOf('h') : codes.tool_length_column,
           "G43: tool " + std::to_string(tool) + " is not in the tool table");
    }
  }
  // The tool tip is where it was; what changes is where the program says it is.
  position_.z += tool_length_ - length;
  tool_length_ = length;
}

void GcodeInterpreter::warnOtherToolLength(int offset_tool, double offset_length) {
  // Programmed points are tip points (as rs274 reads them), so the path is checked as written;
  // on the machine the loaded tool's tip ends where the other tool's would: a classic crash.
  const int loaded = tool_changes_ ? spindle_tool_ : selected_tool_;
  const auto found = tool_lengths_.find(loaded);
  if (loaded == 0 || loaded == offset_tool || found == tool_lengths_.end()) return;
  const double longer = found->second - offset_length;
  char text[160];
  std::snprintf(text, sizeof text,
                "G43 H%d: the length offset of tool %d (%g mm) with tool %d loaded (%g mm): its "
                "tip goes %g mm %s than programmed",
                offset_tool, offset_tool, offset_length, loaded, found->second, std::abs(longer),
                longer > 0 ? "lower" : "higher");
  warnOnce(line_, text);
}

void GcodeInterpreter::setCompensation(const Block& block, const BlockCodes& codes) {
  if (codes.compensation < 0) return;
  const std::uint32_t column = codes.compensation_column;
  const std::string name = gCodeName(codes.compensation);
  if (codes.compensation == G_40) {
    std::vector<Move> released;
    const bool moved = compensation_.active();
    const Vec3 at = compensation_.stop(line_, column, released);
    for (Move& move : released) appendMove(move);
    if (moved) tool_at_ = at;
    return;
  }
  if (compensation_.on())
    fail(column, name + ": cannot turn cutter radius compensation on when it is already on");
  double radius = 0;
  if (codes.compensation == G_41_1 || codes.compensation == G_42_1) {
    if (!block.has('d') || block.get('d') < 0)
      fail(column, name + " needs D with the tool diameter (≥ 0)");
    radius = block.get('d') * mm_per_unit_ / 2.0;
  } else {
    const double d = block.has('d') ? block.get('d') : spindle_tool_;
    if (d < 0 || !isWhole(d) || d > 1e9)
      fail(block.columnOf('d'), name + ": D must be a whole number ≥ 0 (a tool number)");
    const int tool = static_cast<int>(d);
    const auto found = tool_diameters_.find(tool);
    if (tool == 0) {
      radius = 0;
    } else if (found != tool_diameters_.end()) {
      radius = found->second / 2.0;
    } else if (!tool_table_given_) {
      warnOnce(line_, name + " cutter radius compensation: no tool table given, radius taken as 0");
    } else {
      fail(block.has('d') ? block.columnOf('d') : column,
           name + ": tool " + std::to_string(tool) + " is not in the tool table");
    }
  }
  if (plane_ == Plane::YZ)
    fail(column, name + ": cutter radius compensation is allowed only in the G17 and G18 planes");
  const bool left = codes.compensation == G_41 || codes.compensation == G_41_1;
  compensation_.start(left ? 1 : -1, radius, position_, plane_);
}

void GcodeInterpreter::selectSystem(const BlockCodes& codes) {
  if (codes.system < 0) return;
  if (!offsets_.select(codes.system)) {
    const int code = kCoordinateSystems[static_cast<std::size_t>(codes.system - 1)];
    warnOnce(line_, gCodeName(code) +
                        " work offset: taken as zero (not in the --work-offsets file, not set "
                        "by G10)");
  }
}

AxisValues GcodeInterpreter::axisValues(const Block& block) const {
  AxisValues values;
  for (int axis = 0; axis < 3; ++axis) {
    const char letter = kAxisLetters[axis];
    values.given[static_cast<std::size_t>(axis)] = block.has(letter);
    if (block.has(letter)) component(values.value, axis) = block.get(letter) * mm_per_unit_;
  }
  return values;
}

void GcodeInterpreter::setOffsets(const Block& block, const BlockCodes& codes) {
  const Vec3 tip_offset(0, 0, tool_length_);  // the tip is below the gauge point
  switch (codes.nonmodal) {
    case G_28_1:
    case G_30_1:
      offsets_.storeHome(codes.nonmodal == G_30_1, position_ + tip_offset);
      return;
    case G_52:
      offsets_.setLocalOffset(axisValues(block));
      return;
    case G_92: {
      // The offset that makes the current point read as the given coordinates.
      AxisValues values = axisValues(block);
      values.value = position_ - offsets_.workOffset() - values.value;
      offsets_.setLocalOffset(values);
      return;
    }
    case G_92_1:
    case G_92_2:
      offsets_.clearLocalOffset(codes.nonmodal == G_92_2);
      return;
    case G_92_3:
      offsets_.restoreLocalOffset();
      return;
    case G_10:
      break;
    default:
      return;
  }
  const double l = block.get('l');
  if (block.has('l') && (l == G10_L1 || l == G10_L10 || l == G10_L11))
    return setToolEntry(block, codes, static_cast<int>(l));
  if (!block.has('l') || (l != G10_L2 && l != G10_L20))
    fail(codes.nonmodal_column,
         "G10: only L1, L10, L11 (tool table) and L2, L20 (work offsets) are supported");
  const double p = block.get('p');
  if (!block.has('p') || p < 0 || p > 9 || !isWhole(p))
    fail(codes.nonmodal_column, "G10 L" + std::to_string(static_cast<int>(l)) +
                                    " needs P0 (the active system) to P9 (G59.3)");
  if (block.has('r'))
    fail(block.columnOf('r'), "G10: rotated coordinate systems (R) are not supported");
  for (const char letter : {'i', 'j'})  // LinuxCNC reads them for G10 L1 only (lathe tools)
    if (block.has(letter))
      fail(block.columnOf(letter), "G10 L" + std::to_string(static_cast<int>(l)) + ": " +
                                       upper(letter) + " words are not allowed with it");
  const int system = p == 0 ? offsets_.system() : static_cast<int>(p);
  AxisValues values = axisValues(block);
  if (l == G10_L20) values.value = position_ - offsets_.localOffset() - values.value;
  offsets_.setWorkOffset(system, values);
}

void GcodeInterpreter::setToolEntry(const Block& block, const BlockCodes& codes, int l) {
  const std::string name = "G10 L" + std::to_string(l);
  const double p = block.get('p');
  if (!block.has('p') || p < 1 || !isWhole(p) || p > 1e9)
    fail(codes.nonmodal_column, name + " needs P with the tool number (a whole number ≥ 1)");
  for (char letter : {'x', 'y'})
    if (block.has(letter))
      fail(block.columnOf(letter), name + ": tool offsets in " + upper(letter) +
                                       " are not supported (only Z, the tool length)");
  const int tool = static_cast<int>(p);
  if (block.has('z')) {
    const double z = block.get('z') * mm_per_unit_;
    // L10 and L11: the length that makes the tip's current position read as Z, with the current
    // offsets (L10) or with G59.3's work offset and no G92/G52 offset (L11), as LinuxCNC does.
    const double gauge = position_.z + tool_length_;
    if (l == G10_L1)
      tool_lengths_[tool] = z;
    else if (l == G10_L10)
      tool_lengths_[tool] = gauge - offsets_.total().z - z;
    else
      tool_lengths_[tool] = gauge - offsets_.workOffsetOf(kG593System).z - z;
  }
  if (block.has('r')) {
    tool_diameters_[tool] = 2.0 * block.get('r') * mm_per_unit_;
    warnOnce(line_, name + " sets the radius of tool " + std::to_string(tool) +
                        ": G41/G42 use it, but the cutter checked stays the one --tool or "
                        "--tool-table describe");
  }
}

void GcodeInterpreter::setTool(const Block& block, const BlockCodes& codes) {
  if (block.has('t')) {
    const double t = block.get('t');
    if (t < 0 || !isWhole(t) || t > 1e9)
      fail(block.columnOf('t'), "T: tool number must be a whole number ≥ 0");
    selected_tool_ = static_cast<int>(t);
  }
  if (!codes.set_tool && !codes.tool_change) return;
  tool_changes_ = true;
  if (codes.set_tool) {
    const double q = block.get('q');
    if (!block.has('q') || q < 0 || !isWhole(q) || q > 1e9)
      fail(codes.set_tool_column, "M61 needs Q with the tool number (a whole number ≥ 0)");
    spindle_tool_ = static_cast<int>(q);
  } else {
    spindle_tool_ = selected_tool_;
  }
}

Vec3 GcodeInterpreter::endPoint(const Block& block, bool machine_coordinates) const {
  Vec3 target = position_;
  // G53 names the gauge point in machine coordinates; the tip is the tool length below it.
  const Vec3 origin = machine_coordinates ? Vec3(0, 0, -tool_length_) : offsets_.total();
  for (int axis = 0; axis < 3; ++axis) {
    const char letter = kAxisLetters[axis];
    if (!block.has(letter)) continue;
    const double value = block.get(letter) * mm_per_unit_;
    component(target, axis) =
        absolute_ || machine_coordinates ? value + origin[axis] : target[axis] + value;
  }
  return target;
}

void GcodeInterpreter::goHome(const Block& block, const BlockCodes& codes) {
  if (compensation_.on())
    fail(codes.nonmodal_column,
         gCodeName(codes.nonmodal) + " cannot be used with cutter radius compensation on");
  const bool axes = block.has('x') || block.has('y') || block.has('z');
  // As LinuxCNC: first to the point the axis words name, then those axes (all when none is
  // named) to the stored home position, a machine position of the gauge point.
  if (axes) addMove(MoveKind::Rapid, endPoint(block, false));
  const bool second = codes.nonmodal == G_30;
  checkRotaryHome(second, codes.nonmodal_column);
  bool known = false;
  const Vec3 home = offsets_.home(second, known) - Vec3(0, 0, tool_length_);
  if (!known)
    warnOnce(line_, gCodeName(codes.nonmodal) +
                        " home position: taken as machine zero (not in the --work-offsets "
                        "file, not set by " +
                        gCodeName(second ? G_30_1 : G_28_1) + ")");
  Vec3 target = position_;
  for (int axis = 0; axis < 3; ++axis)
    if (!axes || block.has(kAxisLetters[axis])) component(target, axis) = home[axis];
  addMove(MoveKind::Rapid, target);
}

void GcodeInterpreter::runMotion(const Block& block, const BlockCodes& codes, int motion) {
  const bool axes = block.has('x') || block.has('y') || block.has('z');
  std::uint32_t column = codes.motion_column;
  if (codes.motion >= 0) {
    switch (codes.motion) {
      case G_0:
        motion_ = Motion::Rapid;
        break;
      case G_1:
        motion_ = Motion::Feed;
        break;
      case G_2:
        motion_ = Motion::ArcClockwise;
        break;
      case G_3:
        motion_ = Motion::ArcCounterClockwise;
        break;
      case G_80:
        motion_ = Motion::None;
        break;
      case G_33_1:
        motion_ = Motion::RigidTap;
        break;
      case G_38_2:
      case G_38_3:
      case G_38_4:
      case G_38_5:
        motion_ = Motion::Probe;
        probe_code_ = codes.motion;
        break;
      default:
        motion_ = Motion::Cycle;
        cycle_code_ = codes.motion;
        break;
    }
    if (motion_ == Motion::None && axes)
      fail(column, "G80 cancels the motion mode: axis words are not allowed with it");
  } else {
    const bool continues_arc = !axes && (motion == G_2 || motion == G_3);  // see motionToBe
    if (!axes && !continues_arc) {
      if (codes.machine_coordinates)
        fail(codes.machine_column, "G53 needs G0 or G1 with axis words");
      return;
    }
    const char first = axes ? (block.has('x') ? 'x' : (block.has('y') ? 'y' : 'z'))
                            : (block.has('i') ? 'i' : (block.has('j') ? 'j' : 'k'));
    column = block.columnOf(first);
    if (motion_ == Motion::None)
      fail(column, "axis words without a motion mode (G0, G1, G2 or G3)");
  }
  const bool arc = motion_ == Motion::ArcClockwise || motion_ == Motion::ArcCounterClockwise;
  if (codes.machine_coordinates) {
    if (motion_ != Motion::Rapid && motion_ != Motion::Feed)
      fail(codes.machine_column, "G53 works with G0 and G1 only");
    if (!absolute_) fail(codes.machine_column, "G53 cannot be used in incremental mode (G91)");
  }
  // A cycle runs when its code is on the line even without axis words (at the current point).
  if (motion_ == Motion::Cycle) return runCycle(block, column);
  cycles_.cancel();
  if (motion_ == Motion::RigidTap || motion_ == Motion::Probe) {
    const std::string name = motion_ == Motion::RigidTap ? "G33.1" : gCodeName(probe_code_);
    if (!axes) fail(column, name + " needs an axis word (where the move goes)");
    return motion_ == Motion::RigidTap ? runRigidTap(block, column) : runProbe(block, column);
  }
  // A G0/G1 without axis words moves nothing (rs274 reports it as a zero-length move).
  if (motion_ == Motion::None || (!arc && !axes)) return;
  if (motion_ != Motion::Rapid) checkFeed(block, motion_, column);
  const Vec3 target = endPoint(block, codes.machine_coordinates);
  if (arc && tool_at_)
    fail(column, std::string(motion_ == Motion::ArcClockwise ? "G2" : "G3") +
                     ": the move just after cutter radius compensation ends (G40) must be "
                     "straight, not an arc");
  if (compensation_.active() && !arc) {
    if (codes.machine_coordinates)
      fail(codes.machine_column, "G53 cannot be used with cutter radius compensation on");
    std::vector<Move> released;
    compensation_.straight(motion_ == Motion::Rapid ? MoveKind::Rapid : MoveKind::Feed, position_,
                           target, line_, column, released);
    for (Move& move : released) appendMove(move);
    position_ = target;
    return;
  }
  if (arc)
    addArc(block, motion_, target, column);
  else
    addMove(motion_ == Motion::Rapid ? MoveKind::Rapid : MoveKind::Feed, target);
}

void GcodeInterpreter::runCycle(const Block& block, std::uint32_t column) {
  CycleSetting setting;
  setting.code = cycle_code_;
  setting.plane = plane_;
  setting.absolute = absolute_;
  setting.retract_to_r = retract_to_r_;
  setting.spindle = spindle_;
  setting.feed_rate_set = feed_rate_ != 0;
  setting.inverse_time = feed_mode_ == FeedMode::InverseTime;
  setting.inch = mm_per_unit_ != 1.0;
  setting.compensation_on = compensation_.on();
  setting.zero_repeats_store = dialect_ == Dialect::Fanuc || dialect_ == Dialect::Haas;
  // LinuxCNC runs cycles in program coordinates and units; so does CannedCycle.
  const Vec3 origin = offsets_.total();
  setting.position = (position_ - origin) / mm_per_unit_;
  const CycleMoves cycle = cycles_.run(block, line_, column, setting);
  for (const CycleMove& move : cycle.moves) addMove(move.kind, move.to * mm_per_unit_ + origin);
  position_ = cycle.end * mm_per_unit_ + origin;
}

void GcodeInterpreter::checkFeed(const Block& block, Motion motion, std::uint32_t column) const {
  const char* name = motion == Motion::Feed ? "G1" : (motion == Motion::ArcClockwise ? "G2" : "G3");
  if (feed_mode_ == FeedMode::InverseTime) {
    if (!block.has('f'))
      fail(column, std::string(name) + " in inverse time mode (G93) needs an F word on its line");
  } else if (feed_rate_ == 0) {
    fail(column, std::string(name) + " with zero feed rate (no F word before it)");
  }
}

int GcodeInterpreter::arcTurns(const Block& block, bool clockwise, std::uint32_t column) const {
  const std::string name = clockwise ? "G2 arc: " : "G3 arc: ";
  const PlaneAxes axes = planeAxes(plane_);
  const char first_offset = kOffsetLetters[axes.first];
  const char second_offset = kOffsetLetters[axes.second];
  const char normal_offset = kOffsetLetters[axes.normal];
  const std::string plane_name = gCodeName(planeCode(plane_));
  if (block.has(normal_offset))
    fail(block.columnOf(normal_offset),
         name + upper(normal_offset) + " word given for an arc in the " + plane_name + " plane");
  const bool radius_format = block.has('r');
  const bool center_format = block.has(first_offset) || block.has(second_offset);
  if (radius_format && center_format)
    fail(column,
         name + "both R and a centre (" + upper(first_offset) + upper(second_offset) + ") given");
  if (!radius_format && !center_format)
    fail(column,
         name + "needs R or the centre " + upper(first_offset) + "/" + upper(second_offset));
  if (!block.has('p')) return 1;
  const double p = block.get('p');
  if (p < 1 || !isWhole(p))
    fail(block.columnOf('p'), name + "P (number of turns) must be a whole number ≥ 1");
  if (p > kMaxArcTurns)
    fail(block.columnOf('p'), name + "P (number of turns) above the supported " +
                                  std::to_string(kMaxArcTurns) + " turns");
  return static_cast<int>(p);
}

PlanePoint GcodeInterpreter::arcCenter(const Block& block, bool clockwise, PlanePoint start,
                                       PlanePoint end, std::uint32_t column) const {
  const PlaneAxes axes = planeAxes(plane_);
  const char first_offset = kOffsetLetters[axes.first];
  const char second_offset = kOffsetLetters[axes.second];
  const ArcTolerances tolerances =
      dialectArcTolerances(dialect_, mm_per_unit_ != 1.0, arc_tolerance_mm_);
  ArcCenter found;
  if (block.has('r')) {
    found = radiusArcCenter(start, end, block.get('r') * mm_per_unit_, clockwise, tolerances);
  } else {
    PlanePoint center{block.has(first_offset) ? block.get(first_offset) * mm_per_unit_ : 0.0,
                      block.has(second_offset) ? block.get(second_offset) * mm_per_unit_ : 0.0};
    if (!arc_absolute_)
      center = {start.a + center.a, start.b + center.b};
    else
      center = {center.a + offsets_.total()[axes.first], center.b + offsets_.total()[axes.second]};
    found = checkCenterArc(start, end, center, tolerances);
  }
  if (!found.error.empty()) fail(column, (clockwise ? "G2 arc: " : "G3 arc: ") + found.error);
  return found.center;
}

void GcodeInterpreter::addArc(const Block& block, Motion motion, const Vec3& target,
                              std::uint32_t column) {
  const bool clockwise = motion == Motion::ArcClockwise;
  const int turns = arcTurns(block, clockwise, column);
  const PlaneAxes axes = planeAxes(plane_);
  const PlanePoint end{target[axes.first], target[axes.second]};
  if (compensation_.active()) {
    std::vector<Move> released;
    compensation_.arc(
        clockwise, turns, position_, target,
        [&](PlanePoint start) { return arcCenter(block, clockwise, start, end, column); }, line_,
        column, released);
    for (Move& move : released) appendMove(move);
    position_ = target;
    return;
  }
  const PlanePoint center =
      arcCenter(block, clockwise, {position_[axes.first], position_[axes.second]}, end, column);
  Move move;
  move.kind = MoveKind::Arc;
  move.to = target;
  move.center = position_;
  component(move.center, axes.first) = center.a;
  component(move.center, axes.second) = center.b;
  component(move.axis, axes.normal) = clockwise ? -1.0 : 1.0;
  move.turns = turns - 1;
  addMove(move);
}

void GcodeInterpreter::addMove(MoveKind kind, const Vec3& target) {
  Move move;
  move.kind = kind;
  move.to = target;
  addMove(move);
}

void GcodeInterpreter::addMove(Move move) {
  move.from = tool_at_.value_or(position_);
  tool_at_.reset();
  appendMove(move);
  position_ = move.to;
}

void GcodeInterpreter::appendMove(Move move) {
  move.tool = tool_changes_ ? spindle_tool_ : selected_tool_;
  move.line = line_;  // under compensation: the line that released the move, as rs274 reports
  program_.moves.push_back(move);
}

}  // namespace gougechek
