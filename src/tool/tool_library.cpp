// readToolLibrary: which reader a file needs, by its content; merging libraries by number.
#include "tool/tool_library.hpp"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"
#include "tool/tool_draft.hpp"

namespace gougechek {

namespace {

// Deeper than any tool library (a Fusion holder segment sits at depth 5); far below what
// would exhaust the stack of the recursive parts of the JSON library.
constexpr std::size_t kMaxJsonDepth = 64;

/// Where the JSON of a library file starts: after a UTF-8 byte order mark and white space.
std::string_view jsonStart(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  text.remove_prefix(std::min(text.find_first_not_of(" \t\r\n"), text.size()));
  return text;
}

}  // namespace

void LibraryBuilder::add(int number, const std::string& label,
                         const std::function<ToolSpec()>& build) {
  const std::string tool = concat("T", std::to_string(number));
  if (const auto first = labels_.find(number); first != labels_.end()) {
    library_.by_number.erase(number);
    library_.refused[number] = {
        file_, concat(tool, " is listed twice in this library: ", first->second, " and ", label)};
    return;
  }
  labels_.emplace(number, label);
  library_.files[number] = file_;
  try {
    library_.by_number.emplace(number, build());
  } catch (const InputError& error) {
    library_.refused[number] = {file_, concat(label, ": ", error.message())};
  } catch (const nlohmann::json::exception& error) {
    library_.refused[number] = {file_, concat(label, ": ", error.what())};
  }
}

nlohmann::json parseToolJson(const std::string& text, const std::string& path) {
  try {
    return nlohmann::json::parse(
        text, [&path](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
          if (static_cast<std::size_t>(depth) > kMaxJsonDepth) {
            throw InputError(path, 0, 0,
                             concat("JSON nested deeper than ", std::to_string(kMaxJsonDepth),
                                    " levels: not a tool library"));
          }
          return true;
        });
  } catch (const nlohmann::json::parse_error& error) {
    const std::size_t end = std::min<std::size_t>(error.byte, text.size());
    const auto line = 1 + static_cast<std::size_t>(std::count(
                              text.begin(), text.begin() + static_cast<long>(end), '\n'));
    throw InputError(path, line, 0, concat("not valid JSON: ", error.what()));
  } catch (const nlohmann::json::exception& error) {
    // A number beyond double's range (1e999) is refused while parsing, as out_of_range.
    throw InputError(path, 0, 0, concat("not valid JSON: ", error.what()));
  }
}

ToolLibrary readToolLibrary(const std::string& path) {
  const std::string text = readFileBytes(path, kToolLibraryFile);
  const std::string extension = lowercase(std::filesystem::path(path).extension().string());
  if (text.starts_with("PK\x03\x04")) {
    throw InputError(path, 0, 0,
                     "a ZIP archive (a Fusion 360 .tools file): unzip it and give the "
                     "tools.json inside");
  }
  const std::string_view start = jsonStart(text);
  const bool json_extension = extension == ".json" || extension == ".fctl" || extension == ".fctb";
  if (!json_extension && !start.starts_with('{')) {
    std::istringstream table(text);
    return readToolTable(table, path);
  }
  const nlohmann::json library = parseToolJson(std::string(start), path);
  if (!library.is_object()) throw InputError(path, 0, 0, "not a tool library: not a JSON object");
  try {
    if (library.contains("data")) return readFusionLibrary(library, path);
    if (library.contains("tools")) return readFreeCadLibrary(library, path);
  } catch (const nlohmann::json::exception& error) {
    // A field of the wrong kind outside any one tool (a tool's own faults refuse the tool).
    throw InputError(path, 0, 0, concat("not a tool library: ", error.what()));
  }
  if (library.contains("shape") || library.contains("parameter")) {
    throw InputError(path, 0, 0,
                     "a FreeCAD ToolBit has no tool number: give the library (.fctl) that lists "
                     "it");
  }
  throw InputError(path, 0, 0,
                   "neither a Fusion 360 tool library (\"data\") nor a FreeCAD library "
                   "(\"tools\")");
}

std::vector<std::string> toolLibraryBitFiles(const std::string& path) {
  std::vector<std::string> bits;
  // A pipe (`<(cat lib.fctl)`) is read once, by the check: its bits lie beside no folder.
  std::error_code no_file;
  if (!std::filesystem::is_regular_file(path, no_file)) return bits;
  try {
    const std::string text = readFileBytes(path, kToolLibraryFile);
    if (!jsonStart(text).starts_with('{')) return bits;  // a LinuxCNC table
    const nlohmann::json library = parseToolJson(std::string(jsonStart(text)), path);
    const auto tools = library.find("tools");
    if (tools == library.end() || !tools->is_array()) return bits;
    for (const nlohmann::json& entry : *tools) {
      const auto bit = entry.find("path");  // end() for an entry that is no object
      if (bit == entry.end() || !bit->is_string()) continue;
      if (auto found = findFreeCadBit(path, bit->get<std::string>())) bits.push_back(*found);
    }
    // A library that cannot be read lists what it could: reading it for the check says why.
  } catch (const InputError&) {
  } catch (const nlohmann::json::exception&) {
  }
  return bits;
}

void mergeToolLibrary(ToolLibrary& into, const ToolLibrary& more) {
  const auto fileOf = [](const ToolLibrary& library, int number) {
    const auto found = library.files.find(number);
    return found == library.files.end() ? std::string("(unknown file)") : found->second;
  };
  const auto defines = [](const ToolLibrary& library, int number) {
    return library.by_number.contains(number) || library.refused.contains(number);
  };
  std::vector<int> numbers;
  for (const auto& entry : more.by_number) numbers.push_back(entry.first);
  for (const auto& entry : more.refused) numbers.push_back(entry.first);
  for (int number : numbers) {
    if (defines(into, number)) {
      throw InputError(fileOf(more, number), 0, 0,
                       concat("tool T", std::to_string(number), " is defined here and in ",
                              fileOf(into, number), ": give each tool number once"));
    }
  }
  for (const auto& [number, spec] : more.by_number) {
    into.by_number.emplace(number, spec);
    into.files[number] = fileOf(more, number);
  }
  for (const auto& [number, refusal] : more.refused) {
    into.refused.emplace(number, refusal);
    into.files[number] = fileOf(more, number);
  }
}

}  // namespace gougechek
