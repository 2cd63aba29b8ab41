#include "gcode/canned_cycle.hpp"

#include <cmath>

#include "gcode/code_table.hpp"
#include "gcode/codes.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// G83_RAPID_DELTA: how far above the previous peck G83 and G73 come back down, in inches.
constexpr double kPeckClearanceInch = 0.010;
constexpr double kMmPerInch = 25.4;
/// More pecks per hole (or repeats) than this is a typing error, not a program.
constexpr double kMaxSteps = 1e6;

/// LinuxCNC's cycle axes: a and b span the plane, c is the drilling axis (aa, bb, cc in
/// interp_cycles.cc): the plane's first, second and normal axis.
struct CycleAxes {
  int a, b, c;
};

CycleAxes cycleAxes(Plane plane) {
  const PlaneAxes axes = planeAxes(plane);
  return {axes.first, axes.second, axes.normal};
}

char letterOf(int axis) {
  return "xyz"[axis];
}
char upperLetterOf(int axis) {
  return "XYZ"[axis];
}

/// Collects one block's moves, given in the plane's (a, b, c) coordinates.
class CyclePath {
 public:
  CyclePath(CycleAxes axes, const Vec3& start) : axes_(axes) { result_.end = start; }

  void traverse(double a, double b, double c) { add(MoveKind::Rapid, a, b, c); }
  void feed(double a, double b, double c) { add(MoveKind::Feed, a, b, c); }
  CycleMoves take(double a, double b, double c) {
    result_.end = point(a, b, c);
    return std::move(result_);
  }

 private:
  Vec3 point(double a, double b, double c) const {
    double xyz[3];
    xyz[axes_.a] = a;
    xyz[axes_.b] = b;
    xyz[axes_.c] = c;
    return {xyz[0], xyz[1], xyz[2]};
  }
  void add(MoveKind kind, double a, double b, double c) {
    const Vec3 to = point(a, b, c);
    if (to == result_.end) return;  // rs274 prints it as a zero-length move: no motion
    result_.moves.push_back({kind, to});
    result_.end = to;
  }

  CycleAxes axes_;
  CycleMoves result_;
};

}  // namespace

void CannedCycle::cancel() {
  active_ = 0;
  has_initial_level_ = false;
}

