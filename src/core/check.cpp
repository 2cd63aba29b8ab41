#include "gougechek/check.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "core/first_tool.hpp"
#include "core/part_state.hpp"
#include "core/stock_pictures.hpp"
#include "core/tuned_check.hpp"
#include "fixture/fixture_check.hpp"
#include "fixture/rapid_legs.hpp"
#include "gougechek/error.hpp"
#include "report/report_pictures.hpp"
#include "report/report_summary.hpp"
#include "report/viewer3d.hpp"
#include "verify/exact_confirmation.hpp"
#include "verify/reach.hpp"
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

/// A binary STL stores its corners as single-precision floats, each rounded by up to 2^-24 of its
/// size: depths finer than that at the part's largest coordinate say nothing of the design
/// surface. A warning for a tolerance below it (a STEP/IGES part's mesh is bounded by its
/// deflection instead, which verify() holds to the tolerance).
std::optional<std::string> finerThanTheMesh(const Part& part, double tolerance) {
  if (part.format() != "stl-binary" || part.mesh().vertices.empty()) return std::nullopt;
  const auto [low, high] = bounds(part.mesh());
  double largest = 0;
  for (int axis = 0; axis < 3; ++axis)
    largest = std::max({largest, std::fabs(low[axis]), std::fabs(high[axis])});
  const double rounding = std::ldexp(largest, -24);
  if (!(tolerance < rounding)) return std::nullopt;
  std::ostringstream message;
  message
      << "the tolerance " << tolerance
      << " mm is finer than the binary STL's own precision: its single-precision coordinates are "
         "rounded by up to "
      << rounding << " mm at the largest, " << largest
      << " mm from the origin; depths below that are the file's rounding";
  return message.str();
}

}  // namespace

namespace {

/// `found` (the fixtures' findings) into `result` (the part's), the order by line, then kind,
/// then move kept; beyond the listed count, the latest moves' are counted only.
void mergeFindings(CountedResult& result, std::vector<Violation> found, const ViolationTally& more,
                   std::size_t listed) {
  result.unlisted += more;
  if (found.empty()) return;
  std::vector<Violation>& all = result.violations;
  all.insert(all.end(), found.begin(), found.end());
  if (all.size() > listed) {
    std::stable_sort(all.begin(), all.end(),
                     [](const Violation& a, const Violation& b) { return a.move < b.move; });
    for (std::size_t i = listed; i < all.size(); ++i) result.unlisted.add(all[i]);
    all.resize(listed);
  }
  std::stable_sort(all.begin(), all.end(), [](const Violation& a, const Violation& b) {
    if (a.line != b.line) return a.line < b.line;
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.move < b.move;
  });
}

}  // namespace

CountedResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                     const TunedSettings& settings, const MachineSetup& setup) {
  checkSettings(settings);
  checkMachineSetup(setup, SettingNames::Identifier);
  if (part.deflection())
    checkDeflection(*part.deflection(), settings.tolerance, SettingNames::Identifier);
  const PartAccess::State& state = PartAccess::state(part);
  FirstToolSource first_tool(
      [&program](std::vector<Move>& block, std::size_t max) { return program.read(block, max); },
      tools, settings.initial_tool, program.name());
  // Every check takes the moves as the machine makes them (rapids as legs), the fixtures' and
  // the stock's (moves_read) as each block is read, beside the part's check of the block before.
  RapidLegs legs([&first_tool](std::vector<Move>& block,
                               std::size_t max) { return first_tool.read(block, max); },
                 setup.rapid_path, setup.rapid_rates, settings.start);
  FixtureChecks fixtures(setup, tools, settings, program.name());
  std::uint32_t given = 0;              // moves and legs the legs gave so far
  std::vector<std::uint32_t> ordinals;  // the program's ordinal of each of a block's legs
  const MoveSource source = [&](std::vector<Move>& block, std::size_t max) {
    const std::size_t before = block.size();
    const bool more = legs.read(block, max);
    fixtures.check(block);
    const std::span<const Move> read = std::span(block).subspan(before);
    if (settings.moves_read) {
      ordinals.clear();
      if (setup.rapid_path == RapidPath::Dogleg)
        for (std::uint32_t i = 1; i <= read.size(); ++i)
          ordinals.push_back(legs.programOrdinal(given + i));
      settings.moves_read(read, ordinals);
    }
    given += static_cast<std::uint32_t>(read.size());
    return more;
  };
  CountedResult result = verify(state.mesh, state.trees, source, tools, settings, program.name());
  // The tool taken before the first change comes first: it was assumed before any move ran.
  std::vector<InputWarning> warnings = first_tool.warnings();
  if (state.exact_distance) {
    const ExactPart exact{state.mesh, state.face_of_triangle, state.exact_distance};
    confirmOnExactSurfaces(result.violations, exact, tools, settings, *state.deflection);
  }
  ViolationTally fixtures_unlisted;
  std::vector<Violation> fixture_findings = fixtures.finish(fixtures_unlisted);
  mergeFindings(result, std::move(fixture_findings), fixtures_unlisted,
                settings.max_listed_violations);
  legs.renumber(result.violations);
  if (result.unreached) result.unreached->move = legs.programOrdinal(result.unreached->move);
  // No feed move came near the part (no rapid or probe, in a program without feed moves):
  // nothing was cut, so no pass. A rapid, holder or fixture collision is still a failure, which
  // the warning explains; the message holds the check's own warnings (units). With a raw stock
  // the job layer judges it, knowing whether the program cut the stock.
  if (result.unreached && !settings.caller_judges_reach) {
    const std::string message = unreachedMessage(*result.unreached, result.warnings);
    if (result.violations.empty() && result.unlisted.total() == 0)
      throw InputError(program.name(), result.unreached->line, 0, message);
    result.warnings = {{program.name(), result.unreached->line, message}};
  }
  warnings.insert(warnings.end(), result.warnings.begin(), result.warnings.end());
  result.warnings = std::move(warnings);
  return result;
}

CountedResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                     const TunedSettings& settings) {
  return verify(part, program, tools, settings, MachineSetup{});
}

VerifyResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                    const VerifySettings& settings) {
  return verify(part, program, tools, TunedSettings(settings));
}

VerifyResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                    const VerifySettings& settings, const MachineSetup& setup) {
  return verify(part, program, tools, TunedSettings(settings), setup);
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
  report.initial_tool = settings.initial_tool;
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
  if (const std::optional<std::string> coarse = finerThanTheMesh(part, report.tolerance))
    report.warnings.push_back({part.file(), 0, *coarse});
}

void addResult(Report& report, const ProgramStream& program, const ToolLibrary& tools,
               VerifyResult result, bool quote_lines) {
  report.path_lines = program.lines();
  report.moves = program.moves();
  report.tools = toolsUsed(program.toolsUsed(), tools);
  for (const InputWarning& warning : program.warnings()) report.warnings.push_back(warning);
  for (InputWarning& warning : result.warnings) report.warnings.push_back(std::move(warning));
  report.violations = std::move(result.violations);
  report.unlisted = result.unlisted;
  if (quote_lines) {
    std::set<std::uint32_t> lines;
    for (const Violation& violation : report.violations) lines.insert(violation.line);
    report.source_lines = program.sourceLines(lines);
  }
}

namespace {

/// The HTML report's 3D view. A path too broken up for the view's budget leaves the page
/// without it (the pictures show the path): the report is no less true for that.
void addView3d(Report& report, const Mesh& mesh, std::span<const PathChord> path,
               const PicturedStock* stock, const ExcessMap* excess) {
  try {
    std::ostringstream view;
    report::Viewer3dScene scene = report::viewerScene(mesh, path, report.violations);
    if (stock) {
      scene.stock = stock->view;
      scene.stock_spacing = stock->view_spacing;
    }
    if (excess) {
      scene.excess = report::excessLayers(excess->design, excess->band_of_triangle);
      scene.excess_base = excessColour(0);
    }
    // Markers for the violations the table lists, each a click away from its row; the colours
    // stay those of every violation's scale, as in the pictures.
    const std::vector<std::size_t> rows = htmlTableRows(report);
    std::erase_if(scene.markers, [&rows](const report::Viewer3dMarker& marker) {
      return !std::binary_search(rows.begin(), rows.end(), marker.index);
    });
    report::writeViewer3d(scene, view);
    report.view3d_html = view.str();
  } catch (const std::runtime_error&) {
    report.view3d_html.clear();
  }
}

}  // namespace

void addPictures(Report& report, const Part& part, const ProgramStream& program) {
  addPictures(report, part, program, nullptr);
}

void addPictures(Report& report, const Part& part, const ProgramStream& program,
                 const PicturedStock* stock, const ExcessMap* excess) {
  report.regions = groupRegions(report);
  // One read of the program for every pictured region: the lines before it, where its
  // operation's comment is, and the deepest violation's line with five lines either side.
  const std::size_t pictured = std::min(report.regions.size(), kPicturedRegions);
  std::set<std::uint32_t> wanted;
  for (std::size_t r = 0; r < pictured; ++r) {
    const ReportRegion& region = report.regions[r];
    const std::uint32_t first = report.violations[region.violations.front()].line;
    const std::uint32_t deepest = report.violations[region.deepest].line;
    for (std::uint32_t line = first > kOperationLookBack ? first - kOperationLookBack : 1;
         line < first; ++line)
      wanted.insert(line);
    for (std::uint32_t line = firstQuotedLine(deepest); line <= deepest + kQuotedLinesAround;
         ++line)
      wanted.insert(line);
  }
  std::map<std::uint32_t, std::string> lines = program.sourceLines(wanted);
  for (std::size_t r = 0; r < pictured; ++r) {
    ReportRegion& region = report.regions[r];
    region.operation = operationBefore(lines, report.violations[region.violations.front()].line);
    const std::uint32_t deepest = report.violations[region.deepest].line;
    for (auto it = lines.lower_bound(firstQuotedLine(deepest));
         it != lines.end() && it->first <= deepest + kQuotedLinesAround; ++it)
      report.source_lines.insert(*it);
  }
  drawPictures(report, part.mesh(), program.pathSample(), program.pathSampleJoin(),
               report.violations.empty() ? "the path checked" : "the path and the violations",
               stock);
  addView3d(report, part.mesh(), program.pathSample(), stock, excess);
}

void addPartPictures(Report& report, const Part& part, const ProgramStream& program) noexcept {
  try {
    Report read;  // no violations: only the part and the path
    drawPictures(read, part.mesh(), program.pathSample(), program.pathSampleJoin(),
                 program.pathSample().empty() ? "the part" : "the path checked before the error");
    report.pictures = std::move(read.pictures);
  } catch (const std::exception&) {
    report.pictures.clear();
  }
}

void addError(Report& report, const ProgramStream* program, RunError error) {
  report.error = std::move(error);
  report.tools.clear();
  report.violations.clear();
  report.unlisted = {};
  report.source_lines.clear();
  report.regions.clear();
  report.raw_stock.reset();
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
