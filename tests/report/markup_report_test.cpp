#include <gtest/gtest.h>

#include <sstream>

#include "gougechek/report.hpp"
#include "markup_checker.hpp"
#include "report/markup_escape.hpp"
#include "sample_report.hpp"

namespace gougechek {
namespace {

using test::written;

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t found = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++found;
  }
  return found;
}

/// The sample report with markup-breaking characters in every string it shows.
Report hostileReport() {
  Report report = test::failingReport();
  report.path_file = "a<b>&\"c'.nc";
  report.part_file = "part <1> & co.stl";
  report.warnings.push_back({report.path_file, 7, "unknown code </testsuite> & <script>"});
  report.warnings.push_back({report.part_file, 0, "control \x01 byte"});
  return report;
}

TEST(MarkupEscape, ReplacesSpecialCharacters) {
  EXPECT_EQ(escapeMarkup("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(escapeMarkup("tab\tnew\nline\x01"), "tab\tnew\nline");
}

TEST(TextReport, ListsStatusViolationsAndWarnings) {
  const std::string text = written(test::failingReport(), ReportFormat::Text);
  EXPECT_NE(text.find(": FAIL\n"), std::string::npos) << text;
  EXPECT_NE(text.find("1 gouge, 1 rapid collision, 1 holder collision, max depth 1.500 mm"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("path.nc:1042: gouge 0.212 mm at (41.500, 20.000, 3.100) tool 1\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("path.nc:1042: rapid collision 1.500 mm at (41.500, 20.000, 0.000) tool 1 "
                      "[severe]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("path.nc:12: warning: M8 coolant: ignored\n"), std::string::npos) << text;
  EXPECT_NE(text.find("part.stl: warning: surface is open"), std::string::npos) << text;
  EXPECT_LT(text.find("gouge 0.212"), text.find("holder collision 0.050"));
}

TEST(TextReport, ShowsMoreDepthDigitsForFinerTolerances) {
  Report report = test::failingReport();
  report.tolerance = 0.0001;
  const std::string text = written(report, ReportFormat::Text);
  EXPECT_NE(text.find("gouge 0.21200 mm"), std::string::npos) << text;
}

TEST(TextReport, PassingReportSaysPass) {
  const std::string text = written(test::passingReport(), ReportFormat::Text);
  EXPECT_NE(text.find(": PASS\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("violations:"), std::string::npos);
}

TEST(CsvReport, OneRowPerViolationWithTheJsonFields) {
  const std::string csv = written(test::failingReport(), ReportFormat::Csv);
  EXPECT_EQ(count(csv, "\n"), 4u);
  EXPECT_TRUE(csv.starts_with(
      "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment\n"))
      << csv;
  EXPECT_NE(csv.find("\ngouge,1042,1011,1,0.212,41.5,20,3.1,false,,,\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\nrapid_collision,1042,1011,1,1.5,41.5,20,0,true,,,\n"), std::string::npos)
      << csv;
  // A holder collision names the piece of the assembly that touched.
  EXPECT_NE(csv.find("\nholder_collision,2000,1900,2,0.05,10,10,10,false,,,shank\n"),
            std::string::npos)
      << csv;
  EXPECT_EQ(written(test::passingReport(), ReportFormat::Csv),
            "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment\n");
}

TEST(CsvReport, MarksDepthsConfirmedOnTheExactSurface) {
  Report report = test::failingReport();
  report.violations[0].exact = true;
  const std::string csv = written(report, ReportFormat::Csv);
  EXPECT_NE(csv.find("\ngouge,1042,1011,1,0.212,41.5,20,3.1,false,exact,,\n"), std::string::npos)
      << csv;
  EXPECT_NE(written(report, ReportFormat::Text).find("[exact]"), std::string::npos);
}

TEST(JunitReport, OneCasePerRegionNamingLineDepthAndTool) {
  const std::string xml = written(test::failingReport(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  // Line 1042 (tool 1, a gouge and a rapid collision) and line 2000 (tool 2): two regions.
  EXPECT_NE(xml.find("<testsuite name=\"gougechek\" tests=\"2\" failures=\"2\""), std::string::npos)
      << xml;
  EXPECT_EQ(count(xml, "<testcase "), 2u);
  EXPECT_EQ(count(xml, "<failure "), 2u);
  EXPECT_NE(xml.find("name=\"region at line 1042, tool 1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("message=\"2 violations, deepest line 1042: rapid collision 1.500 mm deep, "
                     "tool 1 (ball D6"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("message=\"1 violation, deepest line 2000: holder collision 0.050 mm deep, "
                     "tool 2 (taper"),
            std::string::npos)
      << xml;
  EXPECT_NE(xml.find("path.nc:2000: holder collision 0.050 mm"), std::string::npos) << xml;
  EXPECT_NE(xml.find("tool 2 (shank)"), std::string::npos) << xml;
}

TEST(JunitReport, OneCasePerFindingWhenAsked) {
  Report report = test::failingReport();
  report.junit_cases = JunitCases::Finding;
  const std::string xml = written(report, ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_EQ(count(xml, "<testcase "), 3u);
  EXPECT_EQ(count(xml, "<failure "), 3u);
  EXPECT_NE(xml.find("name=\"gouge at line 1042, tool 1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("message=\"line 1042: gouge 0.212 mm deep, tool 1 (ball D6"),
            std::string::npos)
      << xml;
}

TEST(JunitReport, ACleanProgramIsOnePassingCase) {
  const std::string xml = written(test::passingReport(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_NE(xml.find("failures=\"0\""), std::string::npos);
  EXPECT_EQ(count(xml, "<failure"), 0u);
  EXPECT_EQ(count(xml, "<testcase "), 1u);
  EXPECT_NE(xml.find("name=\"check\"/>"), std::string::npos) << xml;
}

TEST(JunitReport, EscapesEverything) {
  const std::string xml = written(hostileReport(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_EQ(count(xml, "</testsuite>"), 1u);
  EXPECT_EQ(xml.find('\x01'), std::string::npos);
  EXPECT_NE(xml.find("classname=\"a&lt;b&gt;&amp;&quot;c&#39;.nc\""), std::string::npos) << xml;
}

const std::vector<std::string> kHtmlVoidElements = {"meta"};

TEST(HtmlReport, SelfContainedPageWithViewsAndTable) {
  const std::string html = written(test::failingReport(), ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, kHtmlVoidElements), "") << html;
  EXPECT_TRUE(html.starts_with("<!DOCTYPE html>"));
  EXPECT_EQ(count(html, "<svg "), 2u);
  EXPECT_EQ(count(html, "<circle "), 6u);  // three violations in each of two views
  EXPECT_EQ(count(html, "<tr id=\"v-"), 3u);
  EXPECT_EQ(html.find("src="), std::string::npos) << "must not load anything";
  EXPECT_EQ(html.find("href="), std::string::npos) << "must not load anything";
  // The offending G-code line is shown, escaped.
  EXPECT_NE(html.find("G1 X41.5 Y20 Z3.1 (finish &lt;pass&gt; &amp; &quot;check&quot;)"),
            std::string::npos);
}

TEST(HtmlReport, EscapesEverything) {
  const std::string html = written(hostileReport(), ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, kHtmlVoidElements), "") << html;
  EXPECT_EQ(html.find("<script>"), std::string::npos);
  EXPECT_NE(html.find("a&lt;b&gt;&amp;&quot;c&#39;.nc"), std::string::npos);
}

TEST(HtmlReport, PassingReportDrawsNoDots) {
  const std::string html = written(test::passingReport(), ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, kHtmlVoidElements), "") << html;
  EXPECT_EQ(count(html, "<circle "), 0u);
  EXPECT_NE(html.find("PASS"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
