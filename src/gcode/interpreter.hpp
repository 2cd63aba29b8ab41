#pragma once
// The modal state machine of the LinuxCNC dialect: runs blocks in order and appends the moves
// they command (in mm, with source line and tool) to a Program.
//
// Tool semantics (LinuxCNC's): T only preselects, M6 loads the preselected tool, M61 Q sets
// the loaded tool; a move carries the tool in the spindle (0 before any change). A program
// that never uses M6 or M61 (many hobby posts write a bare "T2" to change tools) instead runs
// each move with the tool its last T word named.
//
// Positions are LinuxCNC's canonical ones: program coordinates plus the work offset (G54..G59.3)
// and the G92/G52 offset; G53 names machine coordinates. A tool length offset (G43) does not
// change where a programmed point goes, it changes which point the tool is at: the current
// position jumps by the change, as LinuxCNC's does.
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "gcode/block.hpp"
#include "gcode/canned_cycle.hpp"
#include "gcode/code_table.hpp"
#include "gcode/coordinate_offsets.hpp"
#include "gcode/cutter_compensation.hpp"
#include "gcode/parameters.hpp"
#include "gcode/plane.hpp"
#include "gcode/program.hpp"

namespace gougechek {

class GcodeInterpreter {
 public:
  GcodeInterpreter(std::string file_name, Program& program, Parameters& parameters,
                   const ProgramOptions& options);

  /// Runs the block read from physical line `line`; false once the program has ended (M2, M30).
  bool execute(const Block& block, std::uint32_t line);
  /// True once the program has used M6 or M61. Until then a move carries the tool its last T
  /// word named, which is final only if the program never changes tools; if it later does,
  /// those earlier moves ran with the empty spindle (tool 0). ProgramReader settles that.
  bool toolChanged() const { return tool_changes_; }
  /// Adds `message` to the program's warnings unless it was already given.
  void warnOnce(std::uint32_t line, const std::string& message);
  /// Sets #5420-#5428, LinuxCNC's current position, for the next line to read: X, Y and Z in
  /// the active coordinate system and program units, and the axes A..W (which stay at their
  /// start here) at minus their offsets in use. LinuxCNC sets them as it reads each line, and
  /// refuses to read them while cutter radius compensation is on.
  void publishPosition();
  /// Why the blocks still to run could command other moves from this state than from `before`
  /// (another position, offset, mode, tool...), or "" when they command the same: M99 in a
  /// Fanuc main program restarts it, and equal states run equal passes (restart_state.cpp).
  std::string restartDifference(const GcodeInterpreter& before) const;

 private:
  enum class Motion : std::uint8_t {
    None,
    Rapid,
    Feed,
    ArcClockwise,
    ArcCounterClockwise,
    Cycle,
    RigidTap,  ///< G33.1
    Probe,     ///< G38.2 .. G38.5
  };
  enum class FeedMode : std::uint8_t { PerMinute, InverseTime, PerRevolution };
  struct BlockCodes;

