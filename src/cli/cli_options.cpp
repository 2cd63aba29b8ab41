#include "cli_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <filesystem>
#include <sstream>
#include <vector>

#include "geom/did_you_mean.hpp"

namespace gougechek {

namespace po = boost::program_options;

namespace {

// Numbers are taken as strings and parsed here, so every bad value gets the same clear message.

/// The tools and how the program is read.
void addToolAndProgramOptions(po::options_description& options) {
  options.add_options()(
      "tool,t", po::value<std::string>()->value_name("SPEC"),
      "cutter for tool numbers no tool table describes: ball:D, flat:D, bull:D:r, taper:D:r:A, "
      "chamfer:D:d:A, vbit:D:V, spot:D:V, drill:D:P, lollipop:D, dovetail:D:A:h, optionally "
      ",flute=L ,shank=DS ,length=LT ,neck=d ,holder=NAME (mm, degrees; docs/tools.md)")(
      "tool-table", po::value<std::string>()->value_name("FILE"),
      "LinuxCNC tool table (mm); its Z column gives the lengths G43 applies")(
      "tool-library", po::value<std::vector<std::string>>()->value_name("FILE")->composing(),
      "tool library: FreeCAD .fctl, Fusion 360 .json (holders included) or LinuxCNC table "
      "(repeatable; T words select from them; a number defined twice is an error)")(
      "holder", po::value<std::string>()->value_name("NAME"),
      "holder for tools without one: ER16..ER40, shrink:D, sidelock:D (typical sizes) or a "
      "holder profile file, placed at the tool's length")(
      "initial-tool", po::value<std::string>()->value_name("N"),
      "tool in the spindle before the program's first tool change (default: the only tool "
      "described, else the first tool the program loads; with a warning)")(
      "work-offsets", po::value<std::string>()->value_name("FILE"),
      "LinuxCNC parameter (.var) file, in mm: work offsets G54-G59.3, G28/G30 homes, G92")(
      "dialect", po::value<std::string>()->value_name("NAME"),
      "controller the program is for: linuxcnc, fanuc, haas, grbl (default linuxcnc)")(
      "subroutine-path", po::value<std::vector<std::string>>()->value_name("DIR")->composing(),
      "directory searched for NAME.ngc of o<name> call (repeatable, in order, like LinuxCNC's "
      "SUBROUTINE_PATH; the program's directory last)")(
      "subprogram-dir", po::value<std::vector<std::string>>()->value_name("DIR")->composing(),
      "directory searched for O1002.* or O01002.* of M98 P1002 (repeatable, in order)")(
      "arc-tolerance", po::value<std::string>()->value_name("MM"),
      "allowed difference of an arc's end radius from its start radius, replacing the "
      "dialect's absolute allowance");
}

/// The cut's tolerance, the stock to leave and the raw stock.
void addMaterialOptions(po::options_description& options) {
  options.add_options()("tolerance", po::value<std::string>()->value_name("MM"),
                        "accepted penetration depth (default 0.01)")(
      "stock", po::value<std::string>()->value_name("MM"),
      "stock to leave on the part (default 0); also --stock-to-leave")(
      "stock-to-leave", po::value<std::string>()->value_name("MM"), "the same as --stock")(
      "stock-box", po::value<std::string>()->value_name("X0,Y0,Z0,X1,Y1,Z1|auto[:MM]"),
      "raw stock: a block by its corners, or the part's box grown by MM (default 1); stock "
      "collisions and air cuts are then checked (docs/checking-rules.md)")(
      "stock-cylinder", po::value<std::string>()->value_name("X,Y,Z0,DIAMETER,HEIGHT"),
      "raw stock: an upright cylinder on the centre X,Y,Z0 of its bottom face")(
      "stock-model", po::value<std::string>()->value_name("FILE"),
      "raw stock: a closed solid (.stl, .step/.stp, .iges/.igs), e.g. a casting")(
      "stock-in", po::value<std::string>()->value_name("FILE.gcstock"),
      "raw stock: what --stock-out left after an earlier program")(
      "stock-resolution", po::value<std::string>()->value_name("MM"),
      "spacing of the stock's columns (default 0.1, coarser when over the 1 GiB budget)")(
      "stock-out", po::value<std::string>()->value_name("FILE"),
      "write the stock after the program: .stl a mesh, .gcstock its exact columns");
}

/// The excess (docs/checking-rules.md "Excess").
void addExcessOptions(po::options_description& options) {
  options.add_options()("excess",
                        "also measure the material left on the design: regions of excess, each "
                        "largest value as a proven bracket, and what no cutter reached")(
      "excess-spacing", po::value<std::string>()->value_name("MM"),
      "spacing of the samples on the design (default 0.2; the maximum between them is proven)")(
      "excess-tolerance", po::value<std::string>()->value_name("MM"),
      "excess beyond the stock to leave that is not a finding (default: --tolerance)")(
      "fail-on-excess", po::value<std::string>()->value_name("MM"),
      "exit code 1 when excess proven larger than MM is left (default: excess never fails)");
}

/// Clearances, the start, fixtures and rapid paths.
void addClearanceOptions(po::options_description& options) {
  options.add_options()("rapid-clearance", po::value<std::string>()->value_name("MM"),
                        "distance rapids must keep from the part (default 0)")(
      "holder-clearance", po::value<std::string>()->value_name("MM"),
      "distance shank, extension and holder must keep from the part (default 0)")(
      "start", po::value<std::string>()->value_name("X,Y,Z"),
      "tool position before the first move (default unknown)")(
      "fixture", po::value<std::vector<std::string>>()->value_name("FILE")->composing(),
      "fixture (vise jaw, clamp, table) no piece of the tool may come near: STL, STEP or IGES, "
      "in the part's units (repeatable)")(
      "fixture-transform", po::value<std::vector<std::string>>()->value_name("STEPS")->composing(),
      "placement of a fixture: 'translate X,Y,Z', 'rotate-x|-y|-z DEG', applied in order "
      "(none, or one per --fixture, paired in order)")(
      "fixture-clearance", po::value<std::string>()->value_name("MM"),
      "distance every piece of the tool, flutes included, must keep from fixtures (default 0)")(
      "rapid-path", po::value<std::string>()->value_name("linear|dogleg"),
      "path of rapids: one straight line, or the dog-leg of axes moving each at its own rate "
      "(default linear)")("rapid-rates", po::value<std::string>()->value_name("X,Y,Z"),
                          "rapid rate of each axis, mm/min (with --rapid-path dogleg)");
}

/// The part's reading, the outputs and the run.
void addRunOptions(po::options_description& options) {
  options.add_options()("part-units", po::value<std::string>()->value_name("mm|in"),
                        "units of an STL part (default mm; STEP/IGES carry their own)")(
      "deflection", po::value<std::string>()->value_name("MM"),
      "STEP/IGES: largest mesh-to-surface distance of the tessellation (default and most: "
      "tolerance/5, at least 1e-4)")("export-mesh",
                                     po::value<std::string>()->value_name("FILE.stl"),
                                     "write the part's mesh, as checked, to FILE.stl (binary STL)")(
      "report", po::value<std::vector<std::string>>()->value_name("FILE")->composing(),
      "write the report to FILE, format from the extension: .txt .json .csv .xml .html "
      "(repeatable: one run, every format)")("format", po::value<std::string>()->value_name("FMT"),
                                             "report format: text, json, csv, junit, html, "
                                             "sarif, codequality")(
      "fail-on", po::value<std::string>()->value_name("any|severe"),
      "findings that make the exit code 1: any (default) or severe ones only")(
      "junit-cases", po::value<std::string>()->value_name("region|finding"),
      "the JUnit report's test cases: one per region of violations (default) or one per "
      "violation")(
      "html-violations", po::value<std::string>()->value_name("N"),
      "rows of the HTML report's violation table, the deepest (default 1000; all are in the "
      "JSON and CSV reports)")("threads,j", po::value<std::string>()->value_name("N"),
                               "worker threads, at most 1024 (default: all cores)")(
      "quiet,q", "no output but errors")("progress",
                                         "show a progress bar even when stderr is not a terminal")(
      "moves", "print the interpreted moves of PATH as JSON lines and exit (no PART needed)")(
      "kdop", po::value<std::string>()->value_name("K"),
      "k-DOP of the part tree: 6, 14, 18, 26 (default 18; for benchmarks)")(
      "no-front-tracking", "start every tree query at the root (for benchmarks)")(
      "version", "print the version and exit")("help,h", "print this help and exit");
}

ReportFormat formatFromName(const std::string& name) {
  if (const auto format = reportFormatFromName(name)) return *format;
  throw UsageError("--format: unknown format '" + name +
                   "' (text, json, csv, junit, html, sarif, codequality)");
}

ReportFormat formatFromExtension(const std::string& file) {
  if (const auto format = reportFormatOfFile(file)) return *format;
  throw UsageError("--report: cannot tell the format of '" + file +
                   "' from its extension (.txt .json .csv .xml .html .sarif); add --format");
}

std::optional<std::string> stringOption(const po::variables_map& values, const char* name) {
  if (!values.count(name)) return std::nullopt;
  return values[name].as<std::string>();
}

}  // namespace

po::options_description visibleOptions() {
  po::options_description options("Options");
  addToolAndProgramOptions(options);
  addMaterialOptions(options);
  addExcessOptions(options);
  addClearanceOptions(options);
  addRunOptions(options);
  return options;
}

std::string parseErrorMessage(const po::error& error, const po::options_description& options) {
  const auto* unknown = dynamic_cast<const po::unknown_option*>(&error);
  if (!unknown) return error.what();
  std::string given = unknown->get_option_name();
  if (!given.starts_with("--")) return error.what();
  given.erase(0, 2);
  given = given.substr(0, given.find('='));
  std::vector<std::string> names;
  for (const auto& option : options.options())
    if (option->long_name() != "input" && option->long_name() != "generate")
      names.push_back(option->long_name());
  return error.what() + didYouMean(given, names, {}, "--", "");
}

std::string helpText() {
  std::ostringstream text;
  text << "Usage: gougechek PART PATH [options]\n"
          "       gougechek --moves PATH\n"
          "       gougechek batch MANIFEST --out DIR [--shard I/N] [--baseline SUMMARY]\n"
          "       gougechek merge --out DIR SHARD_DIR...   (docs/batch.md; batch --help)\n"
          "Checks the NC program PATH (G-code, '-' for stdin) against the part PART (.stl,\n"
          ".step/.stp, .iges/.igs) for gouges, rapid collisions and holder collisions.\n"
          "Exit codes: 0 no violation, 1 violations, 2 usage or input error, 3 internal error.\n\n"
       << visibleOptions();
  return text.str();
}

namespace {

/// The options that decide how the program is read: set with --moves too.
bool readsTheProgram(std::string_view name) {
  return name == "tool-table" || name == "tool-library" || name == "work-offsets" ||
         name == "dialect" || name == "arc-tolerance" || name == "subroutine-path" ||
         name == "subprogram-dir";
}

/// Sets the check options among `values` whose name passes `wanted`.
template <typename Wanted>
void setCheckOptions(const po::variables_map& values, TunedJob& job, Wanted wanted) {
  for (const std::string_view name : checkOptionNames()) {
    const std::string key(name);
    if (!wanted(name) || !values.count(key)) continue;
    if (name == "excess") {  // a switch on the command line, true or false elsewhere
      setCheckOption(job, name, "true", SettingNames::CommandLine);
      continue;
    }
    if (name == "tool-library" || name == "subroutine-path" || name == "subprogram-dir" ||
        name == "fixture" || name == "fixture-transform") {
      for (const std::string& value : values[key].as<std::vector<std::string>>())
        setCheckOption(job, name, value, SettingNames::CommandLine);
    } else {
      setCheckOption(job, name, values[key].as<std::string>(), SettingNames::CommandLine);
    }
  }
}

std::vector<std::string> inputsOf(const po::variables_map& values) {
  return values.count("input") ? values["input"].as<std::vector<std::string>>()
                               : std::vector<std::string>();
}

/// The --report files with their formats: from the extension, or from --format when there is
/// one report (it may name a file whose extension tells no format).
std::vector<ReportTarget> reportTargets(const po::variables_map& values) {
  std::vector<ReportTarget> targets;
  if (!values.count("report")) return targets;
  const auto files = values["report"].as<std::vector<std::string>>();
  const std::optional<std::string> format = stringOption(values, "format");
  if (format && files.size() > 1)
    throw UsageError(
        "--format with several --report files: each takes its format from its "
        "extension (.txt .json .csv .xml .html)");
  for (const std::string& file : files) {
    targets.push_back({file, format ? formatFromName(*format) : formatFromExtension(file)});
    for (std::size_t i = 0; i + 1 < targets.size(); ++i)
      if (sameOutput(targets[i].file, file))
        throw UsageError("--report names the same file twice: '" + file + "'");
  }
  return targets;
}

/// Fills `options` from `values` (help and version handled); throws UsageError.
void fillOptions(const po::variables_map& values, CliOptions& options) {
  const std::vector<std::string> inputs = inputsOf(values);
  // What the interpreter needs, with --moves too: the moves depend on it.
  setCheckOptions(values, options.job, readsTheProgram);
  if (values.count("moves")) {
    // A full check command line with --moves added still works: PART is then not read.
    options.mode = CliMode::PrintMoves;
    if (inputs.empty() || inputs.size() > 2) throw UsageError("--moves wants one PATH");
    options.job.path_file = inputs.back();
    return;
  }
  if (inputs.size() != 2) {
    throw UsageError(inputs.size() < 2 ? "PART and PATH are required"
                                       : "too many arguments: '" + inputs[2] + "'");
  }
  options.job.part_file = inputs[0];
  options.job.path_file = inputs[1];
  if (options.job.part_file == "-") throw UsageError("PART cannot be read from stdin");

  setCheckOptions(values, options.job,
                  [](std::string_view name) { return !readsTheProgram(name); });
  options.job.stock_out = stringOption(values, "stock-out");
  if (values.count("stock") && values.count("stock-to-leave"))
    throw UsageError("--stock and --stock-to-leave both give the stock to leave: give one");
  checkJobSettings(options.job, SettingNames::CommandLine);
  options.job.export_mesh = stringOption(values, "export-mesh");
  options.job.reports = reportTargets(values);
  if (auto text = stringOption(values, "format")) options.format = formatFromName(*text);
  // The report on stdout is the HTML page: its pictures are drawn.
  options.job.pictures = options.job.reports.empty() && options.format == ReportFormat::Html;
  options.quiet = values.count("quiet") > 0;
  options.force_progress = values.count("progress") > 0;
  if (auto text = stringOption(values, "html-violations")) {
    std::size_t rows = 0;
    const auto result = std::from_chars(text->data(), text->data() + text->size(), rows);
    if (text->empty() || result.ec != std::errc() || result.ptr != text->data() + text->size())
      throw UsageError("--html-violations: '" + *text + "' is not a whole number >= 0");
    options.job.html_violations = rows;
  }
  options.job.front_tracking = values.count("no-front-tracking") == 0;
  if (auto text = stringOption(values, "junit-cases"))
    options.job.junit_cases = junitCasesNamed(*text, "--junit-cases");
  if (auto text = stringOption(values, "fail-on")) {
    options.fail_on = failOnNamed(*text, "--fail-on");
    if (options.fail_on == FailOn::New)
      throw UsageError(
          "--fail-on new compares with a baseline, which only a batch has: gougechek batch "
          "MANIFEST --out DIR --baseline OLD/summary.json --fail-on new");
  }
}

/// Where a check's reports go, as far as `values` tell without any error: the error report
/// of a usage error is written there. Nothing (no reports) when that cannot be told.
CliOptions knownReportTarget(const po::variables_map& values) {
  CliOptions known;
  const std::vector<std::string> inputs = inputsOf(values);
  if (values.count("moves") || inputs.size() != 2) return known;
  known.job.part_file = inputs[0];
  known.job.path_file = inputs[1];
  known.job.tool_table = stringOption(values, "tool-table");
  if (values.count("tool-library"))
    known.job.tool_libraries = values["tool-library"].as<std::vector<std::string>>();
  known.job.work_offsets = stringOption(values, "work-offsets");
  known.job.export_mesh = stringOption(values, "export-mesh");
  known.job.stock_out = stringOption(values, "stock-out");
  known.quiet = values.count("quiet") > 0;
  try {
    known.job.reports = reportTargets(values);
  } catch (const UsageError&) {
    known.job.reports.clear();
  }
  return known;
}
}  // namespace

CliOptions parseCommandLine(int argc, const char* const argv[]) {
  po::options_description all = visibleOptions();
  all.add_options()("input", po::value<std::vector<std::string>>(), "PART and PATH")(
      "generate", po::value<std::string>(), "man, bash or zsh: the build's generated files");
  po::positional_options_description positional;
  positional.add("input", -1);

  po::variables_map values;
  try {
    po::store(
        po::command_line_parser(argc, argv)
            .options(all)
            .positional(positional)
            .style(po::command_line_style::unix_style ^ po::command_line_style::allow_guessing)
            .run(),
        values);
  } catch (const po::error& error) {
    throw UsageError(parseErrorMessage(error, all));
  }

  CliOptions options;
  if (values.count("help")) {
    options.mode = CliMode::Help;
    return options;
  }
  if (values.count("version")) {
    options.mode = CliMode::Version;
    return options;
  }
  if (values.count("generate")) {
    options.mode = CliMode::Generate;
    options.generate = values["generate"].as<std::string>();
    return options;
  }

  options.job.command = shellCommand(std::vector<std::string>(argv, argv + argc));
  try {
    fillOptions(values, options);
  } catch (const UsageError& error) {
    CliOptions known = knownReportTarget(values);
    known.job.command = options.job.command;
    throw CommandLineError(error.what(), std::move(known));
  }
  return options;
}

}  // namespace gougechek
