// The ctest report_schema.collected validates the JSON reports the tests read only if they are
// kept (tests/report_schema/collected_reports.hpp): a report read through readText is, other
// text is not.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli_runner.hpp"

namespace gougechek {
namespace {

namespace fs = std::filesystem;

/// The reports kept for the running test (other tests add theirs at the same time).
std::size_t keptForThisTest() {
  const testing::TestInfo* test = testing::UnitTest::GetInstance()->current_test_info();
  const std::string prefix = std::string(test->test_suite_name()) + "." + test->name() + ".";
  std::size_t kept = 0;
  if (!fs::is_directory(GOUGECHEK_REPORT_COLLECTION_DIR)) return kept;
  for (const auto& entry : fs::directory_iterator(GOUGECHEK_REPORT_COLLECTION_DIR)) {
    if (entry.path().filename().string().starts_with(prefix)) ++kept;
  }
  return kept;
}

TEST(CollectedReports, AReportReadByATestIsKeptForTheSchemaCheck) {
  const fs::path samples = fs::path(GOUGECHEK_SOURCE_DIR) / "samples";
  const std::size_t before = keptForThisTest();
  e2e::readText(samples / "expected" / "mold_finish.json");
  EXPECT_EQ(keptForThisTest(), before + 1);
  e2e::readText(samples / "mold_finish.nc");
  EXPECT_EQ(keptForThisTest(), before + 1) << "a program is no report";
}

TEST(CollectedReports, OnlyReportsAreTakenForReports) {
  EXPECT_TRUE(report_schema::isJsonReport("{\n  \"schema\": \"gougechek-report/1\",\n"));
  EXPECT_TRUE(report_schema::isJsonReport("{\"schema\": \"gougechek-report/1\"}"));
  EXPECT_FALSE(report_schema::isJsonReport(
      "{\"move\": 1, \"line\": 2, \"kind\": \"rapid\", \"tool\": 0, \"from\": [0,0,0]}"));
  EXPECT_FALSE(report_schema::isJsonReport("kind,line,move,tool,depth,at_x,at_y,at_z"));
}

}  // namespace
}  // namespace gougechek
