#include "job/job_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <system_error>

#include "gougechek/error.hpp"
#include "job/job_excess.hpp"
#include "job/machine.hpp"
#include "job/stock_options.hpp"
#include "report/report_summary.hpp"
#include "tool/tool_draft.hpp"
#include "tool/tool_library.hpp"

namespace gougechek {

namespace {

double parseNumber(const std::string& text, const std::string& label) {
  double value = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  const auto result = std::from_chars(begin, end, value);
  if (begin == end || result.ec != std::errc() || result.ptr != end || !std::isfinite(value)) {
    throw UsageError(label + ": '" + text + "' is not a number");
  }
  return value;
}

int parseInteger(const std::string& text, const std::string& label) {
  int value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size()) {
    throw UsageError(label + ": '" + text + "' is not a whole number");
  }
  return value;
}

/// The library's rule for the setting `name` (gougechek/verify.hpp), as a usage error.
void checkValue(std::string_view name, double value, SettingNames names) {
  try {
    checkSetting(name, value, names);
  } catch (const InputError& error) {
    throw UsageError(error.message());
  }
}

/// The number `text` of the setting `name`, within the setting's range.
double parseSetting(std::string_view name, const std::string& text, SettingNames names) {
  const double value = parseNumber(text, settingName(name, names));
  checkValue(name, value, names);
  return value;
}

/// The whole number `text` of the setting `name`, within the setting's range.
int parseWholeSetting(std::string_view name, const std::string& text, SettingNames names) {
  const int value = parseInteger(text, settingName(name, names));
  checkValue(name, value, names);
  return value;
}

Vec3 parseStart(const std::string& text, SettingNames names) {
  const std::string label = settingName("start", names);
  std::vector<double> values;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t comma = text.find(',', begin);
    values.push_back(parseSetting("start", text.substr(begin, comma - begin), names));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  if (values.size() != 3) throw UsageError(label + " wants X,Y,Z, got '" + text + "'");
  return {values[0], values[1], values[2]};
}

/// Runs `check`, its InputError a usage error.
template <class Check>
void asUsageError(const Check& check) {
  try {
    check();
  } catch (const InputError& error) {
    throw UsageError(error.message());
  }
}

/// --rapid-rates X,Y,Z: each > 0 (checkMachineSetup's rule).
Vec3 parseRates(const std::string& text, SettingNames names) {
  const std::string label = settingName("rapid-rates", names);
  std::vector<double> values;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t comma = text.find(',', begin);
    values.push_back(parseNumber(text.substr(begin, comma - begin), label));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  if (values.size() != 3) throw UsageError(label + " wants X,Y,Z in mm/min, got '" + text + "'");
  MachineSetup setup;
  setup.rapid_path = RapidPath::Dogleg;
  setup.rapid_rates = {values[0], values[1], values[2]};
  asUsageError([&] { checkMachineSetup(setup, names); });
  return setup.rapid_rates;
}

std::string directory(const std::string& text, const std::string& label) {
  std::error_code not_found;  // a path the file system cannot look up is no directory either
  if (!std::filesystem::is_directory(text, not_found))
    throw UsageError(label + ": '" + text + "' is not a directory");
  return text;
}

/// How one option sets a job from its text, naming the setting as `names` spell it.
struct CheckOption {
  std::string_view name;
  void (*set)(TunedJob& job, const std::string& value, SettingNames names);
};

/// The program: its dialect, work offsets, arcs and subprograms.
std::vector<CheckOption> programOptions() {
  return {
      {"work-offsets",
       [](TunedJob& job, const std::string& value, SettingNames) { job.work_offsets = value; }},
      {"dialect",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         try {
           job.dialect = dialectNamed(value, names);
         } catch (const InputError& error) {
           throw UsageError(error.message());
         }
       }},
      {"arc-tolerance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.arc_tolerance = parseSetting("arc-tolerance", value, names);
       }},
      {"subroutine-path",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.subroutine_path.push_back(directory(value, settingName("subroutine-path", names)));
       }},
      {"subprogram-dir",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.subprogram_dirs.push_back(directory(value, settingName("subprogram-dir", names)));
       }},
  };
}

