// GcodeInterpreter, the motion of a block: the modal motion it runs (G0-G3, G80, cycles, G33.1,
// G38.x) to the end point its axis words name, the arcs' centres and turns, the home moves of
// G28 and G30, and the moves it appends to the program.
#include "gcode/arc_center.hpp"
#include "gcode/code_table.hpp"
#include "gcode/dialect.hpp"
#include "gcode/input_limits.hpp"
#include "gcode/interpreter_support.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

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

void GcodeInterpreter::selectMotion(int code) {
  switch (code) {
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
      probe_code_ = code;
      break;
    default:  // the code table has no other motion codes than the canned cycles
      motion_ = Motion::Cycle;
      cycle_code_ = code;
      break;
  }
}

void GcodeInterpreter::runMotion(const Block& block, const BlockCodes& codes, int motion) {
  const bool axes = block.has('x') || block.has('y') || block.has('z');
  std::uint32_t column = codes.motion_column;
  if (codes.motion >= 0) {
    selectMotion(codes.motion);
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
  runPath(block, codes, column);
}

void GcodeInterpreter::runPath(const Block& block, const BlockCodes& codes, std::uint32_t column) {
  const bool arc = motion_ == Motion::ArcClockwise || motion_ == Motion::ArcCounterClockwise;
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

double GcodeInterpreter::feedPerMinute(const Move& move) const {
  // The stock's air-cut times need mm/min: G94 gives it in program units, G93 as the inverse of
  // the move's minutes (known here for straight moves only); G95 needs the spindle speed, which
  // no check knows, so it stays unknown (0).
  if (move.kind == MoveKind::Rapid) return 0;
  if (feed_mode_ == FeedMode::PerMinute) return feed_rate_ * mm_per_unit_;
  if (feed_mode_ == FeedMode::InverseTime && move.kind != MoveKind::Arc)
    return feed_rate_ * norm(move.to - move.from);
  return 0;
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
  move.feed = feedPerMinute(move);
  program_.moves.push_back(move);
}

}  // namespace gougechek
