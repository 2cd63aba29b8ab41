#include "tool/tool_table.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <sstream>
#include <string_view>
#include <vector>

#include "gougechek/error.hpp"
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

/// Applies the comment's cutter description, if it has one, to `draft`.
void readComment(std::string_view comment, ToolDraft& draft, const ToolOrigin& origin) {
  const std::vector<std::string_view> items = tokens(comment, true);
  if (items.empty()) return;
  std::size_t first_option = 0;
  if (const auto type = cutterTypeFromName(items.front())) {
    draft.type = *type;
    first_option = 1;
  } else if (items.front().find('=') == std::string_view::npos) {
    return;  // a free description such as "6mm 2-flute end mill"
  }
  for (std::size_t i = first_option; i < items.size(); ++i) {
    const std::string_view item = items[i];
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      throwToolError(origin, concat("'", item,
                                    "' in the cutter comment is not key=value (keys: flute, "
                                    "shank, length, r, angle, tip, point, neck, h)"));
    }
    const std::string_view key = item.substr(0, equals);
    const double value = parseToolNumber(item.substr(equals + 1), key, origin);
    if (applyLengthOption(draft, key, value, origin)) continue;
    if (!applyShapeOption(draft, key, value, origin)) {
      throwToolError(origin,
                     concat("key '", key, "' does not apply to a ", cutterTypeName(draft.type),
                            " cutter (keys: flute, shank, length; r for bull and taper; angle "
                            "for taper, chamfer and dovetail; tip for chamfer; point for drill; "
                            "neck for lollipop and dovetail; h for dovetail)"));
    }
  }
}

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

[[noreturn]] void throwSystemError(const std::string& path, const std::string& what) {
  throw InputError(path, 0, 0, concat(what, ": ", std::strerror(errno)));
}

}  // namespace

// A pipe or device (/dev/zero) has no size to bound the read: past kMaxStreamedToolTableBytes
// it is refused rather than allowed to take all memory.
std::string readToolFile(const std::string& path, const std::string& what) {
  const std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) throwSystemError(path, concat("cannot open the ", what));
  struct stat status {};
  if (::fstat(::fileno(file.get()), &status) != 0)
    throwSystemError(path, concat("cannot read the ", what));
  if (S_ISDIR(status.st_mode)) throw InputError(path, 0, 0, concat("is a directory, not a ", what));
  const bool regular = S_ISREG(status.st_mode);
  std::string text;
  char buffer[1 << 16];
  while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get())) {
    text.append(buffer, got);
    if (!regular && text.size() > kMaxStreamedToolTableBytes)
      throw InputError(path, 0, 0,
                       concat("not a regular file and longer than ",
                              std::to_string(kMaxStreamedToolTableBytes >> 20),
                              " MiB, the most read from a pipe or device; save it to a file"));
  }
  if (std::ferror(file.get())) throwSystemError(path, concat("cannot read the ", what));
  return text;
}

ToolLibrary readToolTable(std::istream& in, const std::string& file_name) {
  ToolLibrary library;
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(in, line)) {
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
  std::istringstream text(readToolFile(path, "tool table"));
  return readToolTable(text, path);
}

}  // namespace gougechek
