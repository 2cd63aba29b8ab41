#include "batch/manifest.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>
#include <system_error>

#include "geom/did_you_mean.hpp"
#include "gougechek/error.hpp"
#include "gougechek/move.hpp"
#include "gougechek/tool.hpp"
#include "io/file_bytes.hpp"
#include "job/stock_options.hpp"
#include "job/trace.hpp"

namespace gougechek {

namespace {

namespace fs = std::filesystem;

/// The longest job name: it names a folder, and file systems take names of up to 255 bytes
/// (fewer on some, such as an encrypted home).
constexpr std::size_t kMaxJobName = 128;

/// The longest file name file systems take, and the longest suffix of a file a program leaves
/// beside it (".gcstock"; its reports' is ".html").
constexpr std::size_t kMaxFileName = 255;
constexpr std::size_t kLongestOutputSuffix = 8;

/// Options a manifest may not set: they belong to the batch run as a whole.
bool isRunOption(std::string_view name) {
  return name == "threads" || name == "kdop";
}

/// Options whose values are files or folders, read relative to the manifest's folder.
bool namesAFile(std::string_view name) {
  return name == "tool-table" || name == "tool-library" || name == "work-offsets" ||
         name == "subroutine-path" || name == "subprogram-dir" || name == "fixture" ||
         name == "stock-model" || name == "stock-in";
}

/// The place of a YAML node or error: 1-based line and column, 0 when it has none.
std::pair<std::size_t, std::size_t> placeOf(const YAML::Mark& mark) {
  if (mark.is_null()) return {0, 0};
  return {static_cast<std::size_t>(mark.line + 1), static_cast<std::size_t>(mark.column + 1)};
}

InputError yamlError(const std::string& path, const YAML::Exception& error) {
  const auto [line, column] = placeOf(error.mark);
  return InputError(path, line, column, error.msg);
}

/// Refuses a key given twice in one map, anywhere in the tree. yaml-cpp keeps both: a lookup
/// (node["program"]) finds the first while a loop over the map sees both, so one of them
/// would be silently dropped. `nodes_left` bounds the walk: aliases (*name) can make a short
/// text a tree of exponential size.
void refuseDuplicateKeys(const std::string& path, const YAML::Node& node, std::size_t& nodes_left) {
  if (nodes_left-- == 0) {
    const auto [line, column] = placeOf(node.Mark());
    throw InputError(path, line, column, "aliases (*name) repeat the manifest's nodes too often");
  }
  if (node.IsSequence())
    for (const YAML::Node& item : node) refuseDuplicateKeys(path, item, nodes_left);
  if (!node.IsMap()) return;
  std::map<std::string, std::size_t> first_line;  // scalar key -> its line
  for (const auto& entry : node) {
    if (entry.first.IsScalar()) {
      const auto [line, column] = placeOf(entry.first.Mark());
      const auto [found, added] = first_line.emplace(entry.first.Scalar(), line);
      if (!added)
        throw InputError(path, line, column,
                         "duplicate key '" + entry.first.Scalar() + "' (first on line " +
                             std::to_string(found->second) + ")");
    }
    refuseDuplicateKeys(path, entry.second, nodes_left);
  }
}

/// Where the value of each YAML document of a text starts (the place of its first event after
/// the document's start); the rest of the parser's events are not needed.
class DocumentValues : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> marks;

