// JUnit XML for CI dashboards: one test case per region of violations (Report::regions,
// deepest first), or with JunitCases::Finding one per violation, each failing with a message
// that names the line, the depth and the tool; waived violations fail nothing (the suite's
// output lists them). A clean program is one passing case, "check"; a run that ended in an
// error is that case in error.
#include <string>
#include <utility>
#include <vector>

#include "report/ci_findings.hpp"
#include "report/markup_escape.hpp"
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

/// A test case: its name, and the violations that fail it (waived ones left out).
struct TestCase {
  std::string name;
  std::string message;  ///< of the failure
  std::vector<const Violation*> violations;
};

/// `line 1042, tool 1`: a case's name, stable while its deepest finding stays on its line.
std::string caseName(const Violation& violation) {
  return "line " + std::to_string(violation.line) + ", tool " + std::to_string(violation.tool);
}

std::vector<TestCase> casesOf(const Report& report) {
  std::vector<TestCase> cases;
  if (report.junit_cases == JunitCases::Finding) {
    for (const Violation& violation : report.violations)
      cases.push_back(
          {violationKindLabel(violation.kind) + std::string(" at ") + caseName(violation),
           findingMessage(report, violation),
           waiverOf(report, violation) ? std::vector<const Violation*>()
                                       : std::vector{&violation}});
  } else {
    for (const ReportRegion& region : findingRegions(report)) {
      const Violation& deepest = report.violations[region.deepest];
      TestCase region_case{"region at " + caseName(deepest), {}, {}};
      for (const std::size_t index : region.violations)
        if (!waiverOf(report, report.violations[index]))
          region_case.violations.push_back(&report.violations[index]);
      const std::size_t count = region_case.violations.size();
      region_case.message = std::to_string(count) + (count == 1 ? " violation" : " violations") +
                            ", deepest " + findingMessage(report, deepest);
      cases.push_back(std::move(region_case));
    }
  }
  if (cases.empty()) cases.push_back({"check", {}, {}});
  return cases;
}

/// With --excess, one case of its own: failed where --fail-on-excess fails it, its regions over
/// the limit listed.
void writeExcessCase(const Report& report, std::ostream& out) {
  const ExcessReport& excess = *report.excess;
  out << "  <testcase classname=\"" << escapeMarkup(report.path_file) << "\" name=\"excess\"";
  if (!excess.fails()) {
    out << "/>\n";
    return;
  }
  out << ">\n    <failure type=\"excess\" message=\""
      << escapeMarkup("excess over " + shortestDecimal(*excess.fail_above) +
                      " mm: " + summaryLine(report))
      << "\">";
  for (const ExcessRegion& region : excess.regions)
    if (excess.fails(region)) out << escapeMarkup(describeExcessRegion(report, region)) << "\n";
  out << "</failure>\n  </testcase>\n";
}

void writeCase(const Report& report, const TestCase& test_case, std::ostream& out) {
  out << "  <testcase classname=\"" << escapeMarkup(report.path_file) << "\" name=\""
      << escapeMarkup(test_case.name) << "\"";
  if (test_case.violations.empty()) {
    out << "/>\n";
    return;
  }
  out << ">\n    <failure type=\"violations\" message=\"" << escapeMarkup(test_case.message)
      << "\">";
  for (const Violation* violation : test_case.violations)
    out << escapeMarkup(describeViolation(report, *violation)) << "\n";
  out << "</failure>\n  </testcase>\n";
}

/// `note` (when not empty), the warnings and the waived violations, one a line.
void writeSystemOut(const Report& report, const std::string& note, std::ostream& out) {
  if (report.warnings.empty() && note.empty() && report.waivers.empty()) return;
  out << "  <system-out>";
  if (!note.empty()) out << escapeMarkup(note) << "\n";
  for (const InputWarning& warning : report.warnings) {
    out << escapeMarkup(describeWarning(warning)) << "\n";
  }
  for (const auto& [index, waiver] : report.waivers) {
    out << escapeMarkup(describeViolation(report, report.violations[index])) << "\n";
  }
  out << "</system-out>\n";
}

/// The trace, as the suite's properties: what was checked, by what, when.
/// The raw stock's fields follow it, when there was one.
void writeProperties(const Report& report, std::ostream& out) {
  std::vector<std::pair<std::string, std::string>> fields;
  if (report.trace) fields = traceFields(*report.trace);
  if (report.raw_stock) {
    for (auto& field : stockFields(*report.raw_stock)) fields.push_back(std::move(field));
    for (const AirCuts& air : report.raw_stock->by_tool)
      fields.emplace_back("air cuts tool " + std::to_string(air.tool), describeAirCuts(air));
  }
  if (fields.empty()) return;
  out << "  <properties>\n";
  for (const auto& [name, value] : fields)
    out << "    <property name=\"" << escapeMarkup(name) << "\" value=\"" << escapeMarkup(value)
        << "\"/>\n";
  out << "  </properties>\n";
}

/// A run that ended in an error: one test case, the program's check, in error.
void writeErrorSuite(const Report& report, const RunError& error, std::ostream& out) {
  out << "<testsuite name=\"gougechek\" tests=\"1\" failures=\"0\" errors=\"1\" time=\""
      << fixedDecimal(report.elapsed_s, 3) << "\">\n";
  writeProperties(report, out);
  out << "  <testcase classname=\"" << escapeMarkup(report.path_file) << "\" name=\"check\">\n";
  out << "    <error type=\"" << runErrorKindName(error.kind) << "\" message=\""
      << escapeMarkup(error.message) << "\">" << escapeMarkup(describeError(error))
      << "</error>\n  </testcase>\n";
  writeSystemOut(report, {}, out);
  out << "</testsuite>\n";
}

}  // namespace

void writeJunitReport(const Report& report, std::ostream& out) {
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  if (report.error) {
    writeErrorSuite(report, *report.error, out);
    return;
  }
  const std::vector<TestCase> cases = casesOf(report);
  std::size_t failures = 0;
  for (const TestCase& test_case : cases) failures += test_case.violations.empty() ? 0 : 1;
  const bool excess = report.excess.has_value();  // an error report has returned above
  if (excess && report.excess->fails()) ++failures;

  out << "<testsuite name=\"gougechek\" tests=\"" << cases.size() + (excess ? 1 : 0)
      << "\" failures=\"" << failures << "\" errors=\"0\" time=\""
      << fixedDecimal(report.elapsed_s, 3) << "\">\n";
  writeProperties(report, out);
  for (const TestCase& test_case : cases) writeCase(report, test_case, out);
  if (excess) writeExcessCase(report, out);
  const ReportSummary summary = summarize(report);
  writeSystemOut(report, summary.truncated() ? truncationNote(summary) : std::string(), out);
  out << "</testsuite>\n";
}

}  // namespace gougechek
