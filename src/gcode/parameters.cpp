#include "gcode/parameters.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gougechek {

Parameters::Parameters() : numbered_(kCount, 0.0), unknown_(kCount, false), frames_(1) {}

const double* Parameters::find(const std::string& name) const {
  const auto& scope = isGlobal(name) ? globals_ : frames_.back().locals;
  const auto found = scope.find(name);
  return found == scope.end() ? nullptr : &found->second;
}

void Parameters::set(const std::string& name, double value) {
  (isGlobal(name) ? globals_ : frames_.back().locals)[name] = value;
}

void Parameters::enterCall(const std::vector<double>& arguments) {
  Frame frame;
  std::copy_n(numbered_.begin() + 1, kArguments, frame.saved_arguments.begin());
  for (int i = 0; i < kArguments; ++i)
    numbered_[static_cast<std::size_t>(i + 1)] = static_cast<std::size_t>(i) < arguments.size()
                                                     ? arguments[static_cast<std::size_t>(i)]
                                                     : 0.0;
  frames_.push_back(std::move(frame));
}

void Parameters::leaveCall() {
  if (frames_.size() < 2) return;
  std::copy_n(frames_.back().saved_arguments.begin(), kArguments, numbered_.begin() + 1);
  frames_.pop_back();
}

namespace {

/// Equal values, or both vacant (a Fanuc variable holding no value is NaN).
bool same(double a, double b) {
  return a == b || (std::isnan(a) && std::isnan(b));
}

std::string shown(double value) {
  if (std::isnan(value)) return "vacant";
  char text[32];
  std::snprintf(text, sizeof text, "%g", value);
  return text;
}

}  // namespace

std::string Parameters::changeFrom(const Parameters& before) const {
  for (int number = 1; number < kCount; ++number) {
    if (number >= kCurrentPosition && number < kCurrentPositionEnd) continue;
    const double now = get(number);
    const double then = before.get(number);
    if (!same(now, then))
      return std::string("#")
          .append(std::to_string(number))
          .append(" (" + shown(then) + " before, " + shown(now) + " now)");
  }
  if (globals_ != before.globals_ || frames_ != before.frames_) return "a named parameter";
  return "";
}

}  // namespace gougechek
