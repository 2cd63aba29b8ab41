#include "report/report.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

void writeReport(const Report& report, ReportFormat format, std::ostream& out) {
  switch (format) {
    case ReportFormat::Text:
      writeTextReport(report, out);
      return;
    case ReportFormat::Json:
      writeJsonReport(report, out);
      return;
    case ReportFormat::Csv:
      writeCsvReport(report, out);
      return;
    case ReportFormat::Junit:
      writeJunitReport(report, out);
      return;
    case ReportFormat::Html:
      writeHtmlReport(report, out);
      return;
  }
}

}  // namespace gougechek
