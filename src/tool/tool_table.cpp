#include "tool/tool_table.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <optional>
#include <span>
#include <sstream>
#include <string_view>
#include <vector>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
#include "tool/tool_draft.hpp"

namespace gougechek {

namespace {

bool isSeparator(char c) {
  return std::isspace(static_cast<unsigned char>(c)) || c == ',';
}

std::vector<std::string_view> tokens(std::string_view text, bool commas_separate) {
  std::vector<std::string_view> found;
  const auto separates = [commas_separate](char c) {
    return commas_separate ? isSeparator(c) : std::isspace(static_cast<unsigned char>(c)) != 0;
  };
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && separates(text[i])) ++i;
    const std::size_t begin = i;
    while (i < text.size() && !separates(text[i])) ++i;
    if (i > begin) found.push_back(text.substr(begin, i - begin));
  }
  return found;
}

/// The words before `;`: T, D and the ignored LinuxCNC fields.
struct TableWords {
  std::optional<int> number;
  std::optional<double> diameter;
  double length_offset = 0;  ///< Z
};

TableWords readWords(std::string_view words_text, const ToolOrigin& origin) {
  TableWords words;
  for (std::string_view word : tokens(words_text, false)) {
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(word[0])));
    const std::string_view value = word.substr(1);
    if (letter == 'T') {
      if (words.number) throwToolError(origin, "T given twice");
      int number = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
      if (value.empty() || error != std::errc() || end != value.data() + value.size() ||
          number < 1) {
        throwToolError(origin, concat("tool number '", word,
                                      "' must be a whole number >= 1 (T0 means no tool)"));
      }
      words.number = number;
    } else if (letter == 'D') {
      if (words.diameter) throwToolError(origin, "D given twice");
      words.diameter = parseToolNumber(value, "diameter D", origin);
    } else if (letter == 'Z') {
      words.length_offset = parseToolNumber(value, "Z word", origin);
    } else if (std::string_view("PXYABCUVWIJQ").find(letter) != std::string_view::npos) {
      parseToolNumber(value, concat(std::string(1, letter), " word"), origin);
    } else {
      throwToolError(origin, concat("unknown tool table word '", word, "'"));
    }
  }
  return words;
}

bool isOption(std::string_view item) {
  return item.find('=') != std::string_view::npos;
}

/// Applies the comment's cutter description, if it has one, to `draft`. A first word naming a
/// cutter type, in any case (`;ball`, `;BALL`, `;Taper`), gives the type. The words after it
/// describe the cutter when one of them is key=value, and then strictly: every one must be,
/// so that a typo never drops a size unseen. With none, they are a free description of that
/// type (`;Ball 6x19`). A comment starting with key=value describes a flat end mill; one
/// starting with any other word is a free description ("6mm 2-flute end mill") unless it holds
/// key=value words: their sizes would be dropped unseen (`;TAPERED angle=10` read as a flat end
/// mill passed a program its flank gouged), so such a comment is refused.
void readComment(std::string_view comment, ToolDraft& draft, const ToolOrigin& origin) {
  const std::vector<std::string_view> items = tokens(comment, true);
  if (items.empty()) return;
  std::size_t first_option = 0;
  if (const auto type = cutterTypeFromName(lowercase(items.front()))) {
    draft.type = *type;
    first_option = 1;
  } else if (!isOption(items.front())) {
    if (std::none_of(items.begin(), items.end(), isOption))
      return;  // a free description such as "6mm 2-flute end mill"
    throwToolError(origin, concat("'", items.front(),
                                  "' is not a cutter type, and the comment holds key=value "
                                  "words: a comment that describes the cutter starts with its "
                                  "type (flat, ball, bull, taper, chamfer, drill, lollipop, "
                                  "dovetail) or with key=value for a flat end mill"));
  }
  const auto options = std::span(items).subspan(first_option);
  if (std::none_of(options.begin(), options.end(), isOption)) return;  // ";Ball 6x19 long"
  for (const std::string_view item : options) {
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      throwToolError(origin, concat("'", item,
                                    "' in the cutter comment is not key=value: a comment with "
                                    "key=value words describes the cutter, every word after the "
                                    "type key=value (keys: flute, shank, length, centre, r, "
                                    "angle, tip, point, neck, h)"));
    }
    const std::string key = lowercase(item.substr(0, equals));
    if (key == "holder") {
      throwToolError(origin,
                     "holder is not a tool table key: give the holder with --holder "
                     "NAME (every tool without its own), or use a Fusion 360 library, "
                     "whose tools hold theirs");
    }
    const double value = parseToolNumber(item.substr(equals + 1), key, origin);
    if (applyLengthOption(draft, key, value, origin)) continue;
    if (!applyShapeOption(draft, key, value, origin)) {
      throwToolError(
          origin, concat("key '", key, "' does not apply to a ", cutterTypeName(draft.type),
                         " cutter (keys: flute, shank, length, centre; r for bull and taper; angle "
                         "for taper, chamfer and dovetail; tip for chamfer; point for drill; "
                         "neck for lollipop and dovetail; h for dovetail)"));
    }
  }
}

}  // namespace

ToolLibrary readToolTable(std::istream& in, const std::string& file_name) {
  ToolLibrary library;
  std::string line;
  std::size_t line_number = 0;
  while (readTextLine(in, line)) {
    ++line_number;
    const ToolOrigin origin{file_name, line_number};
    const std::size_t semicolon = line.find(';');
    const std::string_view words_text = std::string_view(line).substr(0, semicolon);
    const std::string_view comment = semicolon == std::string::npos
                                         ? std::string_view()
                                         : std::string_view(line).substr(semicolon + 1);
    if (tokens(words_text, false).empty()) continue;

    const TableWords words = readWords(words_text, origin);
    if (!words.number) throwToolError(origin, "tool entry without a T word");
    if (!words.diameter) throwToolError(origin, "tool entry without a D word (diameter)");
    ToolDraft draft;
    draft.diameter = *words.diameter;
    readComment(comment, draft, origin);
    if (library.by_number.contains(*words.number)) {
      throwToolError(origin, concat("tool T", std::to_string(*words.number), " listed twice"));
    }
    ToolSpec spec = finishToolSpec(draft, origin);
    spec.length_offset = words.length_offset;
    library.by_number.emplace(*words.number, spec);
    library.files[*words.number] = file_name;
  }
  if (in.bad()) throw InputError(file_name, 0, 0, "cannot read the tool table: the stream failed");
  return library;
}

ToolLibrary readToolTable(const std::string& path) {
  std::istringstream text(readFileBytes(path, kToolTableFile));
  return readToolTable(text, path);
}

}  // namespace gougechek
