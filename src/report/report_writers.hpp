#pragma once
// One writer per report format; writeReport picks among them.
#include <ostream>

#include "gougechek/report.hpp"

namespace gougechek {

void writeTextReport(const Report& report, std::ostream& out);
void writeJsonReport(const Report& report, std::ostream& out);
void writeCsvReport(const Report& report, std::ostream& out);
void writeJunitReport(const Report& report, std::ostream& out);
void writeHtmlReport(const Report& report, std::ostream& out);
void writeSarifReport(const Report& report, std::ostream& out);
void writeCodeQualityReport(const Report& report, std::ostream& out);

}  // namespace gougechek