/// The tools: cutters, libraries, holder and the tool before the first change.
std::vector<CheckOption> toolOptions() {
  return {
      {"tool", [](TunedJob& job, const std::string& value, SettingNames) { job.tool = value; }},
      {"tool-table",
       [](TunedJob& job, const std::string& value, SettingNames) { job.tool_table = value; }},
      {"tool-library", [](TunedJob& job, const std::string& value,
                          SettingNames) { job.tool_libraries.push_back(value); }},
      {"holder",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         if (value.empty()) throw UsageError(settingName("holder", names) + " names no holder");
         job.holder = value;
       }},
      {"initial-tool",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.initial_tool = parseWholeSetting("initial-tool", value, names);
       }},
  };
}

/// The cut's tolerance and the stock to leave on the part.
std::vector<CheckOption> allowanceOptions() {
  return {
      {"tolerance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.tolerance = std::max(parseSetting("tolerance", value, names), kFinestTolerance);
       }},
      {"stock", [](TunedJob& job, const std::string& value,
                   SettingNames names) { job.stock = parseSetting("stock", value, names); }},
      {"stock-to-leave",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.stock = parseSetting("stock-to-leave", value, names);
       }},
  };
}

/// The raw stock (docs/checking-rules.md "Stock").
std::vector<CheckOption> rawStockOptions() {
  return {
      {"stock-box", [](TunedJob& job, const std::string& value,
                       SettingNames names) { setStockBox(job, value, names); }},
      {"stock-cylinder", [](TunedJob& job, const std::string& value,
                            SettingNames names) { setStockCylinder(job, value, names); }},
      {"stock-model",
       [](TunedJob& job, const std::string& value, SettingNames) { job.stock_model = value; }},
      {"stock-in",
       [](TunedJob& job, const std::string& value, SettingNames) { job.stock_in = value; }},
      {"stock-resolution",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.stock_resolution = parseSetting("stock-resolution", value, names);
       }},
  };
}

/// The excess (docs/checking-rules.md "Excess").
std::vector<CheckOption> excessOptions() {
  return {
      {"excess",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         if (value != "true" && value != "false")
           throw UsageError(settingName("excess", names) + ": '" + value +
                            "' is neither true nor false");
         job.excess = value == "true";
       }},
      {"excess-spacing",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.excess_spacing = parseSetting("excess-spacing", value, names);
       }},
      {"excess-tolerance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.excess_tolerance = parseSetting("excess-tolerance", value, names);
       }},
      {"fail-on-excess",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.fail_on_excess = parseSetting("fail-on-excess", value, names);
       }},
  };
}

/// Clearances, the start, the part's reading and the run.
std::vector<CheckOption> runOptions() {
  return {
      {"rapid-clearance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.rapid_clearance = parseSetting("rapid-clearance", value, names);
       }},
      {"holder-clearance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.holder_clearance = parseSetting("holder-clearance", value, names);
       }},
      {"start", [](TunedJob& job, const std::string& value,
                   SettingNames names) { job.start = parseStart(value, names); }},
      {"part-units",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         if (value == "mm") {
           job.part_unit_scale = 1;
         } else if (value == "in") {
           job.part_unit_scale = 25.4;
         } else {
           throw UsageError(settingName("part-units", names) + ": '" + value +
                            "' is neither mm nor in");
         }
       }},
      {"deflection",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.deflection = parseSetting("deflection", value, names);
       }},
      {"threads",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.threads = parseWholeSetting("threads", value, names);
       }},
      {"kdop", [](TunedJob& job, const std::string& value,
                  SettingNames names) { job.kdop = parseWholeSetting("kdop", value, names); }},
  };
}

/// The machine: fixtures and how rapids move.
std::vector<CheckOption> machineOptions() {
  return {
      {"fixture",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         if (value.empty()) throw UsageError(settingName("fixture", names) + " names no file");
         job.fixtures.push_back(value);
       }},
      {"fixture-transform",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         asUsageError([&] { parsePlacement(value, settingName("fixture-transform", names)); });
         job.fixture_transforms.push_back(value);
       }},
      {"fixture-clearance",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         job.fixture_clearance = parseSetting("fixture-clearance", value, names);
       }},
      {"rapid-path",
       [](TunedJob& job, const std::string& value, SettingNames names) {
         asUsageError([&] { job.rapid_path = rapidPathNamed(value, names); });
       }},
      {"rapid-rates", [](TunedJob& job, const std::string& value,
                         SettingNames names) { job.rapid_rates = parseRates(value, names); }},
  };
}

