#include "cli/run_check.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>

#include "cli/progress_bar.hpp"
#include "gcode/move_json.hpp"
#include "gcode/program.hpp"
#include "gougechek/error.hpp"
#include "io/part_reader.hpp"
#include "tool/tool_table.hpp"

namespace gougechek {

namespace {

constexpr const char* kStdinName = "<stdin>";

Program readProgramFile(const std::string& path_file) {
  if (path_file == "-") return readProgram(std::cin, kStdinName);
  std::ifstream in(path_file);
  if (!in) throw InputError(path_file, 0, 0, "cannot open the program");
  return readProgram(in, path_file);
}

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

std::string summaryLine(const Report& report) {
  std::size_t counts[3] = {0, 0, 0};
  double max_depth = 0;
  for (const Violation& violation : report.violations) {
    ++counts[static_cast<int>(violation.kind)];
    max_depth = std::max(max_depth, violation.depth);
  }
  char depth[32];
  std::snprintf(depth, sizeof depth, "%.3f", max_depth);
  return std::string(report.violations.empty() ? "PASS" : "FAIL") + ": " +
         std::to_string(counts[0]) + " gouges, " + std::to_string(counts[1]) +
         " rapid collisions, " + std::to_string(counts[2]) + " holder collisions, max depth " +
         depth + " mm";
}

}  // namespace

int printMoves(const CliOptions& options, std::ostream& out) {
  const Program program = readProgramFile(options.path_file);
  for (std::size_t i = 0; i < program.moves.size(); ++i) {
    writeMoveJson(program.moves[i], i + 1, out);
  }
  return 0;
}

int runCheck(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::steady_clock::now();
  const ToolLibrary tools = loadTools(options);
  Program program = readProgramFile(options.path_file);
  Part part = readPart(options.part_file, options.part_unit_scale);

  VerifySettings settings;
  settings.tolerance = options.tolerance;
  settings.stock = options.stock;
  settings.rapid_clearance = options.rapid_clearance;
  settings.start = options.start;
  settings.threads = options.threads;
  settings.kdop = options.kdop;
  settings.front_tracking = options.front_tracking;

  const bool show_progress =
      !options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1);
  std::optional<ProgressBar> progress_bar;
  if (show_progress) {
    progress_bar.emplace(err);
    settings.progress = [&bar = *progress_bar](std::size_t done, std::size_t total) {
      bar.update(done, total);
    };
  }

  const std::string path_name = options.path_file == "-" ? kStdinName : options.path_file;
  VerifyResult result = verify(part.mesh, program.moves, tools, settings, path_name);
  if (progress_bar) progress_bar->finish();

  Report report;
  report.part_file = options.part_file;
  report.part_format = part.format;
  report.triangles = part.mesh.triangles.size();
  report.bounds = bounds(part.mesh);
  report.path_file = path_name;
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
  report.elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  if (options.report_file) {
    std::ofstream file(*options.report_file);
    if (file) writeReport(report, options.format, file);
    if (!file) throw InputError(*options.report_file, 0, 0, "cannot write the report");
    if (!options.quiet) out << "gougechek: " << summaryLine(report) << "\n";
  } else if (!options.quiet) {
    writeReport(report, options.format, out);
  }
  return report.violations.empty() ? 0 : 1;
}

}  // namespace gougechek
