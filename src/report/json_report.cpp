// Schema gougechek-report/1 (SPEC.md), field order as SPEC.md lists it.
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
  // The shank is only checked when the overall length is known; only then do both matter.
  if (tool.overall_length > 0) {
    item["shank_diameter"] = roundToMicron(tool.shank_diameter);
    item["overall_length"] = roundToMicron(tool.overall_length);
  }
  return item;
}

Json warningJson(const Report& report, const InputWarning& warning) {
  Json item;
  // Program warnings carry their line, as in SPEC.md; others name their file.
  if (warning.file != report.path_file) item["file"] = warning.file;
  if (warning.line > 0) item["line"] = warning.line;
  item["message"] = warning.message;
  return item;
}

Json violationJson(const Violation& violation) {
  Json item;
  item["kind"] = violationKindName(violation.kind);
  item["line"] = violation.line;
  item["move"] = violation.move;
  item["tool"] = violation.tool;
  item["depth"] = roundToMicron(violation.depth);
  item["at"] = point(violation.at);
  item["severe"] = violation.severe;
  // Only on STEP/IGES parts: this depth was measured on the exact surface, not the mesh.
  if (violation.exact) item["confirmed"] = "exact";
  return item;
}

}  // namespace

void writeJsonReport(const Report& report, std::ostream& out) {
  const ReportSummary summary = summarize(report);
  Json root;
  root["schema"] = "gougechek-report/1";
  root["version"] = GOUGECHEK_VERSION;
  root["inputs"]["part"]["file"] = report.part_file;
  if (!report.part_format.empty()) root["inputs"]["part"]["format"] = report.part_format;
  if (!report.part_units.empty()) root["inputs"]["part"]["units"] = report.part_units;
  if (report.part_faces) root["inputs"]["part"]["faces"] = *report.part_faces;
  if (report.part_solids) root["inputs"]["part"]["solids"] = *report.part_solids;
  root["inputs"]["part"]["triangles"] = report.triangles;
  root["inputs"]["part"]["bounds"] =
      Json::array({point(report.bounds[0]), point(report.bounds[1])});
  root["inputs"]["path"]["file"] = report.path_file;
  root["inputs"]["path"]["lines"] = report.path_lines;
  root["inputs"]["path"]["moves"] = report.moves;
  root["settings"]["tolerance"] = report.tolerance;
  root["settings"]["stock"] = report.stock;
  root["settings"]["rapid_clearance"] = report.rapid_clearance;
  root["tools"] = Json::array();
  for (const auto& [number, tool] : report.tools) root["tools"].push_back(toolJson(number, tool));
  root["summary"]["status"] = summary.pass() ? "pass" : "fail";
  root["summary"]["gouges"] = summary.gouges;
  root["summary"]["rapid_collisions"] = summary.rapid_collisions;
  root["summary"]["holder_collisions"] = summary.holder_collisions;
  root["summary"]["max_depth"] = roundToMicron(summary.max_depth);
  root["summary"]["elapsed_s"] = std::round(report.elapsed_s * 1000) / 1000;
  root["warnings"] = Json::array();
  for (const InputWarning& warning : report.warnings) {
    root["warnings"].push_back(warningJson(report, warning));
  }
  root["violations"] = Json::array();
  for (const Violation& violation : report.violations) {
    root["violations"].push_back(violationJson(violation));
  }
  // Invalid UTF-8 in a file name or a G-code comment must not abort the report.
  out << root.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace gougechek