/// Every option a check takes; the first of several bad ones is refused first, so the order
/// is kept.
const std::vector<CheckOption>& checkOptions() {
  static const std::vector<CheckOption> options = [] {
    std::vector<CheckOption> all;
    for (const auto& group : {toolOptions(), programOptions(), allowanceOptions(),
                              rawStockOptions(), excessOptions(), runOptions(), machineOptions()})
      all.insert(all.end(), group.begin(), group.end());
    return all;
  }();
  return options;
}

}  // namespace

const std::vector<std::string_view>& checkOptionNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> all;
    for (const CheckOption& option : checkOptions()) all.push_back(option.name);
    return all;
  }();
  return names;
}

void setCheckOption(TunedJob& job, std::string_view name, const std::string& value,
                    SettingNames names) {
  for (const CheckOption& option : checkOptions()) {
    if (option.name == name) {
      option.set(job, value, names);
      return;
    }
  }
  throw UsageError("unknown option '" + std::string(name) + "'");
}

FailOn failOnNamed(const std::string& text, const std::string& option) {
  if (text == "any") return FailOn::Any;
  if (text == "new") return FailOn::New;
  if (text == "severe") return FailOn::Severe;
  throw UsageError(option + ": '" + text + "' is none of any, new, severe");
}

JunitCases junitCasesNamed(const std::string& text, const std::string& option) {
  if (text == "region") return JunitCases::Region;
  if (text == "finding") return JunitCases::Finding;
  throw UsageError(option + ": '" + text + "' is neither region nor finding");
}

void checkJobSettings(const CheckJob& job, SettingNames names) {
  asUsageError([&] {
    checkMachine(job, names);
    if (job.deflection) checkDeflection(*job.deflection, job.tolerance, names);
    checkStock(job, names);
    checkExcess(job, names);
  });
}

ToolLibrary loadTools(const CheckJob& job, SettingNames names) {
  const std::string tool_name = settingName("tool", names);
  const std::string holder_name = settingName("holder", names);
  ToolLibrary library;
  if (job.tool_table) library = readToolTable(*job.tool_table);
  for (const std::string& file : job.tool_libraries)
    mergeToolLibrary(library, readToolLibrary(file));
  if (job.tool) library.fallback = parseToolSpec(*job.tool, tool_name);
  if (job.holder) {
    // The tools' own holders (a library's, a --tool holder=) win over the one given for all. An
    // unknown name is an error at once, whichever tools the program uses.
    std::string checked_name;
    holderSegments(*job.holder, 0, holder_name, &checked_name);
    const std::string no_stickout = " has no stick-out to place the " + holder_name +
                                    " at: give its length (,length=LT), or a library with "
                                    "lengths out of the holder";
    for (auto entry = library.by_number.begin(); entry != library.by_number.end();) {
      ToolSpec& tool = entry->second;
      const std::string name = std::string("T").append(std::to_string(entry->first));
      if (tool.holder.empty() && !(tool.overall_length > 0)) {
        // Refused when the program uses it, as a library's unsupported tools are.
        library.refused[entry->first] = {library.files[entry->first], name + no_stickout};
        entry = library.by_number.erase(entry);
        continue;
      }
      if (tool.holder.empty()) {
        tool.holder =
            holderSegments(*job.holder, tool.overall_length, holder_name, &tool.holder_name);
      }
      ++entry;
    }
    if (library.fallback && library.fallback->holder.empty()) {
      ToolSpec& tool = *library.fallback;
      if (!(tool.overall_length > 0))
        throw InputError(tool_name, 0, 0, std::string("the cutter").append(no_stickout));
      tool.holder =
          holderSegments(*job.holder, tool.overall_length, holder_name, &tool.holder_name);
    }
  }
  return library;
}

ProgramOptions programOptions(const CheckJob& job, const ToolLibrary& tools) {
  ProgramOptions program = lookupOptions(job);
  program.dialect = job.dialect;
  program.arc_tolerance_mm = job.arc_tolerance;
  if (job.work_offsets) program.parameters = readWorkOffsets(*job.work_offsets);
  addToolOffsets(program, tools);
  return program;
}

