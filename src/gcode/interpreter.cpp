// GcodeInterpreter: a block run through its phases in LinuxCNC's order (execute). The phases
// are files of their own, as rs274ngc's are: modal_codes.cpp, offsets.cpp, motion.cpp (with
// canned_cycle.cpp and probing_and_tapping.cpp).
#include "gcode/interpreter.hpp"

#include "gcode/code_table.hpp"
#include "gcode/interpreter_support.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

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

}  // namespace gougechek
