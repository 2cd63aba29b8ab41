#include "report/report_summary.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <numeric>

#include "gougechek/error.hpp"
#include "tool/tool_assembly.hpp"

namespace gougechek {

namespace {

std::string counted(std::size_t count, const char* singular, const char* plural) {
  return std::to_string(count).append(" ").append(count == 1 ? singular : plural);
}

}  // namespace

ReportSummary summarize(const Report& report) {
  ReportSummary summary;
  summary.error = report.error.has_value();
  if (summary.error) return summary;
  for (std::size_t i = 0; i < report.violations.size(); ++i) {
    if (report.waivers.count(i)) {
      ++summary.waived;
    } else {
      summary.add(report.violations[i]);
    }
  }
  summary.listed = report.violations.size();
  summary += report.unlisted;
  summary.excess_fails = report.excess && report.excess->fails();
  return summary;
}

const char* ReportSummary::status() const {
  if (error) return "error";
  return pass() ? "pass" : "fail";
}

const char* violationKindName(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::Gouge:
      return "gouge";
    case ViolationKind::RapidCollision:
      return "rapid_collision";
    case ViolationKind::HolderCollision:
      return "holder_collision";
    case ViolationKind::StockCollision:
      return "stock_collision";
    case ViolationKind::FixtureCollision:
      return "fixture_collision";
  }
  return "unknown";
}

const char* stockCauseName(StockCause cause) {
  switch (cause) {
    case StockCause::Rapid:
      return "rapid";
    case StockCause::NonCutting:
      return "non_cutting";
    case StockCause::AboveFlutes:
      return "above_flutes";
    case StockCause::CentrePlunge:
      return "centre_plunge";
  }
  return "unknown";
}

const char* stockCauseLabel(StockCause cause) {
  switch (cause) {
    case StockCause::Rapid:
      return "rapid into the stock";
    case StockCause::NonCutting:
      return "non-cutting piece in the stock";
    case StockCause::AboveFlutes:
      return "stock cut above the flutes";
    case StockCause::CentrePlunge:
      return "plunge into the stock by a tool that cannot cut at its centre";
  }
  return "unknown";
}

const char* violationKindLabel(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::Gouge:
      return "gouge";
    case ViolationKind::RapidCollision:
      return "rapid collision";
    case ViolationKind::HolderCollision:
      return "holder collision";
    case ViolationKind::StockCollision:
      return "stock collision";
    case ViolationKind::FixtureCollision:
      return "fixture collision";
  }
  return "unknown";
}

double roundToMicron(double mm) {
  // From here on mm·1e6 exceeds 2^53: every double is already a whole number of microns, and
  // the product could overflow to infinity.
  constexpr double kWholeMicrons = 1e10;
  if (!(std::abs(mm) < kWholeMicrons)) return mm + 0.0;
  return std::round(mm * 1e6) / 1e6 + 0.0;
}

