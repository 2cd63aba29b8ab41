#pragma once
// What every report format says the same way: counts, status, names, rounded numbers.
#include <cstddef>
#include <string>

#include "report/report.hpp"

namespace gougechek {

struct ReportSummary {
  std::size_t gouges = 0;
  std::size_t rapid_collisions = 0;
  std::size_t holder_collisions = 0;
  double max_depth = 0;  ///< deepest penetration among the violations; 0 when none penetrates
  bool pass() const { return gouges + rapid_collisions + holder_collisions == 0; }
};

ReportSummary summarize(const Report& report);

/// The machine name of a kind, as JSON and CSV write it: "gouge", "rapid_collision",
/// "holder_collision".
const char* violationKindName(ViolationKind kind);

/// The same for people: "gouge", "rapid collision", "holder collision".
const char* violationKindLabel(ViolationKind kind);

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

/// `path.nc:1042: gouge 0.212 mm at (41.500, 20.000, 3.100) tool 1 [severe]`
std::string describeViolation(const Report& report, const Violation& violation);

/// `FAIL: 3 gouges, 1 rapid collision, 0 holder collisions, max depth 0.212 mm`
std::string summaryLine(const Report& report);

/// `path.nc:12: warning: M8 coolant: ignored` (the line left out when 0).
std::string describeWarning(const InputWarning& warning);

/// `ball D6 r3 flute 24`, with taper angle, shank and overall length when they matter.
std::string describeTool(const ToolSpec& tool);

}  // namespace gougechek
