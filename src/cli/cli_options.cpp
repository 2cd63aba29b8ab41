#include "cli_options.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <vector>

namespace gougechek {

namespace po = boost::program_options;

namespace {

po::options_description visibleOptions() {
  po::options_description options("Options");
  // Numbers are taken as strings and parsed here, so every bad value gets the same clear message.
  options.add_options()(
      "tool,t", po::value<std::string>()->value_name("SPEC"),
      "cutter for tool numbers no tool table describes: ball:D, flat:D, bull:D:r, taper:D:r:A, "
      "optionally ,flute=L ,shank=DS ,length=LT (mm, degrees)")(
      "tool-table", po::value<std::string>()->value_name("FILE"),
      "LinuxCNC tool table (mm); its Z column gives the lengths G43 applies")(
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
      "dialect's absolute allowance")("tolerance", po::value<std::string>()->value_name("MM"),
                                      "accepted penetration depth (default 0.01)")(
      "stock", po::value<std::string>()->value_name("MM"), "stock to leave (default 0)")(
      "rapid-clearance", po::value<std::string>()->value_name("MM"),
      "distance rapids must keep from the part (default 0)")(
      "start", po::value<std::string>()->value_name("X,Y,Z"),
      "tool position before the first move (default unknown)")(
      "part-units", po::value<std::string>()->value_name("mm|in"),
      "units of an STL part (default mm; STEP/IGES carry their own)")(
      "deflection", po::value<std::string>()->value_name("MM"),
      "STEP/IGES: largest mesh-to-surface distance of the tessellation (default and most: "
      "tolerance/5, at least 1e-4)")("export-mesh",
                                     po::value<std::string>()->value_name("FILE.stl"),
                                     "write the part's mesh, as checked, to FILE.stl (binary STL)")(
      "report", po::value<std::string>()->value_name("FILE"),
      "write the report to FILE, format from the extension: .txt .json .csv .xml .html")(
      "format", po::value<std::string>()->value_name("FMT"),
      "report format: text, json, csv, junit, html")(
      "threads,j", po::value<std::string>()->value_name("N"),
      "worker threads (default: all cores)")("quiet,q", "no output but errors")(
      "progress", "show a progress bar even when stderr is not a terminal")(
      "moves", "print the interpreted moves of PATH as JSON lines and exit (no PART needed)")(
      "kdop", po::value<std::string>()->value_name("K"),
      "k-DOP of the part tree: 6, 14, 18, 26 (default 18; for benchmarks)")(
      "no-front-tracking", "start every tree query at the root (for benchmarks)")(
      "version", "print the version and exit")("help,h", "print this help and exit");
  return options;
}

double parseNumber(const std::string& text, const std::string& option) {
  double value = 0;
  const char* begin = text.data();
  const char* end = begin + text.size();
  if (begin != end && *begin == '+') ++begin;
  const auto result = std::from_chars(begin, end, value);
  if (begin == end || result.ec != std::errc() || result.ptr != end || !std::isfinite(value)) {
    throw UsageError(option + ": '" + text + "' is not a number");
  }
  return value;
}

/// A length in mm within the range every length of a run keeps (±1e6 mm, as the program's).
double parseLength(const std::string& text, const std::string& option) {
  const double value = parseNumber(text, option);
  if (std::fabs(value) > kMaxLengthMm)
    throw UsageError(option + ": " + text + " mm is outside the supported range (±1e6 mm)");
  return value;
}

double parseNonNegative(const std::string& text, const std::string& option) {
  const double value = parseLength(text, option);
  if (value < 0) throw UsageError(option + " must be >= 0, got " + text);
  return value;
}

int parseInteger(const std::string& text, const std::string& option) {
  int value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc() || result.ptr != text.data() + text.size()) {
    throw UsageError(option + ": '" + text + "' is not a whole number");
  }
  return value;
}

Vec3 parseStart(const std::string& text) {
  std::vector<double> values;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t comma = text.find(',', begin);
    values.push_back(parseLength(text.substr(begin, comma - begin), "--start"));
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  if (values.size() != 3) throw UsageError("--start wants X,Y,Z, got '" + text + "'");
  return {values[0], values[1], values[2]};
}

ReportFormat formatFromName(const std::string& name) {
  if (const auto format = reportFormatFromName(name)) return *format;
  throw UsageError("--format: unknown format '" + name + "' (text, json, csv, junit, html)");
}

ReportFormat formatFromExtension(const std::string& file) {
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".txt") return ReportFormat::Text;
  if (extension == ".json") return ReportFormat::Json;
  if (extension == ".csv") return ReportFormat::Csv;
  if (extension == ".xml") return ReportFormat::Junit;
  if (extension == ".html" || extension == ".htm") return ReportFormat::Html;
  throw UsageError("--report: cannot tell the format of '" + file +
                   "' from its extension (.txt .json .csv .xml .html); add --format");
}

