#include "job/job_stock.hpp"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>
#include <utility>

#include "gougechek/error.hpp"
#include "job/job_options.hpp"
#include "job/output_file.hpp"
#include "job/stock_options.hpp"
#include "report/report_pictures.hpp"
#include "report/report_summary.hpp"
#include "report/stock_pictures.hpp"
#include "report/viewer3d.hpp"
#include "verify/reach.hpp"

namespace gougechek {

namespace {

std::string corners(const Vec3& lo, const Vec3& hi) {
  return shortestDecimal(lo.x) + "," + shortestDecimal(lo.y) + "," + shortestDecimal(lo.z) + "," +
         shortestDecimal(hi.x) + "," + shortestDecimal(hi.y) + "," + shortestDecimal(hi.z);
}

StockCause causeOf(stock::StockCollisionKind kind) {
  switch (kind) {
    case stock::StockCollisionKind::Rapid:
      return StockCause::Rapid;
    case stock::StockCollisionKind::NonCutting:
      return StockCause::NonCutting;
    case stock::StockCollisionKind::AboveFlutes:
      return StockCause::AboveFlutes;
    case stock::StockCollisionKind::CentrePlunge:
      return StockCause::CentrePlunge;
  }
  return StockCause::Rapid;
}

Violation violationOf(const stock::StockCollision& collision) {
  Violation violation;
  violation.kind = ViolationKind::StockCollision;
  violation.cause = causeOf(collision.kind);
  violation.line = collision.line;
  violation.move = collision.move;
  violation.tool = collision.tool;
  violation.depth = collision.depth;
  violation.at = collision.at;
  violation.segment = static_cast<std::uint32_t>(collision.segment);
  // The stage keeps no move: the pictures take the place it reached deepest for it.
  violation.path.kind =
      collision.kind == stock::StockCollisionKind::Rapid ? MoveKind::Rapid : MoveKind::Feed;
  violation.path.from = violation.path.to = collision.at;
  violation.path.tool = collision.tool;
  violation.path.line = collision.line;
  return violation;
}

/// The stock as it is now, as a mesh: the stage writes it as an STL, read back here.
Mesh stockMesh(const stock::StockStage& stage) {
  std::string name =
      (std::filesystem::temp_directory_path() / "gougechek-stock-XXXXXX.stl").string();
  const int fd = ::mkstemps(name.data(), 4);
  if (fd < 0) return {};
  ::close(fd);
  Mesh mesh;
  try {
    stage.writeStl(name);
    mesh = readPart(name).mesh();
  } catch (const InputError&) {
    mesh = {};  // no pictures then; the check's findings stand without them
  }
  std::error_code ignored;
  std::filesystem::remove(name, ignored);
  return mesh;
}

void add(AirCuts& total, const stock::AirMove& air) {
  ++total.moves;
  total.length += air.length;
  total.time += air.time;
}

/// The box around a stock shape, when it is known before the program runs (not for a stock
/// file, whose columns the stage reads).
std::optional<std::array<Vec3, 2>> shapeBox(const stock::StockShape& shape) {
  using Kind = stock::StockShape::Kind;
  switch (shape.kind) {
    case Kind::Box:
      return std::array<Vec3, 2>{shape.lo, shape.hi};
    case Kind::Cylinder:
      return std::array<Vec3, 2>{shape.base - Vec3{shape.radius, shape.radius, 0},
                                 shape.base + Vec3{shape.radius, shape.radius, shape.height}};
    case Kind::Model:
      return bounds(shape.model);
    case Kind::Native:
      break;
  }
  return std::nullopt;
}

}  // namespace

std::map<std::uint32_t, std::string> operationsOf(const std::set<std::uint32_t>& lines,
                                                  const ProgramStream& program) {
  constexpr std::uint32_t kWindowLines = 50'000;
  std::map<std::uint32_t, std::string> operations;
  auto next = lines.begin();
  while (next != lines.end()) {
    const std::uint32_t first = *next > kOperationLookBack ? *next - kOperationLookBack : 1;
    std::set<std::uint32_t> wanted;
    auto last = next;
    for (; last != lines.end() && *last < first + kWindowLines; ++last) {
      for (std::uint32_t line = *last > kOperationLookBack ? *last - kOperationLookBack : 1;
           line < *last; ++line)
        wanted.insert(line);
    }
    const std::map<std::uint32_t, std::string> text = program.sourceLines(wanted);
    for (; next != last; ++next) operations[*next] = operationBefore(text, *next);
  }
  return operations;
}

stock::StockSettings stockSettings(const CheckJob& job, const std::array<Vec3, 2>& part_bounds,
                                   const ReadSolid& read_solid, const PartOptions& options) {
  stock::StockSettings settings;
  stock::StockShape& shape = settings.shape;
  if (job.stock_box) {
    shape.lo = (*job.stock_box)[0];
    shape.hi = (*job.stock_box)[1];
  } else if (job.stock_box_margin) {
    const double margin = *job.stock_box_margin;
    shape.lo = part_bounds[0] - Vec3{margin, margin, margin};
    shape.hi = part_bounds[1] + Vec3{margin, margin, margin};
  } else if (job.stock_cylinder) {
    shape.kind = stock::StockShape::Kind::Cylinder;
    shape.base = job.stock_cylinder->base;
    shape.radius = job.stock_cylinder->diameter / 2;
    shape.height = job.stock_cylinder->height;
  } else if (job.stock_model) {
    shape.kind = stock::StockShape::Kind::Model;
    shape.model = read_solid(*job.stock_model, options).mesh();
  } else if (job.stock_in) {
    shape.kind = stock::StockShape::Kind::Native;
    shape.native_file = *job.stock_in;
  }
  settings.start = job.start;
  settings.resolution = job.stock_resolution.value_or(0);
  settings.tolerance = verifySettings(job).tolerance;
  settings.threads = job.threads;
  return settings;
}

std::string stockShapeName(const CheckJob& job, const stock::StockShape& shape) {
  if (job.stock_box) return "box " + corners(shape.lo, shape.hi);
  if (job.stock_box_margin)
    return "box auto:" + shortestDecimal(*job.stock_box_margin) + " (" +
           corners(shape.lo, shape.hi) + ")";
  if (const auto& c = job.stock_cylinder)
    return "cylinder " + shortestDecimal(c->base.x) + "," + shortestDecimal(c->base.y) + "," +
           shortestDecimal(c->base.z) + "," + shortestDecimal(c->diameter) + "," +
           shortestDecimal(c->height);
  if (job.stock_model) return "model " + *job.stock_model;
  return "stock-in " + job.stock_in.value_or("");
}

void addStockCollisions(VerifyResult& result, const stock::StockOutcome& outcome,
                        std::size_t max_listed) {
  if (outcome.collisions.empty()) return;
  std::vector<Violation>& violations = result.violations;
  for (const stock::StockCollision& collision : outcome.collisions)
    violations.push_back(violationOf(collision));
  // By line, then kind, as every violation list; a move's own order within them kept.
  std::stable_sort(violations.begin(), violations.end(),
                   [](const Violation& a, const Violation& b) {
                     return std::tie(a.line, a.kind) < std::tie(b.line, b.kind);
                   });
  // The first ones in program order are listed, the rest counted, as the check's own.
  if (violations.size() > max_listed) {
    for (std::size_t i = max_listed; i < violations.size(); ++i) result.unlisted.add(violations[i]);
    violations.resize(max_listed);
  }
}

void addAirCuts(StockReport& stock, const stock::StockOutcome& outcome,
                const ProgramStream& program) {
  std::map<int, AirCuts> by_tool;
  std::set<std::uint32_t> lines;
  for (const stock::AirMove& air : outcome.air) {
    AirCuts& total = by_tool[air.tool];
    total.tool = air.tool;
    add(total, air);
    lines.insert(air.line);
  }
  for (auto& entry : by_tool) stock.by_tool.push_back(std::move(entry.second));
  const std::map<std::uint32_t, std::string> operations = operationsOf(lines, program);
  // Per operation and tool, in the order of their first air cut.
  std::map<std::pair<std::string, int>, std::size_t> index;
  for (const stock::AirMove& air : outcome.air) {
    const std::string& operation = operations.at(air.line);
    const auto [at, added] = index.try_emplace({operation, air.tool}, stock.by_operation.size());
    if (added) stock.by_operation.push_back({air.tool, operation, 0, 0, 0});
    add(stock.by_operation[at->second], air);
  }
}

void judgeReach(VerifyResult& result, const stock::StockOutcome& outcome, bool had_feed_moves,
                const std::string& program_name) {
  const bool failed = !result.violations.empty() || result.unlisted.total() > 0;
  if (!outcome.removed_any && had_feed_moves) {
    const std::string message =
        "the program never cuts the stock: no feed move removes any of it (misplaced: check "
        "the stock's place, the work offsets and the units)";
    if (!failed) throw InputError(program_name, 0, 0, message);
    result.warnings.push_back({program_name, 0, message});
  }
  // Away from the part but in the stock (a facing pass): the stock proves the program placed;
  // that it never came near the part is still worth saying.
  if (result.unreached)
    result.warnings.push_back({program_name, result.unreached->line,
                               unreachedMessage(*result.unreached, result.warnings)});
  result.unreached.reset();
}

JobStock::JobStock(const CheckJob& job, const Part& part, const ToolLibrary& tools,
                   const ReadSolid& read_solid, const PartOptions& options)
    : job_(job),
      stage_(
          [&] {
            stock::StockSettings settings =
                stockSettings(job, bounds(part.mesh()), read_solid, options);
            summary_.shape = stockShapeName(job, settings.shape);
            box_ = shapeBox(settings.shape);
            return settings;
          }(),
          tools) {}

void JobStock::watch(TunedSettings& settings) {
  settings.moves_read = [this](std::span<const Move> moves,
                               std::span<const std::uint32_t> ordinals) {
    for (const Move& move : moves)
      if (move.kind == MoveKind::Feed || move.kind == MoveKind::Arc) ++feed_moves_;
    stage_.run(moves, ordinals);
  };
  settings.caller_judges_reach = true;
}

void JobStock::finish(VerifyResult& result, Report& report, const ProgramStream& program,
                      std::size_t max_listed, bool pictures) {
  const stock::StockOutcome outcome = stage_.finish();
  addStockCollisions(result, outcome, max_listed);
  judgeReach(result, outcome, feed_moves_ > 0, program.name());
  summary_.resolution = outcome.resolution;
  summary_.columns = outcome.columns;
  summary_.bytes = outcome.bytes;
  summary_.volume_before = outcome.volume_before;
  summary_.volume_removed = outcome.volume_removed;
  addAirCuts(summary_, outcome, program);
  if (pictures) {
    pictured_.emplace();
    pictured_->surface = stockMesh(stage_);
    stock::StockView view = stage_.view(report::Viewer3dBudget{}.stock_triangles);
    pictured_->view = std::move(view.mesh);
    pictured_->view_spacing = view.spacing;
    summary_.pictures = stockPictures(pictured_->surface, result.violations);
  }
  report.raw_stock = std::move(summary_);
  if (!job_.stock_out) return;
  ReplacedFile file(*job_.stock_out, "the stock");
  try {
    if (stockFileFormat(*job_.stock_out) == StockFileFormat::Stl)
      stage_.writeStl(file.path());
    else
      stage_.writeNative(file.path());
  } catch (const InputError& error) {
    throw InputError(*job_.stock_out, 0, 0, error.message());  // the target, not its temporary
  }
  file.commit();
}

}  // namespace gougechek
