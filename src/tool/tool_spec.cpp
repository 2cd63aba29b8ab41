// The `--tool` syntax: `type:D[:r[:A]]` then `,key=value` extras.
#include <algorithm>
#include <vector>

#include "geom/did_you_mean.hpp"
#include "gougechek/error.hpp"
#include "gougechek/tool.hpp"
#include "tool/tool_draft.hpp"

namespace gougechek {

namespace {

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t end = text.find(separator, begin);
    parts.push_back(text.substr(begin, end - begin));
    if (end == std::string_view::npos) return parts;
    begin = end + 1;
  }
}

/// One `type:...` form of the --tool syntax: the type it gives and how its numbers read.
struct ShapeForm {
  std::string_view name;
  CutterType type;
  std::string_view syntax;  ///< for messages
  /// Which draft value each `:`-number after D fills.
  enum class Number { Corner, HalfAngle, Tip, Included, Point, Height };
  std::vector<Number> numbers;
};

const std::vector<ShapeForm>& shapeForms() {
  using N = ShapeForm::Number;
  static const std::vector<ShapeForm> forms{
      {"ball", CutterType::Ball, "ball:D", {}},
      {"flat", CutterType::Flat, "flat:D", {}},
      {"bull", CutterType::Bull, "bull:D:r", {N::Corner}},
      {"taper", CutterType::Taper, "taper:D:r:A", {N::Corner, N::HalfAngle}},
      {"chamfer", CutterType::Chamfer, "chamfer:D:d:A", {N::Tip, N::HalfAngle}},
      // Engraving V-bits and spot drills are named by their included angle V, tip a point.
      {"vbit", CutterType::Chamfer, "vbit:D:V", {N::Included}},
      {"spot", CutterType::Chamfer, "spot:D:V", {N::Included}},
      {"drill", CutterType::Drill, "drill:D:P", {N::Point}},
      {"lollipop", CutterType::Lollipop, "lollipop:D,neck=d", {}},
      {"dovetail", CutterType::Dovetail, "dovetail:D:A:h,neck=d", {N::HalfAngle, N::Height}},
  };
  return forms;
}

/// What shops call the cutters, for the suggestions of an unknown type: an end mill is flat,
/// ball or bull nosed.
const Synonyms& cutterSynonyms() {
  static const Synonyms synonyms{
      {"endmill", {"flat", "ball", "bull"}},
      {"end-mill", {"flat", "ball", "bull"}},
      {"mill", {"flat", "ball", "bull"}},
      {"square", {"flat"}},
      {"flatend", {"flat"}},
      {"ballnose", {"ball"}},
      {"ball-nose", {"ball"}},
      {"ballend", {"ball"}},
      {"sphere", {"ball", "lollipop"}},
      {"bullnose", {"bull"}},
      {"bull-nose", {"bull"}},
      {"torus", {"bull"}},
      {"radius", {"bull"}},
      {"tapered", {"taper"}},
      {"v-bit", {"vbit"}},
      {"vee", {"vbit"}},
      {"engraver", {"vbit", "chamfer"}},
      {"spotdrill", {"spot"}},
      {"spot-drill", {"spot"}},
      {"countersink", {"chamfer"}},
      {"undercut", {"lollipop", "dovetail"}},
  };
  return synonyms;
}

constexpr std::string_view kKeys = "keys: flute, shank, length, centre, neck, holder";

}  // namespace

const char* cutterTypeName(CutterType type) {
  switch (type) {
    case CutterType::Ball:
      return "ball";
    case CutterType::Flat:
      return "flat";
    case CutterType::Bull:
      return "bull";
    case CutterType::Taper:
      return "taper";
    case CutterType::Chamfer:
      return "chamfer";
    case CutterType::Drill:
      return "drill";
    case CutterType::Lollipop:
      return "lollipop";
    case CutterType::Dovetail:
      return "dovetail";
  }
  return "unknown";
}

