#pragma once
// LinuxCNC's coordinate offsets, kept where LinuxCNC keeps them (the numbered parameters, in
// machine units, so a program reading #5221 sees what G10 wrote) and cached here in mm:
// the nine work coordinate systems G54..G59.3 (5221 + 20·(n−1) + axis), the G92/G52 offset
// (5211-5213), and the G28/G30 home positions (5161-5163, 5181-5183). The other axes' offsets
// are only checked to be 0 (movingRotaryOffset): those axes never move here.
// A position the program writes in the active system is program + work offset + G92 offset.
#include <array>
#include <bitset>
#include <map>

#include "gcode/parameters.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek {

/// Which of X, Y, Z a word gives, and their values (mm).
struct AxisValues {
  std::array<bool, 3> given{};
  Vec3 value;
};

class CoordinateOffsets {
 public:
  /// `machine_unit_mm`: millimetres per unit of the parameters (25.4 for an inch machine);
  /// `given`: the parameters the parameter file set (which systems and homes are known).
  CoordinateOffsets(Parameters& parameters, double machine_unit_mm,
                    const std::map<int, double>& given);

  /// The offset from program to machine coordinates (work offset + G92/G52), mm.
  const Vec3& total() const { return total_; }
  /// Work system of G54 (1) .. G59.3 (9).
  int system() const { return system_; }
  /// Selects work system 1..9; false when its offsets were never given (parameter file or G10).
  bool select(int system);
  /// Sets the given axes of work system 1..9 (G10 L2; G10 L20 computes them first).
  void setWorkOffset(int system, const AxisValues& offsets);
  const Vec3& workOffset() const { return work_; }
  /// The work offset of system 1..9 (mm), whether active or not.
  Vec3 workOffsetOf(int system) const;

  /// Sets the given axes of the G92/G52 offset (mm), recording it in #5210-5213.
  void setLocalOffset(const AxisValues& offsets);
  const Vec3& localOffset() const { return local_; }
  /// G92.1 (`keep_parameters` false) and G92.2 (true): no local offset.
  void clearLocalOffset(bool keep_parameters);
  /// G92.3: the local offset from #5211-5213.
  void restoreLocalOffset();

  /// G28 (`second` false) or G30 home position, machine coordinates in mm; `known` false when
  /// neither the parameter file nor G28.1/G30.1 gave it.
  Vec3 home(bool second, bool& known) const;
  void storeHome(bool second, const Vec3& machine_position);

  /// Rotary and extra axes A, B, C, U, V, W are axes 3..8 (LinuxCNC's order). The parameter of
  /// a nonzero offset of `axis` in use (the active work system's, the G92/G52 offset while
  /// enabled), or 0: with one, a word at 0 would move the axis off its start.
  int movingRotaryOffset(int axis) const;
  /// The offset in use of `axis` 3..8 (the active work system's plus the G92/G52 offset while
  /// enabled), in the parameters' units.
  double extraAxisOffset(int axis) const;
  /// The parameter of a nonzero G28 (`second` false) or G30 home of `axis` 3..8, or 0.
  int movingRotaryHome(bool second, int axis) const;

 private:
  Vec3 read(int first_parameter) const;
  void write(int first_parameter, const AxisValues& values);
  void update();

  Parameters& parameters_;
  double machine_unit_mm_;
  int system_ = 1;
  Vec3 work_;
  Vec3 local_;
  Vec3 total_;
  std::bitset<10> known_systems_;
  std::bitset<2> known_homes_;
};

}  // namespace gougechek
