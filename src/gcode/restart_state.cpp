// GcodeInterpreter::restartDifference: what of the interpreter's state decides the moves of the
// blocks still to run. A Fanuc or Haas main program ending with M99 runs again from its start
// for ever; two passes that start from equal states command equal moves, so once a pass ends in
// the state it started from, every later pass repeats it.
#include <cstdio>

#include "gcode/interpreter.hpp"

namespace gougechek {

namespace {

std::string signedNumber(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%+g", value);
  return text;
}

}  // namespace

std::string GcodeInterpreter::restartDifference(const GcodeInterpreter& before) const {
  if (position_ != before.position_) {
    const Vec3 moved = position_ - before.position_;
    return "another position (X" + signedNumber(moved.x) + " Y" + signedNumber(moved.y) + " Z" +
           signedNumber(moved.z) + " mm moved each pass)";
  }
  if (offsets_.system() != before.offsets_.system() ||
      offsets_.workOffset() != before.offsets_.workOffset())
    return "another work offset (G54-G59 or its values)";
  if (offsets_.localOffset() != before.offsets_.localOffset()) return "another G92/G52 offset";
  if (tool_length_ != before.tool_length_ || tool_lengths_ != before.tool_lengths_)
    return "another tool length offset";
  if (tool_diameters_ != before.tool_diameters_ || tool_at_ != before.tool_at_ ||
      compensation_.on() || before.compensation_.on())
    return "another cutter radius compensation state (G41/G42 still on, or a radius changed)";
  if (mm_per_unit_ != before.mm_per_unit_) return "other units (G20/G21)";
  if (absolute_ != before.absolute_ || arc_absolute_ != before.arc_absolute_)
    return "another distance mode (G90/G91)";
  if (plane_ != before.plane_) return "another plane (G17/G18/G19)";
  if (motion_ != before.motion_ || cycle_code_ != before.cycle_code_ ||
      probe_code_ != before.probe_code_ || !(cycles_ == before.cycles_) ||
      retract_to_r_ != before.retract_to_r_)
    return "another motion mode (G0/G1/G2/G3, a canned cycle and its words, G98/G99)";
  if (feed_mode_ != before.feed_mode_ || feed_rate_ != before.feed_rate_ ||
      spindle_ != before.spindle_)
    return "another feed or spindle mode";
  if (selected_tool_ != before.selected_tool_ || spindle_tool_ != before.spindle_tool_ ||
      tool_changes_ != before.tool_changes_)
    return "another tool in the spindle";
  return "";
}

}  // namespace gougechek
