// Fusion 360 tool libraries (JSON `{"data": [...]}`), docs/tools.md "Fusion 360". Geometry in
// ISO 13399 names, in each entry's own unit: DC cutting diameter, LCF flute length, LB body
// length (tip to the holder's face: the stick-out), SFDM shank, RE corner radius, TA taper
// angle from the axis, SIG point angle (included). The holder has its own unit; its segments
// go from the tool end up, each a frustum {height, lower-diameter, upper-diameter}.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numbers>
#include <optional>
#include <string_view>

#include "gougechek/error.hpp"
#include "tool/holder_family.hpp"
#include "tool/tool_draft.hpp"
#include "tool/tool_library.hpp"

namespace gougechek {

namespace {

double unitOf(const nlohmann::json& entry, std::string_view what, const ToolOrigin& origin) {
  const nlohmann::json unit = entry.value("unit", nlohmann::json());
  if (unit == "millimeters") return 1;
  if (unit == "inches") return 25.4;
  throwToolError(origin, concat(what, " unit ", unit.dump(), " is neither millimeters nor inches"));
}

class Geometry {
 public:
  Geometry(const nlohmann::json& entry, const ToolOrigin& origin)
      : geometry_(entry.value("geometry", nlohmann::json())),
        scale_(unitOf(entry, "tool", origin)),
        origin_(origin) {
    if (!geometry_.is_object()) throwToolError(origin, "no \"geometry\"");
  }

  std::optional<double> number(std::string_view key) const {
    const std::string name(key);
    if (!geometry_.contains(name)) return std::nullopt;
    if (!geometry_[name].is_number()) throwToolError(origin_, concat(name, " is not a number"));
    return geometry_[name].get<double>();
  }
  double angle(std::string_view key) const {
    if (const auto value = number(key)) return *value;
    throwToolError(origin_, concat(key, " (angle) is missing"));
  }
  std::optional<double> length(std::string_view key) const {
    const auto value = number(key);
    return value ? std::optional<double>(*value * scale_) : std::nullopt;
  }
  double requiredLength(std::string_view key) const {
    if (const auto value = length(key)) return *value;
    throwToolError(origin_, concat(key, " is missing"));
  }

