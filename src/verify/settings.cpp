// The ranges of a check's settings, stated once for every front end: the command line and a
// batch manifest check each value as they read it, the Python module as it builds its Settings,
// verify() before it checks anything; each names the setting as its user writes it.
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

#include "gougechek/error.hpp"
#include "gougechek/verify.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

namespace {

/// The shortest decimal text that reads back as `value`, as the program's messages write
/// lengths (2e+06).
std::string text(double value) {
  char digits[64];
  const auto written = std::to_chars(digits, digits + sizeof digits, value);
  return std::string(digits, written.ptr);
}

[[noreturn]] void refuse(const std::string& message) {
  throw InputError("", 0, 0, message);
}

/// A length that must lie within the range every length of a run keeps (±1e6 mm, as the
/// program's), and be >= 0 unless `signed_length`.
void checkLength(const std::string& name, double value, bool signed_length) {
  if (!std::isfinite(value)) refuse(name + ": " + text(value) + " is not a finite number");
  if (std::fabs(value) > kMaxLengthMm)
    refuse(name + ": " + text(value) + " mm is outside the supported range (±1e6 mm)");
  if (!signed_length && value < 0) refuse(name + " must be >= 0, got " + text(value));
}

/// A count that must be a whole number; its text in full (threads 1000000000).
std::string checkWhole(const std::string& name, double value) {
  if (!(std::nearbyint(value) == value) || std::fabs(value) > std::numeric_limits<int>::max())
    refuse(name + ": " + text(value) + " is not a whole number");
  return std::to_string(static_cast<long long>(value));
}

}  // namespace

std::string settingName(std::string_view option, SettingNames names) {
  std::string name(option);
  switch (names) {
    case SettingNames::CommandLine:
      return "--" + name;
    case SettingNames::Manifest:
      return name;
    case SettingNames::Identifier:
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
  }
  return name;
}

void checkSetting(std::string_view option, double value, SettingNames names) {
  const std::string name = settingName(option, names);
  if (option == "start" || option == "stock-box" || option == "stock-cylinder") {
    checkLength(name, value, true);
  } else if (option == "deflection" || option == "stock-resolution" || option == "excess-spacing") {
    checkLength(name, value, true);
    if (!(value > 0)) refuse(name + " must be > 0, got " + text(value));
  } else if (option == "threads") {
    const std::string count = checkWhole(name, value);
    if (value < 0) refuse(name + " must be >= 0 (0: all cores)");
    if (value > kMaxThreads)
      refuse(name + " must be at most " + std::to_string(kMaxThreads) + " (0: all cores), got " +
             count);
  } else if (option == "kdop") {
    const std::string count = checkWhole(name, value);
    if (value != 6 && value != 14 && value != 18 && value != 26)
      refuse(name + " must be 6, 14, 18 or 26, got " + count);
  } else if (option == "initial-tool") {
    const std::string count = checkWhole(name, value);
    if (value < 1) refuse(name + " must be a tool number >= 1, got " + count);
  } else {  // tolerance, stock, the clearances, arc-tolerance
    checkLength(name, value, false);
  }
}

void checkSettings(const VerifySettings& settings, SettingNames names) {
  checkSetting("tolerance", settings.tolerance, names);
  checkSetting("stock", settings.stock, names);
  checkSetting("rapid-clearance", settings.rapid_clearance, names);
  checkSetting("holder-clearance", settings.holder_clearance, names);
  if (settings.start)
    for (int axis = 0; axis < 3; ++axis) checkSetting("start", (*settings.start)[axis], names);
  if (settings.initial_tool) checkSetting("initial-tool", *settings.initial_tool, names);
  checkSetting("threads", settings.threads, names);
}

void checkSettings(const TunedSettings& settings, SettingNames names) {
  checkSettings(static_cast<const VerifySettings&>(settings), names);
  checkSetting("kdop", settings.kdop, names);
}

}  // namespace gougechek
