// The human summary printed on stdout by default.
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

std::string point(const Vec3& p) {
  std::string text = "(";
  text.append(fixedDecimal(p.x, 3)).append(", ").append(fixedDecimal(p.y, 3)).append(", ");
  return text.append(fixedDecimal(p.z, 3)).append(")");
}

}  // namespace

void writeTextReport(const Report& report, std::ostream& out) {
  const ReportSummary summary = summarize(report);
  out << "gougechek " << GOUGECHEK_VERSION << ": "
      << (summary.error    ? "ERROR"
          : summary.pass() ? "PASS"
                           : "FAIL")
      << "\n";
  out << "part:     " << report.part_file;
  // A run that ended before the part was read knows only its name.
  if (!report.part_format.empty()) {
    out << " (" << report.part_format << ", " << report.triangles << " triangles, bounds "
        << point(report.bounds[0]) << " - " << point(report.bounds[1]) << " mm)";
  }
  out << "\nprogram:  " << report.path_file;
  if (!report.error) out << " (" << report.path_lines << " lines, " << report.moves << " moves)";
  out << "\n";
  for (const auto& [number, tool] : report.tools) {
    out << "tool " << number << ":   " << describeTool(tool) << "\n";
  }
  out << "settings: tolerance " << shortestDecimal(report.tolerance) << " mm, stock "
      << shortestDecimal(report.stock) << " mm, rapid clearance "
      << shortestDecimal(report.rapid_clearance) << " mm\n";
  if (report.trace) {
    for (const auto& [name, value] : traceFields(*report.trace)) {
      const std::string label = name + ":";
      out << label << std::string(label.size() < 10 ? 10 - label.size() : 1, ' ') << value << "\n";
    }
  }
  out << "result:   " << summaryLine(report) << " (" << fixedDecimal(report.elapsed_s, 3)
      << " s)\n";

  if (!report.violations.empty()) out << "\nviolations:\n";
  for (const Violation& violation : report.violations) {
    out << describeViolation(report, violation) << "\n";
  }
  if (summary.truncated()) out << truncationNote(summary) << "\n";
  if (!report.warnings.empty()) out << "\nwarnings:\n";
  for (const InputWarning& warning : report.warnings) {
    out << describeWarning(warning) << "\n";
  }
}

}  // namespace gougechek
