#include "tool/tool_draft.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <numbers>

#include "gougechek/error.hpp"
#include "tool/holder_family.hpp"

namespace gougechek {

namespace {

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

std::string formatNumber(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string lowercase(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

void throwToolError(const ToolOrigin& origin, const std::string& message) {
  throw InputError(origin.file, origin.line, 0, message);
}

std::optional<CutterType> cutterTypeFromName(std::string_view name) {
  for (CutterType type :
       {CutterType::Ball, CutterType::Flat, CutterType::Bull, CutterType::Taper,
        CutterType::Chamfer, CutterType::Drill, CutterType::Lollipop, CutterType::Dovetail}) {
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
  } else if (key == "centre") {
    setOnce(draft.dead_centre, key, value, origin);
  } else {
    return false;
  }
  return true;
}

bool applyShapeOption(ToolDraft& draft, std::string_view key, double value,
                      const ToolOrigin& origin) {
  const CutterType type = draft.type;
  std::optional<double>* slot = nullptr;
  if (key == "r" && (type == CutterType::Bull || type == CutterType::Taper)) {
    slot = &draft.corner_radius;
  } else if (key == "angle" && (type == CutterType::Taper || type == CutterType::Chamfer ||
                                type == CutterType::Dovetail)) {
    slot = &draft.taper_angle_deg;
  } else if (key == "tip" && type == CutterType::Chamfer) {
    slot = &draft.tip_diameter;
  } else if (key == "point" && type == CutterType::Drill) {
    slot = &draft.point_angle_deg;
  } else if (key == "neck" && (type == CutterType::Lollipop || type == CutterType::Dovetail)) {
    slot = &draft.neck_diameter;
  } else if (key == "h" && type == CutterType::Dovetail) {
    slot = &draft.cutting_height;
  } else {
    return false;
  }
  setOnce(*slot, key, value, origin);
  return true;
}

namespace {

double degrees(double value) {
  return value * std::numbers::pi / 180;
}

// An angle strictly between 0 and `limit` degrees, given under `what`.
double requireAngle(const std::optional<double>& angle, double limit, std::string_view what,
                    std::string_view type, const ToolOrigin& origin) {
  if (!angle) throwToolError(origin, concat(type, " cutter needs a ", what));
  if (!(*angle > 0 && *angle < limit)) {
    throwToolError(origin, concat(what, " must be between 0 and ", formatNumber(limit),
                                  " degrees, got ", formatNumber(*angle)));
  }
  return *angle;
}

// A neck narrower than the head, which is `head` mm wide.
double requireNeck(const std::optional<double>& neck, double head, std::string_view type,
                   const ToolOrigin& origin) {
  if (!neck) throwToolError(origin, concat(type, " cutter needs a neck diameter (,neck=d)"));
  requirePositive(*neck, "neck diameter", origin);
  if (!(*neck < head)) {
    throwToolError(origin, concat("neck diameter ", formatNumber(*neck),
                                  " must be smaller than the head's ", formatNumber(head)));
  }
  return *neck;
}

// A bull's corner: given, above 0 and at most the radius.
void finishBullCorner(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  const double half = spec.diameter / 2;
  if (!draft.corner_radius) throwToolError(origin, "bull cutter needs a corner radius");
  spec.corner_radius = *draft.corner_radius;
  if (spec.corner_radius == 0) {
    throwToolError(origin, "bull corner radius must be > 0 (a cutter with no corner is flat:D)");
  }
  requirePositive(spec.corner_radius, "corner radius", origin);
  if (spec.corner_radius > half) {
    throwToolError(origin, concat("bull corner radius ", formatNumber(spec.corner_radius),
                                  " exceeds half the diameter ", formatNumber(half)));
  }
  // A corner as large as the radius leaves no flat bottom: that cutter is a ball.
  if (spec.corner_radius == half) spec.type = CutterType::Ball;
}

// A chamfer's tip and half-angle; returns its cone's height.
double finishChamferHead(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  const double half = spec.diameter / 2;
  spec.tip_diameter = draft.tip_diameter.value_or(0);
  if (!(spec.tip_diameter >= 0 && spec.tip_diameter < spec.diameter)) {
    throwToolError(origin,
                   concat("chamfer tip diameter must be at least 0 and below the diameter ",
                          formatNumber(spec.diameter), ", got ", formatNumber(spec.tip_diameter)));
  }
  spec.taper_angle_deg = requireAngle(draft.taper_angle_deg, 90, "chamfer half-angle",
                                      cutterTypeName(draft.type), origin);
  const double cone_height =
      (half - spec.tip_diameter / 2) / std::tan(degrees(spec.taper_angle_deg));
  requireInRange(cone_height, "chamfer cone's height", origin, " ((D - d) / 2 / tan(half-angle))");
  return cone_height;
}

// A dovetail's half-angle, cutting height and neck: the cone must keep a top, and the neck fit
// on it. Returns the cone's height.
double finishDovetailHead(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  const double half = spec.diameter / 2;
  const char* type_name = cutterTypeName(draft.type);
  spec.taper_angle_deg =
      requireAngle(draft.taper_angle_deg, 90, "dovetail half-angle", type_name, origin);
  if (!draft.cutting_height) throwToolError(origin, "dovetail cutter needs a cutting height");
  spec.cutting_height = *draft.cutting_height;
  requirePositive(spec.cutting_height, "dovetail cutting height", origin);
  const double top = half - spec.cutting_height * std::tan(degrees(spec.taper_angle_deg));
  if (!(top > 0)) {
    throwToolError(origin, concat("dovetail cone narrows to nothing below its cutting height ",
                                  formatNumber(spec.cutting_height),
                                  " (D / 2 - h x tan(half-angle) must be > 0)"));
  }
  spec.neck_diameter = requireNeck(draft.neck_diameter, spec.diameter, type_name, origin);
  // A neck wider than the cone's top would overhang the cutting edge with a shoulder that
  // does not cut.
  if (spec.neck_diameter > 2 * top) {
    throwToolError(origin, concat("dovetail neck ", formatNumber(spec.neck_diameter),
                                  " is wider than the cone's top ", formatNumber(2 * top),
                                  " (D - 2 h tan(half-angle))"));
  }
  return spec.cutting_height;
}

// The shape values of the draft's type, checked, into `spec`. Returns the height up to which
// the shape alone fixes the cutting part (a chamfer's cone, a drill's point, a lollipop's head,
// a dovetail's cone; 0 for the others): the flutes reach at least this high.
double finishShape(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  const double half = spec.diameter / 2;
  const char* type_name = cutterTypeName(draft.type);
  double shape_height = 0;
  switch (draft.type) {
    case CutterType::Ball:
      spec.corner_radius = half;
      break;
    case CutterType::Flat:
      spec.corner_radius = 0;
      break;
    case CutterType::Bull:
      finishBullCorner(spec, draft, origin);
      break;
    case CutterType::Taper:
      spec.corner_radius = draft.corner_radius.value_or(0);
      if (!(spec.corner_radius >= 0 && spec.corner_radius <= half)) {
        throwToolError(origin,
                       concat("taper tip radius must be between 0 and half the diameter ",
                              formatNumber(half), ", got ", formatNumber(spec.corner_radius)));
      }
      spec.taper_angle_deg =
          requireAngle(draft.taper_angle_deg, 90, "taper half-angle", type_name, origin);
      break;
    case CutterType::Chamfer:
      shape_height = finishChamferHead(spec, draft, origin);
      break;
    case CutterType::Drill:
      spec.point_angle_deg =
          requireAngle(draft.point_angle_deg, 180, "drill point angle", type_name, origin);
      shape_height = half / std::tan(degrees(spec.point_angle_deg / 2));
      requireInRange(shape_height, "drill point's height", origin,
                     " (D / 2 / tan(point angle / 2))");
      break;
    case CutterType::Lollipop:
      spec.corner_radius = half;
      spec.neck_diameter = requireNeck(draft.neck_diameter, spec.diameter, type_name, origin);
      shape_height = spec.diameter;
      break;
    case CutterType::Dovetail:
      shape_height = finishDovetailHead(spec, draft, origin);
      break;
  }
  if (spec.type != CutterType::Chamfer && draft.tip_diameter)
    throwToolError(origin, concat("a ", type_name, " cutter has no tip diameter"));
  return shape_height;
}

// What the flute length is called: a lollipop's and a dovetail's is the reach of their neck.
const char* fluteName(CutterType type) {
  return type == CutterType::Lollipop || type == CutterType::Dovetail ? "reach" : "flute length";
}

// The flute length, given or by default, checked against the tip and the shape's height.
void finishFlutes(ToolSpec& spec, const ToolDraft& draft, double shape_height,
                  const ToolOrigin& origin) {
  const char* flute_name = fluteName(spec.type);
  // A chamfer's flutes are its cone unless a side cylinder is given; the others default to 4·D.
  const double default_flute = spec.type == CutterType::Chamfer ? shape_height : 4 * spec.diameter;
  spec.flute_length = draft.flute_length.value_or(default_flute);
  requirePositive(spec.flute_length, flute_name, origin);
  requireInRange(spec.flute_length, flute_name, origin,
                 draft.flute_length ? "" : " (by default 4 times the diameter)");
  if (spec.flute_length < spec.corner_radius) {
    throwToolError(origin,
                   concat("flute length ", formatNumber(spec.flute_length),
                          " is shorter than the tip radius ", formatNumber(spec.corner_radius)));
  }
  if (spec.type == CutterType::Chamfer) {
    // A chamfer's flutes shorter than its cone still cut with the whole cone: the flutes are
    // at least the cone, so that one tool has one spec.
    spec.flute_length = std::max(spec.flute_length, shape_height);
  } else if (spec.flute_length <= shape_height) {
    throwToolError(
        origin, concat(flute_name, " ", formatNumber(spec.flute_length), " must exceed the ",
                       cutterTypeName(draft.type), "'s head height ", formatNumber(shape_height)));
  }
}

// The shank diameter, given or by default, above the flutes.
void finishShank(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  // A taper's flank widens upwards: by default the shank is as wide as the flutes' top, so a
  // default shank never sits inside the cutting edge.
  const double flute_top_diameter =
      spec.type == CutterType::Taper
          ? spec.diameter + 2 * spec.flute_length * std::tan(degrees(spec.taper_angle_deg))
          : spec.diameter;
  // A given shank does not bound the flank: near 90 degrees the flutes' top alone is huge.
  requireInRange(flute_top_diameter, "flutes' top diameter", origin,
                 " (diameter + 2 x flute length x tan(half-angle))");
  spec.shank_diameter = draft.shank_diameter.value_or(flute_top_diameter);
  requirePositive(spec.shank_diameter, "shank diameter", origin);
  requireInRange(spec.shank_diameter, "shank diameter", origin,
                 draft.shank_diameter ? "" : " (by default the flutes' top diameter)");
}

// The overall length (the stick-out) beyond the flutes, and the holder placed at it.
void finishLengthAndHolder(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  spec.overall_length = draft.overall_length.value_or(0);
  requireInRange(spec.overall_length, "overall length", origin);
  if (draft.overall_length && !(spec.overall_length > spec.flute_length)) {
    throwToolError(origin,
                   concat("overall length ", formatNumber(spec.overall_length), " must exceed the ",
                          fluteName(spec.type), " ", formatNumber(spec.flute_length)));
  }
  if (draft.holder) {
    if (!draft.overall_length) {
      throwToolError(origin, concat("holder '", *draft.holder,
                                    "' needs the tool's stick-out, tip to holder face: give "
                                    ",length=LT"));
    }
    spec.holder = holderSegmentsAt(*draft.holder, spec.overall_length, origin, &spec.holder_name);
  }
}

// The diameter of a cutter's flat end: 0 where its end is round or pointed.
double flatEndDiameter(const ToolSpec& spec) {
  switch (spec.type) {
    case CutterType::Flat:
    case CutterType::Dovetail:
      return spec.diameter;
    case CutterType::Bull:
    case CutterType::Taper:
      return spec.diameter - 2 * spec.corner_radius;
    case CutterType::Chamfer:
      return spec.tip_diameter;
    case CutterType::Ball:
    case CutterType::Drill:
    case CutterType::Lollipop:
      return 0;
  }
  return 0;
}

// The middle of the flat end that does not cut (an end mill that is not centre-cutting):
// narrower than the flat end, 0 when it cuts at its centre. The stock check holds it as a disc
// at the tip, which only a flat end has.
void finishDeadCentre(ToolSpec& spec, const ToolDraft& draft, const ToolOrigin& origin) {
  spec.dead_centre_diameter = draft.dead_centre.value_or(0);
  if (spec.dead_centre_diameter == 0) return;
  const double flat_end = flatEndDiameter(spec);
  if (flat_end == 0) {
    throwToolError(origin, concat("centre ", formatNumber(spec.dead_centre_diameter), ": a ",
                                  cutterTypeName(spec.type),
                                  " cutter's end is not flat (centre= is the middle of a flat end "
                                  "that does not cut)"));
  }
  if (!(spec.dead_centre_diameter > 0 && spec.dead_centre_diameter < flat_end)) {
    throwToolError(origin, concat("centre ", formatNumber(spec.dead_centre_diameter),
                                  " (the diameter of the flat end's middle that does not cut) "
                                  "must be at least 0 and less than the flat end's diameter ",
                                  formatNumber(flat_end)));
  }
}

}  // namespace

// In the order a reader checks a cutter from the tip up: diameter, the type's shape, flutes,
// shank, overall length, holder and dead centre; each error names the first value that is wrong.
ToolSpec finishToolSpec(const ToolDraft& draft, const ToolOrigin& origin) {
  ToolSpec spec;
  spec.type = draft.type;
  spec.diameter = draft.diameter;
  requirePositive(spec.diameter, "diameter", origin);
  requireInRange(spec.diameter, "diameter", origin);
  const double shape_height = finishShape(spec, draft, origin);
  finishFlutes(spec, draft, shape_height, origin);
  finishShank(spec, draft, origin);
  finishLengthAndHolder(spec, draft, origin);
  finishDeadCentre(spec, draft, origin);
  return spec;
}

}  // namespace gougechek
