#pragma once
// What the files of the interpreter share (interpreter.cpp runs a block through its phases:
// modal_codes.cpp, offsets.cpp, motion.cpp): the codes of a block and small helpers on words
// and axes. Internal to those files.
#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <string>
#include <string_view>

#include "gcode/codes.hpp"
#include "gcode/interpreter.hpp"

namespace gougechek {

inline constexpr double kMmPerInch = 25.4;
inline constexpr char kAxisLetters[3] = {'x', 'y', 'z'};
inline constexpr char kOffsetLetters[3] = {'i', 'j', 'k'};
/// G59.3's system number, whose offsets G10 L11 uses.
inline constexpr int kG593System = 9;
/// Where the rotary (A B C) and extra linear (U V W) axes start and must stay.
inline constexpr double kStillAxisPosition = 0.0;
/// A, B, C, U, V, W: LinuxCNC's axes 3..8, in the order of their offset parameters.
inline constexpr std::string_view kRotaryLetters = "abcuvw";
inline constexpr int kFirstRotaryAxis = 3;
/// The last of them; U, V and W (6..8) are lengths, A, B and C angles.
inline constexpr int kLastExtraAxis = 8;
inline constexpr int kFirstLinearExtraAxis = 6;

inline int rotaryAxis(char letter) {
  return kFirstRotaryAxis + static_cast<int>(kRotaryLetters.find(letter));
}

inline double& component(Vec3& v, int axis) {
  return axis == 0 ? v.x : (axis == 1 ? v.y : v.z);
}

inline std::string upper(char letter) {
  return std::string(1, static_cast<char>(letter - 'a' + 'A'));
}

inline bool isWhole(double value) {
  return value == std::floor(value);
}

inline bool isOneOf(int code, std::initializer_list<int> codes) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

/// Whether one of `codes` (G in tenths, or M) is among the first `count` of `written`.
inline bool writes(const std::array<BlockCode, Block::kMaxCodes>& written, int count,
                   std::initializer_list<int> codes) {
  for (int i = 0; i < count; ++i)
    if (isOneOf(written[static_cast<std::size_t>(i)].number, codes)) return true;
  return false;
}

/// G10, G28, G30, G52, G92 and G43.1 take the axis words of their line (LinuxCNC's
/// "mode zero covets axes"; G43.1 its Z).
inline bool ownsAxisWords(int nonmodal, int tool_length) {
  return isOneOf(nonmodal, {G_10, G_28, G_30, G_52, G_92}) || tool_length == G_43_1;
}

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

}  // namespace gougechek
