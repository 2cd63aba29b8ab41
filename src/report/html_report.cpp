// A self-contained page for people: summary, where the violations are (top and front views of
// the part's bounds), the violation table with the G-code lines, and the warnings.
#include <algorithm>
#include <cctype>

#include "report/markup_escape.hpp"
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

constexpr double kViewSize = 420;  ///< px, the longer side of a view
constexpr double kMargin = 12;     ///< px around the drawing

const char* kindColour(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::Gouge:
      return "#d62728";
    case ViolationKind::RapidCollision:
      return "#ff7f0e";
    case ViolationKind::HolderCollision:
      return "#9467bd";
  }
  return "#000000";
}

std::string px(double value) {
  return fixedDecimal(value, 2);
}

/// One orthographic view: the part's bounds as a box and each violation as a dot. `u` and `v`
/// are the axes (0 x, 1 y, 2 z) drawn to the right and upwards.
void writeView(const Report& report, int u, int v, const char* title, std::ostream& out) {
  // The drawn range covers the part and every violation, so a rapid hitting from far above
  // still shows.
  double lo[2] = {report.bounds[0][u], report.bounds[0][v]};
  double hi[2] = {report.bounds[1][u], report.bounds[1][v]};
  for (const Violation& violation : report.violations) {
    lo[0] = std::min(lo[0], violation.at[u]);
    hi[0] = std::max(hi[0], violation.at[u]);
    lo[1] = std::min(lo[1], violation.at[v]);
    hi[1] = std::max(hi[1], violation.at[v]);
  }
  const double extent = std::max({hi[0] - lo[0], hi[1] - lo[1], 1e-9});
  const double scale = kViewSize / extent;
  const double width = (hi[0] - lo[0]) * scale + 2 * kMargin;
  const double height = (hi[1] - lo[1]) * scale + 2 * kMargin;
  const auto x = [&](double value) { return kMargin + (value - lo[0]) * scale; };
  const auto y = [&](double value) { return height - kMargin - (value - lo[1]) * scale; };

  out << "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << px(width) << "\" height=\""
      << px(height) << "\" viewBox=\"0 0 " << px(width) << ' ' << px(height) << "\">\n";
  out << "<rect x=\"" << px(x(report.bounds[0][u])) << "\" y=\"" << px(y(report.bounds[1][v]))
      << "\" width=\"" << px((report.bounds[1][u] - report.bounds[0][u]) * scale) << "\" height=\""
      << px((report.bounds[1][v] - report.bounds[0][v]) * scale)
      << "\" fill=\"#e8e8e8\" stroke=\"#777\"/>\n";
  for (const Violation& violation : report.violations) {
    out << "<circle cx=\"" << px(x(violation.at[u])) << "\" cy=\"" << px(y(violation.at[v]))
        << "\" r=\"4\" fill=\"" << kindColour(violation.kind) << "\" fill-opacity=\"0.8\"><title>"
        << escapeMarkup(describeViolation(report, violation)) << "</title></circle>\n";
  }
  out << "</svg><figcaption>" << title << "</figcaption></figure>\n";
}

void writeSummary(const Report& report, std::ostream& out) {
  const auto row = [&out](const std::string& name, const std::string& value) {
    out << "<tr><th>" << escapeMarkup(name) << "</th><td>" << escapeMarkup(value) << "</td></tr>\n";
  };
  out << "<table class=\"summary\">\n";
  row("Result", summaryLine(report));
  // A run that ended in an error may not have read the part, and read only some of the program.
  row("Part", report.part_format.empty() ? report.part_file
                                         : report.part_file + " (" + report.part_format + ", " +
                                               std::to_string(report.triangles) + " triangles)");
  row("Program", report.error ? report.path_file
                              : report.path_file + " (" + std::to_string(report.path_lines) +
                                    " lines, " + std::to_string(report.moves) + " moves)");
  for (const auto& [number, tool] : report.tools) {
    row("Tool " + std::to_string(number), describeTool(tool));
  }
  row("Settings", describeSettings(report));
  row("Time", fixedDecimal(report.elapsed_s, 3) + " s");
  if (report.trace) {
    for (auto [name, value] : traceFields(*report.trace)) {
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
      row(name, value);
    }
  }
  out << "</table>\n";
  // Each tool's assembly as checked: which pieces cut, and the shape of each.
  for (const auto& [number, tool] : report.tools) {
    out << "<table class=\"assembly\">\n<caption>Tool " << number << " assembly";
    if (!tool.holder_name.empty()) out << " (" << escapeMarkup(tool.holder_name) << ")";
    out << "</caption>\n<tr><th>piece</th><th></th><th>height (mm)</th><th>radius (mm)</th>"
           "<th>rounding (mm)</th></tr>\n";
    for (const ToolSegment& segment : toolAssembly(tool)) {
      out << "<tr class=\"piece\">";
      for (const std::string& cell : describeSegment(segment))
        out << "<td>" << escapeMarkup(cell) << "</td>";
      out << "</tr>\n";
    }
    out << "</table>\n";
  }
}

