// The HTML report's regions (issue 12): how violations are grouped, which CAM operation a
// region is in (from real posts' comments), and how the page shows regions and a long table.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "markup_checker.hpp"
#include "report/report_pictures.hpp"
#include "sample_report.hpp"

namespace gougechek {
namespace {

using test::violation;
using test::written;

std::map<std::uint32_t, std::string> numbered(const std::vector<std::string>& text) {
  std::map<std::uint32_t, std::string> lines;
  for (std::size_t i = 0; i < text.size(); ++i) lines[static_cast<std::uint32_t>(i + 1)] = text[i];
  return lines;
}

Report withTool6() {
  Report report;
  report.tolerance = 0.01;
  report.tools.emplace_back(1, parseToolSpec("ball:6", "--tool"));
  report.tools.emplace_back(2, parseToolSpec("flat:2", "--tool"));
  return report;
}

TEST(Regions, NearbyOnThePartAndInTheProgramGroupDeepestFirst) {
  Report report = withTool6();
  const auto gouge = [&report](std::uint32_t line, int tool, double depth, Vec3 at) {
    report.violations.push_back(
        violation(ViolationKind::Gouge, line, line, tool, depth, at, false));
  };
  gouge(100, 1, 0.05, {10, 10, 5});  // region A
  gouge(101, 1, 0.20, {11, 10, 5});  // A: next line, 1 mm away
  gouge(140, 1, 0.10, {20, 10, 5});  // A: 39 lines on, 9 mm from A's box (≤ 2 D = 12)
  gouge(150, 1, 0.10, {40, 10, 5});  // B: 20 mm from A's box, 10 lines on
  gouge(300, 1, 0.30, {40, 10, 5});  // C: same place, but 150 lines later
  gouge(303, 1, 0.02, {60, 30, 5});  // C: 28 mm away (> 2 D), but 3 lines on
  gouge(304, 2, 0.01, {90, 90, 5});  // D: another tool
  const std::vector<ReportRegion> regions = groupRegions(report);
  ASSERT_EQ(regions.size(), 4u);
  EXPECT_EQ(regions[0].violations, (std::vector<std::size_t>{4, 5}));  // 0.30 mm
  EXPECT_EQ(regions[1].violations, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(regions[1].deepest, 1u);
  EXPECT_EQ(regions[2].violations, (std::vector<std::size_t>{3}));
  EXPECT_EQ(regions[3].violations, (std::vector<std::size_t>{6}));
}

TEST(Regions, AProgramThatGougesEverywhereIsNotOneRegion) {
  Report report = withTool6();
  // A raster row gouging at every 0.5 mm move over 100 mm: regions of at most 5 D = 30 mm.
  for (std::uint32_t i = 0; i <= 200; ++i)
    report.violations.push_back(
        violation(ViolationKind::Gouge, 10 + i, i, 1, 0.1, {0.5 * i, 0, 5}, false));
  const std::vector<ReportRegion> regions = groupRegions(report);
  ASSERT_EQ(regions.size(), 4u);  // 0–30, 30.5–60.5, 61–91, 91.5–100 mm
  for (const ReportRegion& region : regions) EXPECT_LE(region.violations.size(), 61u);
}

TEST(Regions, NoViolationsNoRegions) {
  EXPECT_TRUE(groupRegions(withTool6()).empty());
}

// FreeCAD (linuxcnc post), as the corpus's pocket_plate_fitarcs program writes it.
const std::vector<std::string> kFreeCad = {
    "(Exported by FreeCAD)",
    "(Post Processor: PathScripts.post.linuxcnc_post)",
    "(begin operation: TC: 6mm flat end mill)",
    "(machine units: mm/min)",
    "(TC: 6mm flat end mill) ",
    "M6 T1",
    "(finish operation: TC: 6mm flat end mill)",
    "(begin operation: Pocket_rect_zigzag)",
    "(machine units: mm/min)",
    "(Pocket_rect_zigzag) ",
    "G0 Z15.000",
    "(Helix to depth: 14.000000) ",
    "G1 X10.000 Y10.000 Z-2.000",
};

TEST(Operation, FreeCadBeginOperationWinsOverNearerComments) {
  EXPECT_EQ(operationBefore(numbered(kFreeCad), 13), "Pocket_rect_zigzag");
}

TEST(Operation, FreeCadToolChangeIsNoOperation) {
  EXPECT_EQ(operationBefore(numbered(kFreeCad), 6), "");
}

TEST(Operation, Fusion360CommentAfterTheToolChange) {
  const std::vector<std::string> fusion = {
      "%",           "O1001",      "(T1 D=6 CR=0 - ZMIN=-5 - flat end mill)",
      "G90 G94 G17", "G21",        "(2D Adaptive1)",
      "T1 M6",       "S8000 M3",   "G54",
      "G0 X10 Y10",  "G1 Z-1 F500"};
  EXPECT_EQ(operationBefore(numbered(fusion), 11), "2D Adaptive1");
}

TEST(Operation, MastercamStyleAndSemicolonComments) {
  EXPECT_EQ(operationBefore(numbered({"N100 (OPERATION 3: CONTOUR)", "N110 G1 X1"}), 2),
            "OPERATION 3: CONTOUR");
  EXPECT_EQ(operationBefore(numbered({"; roughing pass", "G1 X1 ; a trailing comment"}), 2),
            "roughing pass");
  EXPECT_EQ(operationBefore(numbered({"G1 X1 (not alone)", "G1 X2"}), 2), "");
}

// The corpus's known-bad FreeCAD program gouges at lines 119–167 (its README): inside the
// Pocket_rect_zigzag operation.
TEST(Operation, KnownBadCorpusGougesAreInThePocketOperation) {
  const std::string file =
      GOUGECHEK_SHARED_DIR "/corpus/cam/known_bad/pocket_plate_fitarcs/linuxcnc.nc";
  if (!std::filesystem::exists(file)) GTEST_SKIP() << "corpus absent: " << file;
  std::ifstream in(file);
  std::vector<std::string> text;
  for (std::string line; std::getline(in, line);) text.push_back(line);
  ASSERT_GT(text.size(), 167u);
  for (std::uint32_t line : {119u, 140u, 167u})
    EXPECT_EQ(operationBefore(numbered(text), line), "Pocket_rect_zigzag") << line;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++found;
  return found;
}

TEST(HtmlRegions, TableKeepsTheDeepestRowsWithIdsAndSaysSo) {
  Report report = withTool6();
  report.path_file = "p.nc";
  for (std::uint32_t i = 0; i < 10; ++i)
    report.violations.push_back(violation(ViolationKind::Gouge, 10 + i, 10 + i, 1,
                                          0.01 * (i % 5 + 1) + 0.001 * i, {1.0 * i, 0, 0}, false));
  report.html_violations = 3;
  const std::string html = written(report, ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, {"meta", "img"}), "") << html;
  EXPECT_EQ(count(html, "<tr id=\"v-"), 3u) << html;
  // Depths 0.054 (index 9), 0.053 (8) and 0.050 (4) are the deepest three.
  EXPECT_NE(html.find("<tr id=\"v-4\" data-marker=\"4\">"), std::string::npos);
  EXPECT_NE(html.find("<tr id=\"v-8\" data-marker=\"8\">"), std::string::npos);
  EXPECT_NE(html.find("<tr id=\"v-9\" data-marker=\"9\">"), std::string::npos);
  EXPECT_NE(html.find("the 3 deepest of 10 violations"), std::string::npos) << html;
  EXPECT_NE(html.find("CSV and JSON"), std::string::npos);

  report.html_violations = kDefaultHtmlViolations;
  const std::string all = written(report, ReportFormat::Html);
  EXPECT_EQ(count(all, "<tr id=\"v-"), 10u);
  EXPECT_EQ(all.find("deepest of"), std::string::npos);
}

TEST(HtmlRegions, RegionShowsOperationPicturesAndMarkedLines) {
  Report report = withTool6();
  report.path_file = "p.nc";
  report.violations.push_back(violation(ViolationKind::Gouge, 50, 40, 1, 0.25, {1, 2, 3}, false));
  for (std::uint32_t line = 40; line <= 60; ++line)
    report.source_lines[line] = std::string("G1 X").append(std::to_string(line));
  report.source_lines[50] = "G1 X50 (<deep>)";
  ReportRegion region;
  region.violations = {0};
  region.deepest = 0;
  region.operation = "Pocket_rect_zigzag";
  region.pictures.push_back({"zoom", "data:image/png;base64,AAAA"});
  report.regions.push_back(region);
  const std::string html = written(report, ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, {"meta", "img"}), "") << html;
  EXPECT_NE(html.find("Pocket_rect_zigzag"), std::string::npos);
  EXPECT_NE(html.find("<img src=\"data:image/png;base64,AAAA\""), std::string::npos);
  EXPECT_NE(html.find("<mark>50: G1 X50 (&lt;deep&gt;)</mark>"), std::string::npos) << html;
  // Five lines either side, no more.
  EXPECT_NE(html.find("<pre class=\"gcode\">45: G1 X45\n"), std::string::npos) << html;
  EXPECT_NE(html.find("\n55: G1 X55\n"), std::string::npos);
  EXPECT_EQ(html.find("44: G1 X44"), std::string::npos);
  EXPECT_EQ(html.find("56: G1 X56"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
