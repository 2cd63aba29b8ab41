#include "cli/run_check.hpp"

#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <set>

#include "cli/program_input.hpp"
#include "cli/progress_bar.hpp"
#include "gcode/move_json.hpp"
#include "gougechek/error.hpp"
#include "io/part_reader.hpp"
#include "report/report_summary.hpp"
#include "tool/tool_table.hpp"

namespace gougechek {

namespace {

ToolLibrary loadTools(const CliOptions& options) {
  ToolLibrary library;
  if (options.tool_table) library = readToolTable(*options.tool_table);
  if (options.tool) library.fallback = parseToolSpec(*options.tool, "--tool");
  return library;
}

/// The tools the program's moves use, by number, each once.
std::vector<std::pair<int, ToolSpec>> toolsUsed(const std::vector<Move>& moves,
                                                const ToolLibrary& library) {
  std::set<int> numbers;
  for (const Move& move : moves) numbers.insert(move.tool);
  std::vector<std::pair<int, ToolSpec>> used;
  for (int number : numbers) {
    if (const ToolSpec* spec = library.find(number)) used.emplace_back(number, *spec);
  }
  return used;
}

VerifySettings verifySettings(const CliOptions& options) {
  VerifySettings settings;
  settings.tolerance = options.tolerance;
  settings.stock = options.stock;
  settings.rapid_clearance = options.rapid_clearance;
  settings.start = options.start;
  settings.threads = options.threads;
  settings.kdop = options.kdop;
  settings.front_tracking = options.front_tracking;
  return settings;
}

void writeReportFile(const Report& report, const CliOptions& options) {
  std::ofstream file(*options.report_file, std::ios::binary);
  if (file) writeReport(report, options.format, file);
  file.close();
  if (!file) throw InputError(*options.report_file, 0, 0, "cannot write the report");
}

}  // namespace

int printMoves(const CliOptions& options, std::ostream& out) {
  ProgramInput input(options.path_file);
  const Program program = input.read();
  for (std::size_t i = 0; i < program.moves.size(); ++i) {
    writeMoveJson(program.moves[i], i + 1, out);
  }
  return 0;
}

int runCheck(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::steady_clock::now();
  // Cheap inputs first, so a typo in a tool or the program is reported before a long part read.
  const ToolLibrary tools = loadTools(options);
  ProgramInput input(options.path_file);
  Program program = input.read();
  const Part part = readPart(options.part_file, options.part_unit_scale);

  VerifySettings settings = verifySettings(options);
  std::optional<ProgressBar> progress_bar;
  if (!options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1)) {
    progress_bar.emplace(err);
    settings.progress = [&bar = *progress_bar](std::size_t done, std::size_t total) {
      bar.update(done, total);
    };
  }
  VerifyResult result = verify(part.mesh, program.moves, tools, settings, input.name());
  if (progress_bar) progress_bar->finish();

  Report report;
  report.part_file = options.part_file;
  report.part_format = part.format;
  report.triangles = part.mesh.triangles.size();
  report.bounds = bounds(part.mesh);
  report.path_file = input.name();
  report.path_lines = program.lines;
  report.moves = program.moves.size();
  report.tolerance = options.tolerance;
  report.stock = options.stock;
  report.rapid_clearance = options.rapid_clearance;
  report.tools = toolsUsed(program.moves, tools);
  for (const std::string& message : part.diagnostics.warnings) {
    report.warnings.push_back({options.part_file, 0, message});
  }
  for (InputWarning& warning : program.warnings) report.warnings.push_back(std::move(warning));
  report.violations = std::move(result.violations);
  if (options.format == ReportFormat::Html) {
    std::set<std::uint32_t> lines;
    for (const Violation& violation : report.violations) lines.insert(violation.line);
    report.source_lines = input.lines(lines);
  }
  report.elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (options.report_file) {
    writeReportFile(report, options);
    if (!options.quiet) out << "gougechek: " << summaryLine(report) << "\n";
  } else if (!options.quiet) {
    writeReport(report, options.format, out);
  }
  return report.violations.empty() ? 0 : 1;
}

}  // namespace gougechek
