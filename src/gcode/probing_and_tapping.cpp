// G33.1 rigid tapping and G38.2..G38.5 probing, as LinuxCNC's interpreter runs them in
// simulation (rs274, the stand-alone interpreter): the moves it reports and where it leaves the
// tool.
#include <cmath>

#include "gcode/code_table.hpp"
#include "gcode/codes.hpp"
#include "gcode/interpreter.hpp"

namespace gougechek {

namespace {

/// rs274 simulates contact at the probe target, then puts the tool this far back toward the
/// start (0.254 mm in G21, 0.01 inch in G20: the same length): the next move starts there.
constexpr double kProbeBackoffMm = 0.254;

}  // namespace

void GcodeInterpreter::runRigidTap(const Block& block, std::uint32_t column) {
  // The canon call carries only the bottom; the spindle reverses there and the tap comes back
  // out along the same line to where it started, which stays the current point. Move kinds
  // have no "tap": two feed moves, both of this line.
  if (compensation_.on()) fail(column, "G33.1 cannot be used with cutter radius compensation on");
  if (!block.has('k')) fail(column, "G33.1 needs K (the thread pitch)");
  if (block.has('f'))
    fail(block.columnOf('f'),
         "G33.1 takes no F word: the feed follows the spindle speed and the pitch K");
  if (spindle_ == 0) fail(column, "G33.1 needs the spindle turning (M3 or M4)");
  const Vec3 start = tool_at_.value_or(position_);
  addMove(MoveKind::Feed, endPoint(block, false));
  addMove(MoveKind::Feed, start);
}

void GcodeInterpreter::runProbe(const Block& block, std::uint32_t column) {
  const std::string name = gCodeName(probe_code_);
  if (compensation_.on()) fail(column, name + ": cannot probe with cutter radius compensation on");
  if (feed_mode_ == FeedMode::PerRevolution)
    fail(column, name + ": cannot probe in feed per revolution mode (G95)");
  if (feed_rate_ == 0)
    fail(column, name + ": cannot probe with zero feed rate (no F word before it)");
  const Vec3 start = tool_at_.value_or(position_);
  const Vec3 target = endPoint(block, false);
  // G38.2 and G38.4 fail without a contact (a change of the probe signal); G38.3 and G38.5 may
  // end without one, so only they may stay where they are.
  const bool needs_contact = probe_code_ == G_38_2 || probe_code_ == G_38_4;
  if (needs_contact && target == start)
    fail(column, name + ": the probe target is the start point, nothing to touch");
  warnOnce(line_,
           "probe moves (G38.2-G38.5) are not checked for gouges, only for holder collisions: "
           "the probe stops where it touches, so the move after it is checked from where the "
           "probe started");
  addMove(MoveKind::Probe, target);

  // The probe result, as rs274 reports it: the target, in program coordinates and units
  // (#5064..#5069 are the A B C U V W axes, 0 here). #5070 says the probe tripped: 1, since the
  // contact is taken to be at the target (rs274 itself leaves it 0).
  const Vec3 result = (target - offsets_.total()) / mm_per_unit_;
  for (int axis = 0; axis < 3; ++axis) parameters_.set(5061 + axis, result[axis]);
  for (int number = 5064; number <= 5069; ++number) parameters_.set(number, 0);
  parameters_.set(5070, 1);
  if (target != start)
    position_ = target + (start - target) * (kProbeBackoffMm / norm(start - target));
}

}  // namespace gougechek
