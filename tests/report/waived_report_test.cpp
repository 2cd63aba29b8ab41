// Waived violations (a batch manifest's waivers): every format lists them with who accepted
// them, and none counts them, fails on them or takes their depth.
#include <gtest/gtest.h>

#include <string>

#include "gougechek/report.hpp"
#include "markup_checker.hpp"
#include "sample_report.hpp"

namespace gougechek {
namespace {

using test::written;

/// The sample report with its severe rapid collision (violations[1]) waived.
Report reportWithTheRapidWaived() {
  Report report = test::failingReport();
  report.waivers[1] = Waiver{"Smith, J.", "clamp <A> & \"jaw\" cleared by hand"};
  return report;
}

/// The sample report with every violation waived.
Report reportWithEverythingWaived() {
  Report report = test::failingReport();
  for (std::size_t i = 0; i < report.violations.size(); ++i) report.waivers[i] = {"QA", "known"};
  return report;
}

TEST(WaivedReport, SummaryCountsOnlyWhatIsNotWaived) {
  const Report report = reportWithTheRapidWaived();
  EXPECT_EQ(summaryLine(report),
            "FAIL: 1 gouge, 0 rapid collisions, 1 holder collision, max depth 0.212 mm, 1 waived");
  EXPECT_EQ(
      summaryLine(reportWithEverythingWaived()),
      "PASS: 0 gouges, 0 rapid collisions, 0 holder collisions, max depth 0.000 mm, 3 waived");
}

TEST(WaivedReport, JsonMarksTheViolationAndCountsIt) {
  const std::string json = written(reportWithTheRapidWaived(), ReportFormat::Json);
  EXPECT_NE(json.find("\"severe\": true,\n      \"waived\": {\n        \"by\": \"Smith, J.\",\n"
                      "        \"reason\": \"clamp <A> & \\\"jaw\\\" cleared by hand\""),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"rapid_collisions\": 0"), std::string::npos) << json;
  EXPECT_NE(json.find("\"waived\": 1"), std::string::npos) << json;
  const std::string all = written(reportWithEverythingWaived(), ReportFormat::Json);
  EXPECT_NE(all.find("\"status\": \"pass\""), std::string::npos) << all;
  EXPECT_NE(all.find("\"max_depth\": 0.0"), std::string::npos) << all;
}

TEST(WaivedReport, CsvNamesWhoWaivedQuotedAsRfc4180Says) {
  const std::string csv = written(reportWithTheRapidWaived(), ReportFormat::Csv);
  EXPECT_NE(csv.find("\nrapid_collision,1042,1011,1,1.5,41.5,20,0,true,,\"Smith, J.\",\n"),
            std::string::npos)
      << csv;
  EXPECT_NE(csv.find("\ngouge,1042,1011,1,0.212,41.5,20,3.1,false,,,\n"), std::string::npos) << csv;
}

TEST(WaivedReport, JunitListsWaivedFindingsWithoutFailing) {
  const std::string xml = written(reportWithEverythingWaived(), ReportFormat::Junit);
  EXPECT_EQ(test::markupProblem(xml), "") << xml;
  EXPECT_NE(xml.find("failures=\"0\""), std::string::npos) << xml;
  EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
  EXPECT_NE(xml.find("[waived by QA: known]"), std::string::npos) << xml;
}

TEST(WaivedReport, TextAndHtmlSayWhoAndWhy) {
  const Report report = reportWithTheRapidWaived();
  const std::string text = written(report, ReportFormat::Text);
  EXPECT_NE(text.find("[waived by Smith, J.: clamp <A> & \"jaw\" cleared by hand]"),
            std::string::npos)
      << text;
  const std::string html = written(report, ReportFormat::Html);
  EXPECT_EQ(test::markupProblem(html, {"meta"}), "");
  EXPECT_NE(html.find("by Smith, J.: clamp &lt;A&gt; &amp; &quot;jaw&quot; cleared by hand"),
            std::string::npos);
}

}  // namespace
}  // namespace gougechek
