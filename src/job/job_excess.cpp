#include "job/job_excess.hpp"

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>

#include "core/part_state.hpp"
#include "excess/certified_maximum.hpp"
#include "excess/design_excess.hpp"
#include "gougechek/error.hpp"
#include "job/job_options.hpp"
#include "job/job_stock.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {
namespace {

[[noreturn]] void refuse(const std::string& message) {
  throw InputError("", 0, 0, message);
}

/// The cutters of the tools `moves` use, without the stock to leave: the excess is the material
/// a cutter really leaves, the stock to leave included.
std::map<int, CutterModel> cuttersOf(const std::vector<Move>& moves, const ToolLibrary& tools,
                                     double tolerance) {
  std::map<int, CutterModel> cutters;
  for (const Move& move : moves) {
    if (cutters.count(move.tool)) continue;
    if (const ToolSpec* spec = tools.find(move.tool))
      cutters.emplace(move.tool, makeCutterModel(*spec, 0, tolerance));
  }
  return cutters;
}

/// The bands of the design's area by each cell's largest excess beyond `stock_to_leave`: in
/// tolerance, then 1–2, 2–5, 5–10 and over 10 times the excess tolerance; cells not machined
/// left out.
std::vector<ExcessBand> bandsOf(const DesignExcess& design, double stock_to_leave,
                                double tolerance) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ExcessBand> bands{{0, tolerance, 0},
                                {tolerance, 2 * tolerance, 0},
                                {2 * tolerance, 5 * tolerance, 0},
                                {5 * tolerance, 10 * tolerance, 0},
                                {10 * tolerance, inf, 0}};
  std::vector<bool> unmachined(design.cells.size(), false);
  for (const ExcessPatch& patch : design.not_machined)
    for (const std::uint32_t c : patch.cells) unmachined[c] = true;
  for (std::size_t c = 0; c < design.cells.size(); ++c) {
    if (unmachined[c]) continue;
    const double beyond = design.cells[c].bracket.lo - stock_to_leave;
    auto band = std::find_if(bands.begin(), bands.end(),
                             [beyond](const ExcessBand& b) { return beyond <= b.to; });
    if (band == bands.end()) band = bands.begin();  // a NaN-free cell never lands here
    band->area += design.cells[c].area;
  }
  return bands;
}

}  // namespace

void checkExcess(const CheckJob& job, SettingNames names) {
  const auto check = [&](const char* option, const std::optional<double>& value) {
    if (!value) return;
    checkSetting(option, *value, names);
    if (!job.excess)
      refuse(settingName(option, names) + " needs " + settingName("excess", names) +
             " (the excess is measured only when asked)");
  };
  check("excess-spacing", job.excess_spacing);
  check("excess-tolerance", job.excess_tolerance);
  check("fail-on-excess", job.fail_on_excess);
}

void JobExcess::refuseTooManySamples(const Part& part, SettingNames names) const {
  const Mesh& mesh = part.mesh();
  const double spacing = job_.excess_spacing.value_or(kDefaultExcessSpacing);
  tbb::task_arena arena(job_.threads > 0 ? job_.threads : tbb::task_arena::automatic);
  const double lattice = static_cast<double>(arena.execute([&] {
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, mesh.triangles.size()), std::size_t{0},
        [&](const tbb::blocked_range<std::size_t>& range, std::size_t sum) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) {
            const Triangle& t = mesh.triangles[i];
            sum += latticeSamples({mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]},
                                  spacing);
          }
          return sum;
        },
        std::plus<>());
  }));
  if (lattice <= kMaxExcessSamples) return;
  std::ostringstream message;
  message << settingName("excess-spacing", names) << " " << spacing << " mm samples the part's "
          << mesh.triangles.size() << " triangles at about " << std::round(lattice / 1e6)
          << " million points, more than the " << kMaxExcessSamples / 1e6
          << " million allowed: give a coarser spacing";
  throw InputError(job_.part_file, 0, 0, message.str());
}

void JobExcess::watch(TunedSettings& settings) {
  settings.moves_read = [this, before = settings.moves_read](
                            std::span<const Move> moves, std::span<const std::uint32_t> ordinals) {
    if (before) before(moves, ordinals);
    for (std::size_t m = 0; m < moves.size(); ++m) {
      ordinals_.push_back(ordinals.empty() ? static_cast<std::uint32_t>(moves_.size() + 1)
                                           : ordinals[m]);
      moves_.push_back(moves[m]);
    }
  };
}

void JobExcess::finish(Report& report, const Part& part, const ToolLibrary& tools,
                       const ProgramStream& program,
                       const std::optional<std::array<Vec3, 2>>& stock_box,
                       const std::function<void()>& check_stop) {
  const PartAccess::State& state = PartAccess::state(part);
  const Mesh& mesh = state.mesh;
  const double tolerance = verifySettings(job_).tolerance;  // raised to kFinestTolerance
  ExcessReport excess;
  excess.spacing = job_.excess_spacing.value_or(kDefaultExcessSpacing);
  excess.tolerance = job_.excess_tolerance.value_or(tolerance);
  excess.stock_to_leave = job_.stock;
  excess.fail_above = job_.fail_on_excess;

  CapBox cap;
  if (stock_box) {
    cap = {(*stock_box)[0], (*stock_box)[1]};
    excess.cap = "the stock's box";
  } else {
    const auto [lo, hi] = bounds(mesh);
    const Vec3 margin{kDefaultStockMargin, kDefaultStockMargin, kDefaultStockMargin};
    cap = {lo - margin, hi + margin};
    excess.cap = "the part's box grown by 1 mm";
  }
  const MoveTree tree(cuttingSweeps(moves_, cuttersOf(moves_, tools, tolerance), tolerance));
  const ExcessField field(tree, cap);
  DesignExcessSettings settings;
  settings.spacing = excess.spacing;
  settings.threshold = excess.stock_to_leave + excess.tolerance;
  settings.threads = job_.threads;
  settings.check_stop = check_stop;
  const DesignExcess design = measureDesign(mesh, state.face_of_triangle, field, settings);

  excess.samples = design.samples;
  excess.area = design.area;
  excess.bands = bandsOf(design, excess.stock_to_leave, excess.tolerance);
  std::set<std::uint32_t> lines;
  const auto regionOf = [&](const ExcessPatch& patch) {
    ExcessRegion region;
    region.machined = patch.machined;
    region.lo = patch.bracket.lo;
    region.hi = patch.bracket.hi;
    region.area = patch.area;
    region.facets = patch.facets;
    region.at = patch.bracket.at;
    if (patch.face) region.face = *patch.face + 1;
    if (patch.machined && patch.bracket.sweep >= 0) {
      const std::uint32_t index = tree.sweeps()[static_cast<std::size_t>(patch.bracket.sweep)].move;
      region.move = ordinals_[index];
      region.line = moves_[index].line;
      region.tool = moves_[index].tool;
      lines.insert(region.line);
    }
    return region;
  };
  for (const ExcessPatch& patch : design.regions) {
    excess.regions.push_back(regionOf(patch));
    excess.max_lo = std::max(excess.max_lo, patch.bracket.lo);
    excess.max_hi = std::max(excess.max_hi, patch.bracket.hi);
  }
  for (const ExcessPatch& patch : design.not_machined) {
    excess.not_machined.push_back(regionOf(patch));
    excess.not_machined_area += patch.area;
  }
  const std::map<std::uint32_t, std::string> operations = operationsOf(lines, program);
  for (ExcessRegion& region : excess.regions)
    if (region.line) region.operation = operations.at(region.line);
  report.excess = std::move(excess);
}

}  // namespace gougechek
