// JUnit XML for CI dashboards: one test case per tool number the program used, failing with
// that tool's violations (waived ones are listed in the output, not failing); a run that ended
// in an error is one test case in error.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "report/markup_escape.hpp"
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

struct ToolCase {
  const ToolSpec* spec = nullptr;  ///< null for a tool number no report tool describes
  std::vector<const Violation*> violations;
};

std::map<int, ToolCase> casesByTool(const Report& report) {
  std::map<int, ToolCase> cases;
  for (const auto& [number, tool] : report.tools) cases[number].spec = &tool;
  for (const Violation& violation : report.violations) {
    // A waived violation does not fail its tool's case; the suite's output lists it.
    if (!waiverOf(report, violation)) cases[violation.tool].violations.push_back(&violation);
  }
  return cases;
}

void writeCase(const Report& report, int number, const ToolCase& tool_case, std::ostream& out) {
  std::string name = "tool ";
  name.append(std::to_string(number));
  if (tool_case.spec) name.append(" (").append(describeTool(*tool_case.spec)).append(")");
  out << "  <testcase classname=\"" << escapeMarkup(report.path_file) << "\" name=\""
      << escapeMarkup(name) << "\"";
  if (tool_case.violations.empty()) {
    out << "/>\n";
    return;
  }
  out << ">\n    <failure type=\"violations\" message=\"" << tool_case.violations.size()
      << (tool_case.violations.size() == 1 ? " violation" : " violations") << "\">";
  for (const Violation* violation : tool_case.violations) {
    out << escapeMarkup(describeViolation(report, *violation)) << "\n";
  }
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
  std::map<int, ToolCase> cases = casesByTool(report);
  // A program with no moves used no tool: it still reports as one (passing) case.
  if (cases.empty()) cases[0];
  std::size_t failures = 0;
  for (const auto& entry : cases) failures += entry.second.violations.empty() ? 0 : 1;

  out << "<testsuite name=\"gougechek\" tests=\"" << cases.size() << "\" failures=\"" << failures
      << "\" errors=\"0\" time=\"" << fixedDecimal(report.elapsed_s, 3) << "\">\n";
  writeProperties(report, out);
  for (const auto& [number, tool_case] : cases) writeCase(report, number, tool_case, out);
  const ReportSummary summary = summarize(report);
  writeSystemOut(report, summary.truncated() ? truncationNote(summary) : std::string(), out);
  out << "</testsuite>\n";
}

}  // namespace gougechek