CycleMoves CannedCycle::run(const Block& block, std::uint32_t line, std::uint32_t column,
                            const CycleSetting& setting) {
  const int code = setting.code;
  const std::string name = gCodeName(code);
  const auto fail = [&](std::uint32_t at, const std::string& message) {
    throw InputError(file_name_, line, at, name + ": " + message);
  };
  if (!setting.feed_rate_set) fail(column, "cannot feed with zero feed rate (no F word before it)");
  if (setting.inverse_time)
    fail(column, "canned cycles cannot be used in inverse time feed mode (G93)");
  if (setting.compensation_on)
    fail(column, "canned cycles cannot be used with cutter radius compensation on (G41/G42)");
  if ((code == G_74 || code == G_84 || code == G_87) && setting.plane != Plane::XY)
    fail(column, "supported in the G17 plane only (LinuxCNC 2.9 moves the wrong axes in " +
                     gCodeName(planeCode(setting.plane)) + ")");

  const bool same = active_ == code;  // words may be left out while the cycle stays active
  if (!block.has('r') && !same) fail(column, "R clearance plane unspecified in canned cycle");
  const double r_word = block.has('r') ? block.get('r') : r_;
  double repeats = 1;
  if (block.has('l')) {
    repeats = block.get('l');
    const double fewest = setting.zero_repeats_store ? 0 : 1;
    if (repeats < fewest || repeats != std::floor(repeats) || repeats > kMaxSteps)
      fail(block.columnOf('l'), setting.zero_repeats_store
                                    ? "K or L (repeats) must be a whole number from 0 to 1000000"
                                    : "L (repeats) must be a whole number from 1 to 1000000");
  }
  const CycleAxes axes = cycleAxes(setting.plane);
  const char depth_letter = letterOf(axes.c);
  if (!block.has(depth_letter) && !same)
    fail(column, std::string(1, upperLetterOf(axes.c)) + " value unspecified in " +
                     planeName(setting.plane) + " plane canned cycle");
  const double depth_word = block.has(depth_letter) ? block.get(depth_letter) : depth_;

  const Vec3& at = setting.position;
  const double current_c = at[axes.c];
  if (!has_initial_level_) {
    initial_level_ = current_c;
    has_initial_level_ = true;
  }
  double old_c = initial_level_;
  double a = at[axes.a], b = at[axes.b];
  double a_step = 0, b_step = 0, r = 0, bottom = 0;
  const char a_letter = letterOf(axes.a), b_letter = letterOf(axes.b);
  if (setting.absolute) {
    r = r_word;
    bottom = depth_word;
    if (block.has(a_letter)) a = block.get(a_letter);
    if (block.has(b_letter)) b = block.get(b_letter);
  } else {  // G91: X/Y step per repeat, R from the initial level, Z from R
    if (block.has(a_letter)) a_step = block.get(a_letter);
    if (block.has(b_letter)) b_step = block.get(b_letter);
    r = r_word + old_c;
    bottom = r + depth_word;
  }
  if (r < bottom)
    fail(column, std::string("R less than ") + upperLetterOf(axes.c) + " in cycle in " +
                     planeName(setting.plane) + " plane");

  const bool dwells = code == G_82 || code == G_86 || code == G_89;
  if (dwells && !block.has('p') && !same) fail(column, "dwell time P word missing");
  const double dwell = block.has('p') ? block.get('p') : dwell_;
  const bool pecks = code == G_73 || code == G_83;
  if (pecks && !block.has('q') && !same) fail(column, "Q word missing");
  const double peck = block.has('q') ? block.get('q') : peck_;
  if (pecks && peck <= 0)
    fail(block.has('q') ? block.columnOf('q') : column, "negative or zero Q value used");
  if (pecks && (r - bottom) / peck > kMaxSteps)
    fail(block.columnOf('q'), "Q too small: more than 1000000 pecks per hole");
  if (code == G_74 || code == G_84 || code == G_86 || code == G_87) {
    if (setting.spindle == 0) fail(column, "spindle not turning");
    if (code == G_74 && setting.spindle > 0) fail(column, "spindle turning clockwise in G74");
    if (code == G_84 && setting.spindle < 0)
      fail(column, "spindle turning counterclockwise in G84");
  }
  if (code == G_87 && !same)
    for (char letter : {'i', 'j', 'k'})
      if (!block.has(letter))
        fail(column, std::string(1, static_cast<char>(letter - 'a' + 'A')) + " word missing");
  if (code == G_87) {
    i_ = block.has('i') ? block.get('i') : i_;
    j_ = block.has('j') ? block.get('j') : j_;
    k_ = block.has('k') ? block.get('k') : k_;
  }
  const double middle = setting.absolute ? k_ : bottom + k_;
  active_ = code;
  r_ = r_word;
  depth_ = depth_word;
  dwell_ = dwell;
  peck_ = peck;
  const int count = static_cast<int>(repeats);
  if (count == 0) return {{}, at};  // stored only: the tool stays where it is

  CyclePath path(axes, at);
  double current = current_c;
  if (old_c < r) {  // below the R plane: straight up to it first
    path.traverse(at[axes.a], at[axes.b], r);
    old_c = r;
    current = r;
  }
  const double clear = setting.retract_to_r ? r : old_c;
  const double clearance = setting.inch ? kPeckClearanceInch : kPeckClearanceInch * kMmPerInch;
  for (int repeat = count; repeat > 0; --repeat) {
    a += a_step;
    b += b_step;
    if (repeat == count && current > r) {
      path.traverse(a, b, current);
      path.traverse(a, b, r);
    } else {
      path.traverse(a, b, clear);
      if (clear > r) path.traverse(a, b, r);
    }
    switch (code) {
      case G_73:
      case G_83:
        for (double step = r - peck; step > bottom; step -= peck) {
          path.feed(a, b, step);
          if (code == G_83) path.traverse(a, b, r);
          path.traverse(a, b, step + clearance);
        }
        path.feed(a, b, bottom);
        path.traverse(a, b, clear);
        break;
      case G_85:
        path.feed(a, b, bottom);
        path.feed(a, b, r);
        path.traverse(a, b, clear);
        break;
      case G_74:
      case G_84:
      case G_89:
        path.feed(a, b, bottom);
        path.feed(a, b, clear);
        break;
      case G_87: {
        const double off_a = a + i_, off_b = b + j_;
        path.traverse(off_a, off_b, r);
        path.traverse(off_a, off_b, bottom);
        path.traverse(a, b, bottom);
        path.feed(a, b, middle);
        path.feed(a, b, bottom);
        path.traverse(off_a, off_b, bottom);
        path.traverse(off_a, off_b, clear);
        path.traverse(a, b, clear);
        break;
      }
      default:  // G81, G82, G86: feed down, rapid out
        path.feed(a, b, bottom);
        path.traverse(a, b, clear);
        break;
    }
  }
  return path.take(a, b, clear);
}

}  // namespace gougechek
