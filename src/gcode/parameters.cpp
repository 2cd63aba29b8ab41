#include "gcode/parameters.hpp"

#include <algorithm>

namespace gougechek {

Parameters::Parameters() : numbered_(kCount, 0.0), frames_(1) {}

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

}  // namespace gougechek
