#pragma once
// The controller a program is written for (--dialect): how it reads numbers, which codes it has,
// and how strictly it checks arcs. The interpreter itself speaks LinuxCNC; a DialectFilter
// adapts each parsed block to it, or rejects what the controller would reject.
//
//   linuxcnc  LinuxCNC 2.9 (the default): everything the interpreter supports.
//   fanuc     Fanuc 0i/30i-style: a number without a decimal point in a length word (X Y Z I J
//   haas      K R Q) counts least increments, 0.001 mm in G21 and 0.0001 inch in G20 (X100 is
//             0.1 mm; "calculator-type input" off, both controls' default). O1234 programs
//             with M98/M99; no LinuxCNC O-word statements (o100 sub, if, while...). Arcs: the
//             centre is I/J/K from the start point and an end off the circle is accepted (the
//             controls' radius check is off by default); --arc-tolerance turns a check on.
//             K on a hole cycle (G73, G74, G81-G89) is its repeat count (LinuxCNC's L); K0 or L0
//             stores the cycle and drills nothing. Their G87 (back boring) is not LinuxCNC's.
//             G04 X is a dwell (X the time), as G04 P.
//   grbl      grbl 1.1: only its documented G/M codes and words (no canned cycles, no tool
//             changes, no parameters or O-words, G43.1 only); the K of a G17 arc (I of G19, J
//             of G18) is ignored as grbl ignores it; arcs are rejected as grbl rejects them.
//
// Controller M codes that cannot move the tool (Haas M31 chip auger, M88 through-spindle
// coolant, Fanuc M29 rigid tapping mode...) are taken out of the block in their dialect, with a
// warning: the machine does them, the path does not change.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "gcode/arc_center.hpp"
#include "gcode/block.hpp"
#include "gcode/plane.hpp"
#include "gougechek/program.hpp"

namespace gougechek {

/// The arc radius rule of `dialect`, in mm for a program in inches or not. `tolerance_mm`
/// (--arc-tolerance) replaces the absolute allowance of the rule.
ArcTolerances dialectArcTolerances(Dialect dialect, bool inch, std::optional<double> tolerance_mm);

class DialectFilter {
 public:
  /// Receives a warning and the line it is about.
  using Warn = std::function<void(std::uint32_t line, const std::string& message)>;

  DialectFilter(Dialect dialect, std::string file_name, Warn warn);

  /// Rejects (InputError) what the dialect does not have, and rewrites the rest of the block
  /// read from line `line` into what the LinuxCNC interpreter means by it.
  void apply(Block& block, std::uint32_t line);

 private:
  [[noreturn]] void fail(std::uint32_t line, std::uint32_t column, const std::string& what) const;
  void checkCodes(const Block& block, std::uint32_t line) const;
  /// Haas pallet and user M codes, which LinuxCNC would read as its overrides.
  void refuseHaasMCodes(const Block& block, std::uint32_t line) const;
  /// Takes the controller's M codes that cannot move the tool out of the block, warning once.
  void dropHarmlessMCodes(Block& block, std::uint32_t line) const;
  /// Fanuc and Haas: the X of a G4 line is its dwell time, never a move.
  void dwellFromX(Block& block) const;
  /// Fanuc and Haas: the K of a hole cycle is its repeat count, LinuxCNC's L.
  void repeatsFromK(Block& block, std::uint32_t line) const;
  void scaleIntegerWords(Block& block) const;
  void dropNormalArcOffset(Block& block) const;
  void track(const Block& block);

  Dialect dialect_;
  std::string file_name_;
  Warn warn_;
  bool inch_ = false;  ///< G20 in effect
  Plane plane_ = Plane::XY;
  bool arc_ = false;    ///< G2 or G3 is the motion mode
  bool cycle_ = false;  ///< a canned cycle is the motion mode
};

}  // namespace gougechek