void writeViolationTable(const Report& report, std::ostream& out) {
  const int decimals = depthDecimals(report.tolerance);
  out << "<table class=\"violations\">\n<tr><th>kind</th><th>line</th><th>move</th><th>tool</th>"
         "<th>depth "
         "(mm)</th><th>X</th><th>Y</th><th>Z</th><th>severe</th><th>exact</th><th>G-code</th>"
         "<th>waived</th></tr>\n";
  for (const Violation& violation : report.violations) {
    const auto source = report.source_lines.find(violation.line);
    out << "<tr><td><span class=\"dot\" style=\"background:" << kindColour(violation.kind)
        << "\"></span>" << violationKindLabel(violation.kind);
    if (const std::string segment = segmentName(report, violation); !segment.empty())
      out << " (" << escapeMarkup(segment) << ")";
    out << "</td><td>" << violation.line << "</td><td>" << violation.move << "</td><td>"
        << violation.tool << "</td><td>" << fixedDecimal(violation.depth, decimals) << "</td><td>"
        << fixedDecimal(violation.at.x, 3) << "</td><td>" << fixedDecimal(violation.at.y, 3)
        << "</td><td>" << fixedDecimal(violation.at.z, 3) << "</td><td>"
        << (violation.severe ? "yes" : "") << "</td><td>" << (violation.exact ? "yes" : "")
        << "</td><td><code>"
        << (source == report.source_lines.end() ? "" : escapeMarkup(source->second))
        << "</code></td><td>";
    if (const Waiver* waiver = waiverOf(report, violation))
      out << escapeMarkup("by " + waiver->by + ": " + waiver->reason);
    out << "</td></tr>\n";
  }
  out << "</table>\n";
}

void writeWarnings(const Report& report, std::ostream& out) {
  if (report.warnings.empty()) return;
  out << "<h2>Warnings</h2>\n<ul>\n";
  for (const InputWarning& warning : report.warnings) {
    out << "<li>" << escapeMarkup(describeWarning(warning)) << "</li>\n";
  }
  out << "</ul>\n";
}

}  // namespace

void writeHtmlReport(const Report& report, std::ostream& out) {
  const ReportSummary summary = summarize(report);
  const char* status = summary.status();
  out << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      << "<title>gougechek: " << escapeMarkup(report.path_file) << "</title>\n"
      << "<style>\n"
         "body{font-family:sans-serif;margin:2em;color:#222}\n"
         "h1 .pass{color:#2a7d2a} h1 .fail{color:#c62828}\n"
         "table{border-collapse:collapse;margin:1em 0}\n"
         "th,td{border:1px solid #ccc;padding:2px 8px;text-align:left}\n"
         "table.violations td{font-variant-numeric:tabular-nums}\n"
         "figure{display:inline-block;margin:0 2em 1em 0}\n"
         ".dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px}\n"
         "</style>\n</head>\n<body>\n";
  std::string heading = status;
  for (char& c : heading) c = static_cast<char>(c - 'a' + 'A');
  // An error shows in the failure colour: it is no pass either.
  out << "<h1>gougechek " << GOUGECHEK_VERSION << ": <span class=\""
      << (summary.pass() ? "pass" : "fail") << "\">" << heading << "</span></h1>\n";
  writeSummary(report, out);
  if (report.error) {
    // Nothing of the check is claimed: no pictures, no violations.
    out << "<h2>Error</h2>\n<p><code>" << escapeMarkup(describeError(*report.error))
        << "</code></p>\n";
    writeWarnings(report, out);
    out << "</body>\n</html>\n";
    return;
  }

  out << "<h2>Where</h2>\n";
  writeView(report, 0, 1, "top view (X right, Y up)", out);
  writeView(report, 0, 2, "front view (X right, Z up)", out);
  out << "<p>";
  for (ViolationKind kind :
       {ViolationKind::Gouge, ViolationKind::RapidCollision, ViolationKind::HolderCollision}) {
    out << "<span class=\"dot\" style=\"background:" << kindColour(kind) << "\"></span>"
        << violationKindLabel(kind) << " &nbsp; ";
  }
  out << "</p>\n";

  out << "<h2>Violations</h2>\n";
  if (report.violations.empty()) {
    out << "<p>None.</p>\n";
  } else {
    writeViolationTable(report, out);
  }
  if (summary.truncated()) out << "<p>" << escapeMarkup(truncationNote(summary)) << "</p>\n";
  writeWarnings(report, out);
  out << "</body>\n</html>\n";
}

}  // namespace gougechek
