#pragma once
// LinuxCNC's canned cycles (G73, G74, G81-G87, G89) expanded into the rapid and feed moves the
// machine makes, as LinuxCNC 2.9's interpreter does it (rs274ngc interp_cycles.cc): the
// initial level kept while one cycle stays active, G98/G99 retract, L repeats, G91 increments
// (X/Y per repeat, R from the initial level, Z from R), the G83 peck clearance, and the sticky
// R, Z, P and Q words of a cycle that stays active.
//
// Works in program coordinates and program units, as LinuxCNC does, so that its comparisons
// (a peck reaching the bottom, the R plane above the start) come out the same.
#include <cstdint>
#include <string>
#include <vector>

#include "gcode/block.hpp"
#include "gcode/plane.hpp"
#include "gougechek/move.hpp"

namespace gougechek {

/// The interpreter's state a cycle block depends on.
struct CycleSetting {
  int code = 0;  ///< tenths: G81 → 810
  Plane plane = Plane::XY;
  bool absolute = true;
  bool retract_to_r = true;  ///< G99 (LinuxCNC's initial mode); G98 returns to the initial level
  int spindle = 0;           ///< 1 clockwise (M3), -1 counter-clockwise (M4), 0 stopped
  bool feed_rate_set = false;
  bool inverse_time = false;
  bool compensation_on = false;
  bool inch = false;  ///< G20: the G83/G73 clearance is 0.010 inch in both units
  /// Fanuc, Haas: zero repeats (K0, L0) store the cycle's words and drill nothing; LinuxCNC
  /// refuses L0.
  bool zero_repeats_store = false;
  Vec3 position;  ///< current point, program coordinates and units
};

struct HoleLevels;  // canned_cycle.cpp

struct CycleMove {
  MoveKind kind = MoveKind::Rapid;  ///< Rapid or Feed
  Vec3 to;                          ///< program coordinates and units
};

struct CycleMoves {
  std::vector<CycleMove> moves;  ///< without moves to the point already reached
  Vec3 end;                      ///< the current point afterwards
};

class CannedCycle {
 public:
  explicit CannedCycle(std::string file_name) : file_name_(std::move(file_name)) {}

  /// Expands a block running the cycle `setting.code` (given on the line, or modal with axis
  /// words); `column` is where its error messages point. Throws InputError.
  CycleMoves run(const Block& block, std::uint32_t line, std::uint32_t column,
                 const CycleSetting& setting);
  /// Another motion mode ran: the next cycle starts from a new initial level and needs its
  /// words again.
  void cancel();
  bool operator==(const CannedCycle&) const = default;

 private:
  struct Error;
  struct Words;
  /// Refuses a cycle in a mode it cannot run in (no feed rate, G93, compensation on, plane).
  static void checkMode(const CycleSetting& setting, std::uint32_t column, const Error& fail);
  /// L (K on Fanuc and Haas): how many times the cycle runs.
  static int repeats(const Block& block, const CycleSetting& setting, const Error& fail);
  /// R, the depth and the plane words: where the holes are and their R and bottom levels; sets
  /// the initial level when the cycle starts.
  Words holes(const Block& block, const CycleSetting& setting, std::uint32_t column, bool same,
              const Error& fail);
  /// The words of the cycle's family: P (dwell), Q (peck), G87's I, J, K; and the spindle.
  void cycleWords(const Block& block, const CycleSetting& setting, std::uint32_t column, bool same,
                  const Error& fail, HoleLevels& levels);

  std::string file_name_;
  int active_ = 0;  ///< the cycle that ran last, while no other motion mode ran since
  bool has_initial_level_ = false;
  double initial_level_ = 0;
  double r_ = 0, depth_ = 0, dwell_ = 0, peck_ = 0;  ///< the sticky words, as written
  double i_ = 0, j_ = 0, k_ = 0;                     ///< G87's offsets and counterbore top
};

}  // namespace gougechek
