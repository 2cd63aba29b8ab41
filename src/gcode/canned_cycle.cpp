#include "gcode/canned_cycle.hpp"

#include <cmath>

#include "gcode/code_table.hpp"
#include "gcode/codes.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

/// The levels of one block's holes along the drilling axis (c), and what its family needs.
struct HoleLevels {
  double r = 0;          ///< the R plane, where feeding starts
  double bottom = 0;     ///< the hole's bottom
  double clear = 0;      ///< where each hole ends: R (G99) or the initial level (G98)
  double peck = 0;       ///< G73, G83: the depth of one peck
  double clearance = 0;  ///< G73, G83: how far above the last peck the tool comes back down
  double middle = 0;     ///< G87: the top of the back bore
  double i = 0, j = 0;   ///< G87: the shift off the hole's axis to pass the bar through it
};

namespace {

/// G83_RAPID_DELTA: how far above the previous peck G83 and G73 come back down, in inches.
constexpr double kPeckClearanceInch = 0.010;
constexpr double kMmPerInch = 25.4;
/// More pecks per hole (or repeats) than this is a typing error, not a program.
constexpr double kMaxSteps = 1e6;

char letterOf(int axis) {
  return "xyz"[axis];
}
char upperLetterOf(int axis) {
  return "XYZ"[axis];
}

/// Collects one block's moves, given in the plane's (a, b, c) coordinates: LinuxCNC's aa, bb
/// and cc in interp_cycles.cc, the plane's first, second and normal (drilling) axis.
class CyclePath {
 public:
  CyclePath(PlaneAxes axes, const Vec3& start) : axes_(axes) { result_.end = start; }

  void traverse(double a, double b, double c) { add(MoveKind::Rapid, a, b, c); }
  void feed(double a, double b, double c) { add(MoveKind::Feed, a, b, c); }
  CycleMoves take(double a, double b, double c) {
    result_.end = point(a, b, c);
    return std::move(result_);
  }

 private:
  Vec3 point(double a, double b, double c) const {
    double xyz[3];
    xyz[axes_.first] = a;
    xyz[axes_.second] = b;
    xyz[axes_.normal] = c;
    return {xyz[0], xyz[1], xyz[2]};
  }
  void add(MoveKind kind, double a, double b, double c) {
    const Vec3 to = point(a, b, c);
    if (to == result_.end) return;  // rs274 prints it as a zero-length move: no motion
    result_.moves.push_back({kind, to});
    result_.end = to;
  }

  PlaneAxes axes_;
  CycleMoves result_;
};

/// The moves of one hole at (a, b), once the tool is above it at the R plane.
using HoleEmitter = void (*)(CyclePath& path, double a, double b, const HoleLevels& levels);

/// G81, G82, G86: feed down, rapid out (the dwell and the spindle stop do not move).
void drill(CyclePath& path, double a, double b, const HoleLevels& levels) {
  path.feed(a, b, levels.bottom);
  path.traverse(a, b, levels.clear);
}

/// G73 (chip breaking: back up by the clearance) and G83 (`to_r`: out to R after each peck),
/// then down to the clearance above the last peck.
void peck(CyclePath& path, double a, double b, const HoleLevels& levels, bool to_r) {
  for (double step = levels.r - levels.peck; step > levels.bottom; step -= levels.peck) {
    path.feed(a, b, step);
    if (to_r) path.traverse(a, b, levels.r);
    path.traverse(a, b, step + levels.clearance);
  }
  path.feed(a, b, levels.bottom);
  path.traverse(a, b, levels.clear);
}

void chipBreakPeck(CyclePath& path, double a, double b, const HoleLevels& levels) {
  peck(path, a, b, levels, false);
}

void deepPeck(CyclePath& path, double a, double b, const HoleLevels& levels) {
  peck(path, a, b, levels, true);
}

/// G74, G84 (tapping: the spindle reverses at the bottom) and G89: feed down and feed out.
void feedInAndOut(CyclePath& path, double a, double b, const HoleLevels& levels) {
  path.feed(a, b, levels.bottom);
  path.feed(a, b, levels.clear);
}

/// G85: feed down, feed back to R, rapid to the clear level.
void boreToR(CyclePath& path, double a, double b, const HoleLevels& levels) {
  path.feed(a, b, levels.bottom);
  path.feed(a, b, levels.r);
  path.traverse(a, b, levels.clear);
}

/// G87: in off the axis by (I, J) past the bottom, back on it, bore up to the middle, and out
/// the way it came.
void backBore(CyclePath& path, double a, double b, const HoleLevels& levels) {
  const double off_a = a + levels.i, off_b = b + levels.j;
  path.traverse(off_a, off_b, levels.r);
  path.traverse(off_a, off_b, levels.bottom);
  path.traverse(a, b, levels.bottom);
  path.feed(a, b, levels.middle);
  path.feed(a, b, levels.bottom);
  path.traverse(off_a, off_b, levels.bottom);
  path.traverse(off_a, off_b, levels.clear);
  path.traverse(a, b, levels.clear);
}

/// Each cycle family's emitter.
HoleEmitter emitterOf(int code) {
  switch (code) {
    case G_73:
      return chipBreakPeck;
    case G_83:
      return deepPeck;
    case G_74:
    case G_84:
    case G_89:
      return feedInAndOut;
    case G_85:
      return boreToR;
    case G_87:
      return backBore;
    default:  // G81, G82, G86
      return drill;
  }
}

}  // namespace

