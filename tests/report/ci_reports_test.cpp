// The reports for CI services: SARIF 2.1.0 and GitLab Code Quality. Each finding is one result
// at its program line with its rule, region, depth and tool; waived findings are suppressed
// (SARIF) or left out (Code Quality); a run in error says so. Their schemas are checked by
// tests/report_schema/ci_reports_test.py on the CLI's reports.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "report/ci_findings.hpp"
#include "report/sample_report.hpp"

namespace gougechek {
namespace {

using nlohmann::json;
using test::written;

json sarifOf(const Report& report) {
  return json::parse(written(report, ReportFormat::Sarif));
}

TEST(SarifReport, OneResultPerViolationAtItsLineUnderItsKindsRule) {
  const json sarif = sarifOf(test::failingReport());
  EXPECT_EQ(sarif["version"], "2.1.0");
  ASSERT_EQ(sarif["runs"].size(), 1u);
  const json& run = sarif["runs"][0];
  const json& rules = run["tool"]["driver"]["rules"];
  const json& results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  const int lines[] = {1042, 1042, 2000};
  const char* kinds[] = {"gouge", "rapid_collision", "holder_collision"};
  // Regions deepest first: line 1042's (1.5 mm) is 1, line 2000's is 2.
  const int regions[] = {1, 1, 2};
  for (std::size_t i = 0; i < 3; ++i) {
    const json& result = results[i];
    EXPECT_EQ(result["ruleId"], kinds[i]);
    EXPECT_EQ(rules[result["ruleIndex"].get<std::size_t>()]["id"], kinds[i]);
    const json& location = result["locations"][0]["physicalLocation"];
    EXPECT_EQ(location["artifactLocation"]["uri"], "path.nc");
    EXPECT_EQ(location["region"]["startLine"], lines[i]);
    EXPECT_EQ(result["properties"]["region"], regions[i]);
    EXPECT_FALSE(result.contains("suppressions"));
  }
  EXPECT_EQ(results[0]["message"]["text"],
            "line 1042: gouge 0.212 mm deep, tool 1 (ball D6 flute 24), at (41.500, 20.000, "
            "3.100)");
  EXPECT_EQ(results[0]["properties"]["depth_mm"], 0.212);
  EXPECT_EQ(run["invocations"][0]["executionSuccessful"], true);
  EXPECT_EQ(run["properties"]["status"], "fail");
}

TEST(SarifReport, WaivedFindingsAreSuppressedWithWhoAndWhy) {
  Report report = test::failingReport();
  report.waivers[1] = Waiver{"Smith", "cleared by hand"};
  const json result = sarifOf(report)["runs"][0]["results"][1];
  ASSERT_EQ(result["suppressions"].size(), 1u);
  EXPECT_EQ(result["suppressions"][0]["kind"], "external");
  EXPECT_EQ(result["suppressions"][0]["status"], "accepted");
  EXPECT_EQ(result["suppressions"][0]["justification"], "waived by Smith: cleared by hand");
}

TEST(SarifReport, ARunInErrorHasNoResultsAndSaysWhy) {
  Report report = test::passingReport();
  report.error = RunError{RunErrorKind::Input, "G2 arc: radius mismatch", "path.nc", 118, 7};
  const json run = sarifOf(report)["runs"][0];
  EXPECT_TRUE(run["results"].empty());
  const json& invocation = run["invocations"][0];
  EXPECT_EQ(invocation["executionSuccessful"], false);
  const json& note = invocation["toolExecutionNotifications"][0];
  EXPECT_EQ(note["level"], "error");
  EXPECT_EQ(note["message"]["text"], "path.nc:118:7: G2 arc: radius mismatch");
  EXPECT_EQ(note["locations"][0]["physicalLocation"]["region"]["startLine"], 118);
  EXPECT_EQ(run["properties"]["status"], "error");
}

TEST(FileUri, RelativePathsEncodedAbsoluteOnesFileUris) {
  EXPECT_EQ(fileUri("jobs/mold finish#2.nc"), "jobs/mold%20finish%232.nc");
  EXPECT_EQ(fileUri("/srv/cam/a%b.nc"), "file:///srv/cam/a%25b.nc");
  EXPECT_EQ(fileUri("caf\xC3\xA9.nc"), "caf%C3%A9.nc");
}

TEST(Fingerprints, StableUniqueAndTheSameWhereverTheProgramLies) {
  Report report = test::failingReport();
  // A second finding of one kind, tool and line is a finding of its own.
  report.violations.push_back(report.violations[0]);
  const std::vector<std::string> prints = findingFingerprints(report);
  EXPECT_EQ(std::set<std::string>(prints.begin(), prints.end()).size(), prints.size());
  for (const std::string& print : prints) EXPECT_EQ(print.size(), 32u);
  report.path_file = "/elsewhere/path.nc";
  EXPECT_EQ(findingFingerprints(report), prints);
  report.violations[0].line = 1043;
  EXPECT_NE(findingFingerprints(report)[0], prints[0]);
}

TEST(CodeQualityReport, OneIssuePerFindingNotWaivedSevereOnesCritical) {
  Report report = test::failingReport();
  report.waivers[2] = Waiver{"QA", "known"};
  const json issues = json::parse(written(report, ReportFormat::CodeQuality));
  ASSERT_EQ(issues.size(), 2u);
  EXPECT_EQ(issues[0]["check_name"], "gouge");
  EXPECT_EQ(issues[0]["severity"], "major");
  EXPECT_EQ(issues[1]["check_name"], "rapid_collision");
  EXPECT_EQ(issues[1]["severity"], "critical");
  EXPECT_EQ(issues[0]["location"]["path"], "path.nc");
  EXPECT_EQ(issues[0]["location"]["lines"]["begin"], 1042);
  EXPECT_EQ(issues[0]["fingerprint"], findingFingerprints(report)[0]);
  EXPECT_TRUE(issues[0]["description"].get<std::string>().starts_with("line 1042: gouge 0.212"));
}

TEST(CodeQualityReport, ARunInErrorIsOneBlockerWhereTheErrorIs) {
  Report report = test::passingReport();
  report.error = RunError{RunErrorKind::Input, "bad tool", "tools.tbl", 3, 0};
  const json issues = json::parse(written(report, ReportFormat::CodeQuality));
  ASSERT_EQ(issues.size(), 1u);
  EXPECT_EQ(issues[0]["severity"], "blocker");
  EXPECT_EQ(issues[0]["check_name"], "error_input");
  EXPECT_EQ(issues[0]["location"]["path"], "tools.tbl");
  EXPECT_EQ(issues[0]["location"]["lines"]["begin"], 3);
}

TEST(ReportFormats, SarifAndCodeQualityByNameSarifByExtension) {
  EXPECT_EQ(reportFormatFromName("sarif"), ReportFormat::Sarif);
  EXPECT_EQ(reportFormatFromName("codequality"), ReportFormat::CodeQuality);
  EXPECT_EQ(reportFormatOfFile("job.SARIF"), ReportFormat::Sarif);
  EXPECT_STREQ(reportFormatName(ReportFormat::CodeQuality), "codequality");
}

}  // namespace
}  // namespace gougechek
