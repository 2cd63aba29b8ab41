// GcodeInterpreter, first phase of a block: which words it has and which codes, each code in
// its modal group (LinuxCNC's enhance_block and check_other_codes), the motion it will run, and
// the tool the T, M6 and M61 words select.
#include "gcode/code_table.hpp"
#include "gcode/interpreter_support.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

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

/// The modal groups the codes of one block claim: two codes of one group on a line are an
/// error, as in LinuxCNC.
class GcodeInterpreter::GroupClaims {
 public:
  /// "" when `group` is free, else the message naming both codes.
  std::string claim(CodeGroup group, std::string (*name)(int), int number) {
    const auto index = static_cast<std::size_t>(group);
    if (groups_ & (1u << index))
      return name(number) + " and " + owner_name_[index](owner_[index]) +
             " on one line: both belong to the same modal group";
    groups_ |= 1u << index;
    owner_name_[index] = name;
    owner_[index] = number;
    return "";
  }

 private:
  std::uint32_t groups_ = 0;
  std::array<std::string (*)(int), 32> owner_name_{};  // names built only for the error message
  std::array<int, 32> owner_{};
};

GcodeInterpreter::BlockCodes GcodeInterpreter::classify(const Block& block) {
  BlockCodes codes;
  GroupClaims claims;
  for (int i = 0; i < block.g_count; ++i)
    classifyGCode(block.g[static_cast<std::size_t>(i)], claims, codes);
  for (int i = 0; i < block.m_count; ++i)
    classifyMCode(block.m[static_cast<std::size_t>(i)], claims, codes);
  return codes;
}

void GcodeInterpreter::classifyGCode(const BlockCode& code, GroupClaims& claims,
                                     BlockCodes& codes) {
  const auto [number, column] = code;
  const CodeInfo info = describeGCode(number);
  if (!info.refusal.empty()) fail(column, info.refusal);
  // LinuxCNC lets another motion code on the line win over G80 ("G0 G80" is G0).
  if (number == G_80) {
    if (codes.motion == -1) {
      codes.motion = number;
      codes.motion_column = column;
    }
    return;
  }
  if (const std::string clash = claims.claim(info.group, gCodeName, number); !clash.empty())
    fail(column, clash);
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
  classifyOtherGCode(code, info.group, codes);
}

void GcodeInterpreter::classifyOtherGCode(const BlockCode& code, CodeGroup group,
                                          BlockCodes& codes) {
  const auto [number, column] = code;
  if (group == CodeGroup::NonModal && number != G_53) {
    codes.nonmodal = number;
    codes.nonmodal_column = column;
  }
  if (group == CodeGroup::CoordSystem) {
    codes.system = coordinateSystem(number);
    codes.system_column = column;
  }
  if (group == CodeGroup::ToolLength) {
    codes.tool_length = number;
    codes.tool_length_column = column;
  }
  if (number == G_53) {
    codes.machine_coordinates = true;
    codes.machine_column = column;
  }
}

void GcodeInterpreter::classifyMCode(const BlockCode& code, GroupClaims& claims,
                                     BlockCodes& codes) {
  const auto [number, column] = code;
  const CodeInfo info = describeMCode(number);
  if (!info.refusal.empty()) fail(column, info.refusal);
  if (const std::string clash = claims.claim(info.group, mCodeName, number); !clash.empty())
    fail(column, clash);
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

}  // namespace gougechek
