#include "io/brep_structure.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <iterator>
#include <optional>
#include <utility>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

// ---- STEP -------------------------------------------------------------------------------

// One statement of a STEP file: the text up to its ';', strings and comments blanked out, and
// the line it starts on.
struct StepStatement {
  std::string text;
  std::size_t line = 0;
};

// Splits STEP text into statements, calling `visit` for each. Strings ('...', '' escapes a
// quote) and comments (/* ... */) may hold ';' and '#', so they are left out of the text.
// Returns false when the text ends inside a statement, string or comment.
template <typename Visit>
bool forEachStepStatement(std::string_view text, Visit visit) {
  StepStatement statement;
  std::size_t line = 1;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') ++line;
    if (c == '\'') {
      for (++i; i < text.size(); ++i) {
        if (text[i] == '\n') ++line;
        if (text[i] != '\'') continue;
        if (i + 1 < text.size() && text[i + 1] == '\'') {
          ++i;
          continue;
        }
        break;
      }
      if (i >= text.size()) return false;
      statement.text += "''";
      continue;
    }
    if (c == '/' && i + 1 < text.size() && text[i + 1] == '*') {
      const std::size_t end = text.find("*/", i + 2);
      if (end == std::string_view::npos) return false;
      line += static_cast<std::size_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(i),
                                                  text.begin() + static_cast<std::ptrdiff_t>(end),
                                                  '\n'));
      i = end + 1;
      continue;
    }
    if (c == ';') {
      visit(statement);
      statement.text.clear();
      statement.line = 0;
      continue;
    }
    const bool blank = c == ' ' || c == '\t' || c == '\r' || c == '\n';
    if (statement.text.empty() && blank) continue;
    if (statement.text.empty()) statement.line = line;
    statement.text += c;
  }
  return statement.text.empty();
}

// The statement's keyword without white space: "ENDSEC", "DATA", "END-ISO-10303-21".
std::string stepKeyword(const std::string& text) {
  std::string keyword;
  for (char c : text) {
    if (c == '(') break;
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') keyword += c;
  }
  return keyword;
}

struct StepReference {
  std::uint64_t id;
  std::size_t line;
};

// Every "#digits" in `text`, in order.
void collectReferences(const std::string& text, std::size_t line,
                       std::vector<StepReference>& references) {
  for (std::size_t i = text.find('#'); i != std::string::npos; i = text.find('#', i + 1)) {
    std::uint64_t id = 0;
    const auto [end, error] = std::from_chars(text.data() + i + 1, text.data() + text.size(), id);
    if (error == std::errc()) references.push_back({id, line});
  }
}

// An entity instance is `TYPE(...)` or, complex, `(A(...) B(...))`: its parentheses close
// only at its end. A damaged statement (`,.F.;` for `,.F.);`) is skipped by OCCT's parser, and
// the part read without that entity.
bool wellFormedInstance(std::string_view text) {
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  if (last == std::string_view::npos || text[last] != ')') return false;
  int depth = 0;
  for (std::size_t i = 0; i <= last; ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] != ')') continue;
    if (--depth < 0 || (depth == 0 && i != last)) return false;
  }
  return depth == 0;
}

// ---- IGES -------------------------------------------------------------------------------

// IGES lines are 80 columns: data in 1–72, the section letter in 73, the sequence number in
// 74–80.
constexpr std::size_t kIgesSectionColumn = 72;
constexpr std::size_t kIgesSequenceColumn = 73;
constexpr std::size_t kIgesFieldWidth = 8;
constexpr std::string_view kIgesSections = "SGDPT";
enum IgesSection { kStart, kGlobal, kDirectory, kParameter, kTerminate, kSectionCount };

// A directory entry's parameter data pointer is its first line's field 2, the number of
// parameter lines its second line's field 4.
constexpr std::size_t kParameterPointerField = 1;
constexpr std::size_t kParameterLinesField = 3;

