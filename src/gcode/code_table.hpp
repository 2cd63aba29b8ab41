#pragma once
// What each G and M code of the LinuxCNC dialect means to gougechek: its modal group (two codes
// of one group on a line are an error, as in LinuxCNC), whether it is refused (it could move the
// tool in a way not modelled) and whether accepting it deserves a warning.
#include <cstdint>
#include <string>

namespace gougechek {

enum class CodeGroup : std::uint8_t {
  NonModal,     // G4 G28 G30 G53 G92.x ...; M codes without a group
  Motion,       // G0 G1 G2 G3 G80, G33.1, G38.2-G38.5, canned cycles G73 G74 G81-G89
  Plane,        // G17 G18 G19
  Distance,     // G90 G91
  ArcDistance,  // G90.1 G91.1
  FeedMode,     // G93 G94 G95
  Units,        // G20 G21
  CutterComp,   // G40 G41 G41.1 G42 G42.1
  ToolLength,   // G43 G43.1 G49
  ReturnMode,   // G98 G99
  CoordSystem,  // G54 .. G59.3
  PathControl,  // G61 G61.1 G64
  SpindleMode,  // G96 G97
  LatheMode,    // G8
  Stopping,     // M0 M1 M2 M30 M60
  ToolChange,   // M6 M61
  Spindle,      // M3 M4 M5 M19
  Coolant,      // M7 M8 M9
  Override,     // M48..M53
  Io,           // M62..M68
  ModalState,   // M70 M71 M73
};

struct CodeInfo {
  CodeGroup group = CodeGroup::NonModal;
  /// Non-empty: the code is rejected with this message (unknown, or not supported yet).
  std::string refusal;
  /// Non-empty: the code is accepted, and this is said once in the warnings.
  std::string warning;
};

/// `tenths`: G91.1 → 911.
CodeInfo describeGCode(int tenths);
CodeInfo describeMCode(int code);

/// "G91.1", "G0" from tenths.
std::string gCodeName(int tenths);
/// "M6".
std::string mCodeName(int number);

}  // namespace gougechek