ProgramOptions lookupOptions(const CheckJob& job) {
  ProgramOptions program;
  program.subroutine_path = job.subroutine_path;
  program.subprogram_dirs = job.subprogram_dirs;
  return program;
}

PartOptions partOptions(const CheckJob& job, std::function<void()> check_stop) {
  PartOptions part;
  part.unit_scale = job.part_unit_scale;
  // At most a fifth of the tolerance: mesh error alone then cannot turn a clean move into a
  // gouge or hide one by more than tolerance/5 (and exact confirmation removes even that).
  part.deflection = job.deflection.value_or(largestDeflection(verifySettings(job).tolerance));
  part.threads = job.threads;
  part.check_stop = std::move(check_stop);
  return part;
}

VerifySettings verifySettings(const CheckJob& job) {
  VerifySettings settings;
  settings.tolerance = std::max(job.tolerance, kFinestTolerance);
  settings.stock = job.stock;
  settings.rapid_clearance = job.rapid_clearance;
  settings.holder_clearance = job.holder_clearance;
  settings.start = job.start;
  settings.initial_tool = job.initial_tool;
  settings.threads = job.threads;
  return settings;
}

TunedSettings tunedSettings(const TunedJob& job) {
  TunedSettings settings(verifySettings(job));
  settings.kdop = job.kdop;
  settings.front_tracking = job.front_tracking;
  return settings;
}

std::vector<InputFile> checkInputs(const CheckJob& job) {
  std::vector<InputFile> inputs = {{job.part_file, "the part file"}};
  // A program given as text has no file: its name only stands for it.
  if (!job.path_text) inputs.push_back({job.path_file, "the program file"});
  if (job.tool_table) inputs.push_back({*job.tool_table, "the tool table"});
  for (const std::string& file : job.tool_libraries) {
    inputs.push_back({file, "a tool library"});
    for (std::string& bit : toolLibraryBitFiles(file))
      inputs.push_back({std::move(bit), "a FreeCAD ToolBit of the tool library " + file});
  }
  // A holder family (ER32) is no file; a file of that name would only be refused needlessly.
  if (job.holder) inputs.push_back({*job.holder, "the holder profile of --holder"});
  if (job.tool)
    if (auto holder = holderNamedIn(*job.tool))
      inputs.push_back({std::move(*holder), "the holder profile of --tool"});
  if (job.work_offsets) inputs.push_back({*job.work_offsets, "the work offsets file"});
  for (const std::string& file : job.fixtures) inputs.push_back({file, "a fixture file"});
  if (job.stock_model) inputs.push_back({*job.stock_model, "the stock model"});
  if (job.stock_in) inputs.push_back({*job.stock_in, "the stock of --stock-in"});
  return inputs;
}

}  // namespace gougechek

namespace gougechek {

namespace {

/// `text` as a shell reads it back as one word: quoted unless it is plain.
std::string shellWord(const std::string& text) {
  if (!text.empty() &&
      text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                             "._-/:,=+@%") == std::string::npos)
    return text;
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'') {
      quoted.append("'\\''");
    } else {
      quoted.push_back(c);
    }
  }
  return quoted + "'";
}

/// `values` as the command line writes a list: "0,0,0".
std::string numbers(std::initializer_list<double> values) {
  std::string text;
  for (const double value : values)
    text.append(text.empty() ? "" : ",").append(shortestDecimal(value));
  return text;
}

/// The machine's options of `job` (fixtures, rapid path), each through `add`.
template <class Add>
void addMachineOptions(const CheckJob& job, const Add& add) {
  for (const std::string& file : job.fixtures) add("fixture", file);
  for (const std::string& text : job.fixture_transforms) add("fixture-transform", text);
  if (job.fixture_clearance != 0) add("fixture-clearance", shortestDecimal(job.fixture_clearance));
  if (job.rapid_path != RapidPath::Linear) add("rapid-path", rapidPathName(job.rapid_path));
  if (const auto& rates = job.rapid_rates)
    add("rapid-rates", numbers({rates->x, rates->y, rates->z}));
}

