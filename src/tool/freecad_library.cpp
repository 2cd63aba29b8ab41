// FreeCAD ToolBits (`.fctb`) and libraries (`.fctl`), docs/tools.md "FreeCAD". A bit is the
// parameters of a shape document the file does not carry: only the shapes whose parameters fix
// the geometry (FreeCAD's end mill, ball end, bull nose, chamfer, V-bit and drill) are read;
// any other shape is refused by name, never guessed.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <system_error>
#include <vector>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
#include "tool/tool_draft.hpp"
#include "tool/tool_library.hpp"

namespace gougechek {

namespace fs = std::filesystem;

namespace {

enum class Quantity { Length, Angle };

struct UnitFactor {
  std::string_view unit;
  Quantity quantity;
  double factor;  ///< to mm or degrees
};

// The units FreeCAD writes in bits (FreeCAD.Units.Quantity); no unit is FreeCAD's internal mm
// or degree.
constexpr UnitFactor kUnits[] = {
    {"mm", Quantity::Length, 1},           {"cm", Quantity::Length, 10},
    {"m", Quantity::Length, 1000},         {"\xCE\xBCm", Quantity::Length, 1e-3},
    {"\xC2\xB5m", Quantity::Length, 1e-3}, {"um", Quantity::Length, 1e-3},
    {"in", Quantity::Length, 25.4},        {"\"", Quantity::Length, 25.4},
    {"\xC2\xB0", Quantity::Angle, 1},      {"deg", Quantity::Angle, 1},
};

/// A parameter's value in mm or degrees: a JSON number, or a string such as "6.0000 mm",
/// "6,0 mm" (a German locale's comma), "0.375 \"", "12mm", "118.0000 °".
double quantity(const nlohmann::json& value, std::string_view name, Quantity kind,
                const ToolOrigin& origin) {
  if (value.is_number()) return value.get<double>();
  if (!value.is_string()) throwToolError(origin, concat("parameter ", name, " is not a quantity"));
  std::string text = value.get<std::string>();
  std::size_t end = 0;
  while (end < text.size() &&
         std::string_view("+-0123456789.,eE").find(text[end]) != std::string_view::npos) {
    ++end;
  }
  // "1e" is not a number, but "5.0 mm" must not lose its exponent-looking letters: trim an
  // exponent marker with nothing after it back into the unit.
  while (end > 0 && (text[end - 1] == 'e' || text[end - 1] == 'E')) --end;
  std::string number = text.substr(0, end);
  std::replace(number.begin(), number.end(), ',', '.');
  std::string_view unit = std::string_view(text).substr(end);
  unit.remove_prefix(std::min(unit.find_first_not_of(' '), unit.size()));
  while (unit.ends_with(' ')) unit.remove_suffix(1);
  const double amount = parseToolNumber(number, concat("parameter ", name), origin);
  if (unit.empty()) return amount;
  for (const UnitFactor& known : kUnits) {
    if (known.unit != unit) continue;
    if (known.quantity != kind) {
      throwToolError(origin, concat("parameter ", name, " '", text, "': expected ",
                                    kind == Quantity::Length ? "a length" : "an angle"));
    }
    return amount * known.factor;
  }
  throwToolError(origin, concat("parameter ", name, " '", text, "': unknown unit '", unit, "'"));
}

class BitParameters {
 public:
  BitParameters(const nlohmann::json& bit, ToolOrigin origin)
      : parameters_(bit.value("parameter", nlohmann::json::object())),
        attributes_(bit.value("attribute", nlohmann::json::object())),
        origin_(std::move(origin)) {
    if (!parameters_.is_object()) throwToolError(origin_, "\"parameter\" is not an object");
    if (!attributes_.is_object()) attributes_ = nlohmann::json::object();
  }

  std::optional<double> find(std::string_view name, Quantity kind = Quantity::Length) const {
    const std::string key(name);
    if (parameters_.contains(key)) return quantity(parameters_[key], name, kind, origin_);
    return std::nullopt;
  }

  double get(std::string_view name, Quantity kind = Quantity::Length) const {
    if (const auto value = find(name, kind)) return *value;
    throwToolError(origin_, concat("parameter ", name, " is missing"));
  }

  /// How far the bit stands out of its holder: NibblerBOT's Stickout parameter, Better Tool
  /// Library's btl-stickout attribute.
  std::optional<double> stickout() const {
    if (const auto value = find("Stickout")) return value;
    if (attributes_.contains("btl-stickout"))
      return quantity(attributes_["btl-stickout"], "btl-stickout", Quantity::Length, origin_);
    return std::nullopt;
  }