/// An error of the cycle block: "G81: <message>" at the block's line.
struct CannedCycle::Error {
  const std::string& file_name;
  std::uint32_t line;
  std::string name;
  [[noreturn]] void operator()(std::uint32_t column, const std::string& message) const {
    throw InputError(file_name, line, column, name + ": " + message);
  }
};

/// The words of one block, the sticky ones filled in: where the holes are, and how deep.
struct CannedCycle::Words {
  int repeats = 1;
  double r_word = 0, depth_word = 0;  ///< R and the depth as written (G91: increments)
  double a = 0, b = 0;                ///< the first hole (G91: before the first step)
  double a_step = 0, b_step = 0;      ///< G91: the step per repeat
  HoleLevels levels;
};

void CannedCycle::cancel() {
  active_ = 0;
  has_initial_level_ = false;
}

void CannedCycle::checkMode(const CycleSetting& setting, std::uint32_t column, const Error& fail) {
  if (!setting.feed_rate_set) fail(column, "cannot feed with zero feed rate (no F word before it)");
  if (setting.inverse_time)
    fail(column, "canned cycles cannot be used in inverse time feed mode (G93)");
  if (setting.compensation_on)
    fail(column, "canned cycles cannot be used with cutter radius compensation on (G41/G42)");
  const int code = setting.code;
  if ((code == G_74 || code == G_84 || code == G_87) && setting.plane != Plane::XY)
    fail(column, "supported in the G17 plane only (LinuxCNC 2.9 moves the wrong axes in " +
                     gCodeName(planeCode(setting.plane)) + ")");
}

int CannedCycle::repeats(const Block& block, const CycleSetting& setting, const Error& fail) {
  if (!block.has('l')) return 1;
  const double repeats = block.get('l');
  const double fewest = setting.zero_repeats_store ? 0 : 1;
  if (repeats < fewest || repeats != std::floor(repeats) || repeats > kMaxSteps)
    fail(block.columnOf('l'), setting.zero_repeats_store
                                  ? "K or L (repeats) must be a whole number from 0 to 1000000"
                                  : "L (repeats) must be a whole number from 1 to 1000000");
  return static_cast<int>(repeats);
}

