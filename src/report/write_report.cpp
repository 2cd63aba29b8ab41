#include <cctype>
#include <filesystem>

#include "gougechek/report.hpp"
#include "report/report_writers.hpp"

namespace gougechek {

std::optional<ReportFormat> reportFormatFromName(std::string_view name) {
  if (name == "text") return ReportFormat::Text;
  if (name == "json") return ReportFormat::Json;
  if (name == "csv") return ReportFormat::Csv;
  if (name == "junit") return ReportFormat::Junit;
  if (name == "html") return ReportFormat::Html;
  if (name == "sarif") return ReportFormat::Sarif;
  if (name == "codequality") return ReportFormat::CodeQuality;
  return std::nullopt;
}

const char* reportFormatName(ReportFormat format) {
  switch (format) {
    case ReportFormat::Text:
      return "text";
    case ReportFormat::Json:
      return "json";
    case ReportFormat::Csv:
      return "csv";
    case ReportFormat::Junit:
      return "junit";
    case ReportFormat::Html:
      return "html";
    case ReportFormat::Sarif:
      return "sarif";
    case ReportFormat::CodeQuality:
      return "codequality";
  }
  return "text";
}

std::optional<ReportFormat> reportFormatOfFile(std::string_view file) {
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".txt") return ReportFormat::Text;
  if (extension == ".json") return ReportFormat::Json;
  if (extension == ".csv") return ReportFormat::Csv;
  if (extension == ".xml") return ReportFormat::Junit;
  if (extension == ".html" || extension == ".htm") return ReportFormat::Html;
  if (extension == ".sarif") return ReportFormat::Sarif;
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
    case ReportFormat::Sarif:
      writeSarifReport(report, out);
      return;
    case ReportFormat::CodeQuality:
      writeCodeQualityReport(report, out);
      return;
  }
}

}  // namespace gougechek