  [[noreturn]] void fail(std::uint32_t column, const std::string& message) const;
  void checkWords(const Block& block);
  /// The motion code (tenths) the block runs, as LinuxCNC's enhance_block decides it; -1: none.
  int motionToBe(const Block& block, const BlockCodes& codes) const;
  /// The modal motion in tenths (G80: 800).
  int modalMotionCode() const;
  /// Refuses a D, H, I, J, K, L, P, Q or R word that no code of its line uses, as LinuxCNC's
  /// check_other_codes does.
  void checkUnusedWords(const Block& block, const BlockCodes& codes, int motion) const;
  /// An A B C U V W word: accepted (with one warning) while it keeps its axis where it starts.
  void checkStillAxis(const Block& block, char letter);
  /// A, B, C, U, V, W words (at 0, checkStillAxis) must not meet a nonzero offset in use.
  void checkRotaryOffsets(const Block& block) const;
  /// G28 (`second` false) or G30: the rotary and extra axes' homes must be 0.
  void checkRotaryHome(bool second, std::uint32_t column) const;
  BlockCodes classify(const Block& block);
  class GroupClaims;
  /// What one G code asks for, into `codes`; refuses a second code of its modal group.
  void classifyGCode(const BlockCode& code, GroupClaims& claims, BlockCodes& codes);
  /// The G codes outside the groups classifyGCode sorts: non-modal, G54..G59.3, G43/G49, G53.
  static void classifyOtherGCode(const BlockCode& code, CodeGroup group, BlockCodes& codes);
  void classifyMCode(const BlockCode& code, GroupClaims& claims, BlockCodes& codes);
  void setTool(const Block& block, const BlockCodes& codes);
  /// `motion`: motionToBe's.
  void runMotion(const Block& block, const BlockCodes& codes, int motion);
  /// The modal motion a motion code on the line sets.
  void selectMotion(int code);
  /// A G0, G1, G2 or G3 move to the block's end point, under compensation or not.
  void runPath(const Block& block, const BlockCodes& codes, std::uint32_t column);
  void setToolLength(const Block& block, const BlockCodes& codes);
  /// Warns when G43 takes the length of `offset_tool` (`offset_length` mm) while another tool
  /// whose length the table knows is loaded.
  void warnOtherToolLength(int offset_tool, double offset_length);
  void selectSystem(const BlockCodes& codes);
  void setCompensation(const Block& block, const BlockCodes& codes);
  void setOffsets(const Block& block, const BlockCodes& codes);
  /// G10 L1, L10, L11 (`l`): writes the length offset and radius of a tool table entry.
  void setToolEntry(const Block& block, const BlockCodes& codes, int l);
  AxisValues axisValues(const Block& block) const;
  void goHome(const Block& block, const BlockCodes& codes);
  void runCycle(const Block& block, std::uint32_t column);
  void runRigidTap(const Block& block, std::uint32_t column);  // probing_and_tapping.cpp
  void runProbe(const Block& block, std::uint32_t column);     // probing_and_tapping.cpp
  void checkFeed(const Block& block, Motion motion, std::uint32_t column) const;
  Vec3 endPoint(const Block& block, bool machine_coordinates) const;
  int arcTurns(const Block& block, bool clockwise, std::uint32_t column) const;
  PlanePoint arcCenter(const Block& block, bool clockwise, PlanePoint start, PlanePoint end,
                       std::uint32_t column) const;
  void addArc(const Block& block, Motion motion, const Vec3& target, std::uint32_t column);
  void addMove(MoveKind kind, const Vec3& target);
  void addMove(Move move);
  void appendMove(Move move);
  /// The programmed feed of `move` in mm/min, 0 when not known (rapids, G95, G93 arcs).
  double feedPerMinute(const Move& move) const;

  std::string file_name_;
  Program& program_;
  Parameters& parameters_;  ///< a probe sets #5061..#5070
  std::uint32_t line_ = 0;

  Vec3 position_;  ///< mm, canonical coordinates; LinuxCNC starts at the origin
  CoordinateOffsets offsets_;
  double machine_unit_mm_;  ///< mm per unit of the offset parameters (25.4 on an inch machine)
  /// Tool table entries (mm): the --tool-table's, then what G10 L1/L10/L11 wrote.
  std::map<int, double> tool_lengths_;
  bool tool_table_given_;  ///< a tool missing from a given table is an error, not length 0
  Dialect dialect_;        ///< its arc radius rule applies
  std::optional<double> arc_tolerance_mm_;  ///< --arc-tolerance
  std::map<int, double> tool_diameters_;
  CutterCompensation compensation_;
  /// Set after G40 ends compensation: where the tool stands, off the programmed point, until
  /// the exit move leaves it.
  std::optional<Vec3> tool_at_;
  double tool_length_ = 0;        ///< mm, the active tool length offset (G43, G43.1)
  Motion motion_ = Motion::None;  ///< LinuxCNC starts in G80
  int cycle_code_ = 0;            ///< the canned cycle of Motion::Cycle, in tenths
  int probe_code_ = 0;            ///< the G38.x of Motion::Probe, in tenths
  CannedCycle cycles_;
  bool retract_to_r_ = true;  ///< G99, LinuxCNC's initial retract mode
  int spindle_ = 0;           ///< 1: M3, -1: M4, 0: stopped
  Plane plane_ = Plane::XY;
  double mm_per_unit_ = 1.0;   ///< G21: 1, G20: 25.4
  bool absolute_ = true;       ///< G90
  bool arc_absolute_ = false;  ///< G90.1 (LinuxCNC starts in G91.1)
  FeedMode feed_mode_ = FeedMode::PerMinute;
  double feed_rate_ = 0;

  int selected_tool_ = 0;      ///< last T word
  int spindle_tool_ = 0;       ///< tool loaded by M6 / M61
  bool tool_changes_ = false;  ///< the program used M6 or M61

  std::unordered_set<std::string> warned_;
};

}  // namespace gougechek
