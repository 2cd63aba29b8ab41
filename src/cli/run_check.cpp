#include "cli/run_check.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

#include "cli/program_input.hpp"
#include "cli/progress_bar.hpp"
#include "gcode/move_json.hpp"
#include "gcode/parameter_file.hpp"
#include "gougechek/error.hpp"
#include "io/exact_surfaces.hpp"
#include "io/part_reader.hpp"
#include "io/stl_writer.hpp"
#include "report/report_summary.hpp"
#include "tool/tool_table.hpp"
#include "verify/exact_confirmation.hpp"

namespace gougechek {

namespace {

constexpr std::size_t kPrintBlock = 4096;

ToolLibrary loadTools(const CliOptions& options) {
  ToolLibrary library;
  if (options.tool_table) library = readToolTable(*options.tool_table);
  if (options.tool) library.fallback = parseToolSpec(*options.tool, "--tool");
  return library;
}

/// What the machine knows before the program starts (the work offsets file, the tool table) and
/// how it reads programs.
ProgramOptions programOptions(const CliOptions& options, const ToolLibrary& tools) {
  ProgramOptions program;
  program.dialect = options.dialect;
  program.arc_tolerance_mm = options.arc_tolerance;
  // LinuxCNC searches SUBROUTINE_PATH, then PROGRAM_PREFIX, where programs usually live: here
  // the program's own directory.
  program.subroutine_path = options.subroutine_path;
  if (options.path_file != "-")
    program.subroutine_path.push_back(
        std::filesystem::absolute(options.path_file).parent_path().string());
  program.subprogram_dirs = options.subprogram_dirs;
  if (options.work_offsets) {
    std::ifstream file(*options.work_offsets, std::ios::binary);
    if (!file) throw InputError(*options.work_offsets, 0, 0, "cannot open the work offsets file");
    program.parameters = readParameterFile(file, *options.work_offsets);
  }
  for (const auto& [number, spec] : tools.by_number) {
    program.tool_lengths_mm.emplace(number, spec.length_offset);
    program.tool_diameters_mm.emplace(number, spec.diameter);
  }
  return program;
}

/// The tools of `numbers` that the library describes.
std::vector<std::pair<int, ToolSpec>> toolsUsed(const std::set<int>& numbers,
                                                const ToolLibrary& library) {
  std::vector<std::pair<int, ToolSpec>> used;
  for (int number : numbers) {
    if (const ToolSpec* spec = library.find(number)) used.emplace_back(number, *spec);
  }
  return used;
}

/// The program handed to the verifier block by block, noting what the report needs on the way.
class CountingSource {
 public:
  explicit CountingSource(ProgramReader& program) : program_(program) {}

  bool operator()(std::vector<Move>& out, std::size_t max) {
    const std::size_t before = out.size();
    const bool more = program_.read(out, max);
    for (std::size_t i = before; i < out.size(); ++i) {
      if (out[i].tool != last_tool_) tools_.insert(last_tool_ = out[i].tool);
    }
    moves_ += out.size() - before;
    bytes_read_.store(program_.bytesRead(), std::memory_order_relaxed);
    return more;
  }

  std::size_t moves() const { return moves_; }
  const std::set<int>& tools() const { return tools_; }
  const std::atomic<std::uint64_t>& bytesRead() const { return bytes_read_; }

 private:
  ProgramReader& program_;
  std::size_t moves_ = 0;
  std::set<int> tools_;
  int last_tool_ = -1;
  std::atomic<std::uint64_t> bytes_read_{0};
};

PartOptions partOptions(const CliOptions& options) {
  PartOptions part;
  part.unit_scale = options.part_unit_scale;
  // At most a fifth of the tolerance: mesh error alone then cannot turn a clean move into a
  // gouge or hide one by more than tolerance/5 (and exact confirmation removes even that).
  part.deflection = options.deflection.value_or(largestDeflection(options.tolerance));
  return part;
}

/// Findings on a STEP/IGES part that the mesh's deflection could have made or hidden, measured
/// again on its exact faces.
void confirmExact(const Part& part, const ToolLibrary& tools, const VerifySettings& settings,
                  double deflection, VerifyResult& result) {
  const ExactSurfaces& exact = *part.exact;
  const ExactPart exact_part{
      part.mesh, part.face_of_triangle,
      [&exact](const FrustumCore& core, const Vec3& tip, std::span<const std::uint32_t> faces) {
        return exact.distance({tip, core.z_bottom, core.z_top, core.radius_bottom, core.radius_top},
                              faces);
      }};
  confirmOnExactSurfaces(result.violations, exact_part, tools, settings, deflection);
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
  ProgramReader& program = input.open(programOptions(options, loadTools(options)));
  std::vector<Move> block;
  std::size_t ordinal = 0;
  for (bool more = true; more;) {
    block.clear();
    more = program.read(block, kPrintBlock);
    for (const Move& move : block) writeMoveJson(move, ++ordinal, out);
  }
  return 0;
}

int runCheck(const CliOptions& options, std::ostream& out, std::ostream& err) {
  const auto started = std::chrono::steady_clock::now();
  // Cheap inputs first, so a typo in a tool or an unreadable program is reported before a long
  // part read; the program itself is interpreted while it is checked.
  const ToolLibrary tools = loadTools(options);
  ProgramInput input(options.path_file);
  ProgramReader& program = input.open(programOptions(options, tools));
  CountingSource counter(program);
  const Part part = readPart(options.part_file, partOptions(options));
  if (options.export_mesh) writeStlBinary(part.mesh, *options.export_mesh);

  VerifySettings settings = verifySettings(options);
  std::optional<ProgressBar> progress_bar;
  if (!options.quiet && (options.force_progress || ::isatty(STDERR_FILENO) == 1)) {
    progress_bar.emplace(err);
    settings.progress = [&bar = *progress_bar](std::size_t done, std::size_t total) {
      bar.update(done, total);
    };
    progress_bar->trackInput(counter.bytesRead(), input.size());
  }
  const MoveSource source = [&counter](std::vector<Move>& block, std::size_t max) {
    return counter(block, max);
  };
  VerifyResult result = verify(part.mesh, source, tools, settings, input.name());
  if (part.exact) confirmExact(part, tools, settings, partOptions(options).deflection, result);
  if (progress_bar) progress_bar->finish();

  Report report;
  report.part_file = options.part_file;
  report.part_format = part.format;
  report.part_units = part.units;
  if (part.exact) {
    report.part_faces = part.faces;
    report.part_solids = part.solids;
  }
  report.triangles = part.mesh.triangles.size();
  report.bounds = bounds(part.mesh);
  report.path_file = input.name();
  report.path_lines = program.lines();
  report.moves = counter.moves();
  report.tolerance = options.tolerance;
  report.stock = options.stock;
  report.rapid_clearance = options.rapid_clearance;
  report.tools = toolsUsed(counter.tools(), tools);
  for (const std::string& message : part.diagnostics.warnings) {
    report.warnings.push_back({options.part_file, 0, message});
  }
  for (const InputWarning& warning : program.warnings()) report.warnings.push_back(warning);
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
