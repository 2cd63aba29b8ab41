// The reports CI services read to annotate a merge request: SARIF 2.1.0 (GitHub code scanning
// and others) and GitLab's Code Quality JSON. Each finding is one result at its program line,
// with the region it belongs to, its depth and its tool (docs/report-format.md).
#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>

#include "report/ci_findings.hpp"
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

using Json = nlohmann::ordered_json;

constexpr std::array kKinds = {ViolationKind::Gouge, ViolationKind::RapidCollision,
                               ViolationKind::HolderCollision, ViolationKind::StockCollision,
                               ViolationKind::FixtureCollision};

/// What each kind of finding means, for the rule SARIF lists it under.
const char* kindMeaning(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::Gouge:
      return "A feed move cuts into the finished part deeper than the tolerance.";
    case ViolationKind::RapidCollision:
      return "A rapid move comes nearer the part than the rapid clearance, or cuts into it.";
    case ViolationKind::HolderCollision:
      return "The shank, an extension or the holder comes nearer the part than the holder "
             "clearance.";
    case ViolationKind::StockCollision:
      return "A rapid, a non-cutting piece of the tool, the shank where the flutes' length is "
             "exceeded, or a plunge by a tool that cannot cut at its centre meets the raw stock.";
    case ViolationKind::FixtureCollision:
      return "A piece of the tool comes nearer a fixture than the fixture clearance.";
  }
  return "";
}

/// The rule of excess regions, after the kinds' (index kKinds.size()).
constexpr const char* kExcessRule = "excess";

/// The fingerprint of an excess region: its program, line, tool and place (to 0.1 mm), stable
/// while it is left, and apart for two regions one long move left.
std::string excessFingerprint(const Report& report, const ExcessRegion& region) {
  std::string key = report.path_file + "\nexcess\n" + std::to_string(region.line) + "\n" +
                    std::to_string(region.tool);
  for (const double v : {region.at.x, region.at.y, region.at.z})
    key.append("\n").append(std::to_string(std::llround(v * 10)));
  return fingerprint(key);
}

Json sarifRules(const Report& report) {
  Json rules = Json::array();
  for (const ViolationKind kind : kKinds) {
    rules.push_back({{"id", violationKindName(kind)},
                     {"name", violationKindLabel(kind)},
                     {"shortDescription", {{"text", violationKindLabel(kind)}}},
                     {"fullDescription", {{"text", kindMeaning(kind)}}},
                     {"defaultConfiguration", {{"level", "error"}}}});
  }
  if (report.excess)
    rules.push_back({{"id", kExcessRule},
                     {"name", "excess material"},
                     {"shortDescription", {{"text", "excess material"}}},
                     {"fullDescription",
                      {{"text",
                        "material left on the design beyond the stock to leave and the excess "
                        "tolerance: a note, an error where --fail-on-excess fails it"}}},
                     {"defaultConfiguration", {{"level", "note"}}}});
  return rules;
}

std::size_t ruleIndex(ViolationKind kind) {
  for (std::size_t i = 0; i < kKinds.size(); ++i)
    if (kKinds[i] == kind) return i;
  return 0;
}

/// The physical location of `line` of `file` (no region for line 0, which names none).
Json sarifLocation(const std::string& file, std::size_t line) {
  Json physical = {{"artifactLocation", {{"uri", fileUri(file)}}}};
  if (line > 0) physical["region"] = {{"startLine", line}};
  return Json::array({{{"physicalLocation", physical}}});
}

Json sarifResults(const Report& report) {
  const std::vector<ReportRegion> regions = findingRegions(report);
  const std::vector<std::size_t> region_of = regionNumbers(report, regions);
  const std::vector<std::string> prints = findingFingerprints(report);
  Json results = Json::array();
  for (std::size_t i = 0; i < report.violations.size(); ++i) {
    const Violation& violation = report.violations[i];
    Json result = {{"ruleId", violationKindName(violation.kind)},
                   {"ruleIndex", ruleIndex(violation.kind)},
                   {"level", "error"},
                   {"message", {{"text", findingMessage(report, violation)}}},
                   {"locations", sarifLocation(report.path_file, violation.line)},
                   {"partialFingerprints", {{"gougechekFinding/v1", prints[i]}}}};
    if (const Waiver* waiver = waiverOf(report, violation))
      result["suppressions"] =
          Json::array({{{"kind", "external"},
                        {"status", "accepted"},
                        {"justification", "waived by " + waiver->by + ": " + waiver->reason}}});
    result["properties"] = {
        {"depth_mm", roundToMicron(violation.depth)},
        {"tool", violation.tool},
        {"region", region_of[i]},
        {"move", violation.move},
        {"at", Json::array({roundToMicron(violation.at.x), roundToMicron(violation.at.y),
                            roundToMicron(violation.at.z)})},
        {"severe", violation.severe}};
    if (const std::string piece = segmentName(report, violation); !piece.empty())
      result["properties"]["piece"] = piece;
    if (violation.kind == ViolationKind::StockCollision)
      result["properties"]["cause"] = stockCauseName(violation.cause);
    results.push_back(std::move(result));
  }
  if (report.excess && !report.error) {
    for (const ExcessRegion& region : report.excess->regions)
      results.push_back(
          {{"ruleId", kExcessRule},
           {"ruleIndex", kKinds.size()},
           {"level", report.excess->fails(region) ? "error" : "note"},
           {"message", {{"text", describeExcessRegion(report, region)}}},
           {"locations", sarifLocation(report.path_file, region.line)},
           {"partialFingerprints", {{"gougechekFinding/v1", excessFingerprint(report, region)}}},
           {"properties",
            {{"excess_lo_mm", bracketEnd(region.lo, false)},
             {"excess_hi_mm", bracketEnd(region.hi, true)},
             {"area_mm2", std::round(region.area * 1000) / 1000},
             {"tool", region.tool},
             {"move", region.move}}}});
  }
  return results;
}

