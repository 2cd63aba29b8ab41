// Reports of runs that did not end in a result (input error, internal error, a signal) and of
// runs that found more violations than are listed: every format says so, and stays valid.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "report/markup_checker.hpp"
#include "report/report_summary.hpp"
#include "report/sample_report.hpp"

namespace gougechek {
namespace {

using test::written;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A run that stopped at a program error after the part was read: what the CLI passes on.
Report errorReport() {
  Report report = test::failingReport();
  report.tools.clear();
  report.violations.clear();
  report.source_lines.clear();
  report.error =
      RunError{RunErrorKind::Input, "G2 arc: radius mismatch 0.42 mm", "path.nc", 118, 7};
  return report;
}

/// The failing report with more violations found than it lists.
Report truncatedReport() {
  Report report = test::failingReport();
  report.unlisted.gouges = 1000;
  report.unlisted.holder_collisions = 5;
  report.unlisted.max_depth = 2.5;
  return report;
}

TEST(ErrorReport, JsonHasStatusErrorAndTheErrorObject) {
  const nlohmann::json json = nlohmann::json::parse(written(errorReport(), ReportFormat::Json));
  EXPECT_EQ(json["schema"], "gougechek-report/1");
  EXPECT_EQ(json["summary"]["status"], "error");
  EXPECT_FALSE(json["summary"].contains("gouges")) << "nothing of the check is claimed";
  EXPECT_EQ(json["error"]["kind"], "input");
  EXPECT_EQ(json["error"]["message"], "G2 arc: radius mismatch 0.42 mm");
  EXPECT_EQ(json["error"]["file"], "path.nc");
  EXPECT_EQ(json["error"]["line"], 118);
  EXPECT_EQ(json["error"]["column"], 7);
  EXPECT_EQ(json["inputs"]["part"]["triangles"], 120000);  // the part was read
  EXPECT_FALSE(json["inputs"]["path"].contains("moves")) << "only a part of it was read";
  EXPECT_TRUE(json["violations"].empty());
  EXPECT_EQ(json["warnings"].size(), 2u);
}

TEST(ErrorReport, JsonLeavesOutWhatIsNotKnown) {
  Report report;
  report.part_file = "part.step";
  report.path_file = "path.nc";
  report.tolerance = 0.01;  // the settings are known before anything is read
  report.error = RunError{RunErrorKind::Interrupted, "interrupted by SIGINT", "", 0, 0};
  const nlohmann::json json = nlohmann::json::parse(written(report, ReportFormat::Json));
  EXPECT_EQ(json["inputs"]["part"], nlohmann::json({{"file", "part.step"}}));
  EXPECT_EQ(json["error"]["kind"], "interrupted");
  EXPECT_TRUE(json["error"]["file"].is_null());
  EXPECT_TRUE(json["error"]["line"].is_null());
  EXPECT_TRUE(json["error"]["column"].is_null());
}

TEST(ErrorReport, JunitHasAnErrorElement) {
  const std::string xml = written(errorReport(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_TRUE(contains(xml, "errors=\"1\"")) << xml;
  EXPECT_TRUE(contains(xml,
                       "<error type=\"input\" message=\"G2 arc: radius mismatch 0.42 mm\">"
                       "path.nc:118:7: G2 arc: radius mismatch 0.42 mm</error>"))
      << xml;
}

TEST(ErrorReport, HtmlIsAnErrorPage) {
  const std::string html = written(errorReport(), ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, {"meta", "!DOCTYPE"}), "") << html;
  EXPECT_TRUE(contains(html, ">ERROR</span></h1>")) << html;
  EXPECT_TRUE(contains(html, "path.nc:118:7: G2 arc: radius mismatch 0.42 mm")) << html;
  EXPECT_FALSE(contains(html, "PASS")) << html;
  EXPECT_FALSE(contains(html, "<svg")) << "no pictures of a check that did not finish";
}

TEST(ErrorReport, TextAndCsvSayError) {
  const std::string text = written(errorReport(), ReportFormat::Text);
  EXPECT_TRUE(text.starts_with("gougechek " GOUGECHEK_VERSION ": ERROR\n")) << text;
  EXPECT_TRUE(contains(text, "result:   ERROR: path.nc:118:7: G2 arc: radius mismatch 0.42 mm"))
      << text;
  EXPECT_EQ(written(errorReport(), ReportFormat::Csv),
            "kind,line,move,tool,depth,at_x,at_y,at_z,severe,confirmed,waived_by,segment\nerror,"
            "118,,,,,,,,,,"
            "\n");
}

TEST(TruncatedReport, SummaryCountsEveryViolation) {
  const nlohmann::json json = nlohmann::json::parse(written(truncatedReport(), ReportFormat::Json));
  EXPECT_EQ(json["summary"]["status"], "fail");
  EXPECT_EQ(json["summary"]["gouges"], 1001);
  EXPECT_EQ(json["summary"]["rapid_collisions"], 1);
  EXPECT_EQ(json["summary"]["holder_collisions"], 6);
  EXPECT_EQ(json["summary"]["max_depth"], 2.5);
  EXPECT_EQ(json["summary"]["truncated"], true);
  EXPECT_EQ(json["summary"]["violations_listed"], 3);
  EXPECT_EQ(json["violations"].size(), 3u);
}

TEST(TruncatedReport, EveryFormatSaysTheListIsTruncated) {
  const std::string note = "violations listed: the first 3 of 1008 (in program order)";
  EXPECT_TRUE(contains(written(truncatedReport(), ReportFormat::Text), note));
  EXPECT_TRUE(contains(written(truncatedReport(), ReportFormat::Junit), note));
  EXPECT_TRUE(contains(written(truncatedReport(), ReportFormat::Html), note));
  EXPECT_TRUE(
      written(truncatedReport(), ReportFormat::Csv).ends_with("\ntruncated,,1008,,,,,,,,,\n"));
}

TEST(TruncatedReport, ListsThatAreCompleteSayNothing) {
  const nlohmann::json json =
      nlohmann::json::parse(written(test::failingReport(), ReportFormat::Json));
  EXPECT_FALSE(json["summary"].contains("truncated"));
  EXPECT_FALSE(contains(written(test::failingReport(), ReportFormat::Csv), "truncated"));
}

}  // namespace
}  // namespace gougechek