 private:
  nlohmann::json geometry_;
  double scale_;
  ToolOrigin origin_;
};

constexpr std::string_view kSupported =
    "flat end mill, face mill, ball end mill, bull nose end mill, chamfer mill, spot drill, "
    "counter sink, drill, lollipop mill, dovetail mill, tapered mill";

constexpr std::string_view kSupportedTypes[] = {
    "flat end mill", "face mill",     "ball end mill", "bull nose end mill",
    "chamfer mill",  "spot drill",    "counter sink",  "drill",
    "lollipop mill", "dovetail mill", "tapered mill"};

// Refuses a type this reader cannot model, naming those it can.
void requireSupportedType(const std::string& type, const ToolOrigin& origin) {
  if (std::find(std::begin(kSupportedTypes), std::end(kSupportedTypes), type) ==
      std::end(kSupportedTypes)) {
    throwToolError(origin, concat("type '", type, "' is not supported (supported: ", kSupported,
                                  "); describe it with --tool or leave it unused"));
  }
}

// The cutter a Fusion `type` with `geometry` describes, as values before finishToolSpec's
// defaults and checks (no overall length: fusionSpec decides whether LB bounds a shank).
ToolDraft fusionDraft(const std::string& type, const Geometry& geometry, const ToolOrigin& origin) {
  ToolDraft draft;
  draft.diameter = geometry.requiredLength("DC");
  draft.flute_length = geometry.requiredLength("LCF");
  draft.shank_diameter = geometry.length("SFDM");
  const double corner = geometry.length("RE").value_or(0);
  // Where the neck of a lollipop or dovetail ends: the shoulder when above the head, else the
  // holder's face.
  const auto reach = [&](double head) {
    const auto shoulder = geometry.length("shoulder-length");
    return shoulder && *shoulder > head ? *shoulder : geometry.requiredLength("LB");
  };
  if (type == "flat end mill" || type == "face mill") {
    if (geometry.number("TA").value_or(0) != 0) {
      throwToolError(origin, concat("a ", type, " with a taper angle TA is not supported"));
    }
    draft.type = corner > 0 ? CutterType::Bull : CutterType::Flat;
    if (corner > 0) draft.corner_radius = corner;
  } else if (type == "ball end mill") {
    draft.type = CutterType::Ball;
  } else if (type == "bull nose end mill") {
    draft.type = CutterType::Bull;
    draft.corner_radius = corner;
  } else if (type == "chamfer mill") {
    draft.type = CutterType::Chamfer;
    draft.taper_angle_deg = geometry.angle("TA");
    draft.tip_diameter = geometry.length("tip-diameter").value_or(0);
  } else if (type == "spot drill" || type == "counter sink") {
    draft.type = CutterType::Chamfer;
    draft.taper_angle_deg = geometry.angle("SIG") / 2;
    draft.tip_diameter = geometry.length("tip-diameter").value_or(0);
  } else if (type == "drill") {
    draft.type = CutterType::Drill;
    draft.point_angle_deg = geometry.angle("SIG");
  } else if (type == "lollipop mill") {
    draft.type = CutterType::Lollipop;
    draft.neck_diameter = geometry.requiredLength("SFDM");
    draft.flute_length = reach(draft.diameter);
  } else if (type == "dovetail mill") {
    draft.type = CutterType::Dovetail;
    draft.taper_angle_deg = geometry.angle("TA");
    draft.cutting_height = draft.flute_length;
    // Fusion has no neck diameter: its dovetail goes on up from the cone's top as wide as
    // that top, to the shoulder, where the shank SFDM starts.
    draft.neck_diameter =
        draft.diameter -
        2 * *draft.cutting_height * std::tan(*draft.taper_angle_deg * std::numbers::pi / 180);
    draft.flute_length = reach(*draft.cutting_height);
  } else {  // tapered mill
    draft.type = CutterType::Taper;
    draft.corner_radius = corner;
    draft.taper_angle_deg = geometry.angle("TA");
  }
  return draft;
}

// The frustums of a holder's `segments`, in mm (`scale` per unit of the holder), bottom first.
std::vector<HolderFrustum> holderFrustums(const nlohmann::json& segments, double scale,
                                          const ToolOrigin& origin) {
  std::vector<HolderFrustum> frustums;
  for (const nlohmann::json& segment : segments) {
    HolderFrustum frustum;
    for (auto [key, slot] : {std::pair{"height", &frustum.height},
                             std::pair{"lower-diameter", &frustum.lower_diameter},
                             std::pair{"upper-diameter", &frustum.upper_diameter}}) {
      const double value = segment.at(key).get<double>() * scale;
      if (!(std::isfinite(value) && value >= 0 && value <= kMaxCutterSize)) {
        throwToolError(origin, concat("holder segment ", key, " ", formatNumber(value),
                                      " mm is not between 0 and ", formatNumber(kMaxCutterSize)));
      }
      *slot = value;
    }
    frustums.push_back(frustum);
  }
  return frustums;
}

// The entry's holder, if it has one with segments, stacked on `spec` at the body length LB.
void placeHolder(ToolSpec& spec, const nlohmann::json& entry, std::optional<double> body,
                 const ToolOrigin& origin) {
  if (!entry.contains("holder")) return;
  const nlohmann::json& holder = entry["holder"];
  const nlohmann::json segments = holder.value("segments", nlohmann::json::array());
  if (!segments.is_array()) throwToolError(origin, "holder segments are not a list");
  if (segments.empty()) return;
  if (!body) throwToolError(origin, "has a holder but no body length LB to place it at");
  const double scale = unitOf(holder, "holder", origin);
  spec.holder = stackHolder(holderFrustums(segments, scale, origin), *body);
  spec.holder_name = holder.value("description", std::string("holder"));
}

ToolSpec fusionSpec(const nlohmann::json& entry, const ToolOrigin& origin) {
  const std::string type = entry.value("type", std::string());
  requireSupportedType(type, origin);
  const Geometry geometry(entry, origin);
  ToolDraft draft = fusionDraft(type, geometry, origin);
  // The body length LB is the stick-out: it bounds a shank only when longer than the flutes
  // (the cutter as finished, its defaults applied).
  const ToolSpec cutter = finishToolSpec(draft, origin);
  const auto body = geometry.length("LB");
  ToolSpec spec = cutter;
  if (body && *body > cutter.flute_length) {
    draft.overall_length = body;
    spec = finishToolSpec(draft, origin);
  }
  placeHolder(spec, entry, body, origin);
  return spec;
}

std::string describe(const nlohmann::json& entry) {
  for (const char* key : {"description", "product-id"}) {
    if (entry.contains(key) && entry[key].is_string() && !entry[key].get<std::string>().empty())
      return entry[key].get<std::string>();
  }
  return entry.value("type", std::string("tool"));
}

}  // namespace

ToolLibrary readFusionLibrary(const nlohmann::json& library, const std::string& path) {
  const nlohmann::json& data = library["data"];
  if (!data.is_array()) throw InputError(path, 0, 0, "\"data\" is not a list");
  LibraryBuilder builder(path);
  for (std::size_t i = 0; i < data.size(); ++i) {
    const nlohmann::json& entry = data[i];
    const std::string where = concat("data[", std::to_string(i), "]");
    if (!entry.is_object()) throw InputError(path, 0, 0, concat(where, " is not an object"));
    // Holders stand in the tool list on their own, with no number: not tools.
    if (entry.value("type", std::string()) == "holder") continue;
    const nlohmann::json number =
        entry.value("post-process", nlohmann::json::object()).value("number", nlohmann::json());
    if (!number.is_number_integer() || number.get<long long>() < 1 ||
        number.get<long long>() > 99999999) {
      throw InputError(path, 0, 0,
                       concat(where, " '", describe(entry), "': post-process number ",
                              number.dump(), " is not a tool number between 1 and 99999999"));
    }
    const int tool = static_cast<int>(number.get<long long>());
    const std::string label = concat("T", std::to_string(tool), " '", describe(entry), "' (",
                                     entry.value("type", std::string("no type")), ")");
    builder.add(tool, label, [&] { return fusionSpec(entry, {path, 0}); });
  }
  return builder.finish();
}

}  // namespace gougechek