std::optional<long> igesInteger(std::string_view field) {
  const std::size_t first = field.find_first_not_of(' ');
  if (first == std::string_view::npos) return std::nullopt;
  const std::size_t last = field.find_last_not_of(' ');
  field = field.substr(first, last - first + 1);
  long value = 0;
  const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (error != std::errc() || end != field.data() + field.size()) return std::nullopt;
  return value;
}

std::string_view igesField(std::string_view line, std::size_t field) {
  return line.substr(field * kIgesFieldWidth, kIgesFieldWidth);
}

}  // namespace

void checkStepStructure(std::string_view text, const std::string& file) {
  bool in_section = false, in_data = false, ended = false;
  std::size_t section_line = 0;
  std::vector<StepReference> defined;  // each definition's id and line
  std::vector<StepReference> references;
  std::optional<InputError> error;
  bool first = true;
  const bool complete = forEachStepStatement(text, [&](const StepStatement& statement) {
    if (ended || error) return;
    const std::string keyword = stepKeyword(statement.text);
    if (std::exchange(first, false) && keyword != "ISO-10303-21") {
      error.emplace(file, 0, 0, "not a readable STEP file: it does not begin with 'ISO-10303-21;'");
      return;
    }
    if (keyword == "HEADER" || keyword == "DATA") {
      if (in_section)
        error.emplace(file, statement.line, 0,
                      keyword + " section begins before the section of line " +
                          std::to_string(section_line) + " ends (ENDSEC missing)");
      in_section = true, in_data = keyword == "DATA", section_line = statement.line;
    } else if (keyword == "ENDSEC") {
      in_section = in_data = false;
    } else if (keyword == "END-ISO-10303-21") {
      ended = true;
    } else if (in_data) {
      // "#12 = ENTITY(...)": the id before '=' is defined, every other one referred to.
      const std::size_t equals = statement.text.find('=');
      std::uint64_t id = 0;
      if (statement.text[0] != '#' || equals == std::string::npos ||
          std::from_chars(statement.text.data() + 1, statement.text.data() + equals, id).ec !=
              std::errc()) {
        error.emplace(file, statement.line, 0, "a DATA statement that is not '#id = entity'");
        return;
      }
      if (!wellFormedInstance(std::string_view(statement.text).substr(equals + 1))) {
        error.emplace(file, statement.line, 0,
                      "a damaged DATA statement: its parentheses do not close at its end");
        return;
      }
      defined.push_back({id, statement.line});
      collectReferences(statement.text.substr(equals), statement.line, references);
    }
  });
  if (error) throw *error;
  if (first)
    throw InputError(file, 0, 0,
                     "not a readable STEP file: it does not begin with 'ISO-10303-21;'");
  if (!ended || !complete)
    throw InputError(file, 0, 0,
                     std::string("not a readable STEP file: it is cut short: ") +
                         (in_section ? "the section of line " + std::to_string(section_line) +
                                           " has no ENDSEC, and "
                                     : "") +
                         "END-ISO-10303-21 is missing");
  if (in_section)
    throw InputError(file, section_line, 0, "this section has no ENDSEC before END-ISO-10303-21");
  const auto by_id_then_line = [](const StepReference& a, const StepReference& b) {
    return std::pair(a.id, a.line) < std::pair(b.id, b.line);
  };
  std::sort(defined.begin(), defined.end(), by_id_then_line);
  // Part 21 names each instance once; OCCT would keep one definition and drop the other's
  // entity (a face) without a word.
  const auto twice = std::adjacent_find(
      defined.begin(), defined.end(),
      [](const StepReference& a, const StepReference& b) { return a.id == b.id; });
  if (twice != defined.end())
    throw InputError(file, std::next(twice)->line, 0,
                     "#" + std::to_string(twice->id) + " is defined twice, on lines " +
                         std::to_string(twice->line) + " and " +
                         std::to_string(std::next(twice)->line) +
                         " (a STEP file defines each entity once)");
  const auto by_id = [](const StepReference& a, const StepReference& b) { return a.id < b.id; };
  for (const StepReference& reference : references)
    if (!std::binary_search(defined.begin(), defined.end(), reference, by_id))
      throw InputError(file, reference.line, 0,
                       "refers to #" + std::to_string(reference.id) +
                           ", which the file does not define (an entity is missing)");
}