CannedCycle::Words CannedCycle::holes(const Block& block, const CycleSetting& setting,
                                      std::uint32_t column, bool same, const Error& fail) {
  Words words;
  if (!block.has('r') && !same) fail(column, "R clearance plane unspecified in canned cycle");
  words.r_word = block.has('r') ? block.get('r') : r_;
  words.repeats = repeats(block, setting, fail);
  const PlaneAxes axes = planeAxes(setting.plane);
  const char depth_letter = letterOf(axes.normal);
  if (!block.has(depth_letter) && !same)
    fail(column, std::string(1, upperLetterOf(axes.normal)) + " value unspecified in " +
                     planeName(setting.plane) + " plane canned cycle");
  words.depth_word = block.has(depth_letter) ? block.get(depth_letter) : depth_;
  const Vec3& at = setting.position;
  if (!has_initial_level_) {
    initial_level_ = at[axes.normal];
    has_initial_level_ = true;
  }
  HoleLevels& levels = words.levels;
  words.a = at[axes.first];
  words.b = at[axes.second];
  const char a_letter = letterOf(axes.first), b_letter = letterOf(axes.second);
  if (setting.absolute) {
    levels.r = words.r_word;
    levels.bottom = words.depth_word;
    if (block.has(a_letter)) words.a = block.get(a_letter);
    if (block.has(b_letter)) words.b = block.get(b_letter);
  } else {  // G91: X/Y step per repeat, R from the initial level, Z from R
    if (block.has(a_letter)) words.a_step = block.get(a_letter);
    if (block.has(b_letter)) words.b_step = block.get(b_letter);
    levels.r = words.r_word + initial_level_;
    levels.bottom = levels.r + words.depth_word;
  }
  if (levels.r < levels.bottom)
    fail(column, std::string("R less than ") + upperLetterOf(axes.normal) + " in cycle in " +
                     planeName(setting.plane) + " plane");
  return words;
}

void CannedCycle::cycleWords(const Block& block, const CycleSetting& setting, std::uint32_t column,
                             bool same, const Error& fail, HoleLevels& levels) {
  const int code = setting.code;
  const bool dwells = code == G_82 || code == G_86 || code == G_89;
  if (dwells && !block.has('p') && !same) fail(column, "dwell time P word missing");
  dwell_ = block.has('p') ? block.get('p') : dwell_;
  const bool pecks = code == G_73 || code == G_83;
  if (pecks && !block.has('q') && !same) fail(column, "Q word missing");
  peck_ = block.has('q') ? block.get('q') : peck_;
  if (pecks && peck_ <= 0)
    fail(block.has('q') ? block.columnOf('q') : column, "negative or zero Q value used");
  if (pecks && (levels.r - levels.bottom) / peck_ > kMaxSteps)
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
  levels.peck = peck_;
  levels.clearance = setting.inch ? kPeckClearanceInch : kPeckClearanceInch * kMmPerInch;
  levels.middle = setting.absolute ? k_ : levels.bottom + k_;
  levels.i = i_;
  levels.j = j_;
}

CycleMoves CannedCycle::run(const Block& block, std::uint32_t line, std::uint32_t column,
                            const CycleSetting& setting) {
  const Error fail{file_name_, line, gCodeName(setting.code)};
  checkMode(setting, column, fail);
  const bool same = active_ == setting.code;  // words may be left out while the cycle stays on
  Words words = holes(block, setting, column, same, fail);
  HoleLevels& levels = words.levels;
  cycleWords(block, setting, column, same, fail, levels);
  active_ = setting.code;
  r_ = words.r_word;
  depth_ = words.depth_word;
  const Vec3& at = setting.position;
  if (words.repeats == 0) return {{}, at};  // stored only: the tool stays where it is

  const PlaneAxes axes = planeAxes(setting.plane);
  CyclePath path(axes, at);
  double old_c = initial_level_;
  double current = at[axes.normal];
  if (old_c < levels.r) {  // below the R plane: straight up to it first
    path.traverse(at[axes.first], at[axes.second], levels.r);
    old_c = current = levels.r;
  }
  levels.clear = setting.retract_to_r ? levels.r : old_c;
  const HoleEmitter emit = emitterOf(setting.code);
  double a = words.a, b = words.b;
  for (int repeat = words.repeats; repeat > 0; --repeat) {
    a += words.a_step;
    b += words.b_step;
    if (repeat == words.repeats && current > levels.r) {  // the first hole from above R
      path.traverse(a, b, current);
      path.traverse(a, b, levels.r);
    } else {
      path.traverse(a, b, levels.clear);
      if (levels.clear > levels.r) path.traverse(a, b, levels.r);
    }
    emit(path, a, b, levels);
  }
  return path.take(a, b, levels.clear);
}

}  // namespace gougechek
