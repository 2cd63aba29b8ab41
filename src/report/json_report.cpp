// Schema gougechek-report/1 (docs/report-format.md, docs/gougechek-report-1.schema.json), fields
// in the order they list them.
#include <cmath>
#include <nlohmann/json.hpp>

#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

using Json = nlohmann::ordered_json;

Json point(const Vec3& p) {
  return Json::array({roundToMicron(p.x), roundToMicron(p.y), roundToMicron(p.z)});
}

Json toolJson(int number, const ToolSpec& tool) {
  Json item;
  item["number"] = number;
  item["type"] = cutterTypeName(tool.type);
  item["diameter"] = roundToMicron(tool.diameter);
  item["corner_radius"] = roundToMicron(tool.corner_radius);
  item["flute_length"] = roundToMicron(tool.flute_length);
  if (tool.type == CutterType::Taper) item["taper_angle"] = roundToMicron(tool.taper_angle_deg);
  // The shank is only checked against the part when the overall length is known; only then do
  // both matter (the stock check's implied shank is docs/checking-rules.md's).
  if (tool.overall_length > 0) {
    item["shank_diameter"] = roundToMicron(tool.shank_diameter);
    item["overall_length"] = roundToMicron(tool.overall_length);
  }
  item["assembly"] = Json::array();
  for (const ToolSegment& segment : toolAssembly(tool)) {
    item["assembly"].push_back({{"name", segment.name},
                                {"cutting", segment.cutting},
                                {"z_bottom", roundToMicron(segment.z_bottom)},
                                {"z_top", roundToMicron(segment.z_top)},
                                {"radius_bottom", roundToMicron(segment.radius_bottom)},
                                {"radius_top", roundToMicron(segment.radius_top)},
                                {"rounding", roundToMicron(segment.rounding)}});
  }
  if (tool.dead_centre_diameter > 0) item["centre"] = roundToMicron(tool.dead_centre_diameter);
  if (!tool.holder_name.empty()) item["holder"] = tool.holder_name;
  return item;
}

Json warningJson(const Report& report, const InputWarning& warning) {
  Json item;
  // Program warnings carry their line; others name their file.
  if (warning.file != report.path_file) item["file"] = warning.file;
  if (warning.line > 0) item["line"] = warning.line;
  item["message"] = warning.message;
  return item;
}

Json violationJson(const Report& report, const Violation& violation) {
  Json item;
  item["kind"] = violationKindName(violation.kind);
  item["line"] = violation.line;
  item["move"] = violation.move;
  item["tool"] = violation.tool;
  item["depth"] = roundToMicron(violation.depth);
  item["at"] = point(violation.at);
  item["severe"] = violation.severe;
  // Which piece of the assembly touched: "shank", "holder: nut", ...
  if (const std::string segment = segmentName(report, violation); !segment.empty())
    item["segment"] = segment;
  if (violation.kind == ViolationKind::StockCollision)
    item["cause"] = stockCauseName(violation.cause);
  // Which fixture it came near: its index in settings.fixtures, and its file.
  if (violation.kind == ViolationKind::FixtureCollision) {
    item["fixture"] = violation.fixture;
    item["fixture_file"] = fixtureName(report, violation);
  }
  // Only on STEP/IGES parts: this depth was measured on the exact surface, not the mesh.
  if (violation.exact) item["confirmed"] = "exact";
  if (const Waiver* waiver = waiverOf(report, violation))
    item["waived"] = {{"by", waiver->by}, {"reason", waiver->reason}};
  return item;
}

/// The fixtures and the rapid path, only when given, so that reports of runs without them stay
/// as they were.
void addMachineSettings(const Report& report, Json& settings) {
  if (!report.fixtures.empty()) {
    settings["fixture_clearance"] = report.fixture_clearance;
    settings["fixtures"] = Json::array();
    for (const ReportFixture& fixture : report.fixtures)
      settings["fixtures"].push_back({{"file", fixture.file},
                                      {"transform", fixture.placement},
                                      {"triangles", fixture.triangles}});
  }
  if (report.rapid_path == RapidPath::Dogleg) {
    settings["rapid_path"] = rapidPathName(report.rapid_path);
    settings["rapid_rates"] = point(report.rapid_rates);
  }
}

