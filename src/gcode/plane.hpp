#pragma once
// The plane G17, G18 or G19 selects, and its axes: written once here for arcs, cutter radius
// compensation and canned cycles.
#include <cstdint>

#include "gcode/codes.hpp"

namespace gougechek {

enum class Plane : std::uint8_t {
  XY,  ///< G17 (LinuxCNC's initial plane)
  XZ,  ///< G18
  YZ,  ///< G19
};

/// The axes of a plane (x 0, y 1, z 2): first and second in-plane axis as LinuxCNC orders them
/// for arcs, compensation and cycles, and the normal; (first × second) = +normal, so G3 turns
/// about +normal and a canned cycle drills along the normal. G17: X, Y, Z; G18: Z, X, Y; G19:
/// Y, Z, X.
struct PlaneAxes {
  int first, second, normal;
};

constexpr PlaneAxes planeAxes(Plane plane) {
  switch (plane) {
    case Plane::XZ:
      return {2, 0, 1};
    case Plane::YZ:
      return {1, 2, 0};
    case Plane::XY:
      break;
  }
  return {0, 1, 2};
}

/// The plane of G17, G18 or G19.
constexpr Plane planeOf(int code) {
  return code == G_18 ? Plane::XZ : (code == G_19 ? Plane::YZ : Plane::XY);
}

/// The code that selects `plane`: G17, G18 or G19 (messages name planes by it).
constexpr int planeCode(Plane plane) {
  return plane == Plane::XZ ? G_18 : (plane == Plane::YZ ? G_19 : G_17);
}

/// "XY", "XZ", "YZ": the names in LinuxCNC's canned cycle messages.
constexpr const char* planeName(Plane plane) {
  return plane == Plane::XZ ? "XZ" : (plane == Plane::YZ ? "YZ" : "XY");
}

}  // namespace gougechek
