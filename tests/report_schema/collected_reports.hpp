// Every JSON report the test programs read is kept, so that the ctest report_schema.collected
// validates them all against docs/gougechek-report-1.schema.json once the test programs have
// run (tests/report_schema/validate_reports.py). ctest empties the collection before a run.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace gougechek::report_schema {

/// Whether `text` is a JSON report: an object whose first field names the schema.
inline bool isJsonReport(std::string_view text) {
  // The schema field comes first, within the first few bytes whatever the indentation.
  constexpr std::size_t kHeadBytes = 64;
  return text.starts_with('{') &&
         text.substr(0, kHeadBytes).find("\"schema\": \"gougechek-report/") != text.npos;
}

/// Keeps `text` for the schema check when it is a JSON report, in a file named after the
/// running test (and this process and a count, so no two reports share a name).
inline void collectIfJsonReport(std::string_view text) {
  if (!isJsonReport(text)) return;
  static std::atomic<int> collected{0};
  std::string name = "outside_a_test";
  if (const auto* test = ::testing::UnitTest::GetInstance()->current_test_info())
    name = std::string(test->test_suite_name()) + "." + test->name();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.') c = '_';
  }
  const std::filesystem::path dir = GOUGECHEK_REPORT_COLLECTION_DIR;
  std::filesystem::create_directories(dir);
  const std::string file =
      name + "." + std::to_string(::getpid()) + "." + std::to_string(++collected) + ".json";
  std::ofstream(dir / file, std::ios::binary) << text;
}

}  // namespace gougechek::report_schema
