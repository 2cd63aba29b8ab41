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
#include "report/excess_pictures.hpp"
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
/// left out. `band_of_cell`: each cell's band (kNotMachinedBand for those).
std::vector<ExcessBand> bandsOf(const DesignExcess& design, double stock_to_leave, double tolerance,
                                std::vector<std::int8_t>& band_of_cell) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<ExcessBand> bands{{0, tolerance, 0},
                                {tolerance, 2 * tolerance, 0},
                                {2 * tolerance, 5 * tolerance, 0},
                                {5 * tolerance, 10 * tolerance, 0},
                                {10 * tolerance, inf, 0}};
  band_of_cell.assign(design.cells.size(), 0);
  for (const ExcessPatch& patch : design.not_machined)
    for (const std::uint32_t c : patch.cells) band_of_cell[c] = kNotMachinedBand;
  for (std::size_t c = 0; c < design.cells.size(); ++c) {
    if (band_of_cell[c] == kNotMachinedBand) continue;
    const double beyond = design.cells[c].bracket.lo - stock_to_leave;
    auto band = std::find_if(bands.begin(), bands.end(),
                             [beyond](const ExcessBand& b) { return beyond <= b.to; });
    if (band == bands.end()) band = bands.begin();  // a NaN-free cell never lands here
    band->area += design.cells[c].area;
    band_of_cell[c] = static_cast<std::int8_t>(band - bands.begin());
  }
  return bands;
}

/// The design as the excess map draws it, with each triangle's band: the part's mesh, each
/// triangle in its cells' band, but a triangle whose cells fall in more than one band (a coarse
/// facet partly machined) drawn as its cells.
Mesh mapOf(const Mesh& mesh, const DesignExcess& design, std::span<const std::int8_t> band_of_cell,
           std::vector<std::int8_t>& band_of_triangle) {
  Mesh map = mesh;
  band_of_triangle.assign(mesh.triangles.size(), 0);
  const auto& cells = design.cells;  // in the mesh's order, each triangle's together
  for (std::size_t first = 0; first < cells.size();) {
    const std::uint32_t t = cells[first].facet;
    std::size_t last = first + 1;
    while (last < cells.size() && cells[last].facet == t) ++last;
    band_of_triangle[t] = band_of_cell[first];
    const bool mixed = std::any_of(band_of_cell.begin() + static_cast<long>(first) + 1,
                                   band_of_cell.begin() + static_cast<long>(last),
                                   [&](std::int8_t b) { return b != band_of_cell[first]; });
    for (std::size_t c = first; mixed && c < last; ++c) {
      const auto v = static_cast<std::uint32_t>(map.vertices.size());
      for (const Vec3& corner : design.shape(mesh, c).corners) map.vertices.push_back(corner);
      const Triangle cell{v, v + 1, v + 2};
      // The first cell takes the triangle's place, the others are added.
      if (c == first) {
        map.triangles[t] = cell;
      } else {
        map.triangles.push_back(cell);
        band_of_triangle.push_back(band_of_cell[c]);
      }
    }
    first = last;
  }
  return map;
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
  // Summed as doubles: exact for whole counts up to 2^53, and no wrap past SIZE_MAX.
  const double lattice = arena.execute([&] {
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, mesh.triangles.size()), 0.0,
        [&](const tbb::blocked_range<std::size_t>& range, double sum) {
          for (std::size_t i = range.begin(); i != range.end(); ++i) {
            const Triangle& t = mesh.triangles[i];
            sum += static_cast<double>(
                latticeSamples({mesh.vertices[t[0]], mesh.vertices[t[1]], mesh.vertices[t[2]]},
                               spacing, static_cast<std::size_t>(kMaxExcessSamples)));
          }
          return sum;
        },
        std::plus<>());
  });
  if (lattice <= kMaxExcessSamples) return;
  std::ostringstream message;
  message << settingName("excess-spacing", names) << " " << spacing << " mm samples the part's "
          << mesh.triangles.size() << " triangles at ";
  // Counting stopped past the limit: what it reached is a lower bound.
  if (lattice < 1e12)
    message << "least at " << std::floor(lattice / 1e6) << " million points";
  else
    message << "more than a million million points";
  message << ", more than the " << kMaxExcessSamples / 1e6
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
                       const std::function<void()>& check_stop, bool pictures) {
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
  std::vector<std::int8_t> band_of_cell;
  excess.bands = bandsOf(design, excess.stock_to_leave, excess.tolerance, band_of_cell);
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
  if (pictures) {
    map_.emplace();
    map_->design = mapOf(mesh, design, band_of_cell, map_->band_of_triangle);
    drawExcessPictures(report, map_->design, map_->band_of_triangle);
  }
}

}  // namespace gougechek