/// {"kind", "message", "file", "line", "column"}, null where not applicable.
Json errorJson(const RunError& error) {
  Json item;
  item["kind"] = runErrorKindName(error.kind);
  item["message"] = error.message;
  item["file"] = error.file.empty() ? Json() : Json(error.file);
  item["line"] = error.line > 0 ? Json(error.line) : Json();
  item["column"] = error.column > 0 ? Json(error.column) : Json();
  return item;
}

Json inputsJson(const Report& report) {
  Json inputs;
  inputs["part"]["file"] = report.part_file;
  // A run that ended before the part was read knows only its name.
  if (!report.part_format.empty()) {
    inputs["part"]["format"] = report.part_format;
    if (!report.part_units.empty()) inputs["part"]["units"] = report.part_units;
    if (report.part_faces) inputs["part"]["faces"] = *report.part_faces;
    if (report.part_solids) inputs["part"]["solids"] = *report.part_solids;
    inputs["part"]["triangles"] = report.triangles;
    inputs["part"]["bounds"] = Json::array({point(report.bounds[0]), point(report.bounds[1])});
  }
  inputs["path"]["file"] = report.path_file;
  // Lines and moves of a program whose run ended in an error would only count a part of it.
  if (!report.error) {
    inputs["path"]["lines"] = report.path_lines;
    inputs["path"]["moves"] = report.moves;
  }
  return inputs;
}

Json traceJson(const Trace& trace) {
  Json item;
  item["command"] = trace.command;
  if (trace.manifest)
    item["manifest"] = {{"file", trace.manifest->file},
                        {"line", trace.manifest->line},
                        {"job", trace.manifest->job}};
  item["checked_at"] = trace.checked_at;
  item["dialect"] = trace.dialect;
  item["inputs"] = Json::array();
  for (const TracedInput& input : trace.inputs) {
    Json entry = {{"role", input.role}, {"file", input.file}};
    // Standard input has no file to hash: null, never a digest of something else.
    entry["sha256"] = input.sha256.empty() ? Json() : Json(input.sha256);
    item["inputs"].push_back(std::move(entry));
  }
  return item;
}

Json summaryJson(const Report& report, const ReportSummary& summary) {
  Json item;
  item["status"] = summary.status();
  if (!summary.error) {
    item["gouges"] = summary.gouges;
    item["rapid_collisions"] = summary.rapid_collisions;
    item["holder_collisions"] = summary.holder_collisions;
    // Only with a raw stock or fixtures, so that reports of runs without them stay as they were.
    if (report.raw_stock) item["stock_collisions"] = summary.stock_collisions;
    if (!report.fixtures.empty()) item["fixture_collisions"] = summary.fixture_collisions;
    item["max_depth"] = roundToMicron(summary.max_depth);
    if (summary.waived > 0) item["waived"] = summary.waived;
  }
  if (summary.truncated()) {
    item["truncated"] = true;
    item["violations_listed"] = summary.listed;
  }
  item["elapsed_s"] = std::round(report.elapsed_s * 1000) / 1000;
  return item;
}

Json airCutsJson(const AirCuts& air, bool with_operation) {
  Json item;
  if (with_operation) item["operation"] = air.operation;
  item["tool"] = air.tool;
  item["moves"] = air.moves;
  item["length"] = roundToMicron(air.length);
  item["time_s"] = std::round(air.time * 1000) / 1000;
  return item;
}

/// The raw stock: its shape, columns, memory, volumes and air cuts.
Json stockJson(const StockReport& stock) {
  Json item;
  item["shape"] = stock.shape;
  item["resolution"] = roundToMicron(stock.resolution);
  item["columns"] = stock.columns;
  item["bytes"] = stock.bytes;
  item["volume_before"] = std::round(stock.volume_before * 1000) / 1000;
  item["volume_removed"] = std::round(stock.volume_removed * 1000) / 1000;
  item["air_cuts"]["by_tool"] = Json::array();
  for (const AirCuts& air : stock.by_tool)
    item["air_cuts"]["by_tool"].push_back(airCutsJson(air, false));
  item["air_cuts"]["by_operation"] = Json::array();
  for (const AirCuts& air : stock.by_operation)
    item["air_cuts"]["by_operation"].push_back(airCutsJson(air, true));
  return item;
}