/// The run's end: whether it finished, its error, its warnings and a list cut short.
Json sarifInvocation(const Report& report) {
  Json invocation = {{"executionSuccessful", !report.error.has_value()}};
  if (report.trace && !report.trace->command.empty())
    invocation["commandLine"] = report.trace->command;
  Json notes = Json::array();
  if (report.error) {
    Json note = {{"level", "error"}, {"message", {{"text", describeError(*report.error)}}}};
    if (!report.error->file.empty())
      note["locations"] = sarifLocation(report.error->file, report.error->line);
    notes.push_back(std::move(note));
  }
  for (const InputWarning& warning : report.warnings)
    notes.push_back({{"level", "warning"}, {"message", {{"text", describeWarning(warning)}}}});
  if (const ReportSummary summary = summarize(report); summary.truncated())
    notes.push_back({{"level", "warning"}, {"message", {{"text", truncationNote(summary)}}}});
  if (!notes.empty()) invocation["toolExecutionNotifications"] = std::move(notes);
  return invocation;
}

}  // namespace

void writeSarifReport(const Report& report, std::ostream& out) {
  Json run;
  run["tool"] = {
      {"driver",
       {{"name", "gougechek"}, {"version", GOUGECHEK_VERSION}, {"rules", sarifRules(report)}}}};
  run["artifacts"] = Json::array({{{"location", {{"uri", fileUri(report.path_file)}}},
                                   {"roles", Json::array({"analysisTarget"})}}});
  run["invocations"] = Json::array({sarifInvocation(report)});
  run["results"] = sarifResults(report);
  run["properties"] = {{"status", summarize(report).status()}, {"summary", summaryLine(report)}};
  if (report.raw_stock && !report.error) {
    const StockReport& stock = *report.raw_stock;
    run["properties"]["stock"] = {{"shape", stock.shape},
                                  {"resolution", roundToMicron(stock.resolution)},
                                  {"columns", stock.columns},
                                  {"bytes", stock.bytes}};
  }
  const Json sarif = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
                      {"version", "2.1.0"},
                      {"runs", Json::array({std::move(run)})}};
  out << sarif.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

void writeCodeQualityReport(const Report& report, std::ostream& out) {
  Json issues = Json::array();
  if (report.error) {
    // A check that could not run is the worst news of all: one blocker where the error is.
    const RunError& error = *report.error;
    issues.push_back({{"description", describeError(error)},
                      {"check_name", std::string("error_") + runErrorKindName(error.kind)},
                      {"fingerprint", fingerprint(report.path_file + "\n" + describeError(error))},
                      {"severity", "blocker"},
                      {"location",
                       {{"path", error.file.empty() ? report.path_file : error.file},
                        {"lines", {{"begin", std::max<std::size_t>(error.line, 1)}}}}}});
  }
  const std::vector<std::string> prints = findingFingerprints(report);
  for (std::size_t i = 0; i < report.violations.size(); ++i) {
    const Violation& violation = report.violations[i];
    // Code Quality has no waived issues: a waived finding is left out, as it fails nothing.
    if (waiverOf(report, violation)) continue;
    issues.push_back(
        {{"description", findingMessage(report, violation)},
         {"check_name", violationKindName(violation.kind)},
         {"fingerprint", prints[i]},
         {"severity", violation.severe ? "critical" : "major"},
         {"location", {{"path", report.path_file}, {"lines", {{"begin", violation.line}}}}}});
  }
  // Excess regions: minor, major where --fail-on-excess fails them.
  if (report.excess && !report.error) {
    for (const ExcessRegion& region : report.excess->regions)
      issues.push_back(
          {{"description", describeExcessRegion(report, region)},
           {"check_name", kExcessRule},
           {"fingerprint", excessFingerprint(report, region)},
           {"severity", report.excess->fails(region) ? "major" : "minor"},
           {"location", {{"path", report.path_file}, {"lines", {{"begin", region.line}}}}}});
  }
  out << issues.dump(2, ' ', false, Json::error_handler_t::replace) << "\n";
}

}  // namespace gougechek
