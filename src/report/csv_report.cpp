// One row per violation, the fields of the JSON violations; `at` is split into three columns,
// and `confirmed` is "exact" where the depth was measured again on a STEP/IGES part's faces.
#include "report/report_summary.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

void writeCsvReport(const Report& report, std::ostream& out) {
  // Every field is a number, a fixed word or true/false: nothing needs quoting.
  out << "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed\n";
  for (const Violation& violation : report.violations) {
    out << violationKindName(violation.kind) << ',' << violation.line << ',' << violation.move
        << ',' << violation.tool << ',' << shortestDecimal(roundToMicron(violation.depth)) << ','
        << shortestDecimal(roundToMicron(violation.at.x)) << ','
        << shortestDecimal(roundToMicron(violation.at.y)) << ','
        << shortestDecimal(roundToMicron(violation.at.z)) << ','
        << (violation.severe ? "true" : "false") << ',' << (violation.exact ? "exact" : "") << "\n";
  }
}

}  // namespace gougechek
