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

/// The feed moves that removed no stock, per tool and per operation.
void writeAirCuts(const StockReport& stock, std::ostream& out) {
  if (stock.by_tool.empty()) return;
  out << "\nair cuts (feed moves that removed no stock):\n";
  for (const AirCuts& air : stock.by_tool)
    out << "  tool " << air.tool << ": " << describeAirCuts(air) << "\n";
  for (const AirCuts& air : stock.by_operation)
    out << "  " << (air.operation.empty() ? "no operation named" : air.operation) << " (tool "
        << air.tool << "): " << describeAirCuts(air) << "\n";
}

/// The excess regions, largest first, then what no cutter reached.
void writeExcess(const Report& report, std::ostream& out) {
  const ExcessReport& excess = *report.excess;
  if (!excess.regions.empty()) out << "\nexcess (material left beyond the stock to leave):\n";
  for (const ExcessRegion& region : excess.regions)
    out << describeExcessRegion(report, region) << "\n";
  if (!excess.not_machined.empty())
    out << "\nnot machined (rays that met no cutter before the cap; never a failure):\n";
  for (const ExcessRegion& region : excess.not_machined)
    out << describeExcessRegion(report, region) << "\n";
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
    // The assembly as checked, a piece a line, in aligned columns.
    std::vector<std::vector<std::string>> rows;
    for (const ToolSegment& segment : toolAssembly(tool)) rows.push_back(describeSegment(segment));
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
      widths.resize(row.size());
      for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
    }
    for (const auto& row : rows) {
      std::string line = "  ";
      for (std::size_t c = 0; c < row.size(); ++c) {
        line.append(row[c]);
        if (c + 1 < row.size()) line.append(widths[c] - row[c].size() + 2, ' ');
      }
      out << line << " mm\n";
    }
  }
  out << "settings: " << describeSettings(report) << "\n";
  if (report.trace) {
    for (const auto& [name, value] : traceFields(*report.trace)) {
      const std::string label = name + ":";
      out << label << std::string(label.size() < 10 ? 10 - label.size() : 1, ' ') << value << "\n";
    }
  }
  if (report.raw_stock) {
    for (const auto& [name, value] : stockFields(*report.raw_stock))
      out << name << ":" << std::string(name.size() < 9 ? 9 - name.size() : 1, ' ') << value
          << "\n";
  }
  if (report.excess && !report.error) {
    for (const auto& [name, value] : excessFields(*report.excess))
      out << name << ":" << std::string(name.size() < 9 ? 9 - name.size() : 1, ' ') << value
          << "\n";
  }
  out << "result:   " << summaryLine(report) << " (" << fixedDecimal(report.elapsed_s, 3)
      << " s)\n";

  if (!report.violations.empty()) out << "\nviolations:\n";
  for (const Violation& violation : report.violations) {
    out << describeViolation(report, violation) << "\n";
  }
  if (summary.truncated()) out << truncationNote(summary) << "\n";
  if (report.raw_stock) writeAirCuts(*report.raw_stock, out);
  if (report.excess && !report.error) writeExcess(report, out);
  if (!report.warnings.empty()) out << "\nwarnings:\n";
  for (const InputWarning& warning : report.warnings) {
    out << describeWarning(warning) << "\n";
  }
}

}  // namespace gougechek
