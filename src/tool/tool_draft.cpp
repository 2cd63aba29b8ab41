#include "tool/tool_draft.hpp"

#include <charconv>
#include <cmath>
#include <numbers>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

// The largest cutter size accepted, mm (diameter, corner radius, flute, shank, overall length,
// given or defaulted). Far beyond any real cutter (a 100 m ball), yet small enough that every
// distance the check measures with it keeps double precision to well below 1e-6 mm of the
// depth: at 1e17 mm a ball misses a 1 mm plunge.
constexpr double kMaxCutterSize = 1e5;

std::string formatNumber(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

void requirePositive(double value, std::string_view what, const ToolOrigin& origin) {
  if (!(value > 0)) {
    throwToolError(origin, concat(what, " must be positive, got ", formatNumber(value)));
  }
}

// `how` says where a defaulted size came from, so the user knows which value to give instead.
void requireInRange(double value, std::string_view what, const ToolOrigin& origin,
                    std::string_view how = "") {
  if (value > kMaxCutterSize) {
    throwToolError(origin, concat(what, " ", formatNumber(value), " mm", how,
                                  " is beyond the largest cutter size accepted, ",
                                  formatNumber(kMaxCutterSize), " mm"));
  }
}

void setOnce(std::optional<double>& slot, std::string_view key, double value,
             const ToolOrigin& origin) {
  if (slot) throwToolError(origin, concat("'", key, "' given twice"));
  slot = value;
}

}  // namespace

void throwToolError(const ToolOrigin& origin, const std::string& message) {
  throw InputError(origin.file, origin.line, 0, message);
}

std::optional<CutterType> cutterTypeFromName(std::string_view name) {
  for (CutterType type :
       {CutterType::Ball, CutterType::Flat, CutterType::Bull, CutterType::Taper}) {
    if (name == cutterTypeName(type)) return type;
  }
  return std::nullopt;
}

double parseToolNumber(std::string_view text, std::string_view what, const ToolOrigin& origin) {
  std::string_view digits = text;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  double value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() ||
      !std::isfinite(value)) {
    throwToolError(origin, concat(what, ": '", text, "' is not a number"));
  }
  return value;
}

bool applyLengthOption(ToolDraft& draft, std::string_view key, double value,
                       const ToolOrigin& origin) {
  if (key == "flute") {
    setOnce(draft.flute_length, key, value, origin);
  } else if (key == "shank") {
    setOnce(draft.shank_diameter, key, value, origin);
  } else if (key == "length") {
    setOnce(draft.overall_length, key, value, origin);
  } else {
    return false;
  }
  return true;
}

ToolSpec finishToolSpec(const ToolDraft& draft, const ToolOrigin& origin) {
  ToolSpec spec;
  spec.type = draft.type;
  spec.diameter = draft.diameter;
  requirePositive(spec.diameter, "diameter", origin);
  requireInRange(spec.diameter, "diameter", origin);
  const double half = spec.diameter / 2;

  switch (draft.type) {
    case CutterType::Ball:
      spec.corner_radius = half;
      break;
    case CutterType::Flat:
      spec.corner_radius = 0;
      break;
    case CutterType::Bull:
      if (!draft.corner_radius) throwToolError(origin, "bull cutter needs a corner radius");
      spec.corner_radius = *draft.corner_radius;
      if (spec.corner_radius == 0) {
        throwToolError(origin,
                       "bull corner radius must be > 0 (a cutter with no corner is flat:D)");
      }
      requirePositive(spec.corner_radius, "corner radius", origin);
      if (spec.corner_radius > half) {
        throwToolError(origin, concat("bull corner radius ", formatNumber(spec.corner_radius),
                                      " exceeds half the diameter ", formatNumber(half)));
      }
      // A corner as large as the radius leaves no flat bottom: that cutter is a ball.
      if (spec.corner_radius == half) spec.type = CutterType::Ball;
      break;
    case CutterType::Taper:
      spec.corner_radius = draft.corner_radius.value_or(0);
      if (!(spec.corner_radius >= 0 && spec.corner_radius <= half)) {
        throwToolError(origin,
                       concat("taper tip radius must be between 0 and half the diameter ",
                              formatNumber(half), ", got ", formatNumber(spec.corner_radius)));
      }
      if (!draft.taper_angle_deg) throwToolError(origin, "taper cutter needs a half-angle");
      spec.taper_angle_deg = *draft.taper_angle_deg;
      if (!(spec.taper_angle_deg > 0 && spec.taper_angle_deg < 90)) {
        throwToolError(origin, concat("taper half-angle must be between 0 and 90 degrees, got ",
                                      formatNumber(spec.taper_angle_deg)));
      }
      break;
  }

  spec.flute_length = draft.flute_length.value_or(4 * spec.diameter);
  requirePositive(spec.flute_length, "flute length", origin);
  requireInRange(spec.flute_length, "flute length", origin,
                 draft.flute_length ? "" : " (by default 4 times the diameter)");
  if (spec.flute_length < spec.corner_radius) {
    throwToolError(origin,
                   concat("flute length ", formatNumber(spec.flute_length),
                          " is shorter than the tip radius ", formatNumber(spec.corner_radius)));
  }

  // A taper's flank widens upwards: by default the shank is as wide as the flutes' top, so a
  // default shank never sits inside the cutting edge.
  const double flute_top_diameter =
      spec.type == CutterType::Taper
          ? spec.diameter +
                2 * spec.flute_length * std::tan(spec.taper_angle_deg * std::numbers::pi / 180)
          : spec.diameter;
  // A given shank does not bound the flank: near 90 degrees the flutes' top alone is huge.
  requireInRange(flute_top_diameter, "flutes' top diameter", origin,
                 " (diameter + 2 x flute length x tan(half-angle))");
  spec.shank_diameter = draft.shank_diameter.value_or(flute_top_diameter);
  requirePositive(spec.shank_diameter, "shank diameter", origin);
  requireInRange(spec.shank_diameter, "shank diameter", origin,
                 draft.shank_diameter ? "" : " (by default the flutes' top diameter)");

  spec.overall_length = draft.overall_length.value_or(0);
  requireInRange(spec.overall_length, "overall length", origin);
  if (draft.overall_length && !(spec.overall_length > spec.flute_length)) {
    throwToolError(origin,
                   concat("overall length ", formatNumber(spec.overall_length),
                          " must exceed the flute length ", formatNumber(spec.flute_length)));
  }
  return spec;
}

}  // namespace gougechek
