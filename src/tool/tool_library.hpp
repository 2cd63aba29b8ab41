#pragma once
// Tool libraries as CAM systems keep them (docs/tools.md "Tool libraries"): FreeCAD ToolBits
// and libraries, Fusion 360 tool libraries; readToolLibrary() (gougechek/tool.hpp) picks the
// reader. A tool whose shape cannot be modelled is kept as refused, named, not dropped.
#include <functional>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/tool.hpp"

namespace gougechek {

/// Collects one file's tools by number. A tool whose description fails (InputError or a JSON
/// field of the wrong kind) is refused with the reason; a number listed twice in the file is
/// refused too, naming both tools, since the program's T word cannot tell them apart.
class LibraryBuilder {
 public:
  explicit LibraryBuilder(std::string file) : file_(std::move(file)) {}

  /// Tool `number`, called `label` in messages ("T5 '6 mm ball'"), made by `build`.
  void add(int number, const std::string& label, const std::function<ToolSpec()>& build);

  ToolLibrary finish() { return std::move(library_); }

 private:
  std::string file_;
  std::map<int, std::string> labels_;
  ToolLibrary library_;
};

/// Parses `text` (from `path`) as JSON, InputError with the line of a syntax error; nesting
/// deeper than a tool library needs is refused before it can exhaust the stack.
nlohmann::json parseToolJson(const std::string& text, const std::string& path);

/// A FreeCAD ToolBit file as a ToolSpec. Throws InputError naming `path` for a shape gougechek
/// cannot model or a missing or bad parameter.
ToolSpec readFreeCadBit(const std::string& path);
ToolSpec freeCadBitSpec(const nlohmann::json& bit, const std::string& path);

/// The FreeCAD ToolBit `bit` (a library entry's "path") of the library at `library_path`, found
/// as FreeCAD finds it (docs/tools.md); nullopt when it is nowhere.
std::optional<std::string> findFreeCadBit(const std::string& library_path, const std::string& bit);

/// The files reading the tool library at `path` reads besides it: the FreeCAD ToolBits a
/// `.fctl` lists that exist. None for a library that cannot be read (reading it for the check
/// says why) or that is no regular file (a pipe is read once): the list serves to keep a run's
/// outputs off its inputs.
std::vector<std::string> toolLibraryBitFiles(const std::string& path);

/// A FreeCAD library (`.fctl`), its bits resolved as FreeCAD does (docs/tools.md).
ToolLibrary readFreeCadLibrary(const nlohmann::json& library, const std::string& path);

/// A Fusion 360 tool library (`{"data": [...]}`), holders included.
ToolLibrary readFusionLibrary(const nlohmann::json& library, const std::string& path);

}  // namespace gougechek