void checkIgesStructure(std::string_view text, const std::string& file) {
  std::array<std::size_t, kSectionCount> counts{};
  std::vector<std::pair<std::string_view, std::size_t>> directory;  // lines, file line numbers
  std::string_view terminate;
  std::size_t line_number = 0, terminate_line = 0;
  int section = kStart;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.find_first_not_of(' ') == std::string_view::npos) continue;
    const std::size_t letter = line.size() > kIgesSectionColumn
                                   ? kIgesSections.find(line[kIgesSectionColumn])
                                   : std::string_view::npos;
    // Not IGES at all (line 1), or damaged from this line on.
    if (letter == std::string_view::npos && line_number == 1)
      throw InputError(file, 0, 0,
                       "not a readable IGES file: its first line has no section letter (S, G, "
                       "D, P, T) in column 73");
    if (letter == std::string_view::npos && start >= text.size())
      throw InputError(file, line_number, 0,
                       "not a readable IGES file: it is cut short, its last line is incomplete");
    if (letter == std::string_view::npos)
      throw InputError(file, line_number, 0,
                       "not an IGES line: no section letter (S, G, D, P, T) in column 73");
    if (static_cast<int>(letter) < section)
      throw InputError(file, line_number, 0, "IGES sections out of order");
    section = static_cast<int>(letter);
    const auto sequence = igesInteger(line.substr(kIgesSequenceColumn));
    if (!sequence || *sequence != static_cast<long>(counts[letter]) + 1)
      throw InputError(file, line_number, 0,
                       "IGES line out of sequence: expected number " +
                           std::to_string(counts[letter] + 1) + " of its section");
    ++counts[letter];
    if (letter == kDirectory) directory.emplace_back(line, line_number);
    if (letter == kTerminate) terminate = line, terminate_line = line_number;
  }
  if (counts[kTerminate] == 0)
    throw InputError(
        file, 0, 0,
        "not a readable IGES file: it is cut short, no Terminate (T) section after line " +
            std::to_string(line_number));
  // "S      1G      4D   1302P  11517": each section's letter and line count.
  for (int s = kStart; s < kTerminate; ++s) {
    const std::string_view field = igesField(terminate, static_cast<std::size_t>(s));
    const auto declared = field.empty() || field[0] != kIgesSections[static_cast<std::size_t>(s)]
                              ? std::nullopt
                              : igesInteger(field.substr(1));
    if (!declared || *declared != static_cast<long>(counts[static_cast<std::size_t>(s)]))
      throw InputError(file, terminate_line, 0,
                       std::string("the Terminate section declares ") +
                           (declared ? std::to_string(*declared) : "no count of") + " " +
                           kIgesSections[static_cast<std::size_t>(s)] + " lines, the file has " +
                           std::to_string(counts[static_cast<std::size_t>(s)]));
  }
  if (directory.size() % 2 != 0)
    throw InputError(file, directory.back().second, 0,
                     "the Directory Entry section has an odd number of lines (entries take 2)");
  const auto parameter_lines = static_cast<long>(counts[kParameter]);
  for (std::size_t d = 0; d < directory.size(); d += 2) {
    const auto pointer = igesInteger(igesField(directory[d].first, kParameterPointerField));
    const auto lines = igesInteger(igesField(directory[d + 1].first, kParameterLinesField));
    if (!pointer || !lines || *pointer < 1 || *lines < 1 || *pointer + *lines - 1 > parameter_lines)
      throw InputError(file, directory[d].second, 0,
                       "directory entry " + std::to_string(d + 1) +
                           ": its parameter data lies outside the Parameter Data section (" +
                           std::to_string(parameter_lines) + " lines)");
  }
}

}  // namespace gougechek