std::optional<std::string> stringOption(const po::variables_map& values, const char* name) {
  if (!values.count(name)) return std::nullopt;
  return values[name].as<std::string>();
}

}  // namespace

std::string helpText() {
  std::ostringstream text;
  text << "Usage: gougechek PART PATH [options]\n"
          "       gougechek --moves PATH\n"
          "Checks the NC program PATH (G-code, '-' for stdin) against the part PART (.stl,\n"
          ".step/.stp, .iges/.igs) for gouges, rapid collisions and holder collisions.\n"
          "Exit codes: 0 no violation, 1 violations, 2 usage or input error, 3 internal error.\n\n"
       << visibleOptions();
  return text.str();
}

namespace {

/// Fills `options` from `values` (help and version handled); throws UsageError.
void fillOptions(const po::variables_map& values, CliOptions& options) {
  const std::vector<std::string> inputs = values.count("input")
                                              ? values["input"].as<std::vector<std::string>>()
                                              : std::vector<std::string>();
  // What the interpreter needs, with --moves too: the moves depend on it.
  options.tool_table = stringOption(values, "tool-table");
  options.work_offsets = stringOption(values, "work-offsets");
  if (auto text = stringOption(values, "dialect")) {
    const auto dialect = dialectFromName(*text);
    if (!dialect)
      throw UsageError("--dialect: unknown dialect '" + *text + "' (linuxcnc, fanuc, haas, grbl)");
    options.dialect = *dialect;
  }
  if (auto text = stringOption(values, "arc-tolerance")) {
    options.arc_tolerance = parseNonNegative(*text, "--arc-tolerance");
  }
  const auto directories = [&values](const char* name) {
    std::vector<std::string> dirs;
    if (values.count(name)) dirs = values[name].as<std::vector<std::string>>();
    for (const std::string& dir : dirs)
      if (!std::filesystem::is_directory(dir))
        throw UsageError("--" + std::string(name) + ": '" + dir + "' is not a directory");
    return dirs;
  };
  options.subroutine_path = directories("subroutine-path");
  options.subprogram_dirs = directories("subprogram-dir");
  if (values.count("moves")) {
    // A full check command line with --moves added still works: PART is then not read.
    options.mode = CliMode::PrintMoves;
    if (inputs.empty() || inputs.size() > 2) throw UsageError("--moves wants one PATH");
    options.path_file = inputs.back();
    return;
  }
  if (inputs.size() != 2) {
    throw UsageError(inputs.size() < 2 ? "PART and PATH are required"
                                       : "too many arguments: '" + inputs[2] + "'");
  }
  options.part_file = inputs[0];
  options.path_file = inputs[1];
  if (options.part_file == "-") throw UsageError("PART cannot be read from stdin");

  options.tool = stringOption(values, "tool");
  if (auto text = stringOption(values, "tolerance")) {
    options.tolerance = std::max(parseNonNegative(*text, "--tolerance"), kFinestTolerance);
  }
  if (auto text = stringOption(values, "stock")) options.stock = parseNonNegative(*text, "--stock");
  if (auto text = stringOption(values, "rapid-clearance")) {
    options.rapid_clearance = parseNonNegative(*text, "--rapid-clearance");
  }
  if (auto text = stringOption(values, "start")) options.start = parseStart(*text);
  if (auto text = stringOption(values, "part-units")) {
    if (*text == "mm") {
      options.part_unit_scale = 1;
    } else if (*text == "in") {
      options.part_unit_scale = 25.4;
    } else {
      throw UsageError("--part-units: '" + *text + "' is neither mm nor in");
    }
  }
  if (auto text = stringOption(values, "deflection")) {
    options.deflection = parseNumber(*text, "--deflection");
    if (!(*options.deflection > 0)) throw UsageError("--deflection must be > 0, got " + *text);
    // Relative slack, so that the printed largest value itself is accepted.
    constexpr double kRoundingSlack = 1 + 1e-9;
    const double largest = largestDeflection(options.tolerance);
    if (*options.deflection > largest * kRoundingSlack) {
      std::ostringstream message;
      message << "--deflection " << *text << " is coarser than --tolerance " << options.tolerance
              << " allows: at most " << largest << " mm (tolerance/5, at least "
              << kFinestDeflection
              << " mm), since a coarser mesh would hide real gouges and invent others";
      throw UsageError(message.str());
    }
  }
  options.export_mesh = stringOption(values, "export-mesh");
  options.report_file = stringOption(values, "report");
  if (auto text = stringOption(values, "format")) {
    options.format = formatFromName(*text);
  } else if (options.report_file) {
    options.format = formatFromExtension(*options.report_file);
  }
  if (auto text = stringOption(values, "threads")) {
    options.threads = parseInteger(*text, "--threads");
    if (options.threads < 0) throw UsageError("--threads must be >= 0 (0: all cores)");
  }
  if (auto text = stringOption(values, "kdop")) {
    options.kdop = parseInteger(*text, "--kdop");
    if (options.kdop != 6 && options.kdop != 14 && options.kdop != 18 && options.kdop != 26) {
      throw UsageError("--kdop must be 6, 14, 18 or 26, got " + *text);
    }
  }
  options.quiet = values.count("quiet") > 0;
  options.force_progress = values.count("progress") > 0;
  options.front_tracking = values.count("no-front-tracking") == 0;
}

/// Where a check's report goes, as far as `values` tell without any error: the error report
/// of a usage error is written there. Nothing (no report_file) when that cannot be told.
CliOptions knownReportTarget(const po::variables_map& values) {
  CliOptions known;
  const std::vector<std::string> inputs = values.count("input")
                                              ? values["input"].as<std::vector<std::string>>()
                                              : std::vector<std::string>();
  if (values.count("moves") || inputs.size() != 2) return known;
  known.part_file = inputs[0];
  known.path_file = inputs[1];
  known.tool_table = stringOption(values, "tool-table");
  known.work_offsets = stringOption(values, "work-offsets");
  known.export_mesh = stringOption(values, "export-mesh");
  known.quiet = values.count("quiet") > 0;
  try {
    known.report_file = stringOption(values, "report");
    if (auto text = stringOption(values, "format")) {
      known.format = formatFromName(*text);
    } else if (known.report_file) {
      known.format = formatFromExtension(*known.report_file);
    }
  } catch (const UsageError&) {
    known.report_file.reset();
  }
  return known;
}
}  // namespace

CliOptions parseCommandLine(int argc, const char* const argv[]) {
  po::options_description all = visibleOptions();
  all.add_options()("input", po::value<std::vector<std::string>>(), "PART and PATH");
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
    throw UsageError(error.what());
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

  try {
    fillOptions(values, options);
  } catch (const UsageError& error) {
    throw CommandLineError(error.what(), knownReportTarget(values));
  }
  return options;
}

}  // namespace gougechek
