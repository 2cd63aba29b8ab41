// The depth colours and the round numbers of the scale bar and the legend.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "render/layout.hpp"
#include "render/render.hpp"

namespace gougechek::render {

namespace {

constexpr std::array<Rgb, 4> kDepthStops{{
    {255, 225, 50},  // 0: yellow
    {255, 140, 20},  // orange
    {215, 30, 25},   // red
    {110, 0, 15},    // max_depth and deeper: dark red
}};
constexpr Rgb kSevereColour{220, 0, 220};

// The smallest of 1, 2, 5 × 10^k that is at least `value` (> 0).
double roundUpLength(double value) {
  const double base = std::pow(10.0, std::floor(std::log10(value)));
  for (double mantissa : {1.0, 2.0, 5.0, 10.0})
    if (mantissa * base >= value * (1 - 1e-12)) return mantissa * base;
  return 10 * base;
}

// `value` written with `decimals` places, trailing zeros (and a trailing point) dropped.
std::string trimmedDecimal(double value, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  std::string result = text;
  if (result.find('.') != std::string::npos) {
    result.erase(result.find_last_not_of('0') + 1);
    if (result.back() == '.') result.pop_back();
  }
  return result == "-0" ? "0" : result;
}

}  // namespace

Rgb DepthScale::colour(double depth, bool severe) const {
  if (severe) return kSevereColour;
  // NaN and negative depths (rapids within clearance, not touching) take the first colour.
  const double t = max_depth > 0 && depth > 0 ? std::min(depth / max_depth, 1.0) : 0;
  const double position = t * (kDepthStops.size() - 1);
  const std::size_t stop = std::min(static_cast<std::size_t>(position), kDepthStops.size() - 2);
  const double within = position - static_cast<double>(stop);
  const auto channel = [within](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(std::lround(a + (b - a) * within));
  };
  const Rgb& a = kDepthStops[stop];
  const Rgb& b = kDepthStops[stop + 1];
  return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b)};
}

DepthScale depthScaleFor(std::span<const Marker> markers) {
  double deepest = 0;
  for (const Marker& marker : markers)
    if (std::isfinite(marker.depth)) deepest = std::max(deepest, marker.depth);
  return {deepest > 0 ? roundUpLength(deepest) : 0.1};
}

double roundLength(double limit) {
  if (!(std::isfinite(limit) && limit > 0))
    throw std::invalid_argument("render: a round length needs a limit > 0");
  const double base = std::pow(10.0, std::floor(std::log10(limit)));
  for (double mantissa : {5.0, 2.0, 1.0})
    if (mantissa * base <= limit * (1 + 1e-12)) return mantissa * base;
  return base / 2;  // log10 rounded up across a power of ten
}

std::string lengthLabel(double mm) {
  return trimmedDecimal(mm, 6);
}

std::string depthLabel(double mm) {
  if (!std::isfinite(mm)) return "?";
  if (mm == 0) return "0";
  const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(mm))));
  return trimmedDecimal(mm, std::clamp(2 - magnitude, 0, 9));
}

}  // namespace gougechek::render