const ToolSpec* ToolLibrary::find(int number) const {
  if (const auto refusal = refused.find(number); refusal != refused.end()) {
    throw InputError(refusal->second.file, 0, 0, refusal->second.reason);
  }
  const auto entry = by_number.find(number);
  if (entry != by_number.end()) return &entry->second;
  return fallback ? &*fallback : nullptr;
}

std::optional<std::string> holderNamedIn(const std::string& text) {
  const std::vector<std::string_view> items = split(text, ',');
  for (std::size_t i = 1; i < items.size(); ++i)
    if (items[i].starts_with("holder=")) return std::string(items[i].substr(7));
  return std::nullopt;
}

ToolSpec parseToolSpec(const std::string& text, const std::string& origin_name) {
  const ToolOrigin origin{origin_name, 0};
  const std::vector<std::string_view> items = split(text, ',');
  const std::vector<std::string_view> shape = split(items.front(), ':');

  const auto& forms = shapeForms();
  const auto form = std::find_if(forms.begin(), forms.end(),
                                 [&](const ShapeForm& f) { return f.name == shape.front(); });
  if (form == forms.end()) {
    std::vector<std::string> names;
    for (const ShapeForm& known : forms) names.emplace_back(known.name);
    throwToolError(origin, concat("unknown cutter type '", shape.front(), "' in '", text, "'",
                                  didYouMean(shape.front(), names, cutterSynonyms()),
                                  "; expected ball:D, flat:D, bull:D:r, taper:D:r:A, "
                                  "chamfer:D:d:A, vbit:D:V, spot:D:V, drill:D:P, lollipop:D or "
                                  "dovetail:D:A:h"));
  }
  if (shape.size() != 2 + form->numbers.size()) {
    throwToolError(origin, concat("'", items.front(), "': a ", form->name, " cutter is written ",
                                  form->syntax));
  }

  ToolDraft draft;
  draft.type = form->type;
  draft.diameter = parseToolNumber(shape[1], "diameter", origin);
  for (std::size_t i = 0; i < form->numbers.size(); ++i) {
    const std::string_view number = shape[i + 2];
    switch (form->numbers[i]) {
      case ShapeForm::Number::Corner:
        draft.corner_radius = parseToolNumber(number, "corner radius", origin);
        break;
      case ShapeForm::Number::HalfAngle:
        draft.taper_angle_deg = parseToolNumber(number, "half-angle", origin);
        break;
      case ShapeForm::Number::Tip:
        draft.tip_diameter = parseToolNumber(number, "tip diameter", origin);
        break;
      case ShapeForm::Number::Included:
        // A V of 0 or 180 degrees is refused by finishToolSpec as a half-angle of 0 or 90.
        draft.taper_angle_deg = parseToolNumber(number, "included angle", origin) / 2;
        break;
      case ShapeForm::Number::Point:
        draft.point_angle_deg = parseToolNumber(number, "point angle", origin);
        break;
      case ShapeForm::Number::Height:
        draft.cutting_height = parseToolNumber(number, "cutting height", origin);
        break;
    }
  }

  for (std::size_t i = 1; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      throwToolError(origin, concat("'", item, "' is not key=value (", kKeys, ")"));
    }
    const std::string_view key = item.substr(0, equals);
    const std::string_view value = item.substr(equals + 1);
    if (key == "holder") {
      if (draft.holder) throwToolError(origin, "'holder' given twice");
      if (value.empty()) throwToolError(origin, "holder= names no holder");
      draft.holder = std::string(value);
      continue;
    }
    const double number = parseToolNumber(value, key, origin);
    if (applyLengthOption(draft, key, number, origin)) continue;
    if (key == "neck" && applyShapeOption(draft, key, number, origin)) continue;
    throwToolError(origin, concat("unknown key '", key, "' for a ", form->name, " cutter (", kKeys,
                                  "; neck for lollipop and dovetail)"));
  }
  return finishToolSpec(draft, origin);
}

}  // namespace gougechek
