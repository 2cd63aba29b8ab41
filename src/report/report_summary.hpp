#pragma once
// What every report format says the same way: counts, status, names, rounded numbers.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "gougechek/report.hpp"

namespace gougechek {

/// Counts over every violation found, listed or not.
struct ReportSummary : ViolationTally {
  std::size_t listed = 0;     ///< violations the report lists, waived ones included
  std::size_t waived = 0;     ///< listed violations a waiver accepted: not counted above
  bool error = false;         ///< the run ended in an error: no counts are claimed
  bool excess_fails = false;  ///< excess proven above --fail-on-excess (ExcessReport::fails)
  bool pass() const { return !error && total() == 0 && !excess_fails; }
  bool truncated() const { return listed < total() + waived; }
  /// "pass", "fail" or "error", as JSON writes it.
  const char* status() const;
};

ReportSummary summarize(const Report& report);

/// The same for people: "gouge", "rapid collision", "holder collision", "stock collision".
const char* violationKindLabel(ViolationKind kind);

/// A stock collision's cause for people: "rapid into the stock", ...
const char* stockCauseLabel(StockCause cause);

/// The raw stock as named fields, in the order the text and HTML reports show them:
/// {"stock", "box 0,0,0,100,80,28"}, {"columns", "80000 at 0.1 mm, 0.3 MiB"},
/// {"volume", "224000.0 mm³, removed 1200.5 mm³"}.
std::vector<std::pair<std::string, std::string>> stockFields(const StockReport& stock);

/// The excess as named fields, in the order the text and HTML reports show them: {"excess",
/// "0.01 mm allowed beyond the stock to leave of 0 mm; sampled every 0.2 mm (...)"}, {"bands",
/// "in tolerance 12.7 mm², 0.01–0.02 mm 975.7 mm², ..."}, {"unmachined", "15202.9 mm² in 1
/// region of 23742.9 mm²"}.
std::vector<std::pair<std::string, std::string>> excessFields(const ExcessReport& excess);

/// An end of a region's bracket to 1e-7 mm, rounded outwards (`upper`: up, else down), so that
/// the bracket every report writes still holds what it proves.
double bracketEnd(double mm, bool upper);

/// A region's bracket for people, rounded outwards to 1e-7 mm: `0.0037522–0.0037524 mm`.
std::string excessBracket(const ExcessRegion& region);

/// `path.nc:4228: excess 0.0417–0.0418 mm over 85.3 mm² at (1.000, 2.000, 3.000) tool 1 (Finish)`,
/// `not machined, up to 1.0000000–1.0000000 mm over 15202.9 mm² at (0.000, 0.000, 0.000)`.
std::string describeExcessRegion(const Report& report, const ExcessRegion& region);

/// `12 feed moves, 340.5 mm, 10.2 s` (the time left out when no feed was known).
std::string describeAirCuts(const AirCuts& air);

/// Rounds a length to 1e-6 mm, so reports are byte-identical whatever the floating-point
/// summation order of the threads was (and never shows -0).
double roundToMicron(double mm);

/// Shortest decimal text that reads back as `value`, e.g. "0.212", "6", "-1.5".
std::string shortestDecimal(double value);

/// `value` with `decimals` digits after the point.
std::string fixedDecimal(double value, int decimals);

/// Digits a person needs to see a depth against `tolerance`: 3 for 0.01 mm, one more for each
/// tenfold finer tolerance, at most 6.
int depthDecimals(double tolerance);

/// `path.nc:1042: gouge 0.212 mm at (41.500, 20.000, 3.100) tool 1 [severe]`;
/// `path.nc:7: stock collision 2.000 mm at (50.000, 40.000, 26.000) tool 1 (rapid into the
/// stock: flutes)`
std::string describeViolation(const Report& report, const Violation& violation);

/// What describeViolation says after the tool: ` (shank)`, ` (rapid into the stock: flutes)`,
/// ` fixture vise.stl`, ` [severe]`, ` [exact]`, ` [waived by WHO: WHY]`, those that apply.
std::string violationDetails(const Report& report, const Violation& violation);

/// `(41.500, 20.000, 3.100)`
std::string describePoint(const Vec3& p);

/// `path.nc:12: warning: M8 coolant: ignored` (the line left out when 0).
std::string describeWarning(const InputWarning& warning);

/// `path.nc:3:7: G2 arc: radius mismatch ...` as stderr shows it; `internal error: ...` and
/// `interrupted by SIGINT` for the other kinds.
std::string describeError(const RunError& error);

/// The machine name of an error kind: "input", "internal", "interrupted".
const char* runErrorKindName(RunErrorKind kind);

/// `violations listed: the first 100000 of 2000000 (in program order)`, for truncated lists.
std::string truncationNote(const ReportSummary& summary);

/// The violations the HTML report's table lists: the deepest report.html_violations (the first
/// of equal depths), as indices into report.violations, in program order.
std::vector<std::size_t> htmlTableRows(const Report& report);

/// The cutter of tool `number`; null when the report does not describe it.
const ToolSpec* toolOf(const Report& report, int number);

/// `ball D6 r3 flute 24`, with each shape's own sizes (a taper's angle, a chamfer's tip and
/// angle, a drill's point, a lollipop's or dovetail's neck), shank, overall length and holder
/// when they matter.
std::string describeTool(const ToolSpec& tool);

/// One piece of a tool's assembly as the text and HTML reports list it, in columns: name,
/// "cutting" or "non-cutting", "z 3–24", "radius 0–0", "rounding 3" (mm).
std::vector<std::string> describeSegment(const ToolSegment& segment);

/// `settings: tolerance 0.01 mm, stock 0 mm, rapid clearance 0 mm` without the label, with
/// `, holder clearance 2 mm` when it is set.
std::string describeSettings(const Report& report);

/// The trace as named fields, in the order the text, HTML and JUnit reports show them:
/// {"checked", "2026-11-24T20:51:03Z by gougechek 0.2.0"}, {"command", ...},
/// {"manifest", "nightly.yaml:12, job bracket"}, {"dialect", "fanuc"},
/// {"part sha256", "3f2a... (part.step)"}, ... one per input.
std::vector<std::pair<std::string, std::string>> traceFields(const Trace& trace);

}  // namespace gougechek
