// The `--tool` syntax: `type:D[:r[:A]]` then `,key=value` extras.
#include <vector>

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

/// How many `:`-separated numbers follow the type name.
std::size_t shapeParameterCount(CutterType type) {
  switch (type) {
    case CutterType::Ball:
    case CutterType::Flat:
      return 1;
    case CutterType::Bull:
      return 2;
    case CutterType::Taper:
      return 3;
  }
  return 0;
}

const char* shapeSyntax(CutterType type) {
  switch (type) {
    case CutterType::Ball:
      return "ball:D";
    case CutterType::Flat:
      return "flat:D";
    case CutterType::Bull:
      return "bull:D:r";
    case CutterType::Taper:
      return "taper:D:r:A";
  }
  return "";
}

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
  }
  return "unknown";
}

const ToolSpec* ToolLibrary::find(int number) const {
  const auto entry = by_number.find(number);
  if (entry != by_number.end()) return &entry->second;
  return fallback ? &*fallback : nullptr;
}

ToolSpec parseToolSpec(const std::string& text, const std::string& origin_name) {
  const ToolOrigin origin{origin_name, 0};
  const std::vector<std::string_view> items = split(text, ',');
  const std::vector<std::string_view> shape = split(items.front(), ':');

  const auto type = cutterTypeFromName(shape.front());
  if (!type) {
    throwToolError(origin, concat("unknown cutter type '", shape.front(), "' in '", text,
                                  "' (expected ball:D, flat:D, bull:D:r or taper:D:r:A)"));
  }
  if (shape.size() != 1 + shapeParameterCount(*type)) {
    throwToolError(origin, concat("'", items.front(), "': a ", cutterTypeName(*type),
                                  " cutter is written ", shapeSyntax(*type)));
  }

  ToolDraft draft;
  draft.type = *type;
  draft.diameter = parseToolNumber(shape[1], "diameter", origin);
  if (shape.size() > 2) draft.corner_radius = parseToolNumber(shape[2], "corner radius", origin);
  if (shape.size() > 3) draft.taper_angle_deg = parseToolNumber(shape[3], "half-angle", origin);

  for (std::size_t i = 1; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      throwToolError(origin, concat("'", item, "' is not key=value (keys: flute, shank, length)"));
    }
    const std::string_view key = item.substr(0, equals);
    const double value = parseToolNumber(item.substr(equals + 1), key, origin);
    if (!applyLengthOption(draft, key, value, origin)) {
      throwToolError(origin, concat("unknown key '", key, "' (keys: flute, shank, length)"));
    }
  }
  return finishToolSpec(draft, origin);
}

}  // namespace gougechek