 private:
  nlohmann::json parameters_, attributes_;
  ToolOrigin origin_;
};

/// The shape's name: FreeCAD main's shape-type, else the shape file's stem, lower case.
std::string shapeName(const nlohmann::json& bit) {
  std::string name = bit.contains("shape-type") && bit["shape-type"].is_string()
                         ? bit["shape-type"].get<std::string>()
                         : fs::path(bit.value("shape", std::string())).stem().string();
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

/// Whether a bit path is absolute or climbs out of the library's folder (`..`).
bool climbsOut(const fs::path& given) {
  return !given.is_relative() ||
         std::any_of(given.begin(), given.end(), [](const fs::path& part) { return part == ".."; });
}

}  // namespace

ToolSpec freeCadBitSpec(const nlohmann::json& bit, const std::string& path) {
  const ToolOrigin origin{path, 0};
  if (!bit.is_object()) throwToolError(origin, "not a FreeCAD ToolBit: not a JSON object");
  const std::string shape = shapeName(bit);
  const BitParameters parameters(bit, origin);

  ToolDraft draft;
  std::optional<double> flute = parameters.find("CuttingEdgeHeight");
  if (shape == "endmill") {
    draft.type = CutterType::Flat;
  } else if (shape == "ballend") {
    draft.type = CutterType::Ball;
  } else if (shape == "bullnose" || shape == "torus") {
    // The corner's names over the versions (FreeCAD's own migration maps them alike).
    draft.type = CutterType::Bull;
    if (const auto corner = parameters.find("CornerRadius")) {
      draft.corner_radius = corner;
    } else if (const auto torus = parameters.find("TorusRadius")) {
      draft.corner_radius = torus;
    } else {
      draft.corner_radius = parameters.get("Diameter") / 2 - parameters.get("FlatRadius");
    }
  } else if (shape == "chamfer" || shape == "vbit" || shape == "v-bit" || shape == "v_bit") {
    draft.type = CutterType::Chamfer;
    draft.taper_angle_deg = parameters.get("CuttingEdgeAngle", Quantity::Angle) / 2;
    draft.tip_diameter = parameters.find("TipDiameter").value_or(0);
  } else if (shape == "drill") {
    // A drill bit cuts along its whole length.
    draft.type = CutterType::Drill;
    draft.point_angle_deg = parameters.get("TipAngle", Quantity::Angle);
    flute = parameters.get("Length");
  } else if (shape.empty()) {
    throwToolError(origin, "no \"shape\": not a FreeCAD ToolBit");
  } else {
    throwToolError(origin, concat("shape '", shape,
                                  "' is not supported (FreeCAD shapes read: endmill, ballend, "
                                  "bullnose, torus, chamfer, v-bit, drill); describe it with "
                                  "--tool or give a supported shape"));
  }
  draft.diameter = parameters.get("Diameter");
  if (!flute) throwToolError(origin, "parameter CuttingEdgeHeight is missing");
  draft.shank_diameter = parameters.find("ShankDiameter");
  // The bit stands out of its holder by its stickout when the file gives one, else by its whole
  // length; flutes inside the holder do not reach the part.
  const std::optional<double> stickout = parameters.stickout();
  const double out = stickout ? *stickout : parameters.get("Length");
  draft.flute_length = std::min(*flute, out);
  const ToolSpec spec = finishToolSpec(draft, origin);
  if (!(out > spec.flute_length)) return spec;
  draft.overall_length = out;
  return finishToolSpec(draft, origin);
}

ToolSpec readFreeCadBit(const std::string& path) {
  return freeCadBitSpec(parseToolJson(readFileBytes(path, kToolBitFile), path), path);
}

std::optional<std::string> findFreeCadBit(const std::string& library_path, const std::string& bit) {
  // As FreeCAD resolves it: the path itself, beside the library, then the bit's file name in the
  // sibling Bit folder. A path that is absolute or climbs out of the library's folder is looked
  // up by its file name only: a library names bits, not files elsewhere on the machine.
  const fs::path folder = fs::path(library_path).parent_path();
  const fs::path given(bit);
  std::vector<fs::path> candidates;
  if (!climbsOut(given)) candidates.push_back(folder / given);
  candidates.push_back(folder / ".." / "Bit" / given.filename());
  candidates.push_back(folder / ".." / "Bit" / given.stem().concat(".fctb"));
  for (const fs::path& candidate : candidates) {
    std::error_code no_file;  // a name too long to look up is no file
    if (fs::is_regular_file(candidate, no_file)) return candidate.lexically_normal().string();
  }
  return std::nullopt;
}

ToolLibrary readFreeCadLibrary(const nlohmann::json& library, const std::string& path) {
  const nlohmann::json& tools = library["tools"];
  if (!tools.is_array()) throw InputError(path, 0, 0, "\"tools\" is not a list");
  LibraryBuilder builder(path);
  for (std::size_t i = 0; i < tools.size(); ++i) {
    const nlohmann::json& entry = tools[i];
    const std::string where = concat("tools[", std::to_string(i), "]");
    if (!entry.is_object() || !entry.contains("nr") || !entry["nr"].is_number_integer() ||
        !entry.contains("path") || !entry["path"].is_string()) {
      throw InputError(path, 0, 0, concat(where, ": expected {\"nr\": N, \"path\": \"BIT.fctb\"}"));
    }
    const auto number = entry["nr"].get<long long>();
    if (number < 1 || number > 99999999) {
      throw InputError(path, 0, 0,
                       concat(where, ": tool number ", std::to_string(number),
                              " is not between 1 and 99999999"));
    }
    const std::string bit = entry["path"].get<std::string>();
    // The file system would read the name only up to the NUL: another file than the one named.
    if (bit.find('\0') != std::string::npos) {
      throw InputError(path, 0, 0,
                       concat(where, ": bit path '", bit, "' holds a NUL byte: not a file name"));
    }
    builder.add(static_cast<int>(number), concat("T", std::to_string(number), " '", bit, "'"), [&] {
      if (const auto found = findFreeCadBit(path, bit)) return readFreeCadBit(*found);
      if (!climbsOut(fs::path(bit))) {
        throwToolError({path, 0},
                       concat("bit file '", bit, "' not found beside the library or in ../Bit"));
      }
      throwToolError({path, 0}, concat("bit file '", bit,
                                       "' not found: a bit path that is absolute or climbs out "
                                       "of the library's folder is looked up by its file name "
                                       "only, in ../Bit (as FreeCAD does), which has no '",
                                       fs::path(bit).filename().string(), "'"));
    });
  }
  return builder.finish();
}

}  // namespace gougechek
