#include "gougechek/report.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

std::optional<ReportFormat> reportFormatFromName(std::string_view name) {
  if (name == "text") return ReportFormat::Text;
  if (name == "json") return ReportFormat::Json;
  if (name == "csv") return ReportFormat::Csv;
  if (name == "junit") return ReportFormat::Junit;
  if (name == "html") return ReportFormat::Html;
  return std::nullopt;
}

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
