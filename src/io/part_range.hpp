#pragma once
// The range of part coordinates gougechek accepts. Within it every distance the check
// computes keeps double precision far below 1e-6 mm; beyond it a part is almost surely in the
// wrong unit or corrupt (a 2 km mold), and its numbers would no longer be checked exactly.
#include <cmath>
#include <string>

#include "gougechek/vec3.hpp"

namespace gougechek {

/// Largest absolute coordinate of a part, mm, after unit conversion.
inline constexpr double kMaxPartCoordinate = 1e6;

/// Whether `value` is finite and within ±kMaxPartCoordinate.
inline bool withinPartRange(double value) {
  return std::abs(value) <= kMaxPartCoordinate;
}

inline bool withinPartRange(const Vec3& p) {
  return withinPartRange(p.x) && withinPartRange(p.y) && withinPartRange(p.z);
}

/// The end of an error message about a coordinate out of range.
inline std::string partRangeText() {
  return "beyond the accepted range of ±1e6 mm";
}

}  // namespace gougechek