  void OnDocumentStart(const YAML::Mark&) override { value_seen_ = false; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { note(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { note(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                const std::string&) override {
    note(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    note(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    note(mark);
  }
  void OnMapEnd() override {}

 private:
  void note(const YAML::Mark& mark) {
    if (!value_seen_) marks.push_back(mark);
    value_seen_ = true;
  }
  bool value_seen_ = false;
};

/// Refuses a text that is more than one YAML document, reading at most three of them. A
/// document that starts with a token no value starts with (a ',' outside brackets) is read by
/// yaml-cpp 0.7 as null without consuming that token, so the next document starts at the same
/// place, and so on forever: YAML::LoadAll never returns on ",", "[a]," or "a\n...\n,".
/// Two document values starting at one place are that token; at different places, a second
/// document, which YAML::Load would drop with its jobs.
void refuseSecondDocument(const std::string& path, const std::string& text) {
  std::istringstream stream(text);
  YAML::Parser parser(stream);
  DocumentValues values;
  while (values.marks.size() < 3 && parser.HandleNextDocument(values)) {
    const std::size_t count = values.marks.size();
    if (count >= 2 && values.marks[count - 1].pos == values.marks[count - 2].pos) {
      const auto [line, column] = placeOf(values.marks.back());
      const auto at = static_cast<std::size_t>(values.marks.back().pos);
      throw InputError(path, line, column,
                       "unexpected '" + text.substr(at, 1) +
                           "' where a YAML value should start (',' separates items only "
                           "inside [...] and {...})");
    }
  }
  if (values.marks.size() > 1) {
    const auto [line, column] = placeOf(values.marks[1]);
    throw InputError(path, line, column,
                     "a second YAML document (after '---'): a manifest is one document");
  }
}

/// The manifest's one YAML document, with no key given twice in a map.
YAML::Node loadDocument(const std::string& path, const std::string& text) {
  YAML::Node document;
  try {
    refuseSecondDocument(path, text);
    document = YAML::Load(text);
  } catch (const YAML::DeepRecursion& error) {
    const auto [line, column] = placeOf(error.mark);
    throw InputError(path, line, column,
                     "lists and maps nested too deeply for the YAML reader (a manifest needs a "
                     "few levels)");
  } catch (const YAML::Exception& error) {
    throw yamlError(path, error);
  }
  // Each node of the text takes a byte or more of it; aliases may repeat a node a few times.
  std::size_t nodes_left = 4 * text.size() + 16;
  refuseDuplicateKeys(path, document, nodes_left);
  return document;
}

class ManifestReader {
 public:
  explicit ManifestReader(std::string file)
      : file_(std::move(file)), folder_(fs::path(file_).parent_path()) {}

  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) const {
    const auto [line, column] = placeOf(at.Mark());
    throw InputError(file_, line, column, message);
  }

  /// A relative path from the manifest, as seen from where the run started.
  std::string resolved(const std::string& path) const {
    if (path.empty() || fs::path(path).is_absolute()) return path;
    return (folder_ / path).lexically_normal().string();
  }

  std::string scalar(const YAML::Node& node, const std::string& key) const {
    if (!node.IsScalar()) fail(node, key + ": expected a single value");
    return node.Scalar();
  }

  /// `start: [x, y, z]` or the command line's "x,y,z".
  std::string startText(const YAML::Node& node) const {
    if (!node.IsSequence()) return scalar(node, "start");
    std::string text;
    for (const YAML::Node& item : node) {
      if (!text.empty()) text.push_back(',');
      text.append(scalar(item, "start"));
    }
    return text;
  }

  /// Applies one `key: value` of a job or of the defaults to `job`.
  void setOption(TunedJob& job, const YAML::Node& key_node, const YAML::Node& value) const {
    const std::string key = scalar(key_node, "key");
    const auto& names = checkOptionNames();
    if (std::find(names.begin(), names.end(), key) == names.end() || isRunOption(key)) {
      std::vector<std::string> keys = {"name",  "part",      "program", "programs",
                                       "setup", "stock-out", "waivers"};
      for (const std::string_view name : names)
        if (!isRunOption(name)) keys.emplace_back(name);
      fail(key_node, "unknown key '" + key + "'" + didYouMean(key, keys));
    }
    std::vector<std::string> texts;
    if (key == "start") {
      texts.push_back(startText(value));
    } else if (value.IsSequence() &&
               (key == "tool-library" || key == "subroutine-path" || key == "subprogram-dir" ||
                key == "fixture" || key == "fixture-transform")) {
      for (const YAML::Node& item : value) texts.push_back(scalar(item, key));
    } else {
      texts.push_back(scalar(value, key));
    }
    // A job's libraries replace the defaults' (adding them would define every tool twice).
    if (key == "tool-library") job.tool_libraries.clear();
    if (key == "fixture") job.fixtures.clear();
    if (key == "fixture-transform") job.fixture_transforms.clear();
    for (std::string& text : texts) {
      // A holder is a family name (ER32) or a profile file beside the manifest.
      std::error_code no_file;
      if (namesAFile(key) || (key == "holder" && fs::exists(resolved(text), no_file)))
        text = resolved(text);
      try {
        setCheckOption(job, key, text, SettingNames::Manifest);
      } catch (const UsageError& error) {
        fail(value, error.what());
      }
    }
    // The cutter is checked here, as the command line checks --tool before it reads anything:
    // a typo names its manifest line, instead of making every job with that cutter an error
    // once its part is read.
    if (key == "tool") {
      try {
        parseToolSpec(*job.tool, key);
      } catch (const InputError& error) {
        fail(value, key + ": " + error.message());
      }
    }
  }

  double number(const YAML::Node& node, const std::string& key) const {
    const std::string value = scalar(node, key);
    double parsed = 0;
    const auto result = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (value.empty() || result.ec != std::errc() || result.ptr != value.data() + value.size() ||
        !std::isfinite(parsed))
      fail(node, key + ": '" + value + "' is not a number");
    return parsed;
  }

  std::uint32_t lineNumber(const YAML::Node& node, const std::string& text) const {
    std::uint32_t parsed = 0;
    const auto result = std::from_chars(text.data(), text.data() + text.size(), parsed);
    if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size() ||
        parsed == 0)
      fail(node, "lines: '" + text + "' is not a line number");
    return parsed;
  }

  /// A length in mm, within the range of every length gougechek reads.
  double length(const YAML::Node& node, const std::string& key) const {
    const double value = number(node, key);
    if (std::fabs(value) > kMaxLengthMm)
      fail(node, key + ": " + scalar(node, key) + " mm is outside the supported range (±1e6 mm)");
    return value;
  }

  Vec3 point(const YAML::Node& node, const std::string& key) const {
    if (!node.IsSequence() || node.size() != 3) fail(node, key + ": expected [x, y, z]");
    return {length(node[0], key), length(node[1], key), length(node[2], key)};
  }

  /// `region: {min: [x, y, z], max: [x, y, z]}`, min <= max on every axis.
  std::array<Vec3, 2> region(const YAML::Node& node) const {
    if (!node.IsMap() || !node["min"] || !node["max"] || node.size() != 2)
      fail(node, "region: expected {min: [x, y, z], max: [x, y, z]}");
    const Vec3 min = point(node["min"], "min"), max = point(node["max"], "max");
    for (int axis = 0; axis < 3; ++axis)
      if (min[axis] > max[axis])
        fail(node, std::string("region: min ") + "XYZ"[axis] + " is above max " + "XYZ"[axis] +
                       " (the box holds nothing)");
    return {min, max};
  }

  WaiverRule waiver(const YAML::Node& node) const {
    if (!node.IsMap()) fail(node, "a waiver is a map (kind, lines, region, max_depth, by, reason)");
    WaiverRule rule;
    rule.line = static_cast<std::size_t>(node.Mark().line + 1);
    bool has_depth = false;
    for (const auto& entry : node) {
      const std::string key = scalar(entry.first, "key");
      const YAML::Node& value = entry.second;
      if (key == "kind") {
        const std::string kind = scalar(value, key);
        for (const ViolationKind candidate :
             {ViolationKind::Gouge, ViolationKind::RapidCollision, ViolationKind::HolderCollision,
              ViolationKind::StockCollision, ViolationKind::FixtureCollision})
          if (kind == violationKindName(candidate)) rule.kind = candidate;
        if (!rule.kind)
          fail(value, "kind: '" + kind +
                          "' (gouge, rapid_collision, holder_collision, stock_collision, "
                          "fixture_collision)");
      } else if (key == "program") {
        rule.program = scalar(value, key);
      } else if (key == "line" || key == "lines") {
        const std::string text = scalar(value, key);
        const std::size_t dash = text.find('-');
        const std::uint32_t first = lineNumber(value, text.substr(0, dash));
        const std::uint32_t last =
            dash == std::string::npos ? first : lineNumber(value, text.substr(dash + 1));
        if (last < first) fail(value, "lines: " + text + " ends before it starts");
        rule.lines = std::array<std::uint32_t, 2>{first, last};
      } else if (key == "region") {
        rule.region = region(value);
      } else if (key == "max_depth") {
        rule.max_depth = length(value, key);
        if (rule.max_depth < 0) fail(value, "max_depth must be >= 0");
        has_depth = true;
      } else if (key == "by") {
        rule.waiver.by = scalar(value, key);
      } else if (key == "reason") {
        rule.waiver.reason = scalar(value, key);
      } else {
        fail(entry.first, "unknown waiver key '" + key + "'");
      }
    }
    if (!rule.lines && !rule.region)
      fail(node, "a waiver names its lines (lines: A-B or line: N) or its region");
    if (!has_depth) fail(node, "a waiver says up to what depth it accepts (max_depth: mm)");
    if (rule.waiver.by.empty() || rule.waiver.reason.empty())
      fail(node, "a waiver says who accepted it and why (by:, reason:)");
    return rule;
  }

  /// A program file, resolved: its file name names its reports (NAME.json, NAME.html, ...)
  /// and the stock it leaves (NAME.gcstock), which must fit in a file name (255 bytes), or they
  /// could be written only once checked.
  std::string program(const YAML::Node& node, const std::string& key) const {
    const std::string file = resolved(scalar(node, key));
    const std::size_t length = fs::path(file).filename().string().size();
    if (length + kLongestOutputSuffix > kMaxFileName)
      fail(node, key + ": a file name of " + std::to_string(length) + " characters: its outputs (" +
                     "NAME.gcstock) would be longer than a file name may be (" +
                     std::to_string(kMaxFileName) + ")");
    return file;
  }

  /// The job's programs: `program`, `programs` or `setup` (a list in the machine's order).
  std::vector<std::string> programs(const YAML::Node& job_node) const {
    const YAML::Node one = job_node["program"], many = job_node["programs"],
                     setup = job_node["setup"];
    if ((one ? 1 : 0) + (many ? 1 : 0) + (setup ? 1 : 0) > 1)
      fail(setup ? setup : many, "a job has one of program, programs and setup, not two");
    std::vector<std::string> files;
    if (one) files.push_back(program(one, "program"));
    const YAML::Node listed = one ? one : many ? many : setup;  // where a duplicate is reported
    if (many || setup) {
      const std::string key = many ? "programs" : "setup";
      if (!listed.IsSequence())
        fail(listed, key + ": expected a list of files" +
                         (setup ? ", in the order the machine runs them" : ""));
      for (const YAML::Node& item : listed) files.push_back(program(item, key));
    }
    if (files.empty()) fail(job_node, "the job names no program (program:, programs: or setup:)");
    std::set<std::string> names;
    for (const std::string& file : files) {
      if (!names.insert(fs::path(file).filename().string()).second)
        fail(listed, "two programs of the job share the file name '" +
                         fs::path(file).filename().string() + "' (it names their reports)");
    }
    return files;
  }

  /// `stock-out:`, the format of the stock files a job's programs leave (an output, so not one
  /// of the check's options: the batch names the files, as it names the reports).
  StockFileFormat stockOut(const YAML::Node& node) const {
    const std::string format = scalar(node, "stock-out");
    if (format == "stl") return StockFileFormat::Stl;
    if (format == "gcstock") return StockFileFormat::Native;
    fail(node, "stock-out: '" + format +
                   "' is neither stl nor gcstock (the format of the stock each program leaves "
                   "beside its reports)");
  }

  ManifestJob job(const YAML::Node& node, const TunedJob& defaults,
                  std::optional<StockFileFormat> stock_out) const {
    if (!node.IsMap()) fail(node, "a job is a map of keys (name, part, programs, ...)");
    ManifestJob job;
    job.line = static_cast<std::size_t>(node.Mark().line + 1);
    job.settings = defaults;
    job.stock_out = stock_out;
    for (const auto& entry : node) {
      const std::string key = scalar(entry.first, "key");
      if (key == "name") {
        job.name = scalar(entry.second, key);
        if (job.name.empty() || job.name == "." || job.name == ".." ||
            job.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                       "0123456789._-") != std::string::npos)
          fail(entry.second, "job name '" + job.name +
                                 "': use letters, digits, '.', '_' and '-' (it names a folder)");
        if (job.name.size() > kMaxJobName)
          fail(entry.second, "job name of " + std::to_string(job.name.size()) +
                                 " characters: at most " + std::to_string(kMaxJobName) +
                                 " (it names a folder)");
      } else if (key == "part") {
        job.settings.part_file = resolved(scalar(entry.second, key));
      } else if (key == "waivers") {
        if (!entry.second.IsSequence()) fail(entry.second, "waivers: expected a list of waivers");
        for (const YAML::Node& item : entry.second) job.waivers.push_back(waiver(item));
      } else if (key == "stock-out") {
        job.stock_out = stockOut(entry.second);
      } else if (key != "program" && key != "programs" && key != "setup") {
        setOption(job.settings, entry.first, entry.second);
      }
    }
    if (job.name.empty()) fail(node, "the job has no name");
    if (job.settings.part_file.empty()) fail(node, "job '" + job.name + "' names no part");
    job.programs = programs(node);
    job.setup = static_cast<bool>(node["setup"]);
    // A setup carries the raw stock from program to program: without one there is nothing to
    // carry, and each program would be checked as if alone.
    if (job.setup && !hasStock(job.settings))
      fail(node["setup"], "setup: job '" + job.name +
                              "' gives no raw stock to carry through its programs (stock-box, "
                              "stock-cylinder, stock-model or stock-in)");
    if (job.stock_out && !hasStock(job.settings))
      fail(node["stock-out"] ? node["stock-out"] : node,
           "stock-out: job '" + job.name +
               "' gives no raw stock (stock-box, stock-cylinder, stock-model or stock-in)");
    for (const WaiverRule& rule : job.waivers) {
      const bool known =
          !rule.program ||
          std::any_of(job.programs.begin(), job.programs.end(), [&rule](const std::string& file) {
            return fs::path(file).filename() == *rule.program;
          });
      if (!known)
        throw InputError(file_, rule.line, 0,
                         "the waiver names program '" + *rule.program +
                             "', which is not one of job '" + job.name + "''s programs");
    }
    try {
      checkJobSettings(job.settings, SettingNames::Manifest);
    } catch (const UsageError& error) {
      fail(node, "job '" + job.name + "': " + error.what());
    }
    return job;
  }

  Manifest read(const YAML::Node& root) const {
    if (!root.IsMap()) fail(root, "a manifest is a map with a list of jobs under 'jobs:'");
    TunedJob defaults;
    std::optional<StockFileFormat> stock_out;
    for (const auto& entry : root) {
      const std::string key = scalar(entry.first, "key");
      if (key != "jobs" && key != "defaults") fail(entry.first, "unknown key '" + key + "'");
    }
    if (const YAML::Node node = root["defaults"]) {
      if (!node.IsMap()) fail(node, "defaults: expected a map of settings");
      for (const auto& entry : node) {
        const std::string key = scalar(entry.first, "key");
        if (key == "part" || key == "name" || key == "program" || key == "programs" ||
            key == "setup" || key == "waivers")
          fail(entry.first, "defaults: '" + key + "' belongs to each job");
        if (key == "stock-out")
          stock_out = stockOut(entry.second);
        else
          setOption(defaults, entry.first, entry.second);
      }
    }
    const YAML::Node jobs = root["jobs"];
    if (!jobs || !jobs.IsSequence() || jobs.size() == 0)
      fail(jobs ? jobs : root, "jobs: expected a list of one or more jobs");
    Manifest manifest;
    manifest.file = file_;
    std::set<std::string> names;
    for (const YAML::Node& node : jobs) {
      manifest.jobs.push_back(job(node, defaults, stock_out));
      if (!names.insert(manifest.jobs.back().name).second)
        fail(node, "a second job named '" + manifest.jobs.back().name + "'");
    }
    return manifest;
  }

 private:
  std::string file_;
  fs::path folder_;
};

}  // namespace

bool WaiverRule::names(const std::string& program_file, const Violation& violation) const {
  if (kind && violation.kind != *kind) return false;
  if (program && fs::path(program_file).filename() != *program) return false;
  if (lines && (violation.line < (*lines)[0] || violation.line > (*lines)[1])) return false;
  if (region) {
    const auto& [lo, hi] = *region;
    for (int axis = 0; axis < 3; ++axis)
      if (violation.at[axis] < lo[axis] || violation.at[axis] > hi[axis]) return false;
  }
  return true;
}

Manifest readManifest(const std::string& path) {
  const std::string text = readFileBytes(path, kManifestFile);
  const YAML::Node root = loadDocument(path, text);
  Manifest manifest;
  try {
    manifest = ManifestReader(path).read(root);
  } catch (const YAML::Exception& error) {
    throw yamlError(path, error);
  }
  manifest.sha256 = sha256OfBytes(text);
  return manifest;
}

}  // namespace gougechek
