#include "gougechek/check.hpp"

#include <chrono>
#include <set>
#include <utility>
#include <vector>

#include "core/part_state.hpp"
#include "verify/exact_confirmation.hpp"
#include "verify/verifier.hpp"

namespace gougechek {

namespace {

/// The tools of `numbers` that the library describes.
std::vector<std::pair<int, ToolSpec>> toolsUsed(const std::set<int>& numbers,
                                                const ToolLibrary& library) {
  std::vector<std::pair<int, ToolSpec>> used;
  for (int number : numbers) {
    if (const ToolSpec* spec = library.find(number)) used.emplace_back(number, *spec);
  }
  return used;
}

}  // namespace

VerifyResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                    const VerifySettings& settings) {
  const Part::State& state = part.state();
  const MoveSource source = [&program](std::vector<Move>& block, std::size_t max) {
    return program.read(block, max);
  };
  VerifyResult result = verify(state.mesh, state.trees, source, tools, settings, program.name());
  if (state.exact_distance) {
    const ExactPart exact{state.mesh, state.face_of_triangle, state.exact_distance};
    confirmOnExactSurfaces(result.violations, exact, tools, settings, *state.deflection);
  }
  return result;
}

Report reportOfSettings(const std::string& part_file, const std::string& program_name,
                        const VerifySettings& settings) {
  Report report;
  report.part_file = part_file;
  report.path_file = program_name;
  report.tolerance = settings.tolerance;
  report.stock = settings.stock;
  report.rapid_clearance = settings.rapid_clearance;
  report.holder_clearance = settings.holder_clearance;
  return report;
}

void addPart(Report& report, const Part& part) {
  report.part_format = part.format();
  report.part_units = part.units();
  report.part_faces = part.faces();
  report.part_solids = part.solids();
  report.triangles = part.mesh().triangles.size();
  report.bounds = bounds(part.mesh());
  for (const std::string& message : part.diagnostics().warnings) {
    report.warnings.push_back({part.file(), 0, message});
  }
}

void addResult(Report& report, const ProgramStream& program, const ToolLibrary& tools,
               VerifyResult result, bool quote_lines) {
  report.path_lines = program.lines();
  report.moves = program.moves();
  report.tools = toolsUsed(program.toolsUsed(), tools);
  for (const InputWarning& warning : program.warnings()) report.warnings.push_back(warning);
  report.violations = std::move(result.violations);
  report.unlisted = result.unlisted;
  if (quote_lines) {
    std::set<std::uint32_t> lines;
    for (const Violation& violation : report.violations) lines.insert(violation.line);
    report.source_lines = program.sourceLines(lines);
  }
}

void addError(Report& report, const ProgramStream* program, RunError error) {
  report.error = std::move(error);
  report.tools.clear();
  report.violations.clear();
  report.unlisted = {};
  report.source_lines.clear();
  if (program) {
    for (const InputWarning& warning : program->warnings()) report.warnings.push_back(warning);
  }
}

Report check(const Part& part, ProgramStream& program, const ToolLibrary& tools,
             const VerifySettings& settings) {
  const auto started = std::chrono::steady_clock::now();
  Report report = reportOfSettings(part.file(), program.name(), settings);
  addPart(report, part);
  VerifyResult result = verify(part, program, tools, settings);
  addResult(report, program, tools, std::move(result), true);
  report.elapsed_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return report;
}

}  // namespace gougechek
