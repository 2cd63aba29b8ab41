// One row per violation, the fields of the JSON violations; `at` is split into three columns,
// `cause` (a last column, only when a raw stock was given) says why a stock collision is one;
// `confirmed` is "exact" where the depth was measured again on a STEP/IGES part's faces, and
// `waived_by` names who accepted a waived one (a batch manifest's waiver), and `segment` the
// piece of the tool's assembly a holder or fixture collision touched with (empty for other
// kinds); with fixtures, a last column `fixture` names the fixture of a fixture collision.
// Two rows of their own kinds say what a list of violations cannot: `truncated` last, when
// more violations were found than listed (`move` holds how many were found in all), and
// `error` alone, when the run ended in an error (`line` holds its line when it has one; the
// message is on stderr and in the other formats).
#include <cmath>

#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

namespace {

/// A free text field, quoted as RFC 4180 wants when it needs to be.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted.push_back('"');
    quoted.push_back(c);
  }
  return quoted + "\"";
}

/// A row per excess region (kind `excess`: its line, move and tool; `not_machined`: none), its
/// bracket's ends rounded outwards to 1e-7 mm and its area in mm² in the last columns.
void writeExcessRows(const ExcessReport& excess, const std::string& empty_fields,
                     std::ostream& out) {
  const auto row = [&](const ExcessRegion& region) {
    out << (region.machined ? "excess," : "not_machined,");
    if (region.machined)
      out << region.line << ',' << region.move << ',' << region.tool;
    else
      out << ",,";
    out << ",," << shortestDecimal(roundToMicron(region.at.x)) << ','
        << shortestDecimal(roundToMicron(region.at.y)) << ','
        << shortestDecimal(roundToMicron(region.at.z)) << ",,,," << empty_fields << ','
        << shortestDecimal(bracketEnd(region.lo, false)) << ','
        << shortestDecimal(bracketEnd(region.hi, true)) << ','
        << shortestDecimal(std::round(region.area * 1000) / 1000) << "\n";
  };
  for (const ExcessRegion& region : excess.regions) row(region);
  for (const ExcessRegion& region : excess.not_machined) row(region);
}

}  // namespace

void writeCsvReport(const Report& report, std::ostream& out) {
  // Every field but waived_by and segment is a number, a fixed word or true/false: nothing else
  // needs quoting.
  // A stock collision's cause and a fixture collision's fixture in last columns, there only with
  // a raw stock and with fixtures: the reports of runs without them stay as they were.
  const bool causes = report.raw_stock.has_value();
  const bool fixtures = !report.fixtures.empty();
  const bool excess = report.excess && !report.error;
  out << "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment"
      << (causes ? ",cause" : "") << (fixtures ? ",fixture" : "")
      << (excess ? ",excess_lo,excess_hi,area\n" : "\n");
  const std::string no_excess = excess ? ",,," : "";
  for (const Violation& violation : report.violations) {
    const Waiver* waiver = waiverOf(report, violation);
    out << violationKindName(violation.kind) << ',' << violation.line << ',' << violation.move
        << ',' << violation.tool << ',' << shortestDecimal(roundToMicron(violation.depth)) << ','
        << shortestDecimal(roundToMicron(violation.at.x)) << ','
        << shortestDecimal(roundToMicron(violation.at.y)) << ','
        << shortestDecimal(roundToMicron(violation.at.z)) << ','
        << (violation.severe ? "true" : "false") << ',' << (violation.exact ? "exact" : "") << ','
        << csvField(waiver ? waiver->by : std::string()) << ','
        << csvField(segmentName(report, violation));
    if (causes)
      out << ','
          << (violation.kind == ViolationKind::StockCollision ? stockCauseName(violation.cause)
                                                              : "");
    if (fixtures) out << "," << csvField(fixtureName(report, violation));
    out << no_excess << "\n";
  }
  if (excess)
    writeExcessRows(*report.excess, std::string(causes ? "," : "") + (fixtures ? "," : ""), out);
  // The summary rows have every column too.
  const std::string last_fields =
      std::string(causes ? "," : "") + (fixtures ? "," : "") + no_excess;
  const ReportSummary summary = summarize(report);
  if (summary.truncated())
    out << "truncated,," << summary.total() + summary.waived << ",,,,,,,,," << last_fields << "\n";
  if (report.error) {
    out << "error,";
    if (report.error->line > 0) out << report.error->line;
    out << ",,,,,,,,,," << last_fields << "\n";
  }
}

}  // namespace gougechek
