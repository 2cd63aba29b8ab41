// A self-contained page for people: summary; where the violations are (the pictures drawn at
// check time, else top and front views of the part's bounds); each region of violations with
// its pictures and program lines; the deepest violations in a table; the warnings.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <numeric>
#include <set>
#include <vector>

#include "report/excess_pictures.hpp"
#include "report/markup_escape.hpp"
#include "report/report_pictures.hpp"
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
    case ViolationKind::StockCollision:
      return "#8c564b";
    case ViolationKind::FixtureCollision:
      return "#e377c2";
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
  if (report.raw_stock) {
    for (auto [name, value] : stockFields(*report.raw_stock)) {
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
      row(name, value);
    }
  }
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

/// The deepest `report.html_violations` violations, in program order; each row's id is
/// "v-" and the violation's index in report.violations, for links to it.
void writeViolationTable(const Report& report, std::ostream& out) {
  const std::vector<std::size_t> shown = htmlTableRows(report);
  if (shown.size() < report.violations.size()) {
    out << "<p class=\"note\">The table shows the " << shown.size() << " deepest of "
        << report.violations.size()
        << " violations listed; all of them are in the CSV and JSON reports.</p>\n";
  }
  if (shown.empty()) return;
  const int decimals = depthDecimals(report.tolerance);
  out << "<table class=\"violations\">\n<tr><th>kind</th><th>line</th><th>move</th><th>tool</th>"
         "<th>depth "
         "(mm)</th><th>X</th><th>Y</th><th>Z</th><th>severe</th><th>exact</th><th>G-code</th>"
         "<th>waived</th></tr>\n";
  for (std::size_t index : shown) {
    const Violation& violation = report.violations[index];
    const auto source = report.source_lines.find(violation.line);
    // The 3D view scrolls to a marker's row by its id; a click on the row turns it to the marker.
    out << "<tr id=\"v-" << index << "\" data-marker=\"" << index
        << "\"><td><span class=\"dot\" style=\"background:" << kindColour(violation.kind)
        << "\"></span>" << violationKindLabel(violation.kind);
    const std::string segment = segmentName(report, violation);
    if (violation.kind == ViolationKind::StockCollision)
      out << " (" << stockCauseLabel(violation.cause) << (segment.empty() ? "" : ": ")
          << escapeMarkup(segment) << ")";
    else if (!segment.empty())
      out << " (" << escapeMarkup(segment) << ")";
    if (const std::string fixture = fixtureName(report, violation); !fixture.empty())
      out << " fixture " << escapeMarkup(fixture);
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

std::string vectorJson(const Vec3& v) {
  std::string json("[");
  json.append(shortestDecimal(v.x)).append(",").append(shortestDecimal(v.y));
  return json.append(",").append(shortestDecimal(v.z)).append("]");
}

void writePicture(const ReportPicture& picture, std::ostream& out) {
  out << "<figure><img src=\"" << escapeMarkup(picture.png_data_uri) << "\" alt=\""
      << escapeMarkup(picture.title) << "\"";
  if (const auto& p = picture.projection) {
    std::string json("{\"centre\":");
    json.append(vectorJson(p->centre)).append(",\"right\":").append(vectorJson(p->right));
    json.append(",\"up\":").append(vectorJson(p->up));
    json.append(",\"px_per_mm\":").append(shortestDecimal(p->px_per_mm));
    json.append(",\"cx\":").append(shortestDecimal(p->cx));
    json.append(",\"cy\":").append(shortestDecimal(p->cy)).append("}");
    out << " data-projection=\"" << escapeMarkup(json) << "\"";
  }
  out << "><figcaption>" << escapeMarkup(picture.title) << "</figcaption></figure>\n";
}

std::string lineRange(const Report& report, const ReportRegion& region) {
  std::uint32_t first = report.violations[region.violations.front()].line, last = first;
  for (std::size_t index : region.violations) {
    first = std::min(first, report.violations[index].line);
    last = std::max(last, report.violations[index].line);
  }
  return first == last ? std::to_string(first)
                       : std::to_string(first) + "\u2013" + std::to_string(last);
}

/// One region: what it is, its pictures, and the program around its deepest violation with
/// that line marked.
void writeRegion(const Report& report, const ReportRegion& region, std::size_t ordinal,
                 std::ostream& out) {
  const Violation& deepest = report.violations[region.deepest];
  const int decimals = depthDecimals(report.tolerance);
  out << "<section class=\"region\" id=\"region-" << ordinal << "\">\n<h3>Region " << ordinal
      << ": " << region.violations.size()
      << (region.violations.size() == 1 ? " violation" : " violations") << ", deepest "
      << fixedDecimal(deepest.depth, decimals) << " mm</h3>\n<table class=\"summary\">\n";
  const auto row = [&out](const std::string& name, const std::string& value) {
    out << "<tr><th>" << escapeMarkup(name) << "</th><td>" << escapeMarkup(value) << "</td></tr>\n";
  };
  row("Lines", lineRange(report, region));
  row("Deepest", describeViolation(report, deepest));
  row("Operation", region.operation.empty() ? "(no comment names it)" : region.operation);
  std::string tool("T");
  tool.append(std::to_string(deepest.tool));
  for (const auto& [number, spec] : report.tools)
    if (number == deepest.tool) tool.append(": ").append(describeTool(spec));
  row("Tool", tool);
  out << "</table>\n";
  for (const ReportPicture& picture : region.pictures) writePicture(picture, out);
  const std::uint32_t line = deepest.line;
  auto it = report.source_lines.lower_bound(firstQuotedLine(line));
  if (it != report.source_lines.end() && it->first <= line + kQuotedLinesAround) {
    out << "<pre class=\"gcode\">";
    for (; it != report.source_lines.end() && it->first <= line + kQuotedLinesAround; ++it) {
      const bool marked = it->first == line;
      out << (marked ? "<mark>" : "") << it->first << ": " << escapeMarkup(it->second)
          << (marked ? "</mark>" : "") << "\n";
    }
    out << "</pre>\n";
  }
  out << "</section>\n";
}

/// The regions deepest first: the pictured ones in full, the rest as table rows.
void writeRegions(const Report& report, std::ostream& out) {
  if (report.regions.empty()) return;
  out << "<h2>Regions</h2>\n";
  const std::size_t pictured = std::min(report.regions.size(), kPicturedRegions);
  for (std::size_t r = 0; r < pictured; ++r) writeRegion(report, report.regions[r], r + 1, out);
  if (report.regions.size() == pictured) return;
  // Rows of the regions beyond the pictured ones: a page stays readable (and small) whatever
  // the program does.
  constexpr std::size_t kListedRegions = 200;
  const std::size_t listed = std::min(report.regions.size(), pictured + kListedRegions);
  out << "<p class=\"note\">" << report.regions.size() - pictured
      << " more regions, without pictures";
  if (listed < report.regions.size())
    out << " (the " << listed - pictured << " deepest listed below)";
  out << ":</p>\n<table class=\"regions\">\n<tr><th>region</th><th>violations</th><th>deepest "
         "(mm)</th><th>lines</th><th>tool</th></tr>\n";
  const int decimals = depthDecimals(report.tolerance);
  for (std::size_t r = pictured; r < listed; ++r) {
    const ReportRegion& region = report.regions[r];
    const Violation& deepest = report.violations[region.deepest];
    out << "<tr><td>" << r + 1 << "</td><td>" << region.violations.size() << "</td><td>"
        << fixedDecimal(deepest.depth, decimals) << "</td><td>" << lineRange(report, region)
        << "</td><td>" << deepest.tool << "</td></tr>\n";
  }
  out << "</table>\n";
}

/// The raw stock after the program (its pictures) and the feed moves that removed none of it,
/// per tool and per operation.
void writeStock(const StockReport& stock, std::ostream& out) {
  out << "<h2>Stock</h2>\n";
  for (const ReportPicture& picture : stock.pictures) writePicture(picture, out);
  out << "<h3>Air cuts</h3>\n";
  if (stock.by_tool.empty()) {
    out << "<p>None: every feed move removed stock.</p>\n";
    return;
  }
  out << "<table class=\"air\">\n<tr><th>tool</th><th>operation</th><th>feed moves</th>"
         "<th>length (mm)</th><th>time (s)</th></tr>\n";
  const auto row = [&out](const AirCuts& air, const std::string& operation) {
    out << "<tr><td>" << air.tool << "</td><td>" << escapeMarkup(operation) << "</td><td>"
        << air.moves << "</td><td>" << fixedDecimal(air.length, 1) << "</td><td>"
        << fixedDecimal(air.time, 1) << "</td></tr>\n";
  };
  for (const AirCuts& air : stock.by_tool) row(air, "(all)");
  for (const AirCuts& air : stock.by_operation)
    row(air, air.operation.empty() ? "(no comment names it)" : air.operation);
  out << "</table>\n";
}

/// The name of an excess band for the legend: "in tolerance (at most 0.01 mm beyond the stock
/// to leave)", "0.01–0.02 mm", "over 0.1 mm".
std::string bandName(const ExcessReport& excess, std::size_t band) {
  const ExcessBand& b = excess.bands[band];
  if (band == 0)
    return "in tolerance (at most " + shortestDecimal(b.to) + " mm beyond the stock to leave)";
  if (std::isinf(b.to)) return "over " + shortestDecimal(b.from) + " mm";
  return shortestDecimal(b.from) + "–" + shortestDecimal(b.to) + " mm";
}

/// The excess (issue 24): its numbers, the map's legend with each band's area, the map, the
/// regions (each with its zoom) and what no cutter reached.
void writeExcess(const Report& report, std::ostream& out) {
  const ExcessReport& excess = *report.excess;
  out << "<section id=\"excess\">\n<h2>Excess</h2>\n<table class=\"excess-summary\">\n";
  for (auto [name, value] : excessFields(excess)) {
    name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
    out << "<tr><th>" << escapeMarkup(name) << "</th><td>" << escapeMarkup(value) << "</td></tr>\n";
  }
  out << "</table>\n<table class=\"excess-legend\">\n<tr><th></th><th>excess beyond the stock "
         "to leave</th><th>area (mm²)</th><th>share</th></tr>\n";
  const auto legend = [&](render::Rgb colour, const std::string& name, const std::string& area,
                          const std::string& share) {
    out << "<tr><td><span class=\"swatch\" style=\"background:" << hexColour(colour)
        << "\"></span></td><td>" << escapeMarkup(name) << "</td><td>" << area << "</td><td>"
        << share << "</td></tr>\n";
  };
  const auto share = [&](double area) {
    return excess.area > 0 ? fixedDecimal(100 * area / excess.area, 1) + " %" : std::string();
  };
  for (std::size_t band = 0; band < excess.bands.size(); ++band)
    legend(excessColour(static_cast<std::int8_t>(band)), bandName(excess, band),
           fixedDecimal(excess.bands[band].area, 1), share(excess.bands[band].area));
  legend(excessColour(kNotMachinedBand), "not machined (no cutter came near)",
         fixedDecimal(excess.not_machined_area, 1), share(excess.not_machined_area));
  legend(gougeColour(), "gouge (a dot at each violation's deepest point)", "", "");
  out << "</table>\n";
  for (const ReportPicture& picture : excess.pictures) writePicture(picture, out);
  out << "<h3>Excess regions</h3>\n";
  if (excess.regions.empty()) out << "<p>None: the design is within the tolerance.</p>\n";
  for (std::size_t r = 0; r < excess.regions.size(); ++r) {
    const ExcessRegion& region = excess.regions[r];
    out << "<section class=\"excess-region\" id=\"excess-" << r + 1 << "\"><p>"
        << (excess.fails(region) ? "<strong>fails --fail-on-excess:</strong> " : "")
        << escapeMarkup(describeExcessRegion(report, region)) << "</p>\n";
    for (const ReportPicture& picture : region.pictures) writePicture(picture, out);
    out << "</section>\n";
  }
  if (!excess.not_machined.empty()) {
    out << "<h3>Not machined</h3>\n<ul>\n";
    for (const ExcessRegion& region : excess.not_machined)
      out << "<li>" << escapeMarkup(describeExcessRegion(report, region)) << "</li>\n";
    out << "</ul>\n";
  }
  out << "</section>\n";
}

void writeWarnings(const Report& report, std::ostream& out) {
  if (report.warnings.empty()) return;
  out << "<h2>Warnings</h2>\n<ul>\n";
  for (const InputWarning& warning : report.warnings) {
    out << "<li>" << escapeMarkup(describeWarning(warning)) << "</li>\n";
  }
  out << "</ul>\n";
}

/// The pictures of the whole part, or without them (a report made without addPictures) the
/// part's bounds from the top and the front with a dot per violation.
void writeWhere(const Report& report, std::ostream& out) {
  out << "<h2>Where</h2>\n";
  if (!report.pictures.empty()) {
    for (const ReportPicture& picture : report.pictures) writePicture(picture, out);
    if (!report.view3d_html.empty())
      out << "<h3>In 3D</h3>\n<p>Drag to turn, wheel to zoom; click a marker for its row, a row "
             "for its marker.</p>\n"
          << report.view3d_html;
    return;
  }
  writeView(report, 0, 1, "top view (X right, Y up)", out);
  writeView(report, 0, 2, "front view (X right, Z up)", out);
  out << "<p>";
  std::vector<ViolationKind> kinds = {ViolationKind::Gouge, ViolationKind::RapidCollision,
                                      ViolationKind::HolderCollision};
  if (report.raw_stock) kinds.push_back(ViolationKind::StockCollision);
  if (!report.fixtures.empty()) kinds.push_back(ViolationKind::FixtureCollision);
  for (const ViolationKind kind : kinds) {
    out << "<span class=\"dot\" style=\"background:" << kindColour(kind) << "\"></span>"
        << violationKindLabel(kind) << " &nbsp; ";
  }
  out << "</p>\n";
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
         "figure{display:inline-block;margin:0 2em 1em 0;vertical-align:top}\n"
         "figure img{max-width:100%;border:1px solid #ddd}\n"
         "pre.gcode{background:#f6f6f6;padding:4px 8px;overflow-x:auto}\n"
         "pre.gcode mark{background:#ffe08a;font-weight:bold}\n"
         ".dot{display:inline-block;width:10px;height:10px;border-radius:5px;margin-right:4px}\n"
         ".swatch{display:inline-block;width:24px;height:12px;border:1px solid #999}\n"
         "@media print{body{margin:0}section.region{break-before:page}"
         "figure,pre.gcode,tr{break-inside:avoid}}\n"
         "</style>\n</head>\n<body>\n";
  std::string heading = status;
  for (char& c : heading) c = static_cast<char>(c - 'a' + 'A');
  // An error shows in the failure colour: it is no pass either.
  out << "<h1>gougechek " << GOUGECHEK_VERSION << ": <span class=\""
      << (summary.pass() ? "pass" : "fail") << "\">" << heading << "</span></h1>\n";
  if (report.error) {
    // The message first; then what was read. Nothing of the check is claimed: no violations,
    // and only pictures of the part (without a path) if any were drawn.
    out << "<h2>Error</h2>\n<p><code>" << escapeMarkup(describeError(*report.error))
        << "</code></p>\n";
    writeSummary(report, out);
    if (!report.pictures.empty()) {
      out << "<h2>What was read</h2>\n";
      for (const ReportPicture& picture : report.pictures) writePicture(picture, out);
    }
    writeWarnings(report, out);
    out << "</body>\n</html>\n";
    return;
  }
  writeSummary(report, out);
  writeWhere(report, out);
  if (report.raw_stock) writeStock(*report.raw_stock, out);
  writeRegions(report, out);
  if (report.excess) writeExcess(report, out);

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
