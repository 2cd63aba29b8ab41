#pragma once
// The G and M codes by name, as LinuxCNC's rs274ngc names them (interp_internal.hh: G_17 = 170,
// G_38_2 = 382). G codes are kept in tenths so that decimal codes compare exactly (G91.1 → 911,
// G01 → 10, BlockParser); M codes are whole numbers. Every comparison with a code in src/gcode/
// uses these names.
#include <algorithm>
#include <array>

#include "gougechek/program.hpp"

namespace gougechek {

/// G codes in tenths.
enum GCode : int {
  G_0 = 0,
  G_1 = 10,
  G_2 = 20,
  G_3 = 30,
  G_4 = 40,
  G_5 = 50,
  G_5_1 = 51,
  G_5_2 = 52,
  G_5_3 = 53,
  G_7 = 70,
  G_8 = 80,
  G_10 = 100,
  G_17 = 170,
  G_17_1 = 171,
  G_18 = 180,
  G_18_1 = 181,
  G_19 = 190,
  G_19_1 = 191,
  G_20 = 200,
  G_21 = 210,
  G_28 = 280,
  G_28_1 = 281,
  G_30 = 300,
  G_30_1 = 301,
  G_33 = 330,
  G_33_1 = 331,
  G_38_2 = 382,
  G_38_3 = 383,
  G_38_4 = 384,
  G_38_5 = 385,
  G_40 = 400,
  G_41 = 410,
  G_41_1 = 411,
  G_42 = 420,
  G_42_1 = 421,
  G_43 = 430,
  G_43_1 = 431,
  G_43_2 = 432,
  G_49 = 490,
  G_52 = 520,
  G_53 = 530,
  G_54 = 540,
  G_55 = 550,
  G_56 = 560,
  G_57 = 570,
  G_58 = 580,
  G_59 = 590,
  G_59_1 = 591,
  G_59_2 = 592,
  G_59_3 = 593,
  G_61 = 610,
  G_61_1 = 611,
  G_64 = 640,
  G_73 = 730,
  G_74 = 740,
  G_76 = 760,
  G_80 = 800,
  G_81 = 810,
  G_82 = 820,
  G_83 = 830,
  G_84 = 840,
  G_85 = 850,
  G_86 = 860,
  G_87 = 870,
  G_88 = 880,
  G_89 = 890,
  G_90 = 900,
  G_90_1 = 901,
  G_91 = 910,
  G_91_1 = 911,
  G_92 = 920,
  G_92_1 = 921,
  G_92_2 = 922,
  G_92_3 = 923,
  G_93 = 930,
  G_94 = 940,
  G_95 = 950,
  G_96 = 960,
  G_97 = 970,
  G_98 = 980,
  G_99 = 990,
};

/// M codes of LinuxCNC (and grbl's M56) that gougechek reads.
enum MCode : int {
  M_0 = 0,
  M_1 = 1,
  M_2 = 2,
  M_3 = 3,
  M_4 = 4,
  M_5 = 5,
  M_6 = 6,
  M_7 = 7,
  M_8 = 8,
  M_9 = 9,
  M_19 = 19,
  M_30 = 30,
  M_48 = 48,
  M_49 = 49,
  M_50 = 50,
  M_51 = 51,
  M_52 = 52,
  M_53 = 53,
  M_56 = 56,  ///< grbl's parking override
  M_60 = 60,
  M_61 = 61,
  M_62 = 62,
  M_63 = 63,
  M_64 = 64,
  M_65 = 65,
  M_66 = 66,
  M_67 = 67,
  M_68 = 68,
  M_70 = 70,
  M_71 = 71,
  M_72 = 72,
  M_73 = 73,
  M_98 = 98,  ///< Fanuc-style subprogram call
  M_99 = 99,  ///< and return
};

/// The L numbers of G10 (the L word is a double): a tool table entry as given (L1), or so that
/// the current position reads as given (L10; L11 with G59.3's offsets); a work offset as given
/// (L2) or so that the current position reads as given (L20).
inline constexpr double G10_L1 = 1;
inline constexpr double G10_L2 = 2;
inline constexpr double G10_L10 = 10;
inline constexpr double G10_L11 = 11;
inline constexpr double G10_L20 = 20;

/// The work coordinate systems in LinuxCNC's order: system n (1..9) is kCoordinateSystems[n-1].
inline constexpr std::array kCoordinateSystems = {G_54, G_55,   G_56,   G_57,  G_58,
                                                  G_59, G_59_1, G_59_2, G_59_3};

/// The work system (1..9) that `code` (G54 .. G59.3) selects; 0 for any other code.
constexpr int coordinateSystem(int code) {
  const auto found = std::find(kCoordinateSystems.begin(), kCoordinateSystems.end(), code);
  return found == kCoordinateSystems.end()
             ? 0
             : static_cast<int>(found - kCoordinateSystems.begin()) + 1;
}

/// The canned cycles of modal group 1, those refused (G76, G88) included: LinuxCNC's G73, G74,
/// G76 and G81-G89.
inline constexpr std::array kCannedCycles = {G_73, G_74, G_76, G_81, G_82, G_83,
                                             G_84, G_85, G_86, G_87, G_88, G_89};

constexpr bool isCannedCycle(int code) {
  return std::find(kCannedCycles.begin(), kCannedCycles.end(), code) != kCannedCycles.end();
}

/// Whether the canned cycle `code` repeats with L in `dialect`: all of them but LinuxCNC's G74
/// (rs274ngc check_other_codes takes L with G73 and G81-G89 only); Fanuc and Haas repeat G74
/// with K or L too.
constexpr bool cycleRepeats(int code, Dialect dialect) {
  return isCannedCycle(code) && (code != G_74 || dialect != Dialect::LinuxCnc);
}

/// G38.2 .. G38.5.
constexpr bool isProbe(int code) {
  return code == G_38_2 || code == G_38_3 || code == G_38_4 || code == G_38_5;
}

}  // namespace gougechek