/// The raw stock's options of `job`, each given to `add` (option, value).
template <typename Add>
void addStockOptions(const CheckJob& job, const Add& add) {
  if (job.stock_box) {
    const auto& [lo, hi] = *job.stock_box;
    add("stock-box", numbers({lo.x, lo.y, lo.z, hi.x, hi.y, hi.z}));
  }
  if (job.stock_box_margin) add("stock-box", "auto:" + shortestDecimal(*job.stock_box_margin));
  if (const auto& cylinder = job.stock_cylinder)
    add("stock-cylinder", numbers({cylinder->base.x, cylinder->base.y, cylinder->base.z,
                                   cylinder->diameter, cylinder->height}));
  if (job.stock_model) add("stock-model", *job.stock_model);
  if (job.stock_in) add("stock-in", *job.stock_in);
  if (job.stock_resolution) add("stock-resolution", shortestDecimal(*job.stock_resolution));
}

/// The excess's options of `job`, each given to `add` (option, value); `flag` for --excess.
template <typename Add, typename Flag>
void addExcessOptions(const CheckJob& job, const Add& add, const Flag& flag) {
  if (!job.excess) return;
  flag("excess");
  if (job.excess_spacing) add("excess-spacing", shortestDecimal(*job.excess_spacing));
  if (job.excess_tolerance) add("excess-tolerance", shortestDecimal(*job.excess_tolerance));
  if (job.fail_on_excess) add("fail-on-excess", shortestDecimal(*job.fail_on_excess));
}

}  // namespace

std::string shellCommand(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& word : words) {
    if (!line.empty()) line.push_back(' ');
    line.append(shellWord(word));
  }
  return line;
}

std::string commandLine(const CheckJob& job) {
  std::string line = "gougechek " + shellWord(job.part_file) + " " + shellWord(job.path_file);
  const auto add = [&line](const char* option, const std::string& value) {
    line.append(" --").append(option).append(" ").append(shellWord(value));
  };
  if (job.tool) add("tool", *job.tool);
  if (job.tool_table) add("tool-table", *job.tool_table);
  for (const std::string& file : job.tool_libraries) add("tool-library", file);
  if (job.holder) add("holder", *job.holder);
  if (job.work_offsets) add("work-offsets", *job.work_offsets);
  add("dialect", dialectName(job.dialect));
  if (job.arc_tolerance) add("arc-tolerance", shortestDecimal(*job.arc_tolerance));
  for (const std::string& dir : job.subroutine_path) add("subroutine-path", dir);
  for (const std::string& dir : job.subprogram_dirs) add("subprogram-dir", dir);
  add("tolerance", shortestDecimal(job.tolerance));
  if (job.stock != 0) add("stock", shortestDecimal(job.stock));
  addStockOptions(job, add);
  if (job.rapid_clearance != 0) add("rapid-clearance", shortestDecimal(job.rapid_clearance));
  if (job.holder_clearance != 0) add("holder-clearance", shortestDecimal(job.holder_clearance));
  if (job.initial_tool) add("initial-tool", std::to_string(*job.initial_tool));
  if (job.start)
    add("start", shortestDecimal(job.start->x) + "," + shortestDecimal(job.start->y) + "," +
                     shortestDecimal(job.start->z));
  if (job.part_unit_scale != 1) add("part-units", "in");
  if (job.deflection) add("deflection", shortestDecimal(*job.deflection));
  addMachineOptions(job, add);
  addExcessOptions(job, add, [&line](const char* option) { line.append(" --").append(option); });
  if (job.export_mesh) add("export-mesh", *job.export_mesh);
  if (job.stock_out) add("stock-out", *job.stock_out);
  for (const ReportTarget& target : job.reports) add("report", target.file);
  // The format of a report whose extension tells another one (the command line takes --format
  // with one report only).
  if (job.reports.size() == 1 && reportFormatOfFile(job.reports[0].file) != job.reports[0].format)
    add("format", reportFormatName(job.reports[0].format));
  if (job.html_violations != kDefaultHtmlViolations)
    add("html-violations", std::to_string(job.html_violations));
  if (job.junit_cases == JunitCases::Finding) add("junit-cases", "finding");
  return line;
}

}  // namespace gougechek
