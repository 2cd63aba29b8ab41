// GcodeInterpreter, the offsets of a block: work systems (G54..G59.3), G92/G52, G10 entries
// of the work offset and tool tables, the tool length offset (G43), the cutter radius
// compensation it starts or ends (G40-G42), and the stored home positions (G28.1, G30.1).
#include <cstdio>

#include "gcode/code_table.hpp"
#include "gcode/interpreter_support.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

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

}  // namespace gougechek