Json excessRegionJson(const ExcessRegion& region) {
  Json item;
  item["lo"] = bracketEnd(region.lo, false);
  item["hi"] = bracketEnd(region.hi, true);
  item["certified"] = region.certified();
  item["area"] = std::round(region.area * 1000) / 1000;
  item["facets"] = region.facets;
  item["at"] = point(region.at);
  if (region.face) item["face"] = *region.face;
  if (region.machined) {
    item["move"] = region.move;
    item["line"] = region.line;
    item["tool"] = region.tool;
    item["operation"] = region.operation;
  }
  return item;
}

/// The excess (--excess): settings, totals, bands and regions.
Json excessJson(const ExcessReport& excess) {
  Json item;
  item["spacing"] = roundToMicron(excess.spacing);
  item["tolerance"] = roundToMicron(excess.tolerance);
  item["stock_to_leave"] = roundToMicron(excess.stock_to_leave);
  if (excess.fail_above) item["fail_above"] = roundToMicron(*excess.fail_above);
  item["fails"] = excess.fails();
  item["cap"] = excess.cap;
  item["samples"] = excess.samples;
  item["area"] = std::round(excess.area * 1000) / 1000;
  item["max"] = {{"lo", bracketEnd(excess.max_lo, false)}, {"hi", bracketEnd(excess.max_hi, true)}};
  item["bands"] = Json::array();
  for (const ExcessBand& band : excess.bands)
    item["bands"].push_back({{"from", roundToMicron(band.from)},
                             {"to", std::isinf(band.to) ? Json() : Json(roundToMicron(band.to))},
                             {"area", std::round(band.area * 1000) / 1000}});
  item["not_machined_area"] = std::round(excess.not_machined_area * 1000) / 1000;
  item["regions"] = Json::array();
  for (const ExcessRegion& region : excess.regions)
    item["regions"].push_back(excessRegionJson(region));
  item["not_machined"] = Json::array();
  for (const ExcessRegion& region : excess.not_machined)
    item["not_machined"].push_back(excessRegionJson(region));
  return item;
}

/// Invalid UTF-8 in a file name or a G-code comment must not abort the report: each invalid
/// sequence becomes U+FFFD.
std::string dump(const Json& json) {
  return json.dump(2, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

void writeJsonReport(const Report& report, std::ostream& out) {
  const ReportSummary summary = summarize(report);
  Json root;
  root["schema"] = "gougechek-report/1";
  root["version"] = GOUGECHEK_VERSION;
  if (report.trace) root["trace"] = traceJson(*report.trace);
  root["inputs"] = inputsJson(report);
  root["settings"]["tolerance"] = report.tolerance;
  root["settings"]["stock"] = report.stock;
  root["settings"]["rapid_clearance"] = report.rapid_clearance;
  // Only when set, so that reports of runs without it stay as they were.
  if (report.holder_clearance > 0) root["settings"]["holder_clearance"] = report.holder_clearance;
  if (report.initial_tool) root["settings"]["initial_tool"] = *report.initial_tool;
  addMachineSettings(report, root["settings"]);
  root["tools"] = Json::array();
  for (const auto& [number, tool] : report.tools) root["tools"].push_back(toolJson(number, tool));
  root["summary"] = summaryJson(report, summary);
  if (report.raw_stock && !report.error) root["stock"] = stockJson(*report.raw_stock);
  if (report.excess && !report.error) root["excess"] = excessJson(*report.excess);
  if (report.error) root["error"] = errorJson(*report.error);
  root["warnings"] = Json::array();
  for (const InputWarning& warning : report.warnings) {
    root["warnings"].push_back(warningJson(report, warning));
  }
  root["violations"] = Json::array();
  // Up to here the document is small. The violations, which may be many, are written one by
  // one into the place of the empty list that closes it: `[]` then a newline and `}`.
  const std::string head = dump(root);
  constexpr std::string_view kEmptyListEnd = "[]\n}";
  out << std::string_view(head).substr(0, head.size() - kEmptyListEnd.size());
  if (report.violations.empty()) {
    out << kEmptyListEnd << "\n";
    return;
  }
  out << "[";
  const char* separator = "\n";
  for (const Violation& violation : report.violations) {
    // Indented as a whole-document dump would: two levels deep, four spaces.
    const std::string item = dump(violationJson(report, violation));
    out << separator << "    ";
    for (const char c : item) {
      out << c;
      if (c == '\n') out << "    ";
    }
    separator = ",\n";
  }
  out << "\n  ]\n}\n";
}

}  // namespace gougechek
