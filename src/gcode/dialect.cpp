#include "gcode/dialect.hpp"

#include <algorithm>
#include <array>

#include "gcode/code_table.hpp"
#include "gcode/codes.hpp"
#include "gcode/dialect_hint.hpp"
#include "gougechek/error.hpp"

namespace gougechek {

namespace {

// grbl 1.1's supported codes and words (grbl wiki, "Grbl v1.1 Commands"; gcode.c), G in tenths.
constexpr std::array kGrblGCodes = {
    G_0,  G_1,    G_2,    G_3,    G_4,    G_10,   G_17, G_18,   G_19, G_20,   G_21, G_28, G_28_1,
    G_30, G_30_1, G_38_2, G_38_3, G_38_4, G_38_5, G_40, G_43_1, G_49, G_53,   G_54, G_55, G_56,
    G_57, G_58,   G_59,   G_61,   G_80,   G_90,   G_91, G_91_1, G_92, G_92_1, G_93, G_94};
constexpr std::array kGrblMCodes = {M_0, M_1, M_2, M_3, M_4, M_5, M_7, M_8, M_9, M_30, M_56};
constexpr std::string_view kGrblWords = "fijklnprstxyz";
// LinuxCNC codes a Fanuc or Haas control lacks or reads otherwise (G30.1 there is the floating
// reference point return); their G87 is a back boring cycle with a Q shift, not LinuxCNC's.
constexpr std::array kFanucRefusedGCodes = {G_28_1, G_30_1, G_43_1, G_87,
                                            G_90_1, G_91_1, G_92_2, G_92_3};
// Length words, whose integers count least increments on Fanuc and Haas controls.
constexpr std::string_view kIncrementWords = "xyzijkrq";
constexpr double kLeastIncrementMm = 0.001;
constexpr double kLeastIncrementInch = 0.0001;
// grbl's arc check (gcode.c, STATUS_GCODE_INVALID_TARGET): differences up to 0.005 mm pass.
constexpr double kGrblArcToleranceMm = 0.005;

/// A controller's M code and what it does.
struct HarmlessMCode {
  int number;
  const char* what;
};
// Haas mill M codes (Haas mill operator's manual, "M-codes") that switch something on the
// machine but never move an axis. Those LinuxCNC reads otherwise (M73 saves the modal state
// there) are taken out before the interpreter sees them. Pallet, door, probe-arm, jump and
// user-defined M codes are not listed: they can move something or change the program flow.
constexpr std::array kHaasHarmlessMCodes = {
    HarmlessMCode{10, "4th axis brake on"},
    HarmlessMCode{11, "4th axis brake off"},
    HarmlessMCode{12, "5th axis brake on"},
    HarmlessMCode{13, "5th axis brake off"},
    HarmlessMCode{31, "chip auger forward"},
    HarmlessMCode{33, "chip auger stop"},
    HarmlessMCode{34, "coolant spigot up"},
    HarmlessMCode{35, "coolant spigot down"},
    HarmlessMCode{41, "low gear"},
    HarmlessMCode{42, "high gear"},
    HarmlessMCode{59, "output relay on"},
    HarmlessMCode{69, "output relay off"},
    HarmlessMCode{73, "tool air blast on"},
    HarmlessMCode{74, "tool air blast off"},
    HarmlessMCode{83, "air gun on"},
    HarmlessMCode{84, "air gun off"},
    HarmlessMCode{88, "through-spindle coolant on"},
    HarmlessMCode{89, "through-spindle coolant off"},
};
// Haas M codes in LinuxCNC's override range (M48-M53) that are pallet or user codes on a Haas:
// they can move the machine, so they are refused, never read as LinuxCNC's overrides.
constexpr std::array kHaasRefusedMCodes = {
    HarmlessMCode{48, "check the program against the pallet"},
    HarmlessMCode{49, "set the pallet status"},
    HarmlessMCode{50, "pallet change"},
    HarmlessMCode{51, "user M code output"},
    HarmlessMCode{52, "user M code output"},
    HarmlessMCode{53, "user M code output"},
};
// Fanuc: most M codes are the machine builder's; M29 (rigid tapping mode before G84) is the
// control's own, and the tap's path is the same either way.
constexpr std::array kFanucHarmlessMCodes = {HarmlessMCode{29, "rigid tapping mode"}};

template <std::size_t N>
const HarmlessMCode* harmless(const std::array<HarmlessMCode, N>& codes, int number) {
  for (const HarmlessMCode& code : codes)
    if (code.number == number) return &code;
  return nullptr;
}

/// G10 L numbers whose LinuxCNC meaning `dialect` lacks: Fanuc and Haas write tool offsets with
/// G10 L10-L13 and R (the value), not LinuxCNC's L1/L10/L11 with Z; grbl has only L2 and L20;
/// Fanuc's L20 writes the extended work offsets G54.1.
bool readsG10Otherwise(Dialect dialect, double l) {
  if (l == G10_L1 || l == G10_L10 || l == G10_L11) return dialect != Dialect::LinuxCnc;
  return l == G10_L20 && (dialect == Dialect::Fanuc || dialect == Dialect::Haas);
}

template <typename Code, std::size_t N>
bool listed(const std::array<Code, N>& codes, int code) {
  return std::find(codes.begin(), codes.end(), code) != codes.end();
}

// The motion codes (modal group 1) other than the canned cycles (isCannedCycle).
constexpr std::array kOtherMotionCodes = {G_0,    G_1,    G_2,    G_3,    G_33_1,
                                          G_38_2, G_38_3, G_38_4, G_38_5, G_80};

}  // namespace

std::optional<Dialect> dialectFromName(std::string_view name) {
  for (Dialect dialect : {Dialect::LinuxCnc, Dialect::Fanuc, Dialect::Haas, Dialect::Grbl})
    if (name == dialectName(dialect)) return dialect;
  return std::nullopt;
}

const char* dialectName(Dialect dialect) {
  switch (dialect) {
    case Dialect::Fanuc:
      return "fanuc";
    case Dialect::Haas:
      return "haas";
    case Dialect::Grbl:
      return "grbl";
    case Dialect::LinuxCnc:
      break;
  }
  return "linuxcnc";
}

ArcTolerances dialectArcTolerances(Dialect dialect, bool inch, std::optional<double> tolerance_mm) {
  ArcTolerances tolerances = ArcTolerances::forProgramUnits(inch);
  switch (dialect) {
    case Dialect::LinuxCnc:
      break;
    case Dialect::Grbl:
      tolerances.rule = ArcRadiusRule::Grbl;
      tolerances.radius_difference = kGrblArcToleranceMm;
      break;
    case Dialect::Fanuc:
    case Dialect::Haas:
      tolerances.rule = tolerance_mm ? ArcRadiusRule::Absolute : ArcRadiusRule::Unchecked;
      break;
  }
  if (tolerance_mm) tolerances.radius_difference = *tolerance_mm;
  return tolerances;
}

DialectFilter::DialectFilter(Dialect dialect, std::string file_name, Warn warn)
    : dialect_(dialect), file_name_(std::move(file_name)), warn_(std::move(warn)) {}

void DialectFilter::fail(std::uint32_t line, std::uint32_t column, const std::string& what) const {
  std::string message = what;
  message.append(": not in the ").append(dialectName(dialect_)).append(" dialect (--dialect)");
  throw InputError(file_name_, line, column, message);
}

void DialectFilter::apply(Block& block, std::uint32_t line) {
  if (dialect_ == Dialect::LinuxCnc) return;
  dropHarmlessMCodes(block, line);
  checkCodes(block, line);
  track(block);
  if (dialect_ == Dialect::Grbl) {
    dropNormalArcOffset(block);
  } else {
    dwellFromX(block);
    repeatsFromK(block, line);
    scaleIntegerWords(block);
  }
}

void DialectFilter::checkCodes(const Block& block, std::uint32_t line) const {
  const bool grbl = dialect_ == Dialect::Grbl;
  if (block.has_oword && (grbl || block.oword.keyword != OKeyword::Label))
    fail(line, block.oword.column,
         grbl ? std::string("O-words")
              : std::string("LinuxCNC O-word statements (").append(describe(block.oword)) + ")");
  for (int i = 0; i < block.g_count; ++i) {
    const BlockCode& code = block.g[static_cast<std::size_t>(i)];
    const bool refused =
        grbl ? !listed(kGrblGCodes, code.number) : listed(kFanucRefusedGCodes, code.number);
    if (refused) fail(line, code.column, gCodeName(code.number));
    if (code.number == G_10 && block.has('l') && readsG10Otherwise(dialect_, block.get('l')))
      fail(line, block.columnOf('l'),
           "G10 L" + std::to_string(static_cast<int>(block.get('l'))) + " as LinuxCNC reads it");
  }
  if (dialect_ == Dialect::Haas) refuseHaasMCodes(block, line);
  if (!grbl) return;
  for (int i = 0; i < block.m_count; ++i) {
    const BlockCode& code = block.m[static_cast<std::size_t>(i)];
    if (!listed(kGrblMCodes, code.number)) fail(line, code.column, mCodeName(code.number));
  }
  for (char letter = 'a'; letter <= 'z'; ++letter)
    if (block.has(letter) && kGrblWords.find(letter) == std::string_view::npos)
      fail(line, block.columnOf(letter),
           std::string(1, static_cast<char>(letter - 'a' + 'A')).append(" words"));
  if (!block.assignments.empty()) fail(line, 0, "parameters (#)");
  // grbl runs its motion mode only on a line with axis words, and an arc needs one: centre
  // words alone are unused words there (error 36), where LinuxCNC, Fanuc and Haas continue a
  // modal arc with them (a full circle).
  if (!block.has('x') && !block.has('y') && !block.has('z'))
    for (char letter : {'i', 'j', 'k'})
      if (block.has(letter))
        fail(line, block.columnOf(letter), "centre words (I, J, K) on a line without axis words");
}

void DialectFilter::refuseHaasMCodes(const Block& block, std::uint32_t line) const {
  for (int i = 0; i < block.m_count; ++i) {
    const BlockCode& code = block.m[static_cast<std::size_t>(i)];
    if (const HarmlessMCode* refused = harmless(kHaasRefusedMCodes, code.number))
      throw HintlessError(file_name_, line, code.column,
                          mCodeName(code.number) + " " + refused->what +
                              " (haas dialect): it can move the machine, and cannot be checked");
  }
}

void DialectFilter::dropHarmlessMCodes(Block& block, std::uint32_t line) const {
  int kept = 0;
  for (int i = 0; i < block.m_count; ++i) {
    const BlockCode code = block.m[static_cast<std::size_t>(i)];
    const HarmlessMCode* known =
        dialect_ == Dialect::Haas
            ? harmless(kHaasHarmlessMCodes, code.number)
            : (dialect_ == Dialect::Fanuc ? harmless(kFanucHarmlessMCodes, code.number) : nullptr);
    if (known) {
      warn_(line, mCodeName(code.number) + " " + known->what + ": ignored (cannot move the tool)");
      continue;
    }
    block.m[static_cast<std::size_t>(kept++)] = code;
  }
  block.m_count = kept;
}

void DialectFilter::track(const Block& block) {
  for (int i = 0; i < block.g_count; ++i) {
    const int code = block.g[static_cast<std::size_t>(i)].number;
    if (code == G_20 || code == G_21) inch_ = code == G_20;
    if (code == G_17 || code == G_18 || code == G_19) plane_ = planeOf(code);
    if (listed(kOtherMotionCodes, code) || isCannedCycle(code)) {
      arc_ = code == G_2 || code == G_3;
      cycle_ = isCannedCycle(code);
    }
  }
}

void DialectFilter::dwellFromX(Block& block) const {
  for (int i = 0; i < block.g_count; ++i)
    if (block.g[static_cast<std::size_t>(i)].number == G_4)
      block.column[static_cast<std::size_t>(Block::index('x'))] = 0;  // the time: no motion
}

void DialectFilter::repeatsFromK(Block& block, std::uint32_t line) const {
  // The cycle runs on this line when its code is there, or with axis words while it is modal.
  bool runs = block.has('x') || block.has('y') || block.has('z');
  for (int i = 0; i < block.g_count; ++i)
    runs = runs || isCannedCycle(block.g[static_cast<std::size_t>(i)].number);
  if (!cycle_ || !runs || !block.has('k')) return;
  const auto k = static_cast<std::size_t>(Block::index('k'));
  const auto l = static_cast<std::size_t>(Block::index('l'));
  if (block.has('l'))
    throw InputError(file_name_, line, block.column[k],
                     "K and L on one cycle line: both are its repeat count (" +
                         std::string(dialectName(dialect_)) + " dialect)");
  block.value[l] = block.value[k];
  block.column[l] = block.column[k];
  block.column[k] = 0;
  block.integer_words &= ~(1u << k);  // a count, never least increments
}

void DialectFilter::scaleIntegerWords(Block& block) const {
  const double increment = inch_ ? kLeastIncrementInch : kLeastIncrementMm;
  for (char letter : kIncrementWords) {
    const int index = Block::index(letter);
    if (block.has(letter) && (block.integer_words >> index & 1u))
      block.value[static_cast<std::size_t>(index)] *= increment;
  }
}

void DialectFilter::dropNormalArcOffset(Block& block) const {
  if (!arc_) return;
  const char normal = "ijk"[planeAxes(plane_).normal];
  block.column[static_cast<std::size_t>(Block::index(normal))] = 0;
}

}  // namespace gougechek