std::string shortestDecimal(double value) {
  char buffer[32];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

std::string fixedDecimal(double value, int decimals) {
  // Room for the largest double's 309 integer digits, the sign, the point and the decimals.
  constexpr std::size_t kIntegerDigits = std::numeric_limits<double>::max_exponent10 + 1;
  std::string text(kIntegerDigits + 2 + static_cast<std::size_t>(std::max(decimals, 0)), '\0');
  const auto result = std::to_chars(text.data(), text.data() + text.size(), value + 0.0,
                                    std::chars_format::fixed, decimals);
  text.resize(result.ec == std::errc() ? static_cast<std::size_t>(result.ptr - text.data()) : 0);
  // "-0.000" reads as a negative depth to a person; it is zero.
  if (text.find_first_not_of("-0.") == std::string::npos && text.starts_with('-')) {
    text.erase(0, 1);
  }
  return text;
}

int depthDecimals(double tolerance) {
  if (!(tolerance > 0)) return 6;
  // Clamped before the conversion: an infinite tolerance has no int of decimals.
  const double decimals = std::ceil(-std::log10(tolerance) - 1e-9) + 1;
  return static_cast<int>(std::clamp(decimals, 3.0, 6.0));
}

const ToolSpec* toolOf(const Report& report, int number) {
  for (const auto& [tool_number, spec] : report.tools)
    if (tool_number == number) return &spec;
  return nullptr;
}

std::string violationDetails(const Report& report, const Violation& violation) {
  std::string text;
  const std::string segment = segmentName(report, violation);
  if (violation.kind == ViolationKind::StockCollision) {
    text.append(" (").append(stockCauseLabel(violation.cause));
    if (!segment.empty()) text.append(": ").append(segment);
    text.append(")");
  } else if (!segment.empty()) {
    text.append(" (").append(segment).append(")");
  }
  if (const std::string fixture = fixtureName(report, violation); !fixture.empty())
    text.append(" fixture ").append(fixture);
  if (violation.severe) text.append(" [severe]");
  if (violation.exact) text.append(" [exact]");
  if (const Waiver* waiver = waiverOf(report, violation))
    text.append(" [waived by ").append(waiver->by).append(": ").append(waiver->reason).append("]");
  return text;
}

std::string describePoint(const Vec3& p) {
  std::string text = "(";
  text.append(fixedDecimal(p.x, 3)).append(", ");
  text.append(fixedDecimal(p.y, 3)).append(", ");
  return text.append(fixedDecimal(p.z, 3)).append(")");
}

std::string describeViolation(const Report& report, const Violation& violation) {
  std::string text = report.path_file;
  text.append(":").append(std::to_string(violation.line)).append(": ");
  text.append(violationKindLabel(violation.kind)).append(" ");
  text.append(fixedDecimal(violation.depth, depthDecimals(report.tolerance))).append(" mm at ");
  text.append(describePoint(violation.at)).append(" tool ");
  text.append(std::to_string(violation.tool));
  return text.append(violationDetails(report, violation));
}

std::string summaryLine(const Report& report) {
  const ReportSummary summary = summarize(report);
  if (report.error) return "ERROR: " + describeError(*report.error);
  std::string text = summary.pass() ? "PASS: " : "FAIL: ";
  text.append(counted(summary.gouges, "gouge", "gouges")).append(", ");
  text.append(counted(summary.rapid_collisions, "rapid collision", "rapid collisions"));
  text.append(", ");
  text.append(counted(summary.holder_collisions, "holder collision", "holder collisions"));
  // Only with a raw stock or fixtures, so that the line of a run without them stays as it was.
  if (report.raw_stock || summary.stock_collisions > 0)
    text.append(", ").append(
        counted(summary.stock_collisions, "stock collision", "stock collisions"));
  if (!report.fixtures.empty()) {
    text.append(", ");
    text.append(counted(summary.fixture_collisions, "fixture collision", "fixture collisions"));
  }
  text.append(", max depth ");
  text.append(fixedDecimal(summary.max_depth, depthDecimals(report.tolerance))).append(" mm");
  if (summary.waived > 0)
    text.append(", ").append(std::to_string(summary.waived)).append(" waived");
  // Only with --excess, so that the line of a run without it stays as it was.
  if (const auto& excess = report.excess) {
    text.append(", ").append(counted(excess->regions.size(), "excess region", "excess regions"));
    if (!excess->regions.empty())
      text.append(" up to ")  // rounded up: never below what the bracket proves
          .append(fixedDecimal(std::ceil(excess->max_hi * 1e4) / 1e4, 4))
          .append(" mm");
    if (excess->fails())
      text.append(" (over ").append(shortestDecimal(*excess->fail_above)).append(" mm)");
  }
  return text;
}

const Waiver* waiverOf(const Report& report, const Violation& violation) {
  if (report.waivers.empty()) return nullptr;
  const auto found =
      report.waivers.find(static_cast<std::size_t>(&violation - report.violations.data()));
  return found == report.waivers.end() ? nullptr : &found->second;
}

std::string describeWarning(const InputWarning& warning) {
  std::string text = warning.file;
  if (warning.line > 0) text.append(":").append(std::to_string(warning.line));
  return text.append(": warning: ").append(warning.message);
}

std::string describeError(const RunError& error) {
  switch (error.kind) {
    case RunErrorKind::Usage:
      return "usage error: " + error.message;
    case RunErrorKind::Input:
      return InputError(error.file, error.line, error.column, error.message).what();
    case RunErrorKind::Internal:
      return "internal error: " + error.message;
    case RunErrorKind::Interrupted:
      return error.message;
  }
  return error.message;
}

const char* runErrorKindName(RunErrorKind kind) {
  switch (kind) {
    case RunErrorKind::Usage:
      return "usage";
    case RunErrorKind::Input:
      return "input";
    case RunErrorKind::Internal:
      return "internal";
    case RunErrorKind::Interrupted:
      return "interrupted";
  }
  return "unknown";
}

std::string truncationNote(const ReportSummary& summary) {
  std::string text = "violations listed: the first ";
  text.append(std::to_string(summary.listed)).append(" of ");
  return text.append(std::to_string(summary.total() + summary.waived))
      .append(" (in program order)");
}

std::string describeTool(const ToolSpec& tool) {
  std::string text = cutterTypeName(tool.type);
  text.append(" D").append(shortestDecimal(roundToMicron(tool.diameter)));
  if (tool.type == CutterType::Bull || tool.type == CutterType::Taper) {
    text.append(" r").append(shortestDecimal(roundToMicron(tool.corner_radius)));
  }
  const auto with = [&text](const char* name, double value) {
    text.append(" ").append(name).append(" ").append(shortestDecimal(roundToMicron(value)));
  };
  switch (tool.type) {
    case CutterType::Ball:
    case CutterType::Flat:
    case CutterType::Bull:
      break;
    case CutterType::Taper:
      with("angle", tool.taper_angle_deg);
      break;
    case CutterType::Chamfer:
      with("tip", tool.tip_diameter);
      with("angle", tool.taper_angle_deg);
      break;
    case CutterType::Drill:
      with("point", tool.point_angle_deg);
      break;
    case CutterType::Lollipop:
      with("neck", tool.neck_diameter);
      break;
    case CutterType::Dovetail:
      with("angle", tool.taper_angle_deg);
      with("h", tool.cutting_height);
      with("neck", tool.neck_diameter);
      break;
  }
  with("flute", tool.flute_length);
  if (tool.overall_length > 0) {
    with("shank", tool.shank_diameter);
    with("length", tool.overall_length);
  }
  if (tool.dead_centre_diameter > 0) with("centre", tool.dead_centre_diameter);
  if (!tool.holder_name.empty()) text.append(" holder ").append(tool.holder_name);
  return text;
}

std::string segmentName(const Report& report, const Violation& violation) {
  if (violation.kind != ViolationKind::HolderCollision &&
      violation.kind != ViolationKind::StockCollision &&
      violation.kind != ViolationKind::FixtureCollision)
    return {};
  for (const auto& [number, tool] : report.tools) {
    if (number != violation.tool) continue;
    // toolAssembly() is the start of stockAssembly(): one list names every kind's piece.
    const std::vector<ToolSegment> pieces = stockAssembly(tool);
    return violation.segment < pieces.size() ? pieces[violation.segment].name : std::string();
  }
  return {};
}

std::string fixtureName(const Report& report, const Violation& violation) {
  if (violation.kind != ViolationKind::FixtureCollision ||
      violation.fixture >= report.fixtures.size())
    return {};
  return report.fixtures[violation.fixture].file;
}

std::vector<std::string> describeSegment(const ToolSegment& segment) {
  const auto span = [](const char* what, double from, double to) {
    std::string text = what;
    text.append(" ").append(shortestDecimal(roundToMicron(from)));
    if (roundToMicron(to) != roundToMicron(from))
      text.append("-").append(shortestDecimal(roundToMicron(to)));
    return text;
  };
  return {segment.name, segment.cutting ? "cutting" : "non-cutting",
          span("z", segment.z_bottom, segment.z_top),
          span("radius", segment.radius_bottom, segment.radius_top),
          span("rounding", segment.rounding, segment.rounding)};
}

std::string describeSettings(const Report& report) {
  std::string text = "tolerance ";
  text.append(shortestDecimal(report.tolerance)).append(" mm, stock ");
  text.append(shortestDecimal(report.stock)).append(" mm, rapid clearance ");
  text.append(shortestDecimal(report.rapid_clearance)).append(" mm");
  if (report.holder_clearance > 0)
    text.append(", holder clearance ")
        .append(shortestDecimal(report.holder_clearance))
        .append(" mm");
  if (!report.fixtures.empty())
    text.append(", fixture clearance ")
        .append(shortestDecimal(report.fixture_clearance))
        .append(" mm");
  if (report.rapid_path == RapidPath::Dogleg) {
    text.append(", rapids dogleg at X ").append(shortestDecimal(report.rapid_rates.x));
    text.append(" Y ").append(shortestDecimal(report.rapid_rates.y));
    text.append(" Z ").append(shortestDecimal(report.rapid_rates.z)).append(" mm/min");
  }
  return text;
}

std::vector<std::pair<std::string, std::string>> traceFields(const Trace& trace) {
  std::vector<std::pair<std::string, std::string>> fields;
  std::string checked = trace.checked_at;
  fields.emplace_back("checked", checked.append(" by gougechek ").append(GOUGECHEK_VERSION));
  fields.emplace_back("command", trace.command);
  if (trace.manifest) {
    std::string entry = trace.manifest->file;
    entry.append(":").append(std::to_string(trace.manifest->line)).append(", job ");
    fields.emplace_back("manifest", entry.append(trace.manifest->job));
  }
  fields.emplace_back("dialect", trace.dialect);
  for (const TracedInput& input : trace.inputs) {
    std::string name = input.role;
    std::replace(name.begin(), name.end(), '_', ' ');
    std::string value = input.sha256.empty() ? "none (not a file)" : input.sha256;
    fields.emplace_back(name.append(" sha256"), value.append(" (").append(input.file).append(")"));
  }
  return fields;
}

std::vector<std::pair<std::string, std::string>> stockFields(const StockReport& stock) {
  std::vector<std::pair<std::string, std::string>> fields;
  fields.emplace_back("stock", stock.shape);
  std::string columns = std::to_string(stock.columns);
  fields.emplace_back("columns", columns.append(" at ")
                                     .append(shortestDecimal(roundToMicron(stock.resolution)))
                                     .append(" mm, ")
                                     .append(fixedDecimal(stock.bytes / 1048576.0, 1))
                                     .append(" MiB"));
  std::string volume = fixedDecimal(stock.volume_before, 1);
  fields.emplace_back(
      "volume",
      volume.append(" mm³, removed ").append(fixedDecimal(stock.volume_removed, 1)).append(" mm³"));
  return fields;
}

double bracketEnd(double mm, bool upper) {
  const double scaled = mm * 1e7;
  return (upper ? std::ceil(scaled) : std::floor(scaled)) / 1e7 + 0.0;  // never -0
}

std::string excessBracket(const ExcessRegion& region) {
  return fixedDecimal(bracketEnd(region.lo, false), 7) + "–" +
         fixedDecimal(bracketEnd(region.hi, true), 7) + " mm";
}

std::vector<std::pair<std::string, std::string>> excessFields(const ExcessReport& excess) {
  std::vector<std::pair<std::string, std::string>> fields;
  fields.emplace_back(
      "excess", shortestDecimal(excess.tolerance) + " mm allowed beyond the stock to leave of " +
                    shortestDecimal(excess.stock_to_leave) + " mm; sampled every " +
                    shortestDecimal(excess.spacing) + " mm (" + std::to_string(excess.samples) +
                    " rays), capped by " + excess.cap);
  std::string bands;
  for (const ExcessBand& band : excess.bands) {
    if (!bands.empty()) bands.append(", ");
    bands.append(&band == &excess.bands.front() ? std::string("in tolerance")
                 : std::isinf(band.to)
                     ? "over " + shortestDecimal(band.from) + " mm"
                     : shortestDecimal(band.from) + "–" + shortestDecimal(band.to) + " mm");
    bands.append(" ").append(fixedDecimal(band.area, 1)).append(" mm²");
  }
  fields.emplace_back("bands", bands);
  fields.emplace_back("unmachined", fixedDecimal(excess.not_machined_area, 1) + " mm² in " +
                                        counted(excess.not_machined.size(), "region", "regions") +
                                        " of " + fixedDecimal(excess.area, 1) + " mm²");
  return fields;
}

std::string describeExcessRegion(const Report& report, const ExcessRegion& region) {
  std::string text;
  if (region.machined) {
    text =
        report.path_file + ":" + std::to_string(region.line) + ": excess " + excessBracket(region);
  } else {
    text = "not machined, up to " + excessBracket(region);
  }
  text.append(" over ").append(fixedDecimal(region.area, 1)).append(" mm² at (");
  text.append(fixedDecimal(region.at.x, 3)).append(", ").append(fixedDecimal(region.at.y, 3));
  text.append(", ").append(fixedDecimal(region.at.z, 3)).append(")");
  if (region.face) text.append(" face ").append(std::to_string(*region.face));
  if (region.machined) {
    text.append(" tool ").append(std::to_string(region.tool));
    if (!region.operation.empty()) text.append(" (").append(region.operation).append(")");
  }
  if (!region.certified()) text.append(" [bracket wider than 1e-4 mm]");
  return text;
}

std::string describeAirCuts(const AirCuts& air) {
  std::string text = std::to_string(air.moves);
  text.append(air.moves == 1 ? " feed move, " : " feed moves, ");
  text.append(fixedDecimal(air.length, 1)).append(" mm");
  if (air.time > 0) text.append(", ").append(fixedDecimal(air.time, 1)).append(" s");
  return text;
}

std::vector<std::size_t> htmlTableRows(const Report& report) {
  std::vector<std::size_t> rows(report.violations.size());
  std::iota(rows.begin(), rows.end(), std::size_t{0});
  if (rows.size() > report.html_violations) {
    std::stable_sort(rows.begin(), rows.end(), [&](std::size_t a, std::size_t b) {
      return report.violations[a].depth > report.violations[b].depth;
    });
    rows.resize(report.html_violations);
    std::sort(rows.begin(), rows.end());
  }
  return rows;
}

}  // namespace gougechek
