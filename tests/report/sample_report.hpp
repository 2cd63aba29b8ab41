#pragma once
// Reports the writer tests share.
#include <cstdint>
#include <sstream>
#include <string>

#include "gougechek/report.hpp"
#include "gougechek/tool.hpp"
#include "report_schema/collected_reports.hpp"

namespace gougechek::test {

/// `report` as the writer of `format` writes it; a JSON report is kept for the schema check.
inline std::string written(const Report& report, ReportFormat format) {
  std::ostringstream out;
  writeReport(report, format, out);
  report_schema::collectIfJsonReport(out.view());
  return out.str();
}

/// A violation with the fields the writers print; the rest keep their defaults.
inline Violation violation(ViolationKind kind, std::uint32_t line, std::uint32_t move, int tool,
                           double depth, const Vec3& at, bool severe) {
  Violation v;
  v.kind = kind;
  v.line = line;
  v.move = move;
  v.tool = tool;
  v.depth = depth;
  v.at = at;
  v.severe = severe;
  return v;
}

/// A failing check: two tools, three violations, a program warning and a part warning.
inline Report failingReport() {
  Report report;
  report.part_file = "part.stl";
  report.part_format = "stl-binary";
  report.triangles = 120000;
  report.bounds = {Vec3{0, 0, 0}, Vec3{100, 80, 30}};
  report.path_file = "path.nc";
  report.path_lines = 48211;
  report.moves = 47000;
  report.tolerance = 0.01;
  report.stock = 0;
  report.rapid_clearance = 0;
  report.tools.emplace_back(1, parseToolSpec("ball:6", "--tool"));
  report.tools.emplace_back(2, parseToolSpec("taper:2:0.5:10,flute=12,length=40", "--tool"));
  report.warnings.push_back({"path.nc", 12, "M8 coolant: ignored"});
  report.warnings.push_back({"part.stl", 0, "surface is open: 4 boundary edges"});
  // Depths and positions carry floating-point noise below 1e-6 mm, as a threaded sum would.
  report.violations.push_back(violation(ViolationKind::Gouge, 1042, 1011, 1, 0.2120000000004,
                                        {41.5, 20.0000000001, 3.1}, false));
  report.violations.push_back(violation(ViolationKind::RapidCollision, 1042, 1011, 1, 1.5,
                                        {41.5, 20, -0.0000000001}, true));
  report.violations.push_back(
      violation(ViolationKind::HolderCollision, 2000, 1900, 2, 0.05, {10, 10, 10}, false));
  report.violations.back().segment = 1;  // tool 2's shank
  report.source_lines[1042] = "G1 X41.5 Y20 Z3.1 (finish <pass> & \"check\")";
  report.elapsed_s = 1.23456;
  return report;
}

/// A clean check with nothing to report.
inline Report passingReport() {
  Report report = failingReport();
  report.violations.clear();
  report.warnings.clear();
  report.source_lines.clear();
  return report;
}

}  // namespace gougechek::test
