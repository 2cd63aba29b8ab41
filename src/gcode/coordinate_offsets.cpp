#include "gcode/coordinate_offsets.hpp"

namespace gougechek {

namespace {

constexpr int kLocalEnabled = 5210;
constexpr int kLocalOffset = 5211;
constexpr int kHome[2] = {5161, 5181};
constexpr int kActiveSystem = 5220;

int systemParameter(int system) {
  return 5221 + 20 * (system - 1);
}

double& component(Vec3& v, int axis) {
  return axis == 0 ? v.x : (axis == 1 ? v.y : v.z);
}

}  // namespace

CoordinateOffsets::CoordinateOffsets(Parameters& parameters, double machine_unit_mm,
                                     const std::map<int, double>& given)
    : parameters_(parameters), machine_unit_mm_(machine_unit_mm) {
  // Known: the parameter file gave any of its X, Y, Z values (zeros included).
  const auto known = [&](int first) {
    for (int i = 0; i < 3; ++i)
      if (given.contains(first + i)) return true;
    return false;
  };
  for (int system = 1; system <= 9; ++system)
    known_systems_[static_cast<std::size_t>(system)] = known(systemParameter(system));
  for (int i = 0; i < 2; ++i) known_homes_[static_cast<std::size_t>(i)] = known(kHome[i]);
  const double active = parameters_.get(kActiveSystem);
  system_ = active >= 1 && active <= 9 ? static_cast<int>(active) : 1;
  work_ = read(systemParameter(system_));
  if (parameters_.get(kLocalEnabled) != 0) local_ = read(kLocalOffset);
  update();
}

Vec3 CoordinateOffsets::read(int first_parameter) const {
  return Vec3(parameters_.get(first_parameter), parameters_.get(first_parameter + 1),
              parameters_.get(first_parameter + 2)) *
         machine_unit_mm_;
}

void CoordinateOffsets::write(int first_parameter, const AxisValues& values) {
  for (int axis = 0; axis < 3; ++axis)
    if (values.given[static_cast<std::size_t>(axis)])
      parameters_.set(first_parameter + axis, values.value[axis] / machine_unit_mm_);
}

void CoordinateOffsets::update() {
  total_ = work_ + local_;
}

Vec3 CoordinateOffsets::workOffsetOf(int system) const {
  return read(systemParameter(system));
}

bool CoordinateOffsets::select(int system) {
  system_ = system;
  parameters_.set(kActiveSystem, system);
  work_ = read(systemParameter(system));
  update();
  return known_systems_[static_cast<std::size_t>(system)];
}

void CoordinateOffsets::setWorkOffset(int system, const AxisValues& offsets) {
  write(systemParameter(system), offsets);
  known_systems_[static_cast<std::size_t>(system)] = true;
  if (system == system_) {
    work_ = read(systemParameter(system));
    update();
  }
}

void CoordinateOffsets::setLocalOffset(const AxisValues& offsets) {
  for (int axis = 0; axis < 3; ++axis)
    if (offsets.given[static_cast<std::size_t>(axis)])
      component(local_, axis) = offsets.value[axis];
  parameters_.set(kLocalEnabled, 1);
  write(kLocalOffset, {{true, true, true}, local_});
  update();
}

void CoordinateOffsets::clearLocalOffset(bool keep_parameters) {
  local_ = Vec3();
  if (!keep_parameters) {
    parameters_.set(kLocalEnabled, 0);
    write(kLocalOffset, {{true, true, true}, local_});
  }
  update();
}

void CoordinateOffsets::restoreLocalOffset() {
  local_ = read(kLocalOffset);
  parameters_.set(kLocalEnabled, 1);
  update();
}

Vec3 CoordinateOffsets::home(bool second, bool& known) const {
  known = known_homes_[second ? 1 : 0];
  return read(kHome[second ? 1 : 0]);
}

void CoordinateOffsets::storeHome(bool second, const Vec3& machine_position) {
  write(kHome[second ? 1 : 0], {{true, true, true}, machine_position});
  known_homes_[second ? 1 : 0] = true;
}

int CoordinateOffsets::movingRotaryOffset(int axis) const {
  const int work = systemParameter(system_) + axis;
  if (parameters_.get(work) != 0) return work;
  const int local = kLocalOffset + axis;
  if (parameters_.get(kLocalEnabled) != 0 && parameters_.get(local) != 0) return local;
  return 0;
}

double CoordinateOffsets::extraAxisOffset(int axis) const {
  const double local =
      parameters_.get(kLocalEnabled) != 0 ? parameters_.get(kLocalOffset + axis) : 0.0;
  return parameters_.get(systemParameter(system_) + axis) + local;
}

int CoordinateOffsets::movingRotaryHome(bool second, int axis) const {
  const int home = kHome[second ? 1 : 0] + axis;
  return parameters_.get(home) != 0 ? home : 0;
}

}  // namespace gougechek
