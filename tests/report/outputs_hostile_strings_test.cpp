// Whatever bytes file names and G-code lines hold, and however large the numbers, the writers
// produce valid UTF-8, well-formed XML and valid JSON, and never print memory they do not own.
#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "report/markup_checker.hpp"
#include "report/markup_escape.hpp"
#include "report/report_summary.hpp"
#include "report/sample_report.hpp"

namespace gougechek {
namespace {

using test::written;

const std::string kFffd = "\xEF\xBF\xBD";

/// Whether `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
/// U+10FFFF), decoded independently of the writers.
bool validUtf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = lead < 0x80   ? 1
                         : lead < 0xC2 ? 0
                         : lead < 0xE0 ? 2
                         : lead < 0xF0 ? 3
                         : lead < 0xF5 ? 4
                                       : 0;
    if (length == 0 || i + length > text.size()) return false;
    std::uint32_t code = length == 1 ? lead : lead & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k) {
      if ((byte(i + k) & 0xC0) != 0x80) return false;
      code = (code << 6) | (byte(i + k) & 0x3F);
    }
    const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code < smallest[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
      return false;
    i += length;
  }
  return true;
}

TEST(HostileStrings, InvalidUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(escapeMarkup("a\xFF"
                         "b"),
            "a" + kFffd + "b");
  EXPECT_EQ(escapeMarkup("\xC0\xAF"), kFffd + kFffd);              // overlong '/'
  EXPECT_EQ(escapeMarkup("x\xE2\x82"), "x" + kFffd);               // truncated €: one U+FFFD
  EXPECT_EQ(escapeMarkup("\xED\xA0\x80"), kFffd + kFffd + kFffd);  // a surrogate
  EXPECT_EQ(escapeMarkup("\xF4\x90\x80\x80"), kFffd + kFffd + kFffd + kFffd);  // > U+10FFFF
  EXPECT_EQ(escapeMarkup("\xEF\xBF\xBE"), kFffd);  // U+FFFE: no XML character
  EXPECT_EQ(escapeMarkup("é € \xF0\x9F\x98\x80 <"), "é € \xF0\x9F\x98\x80 &lt;");
}

TEST(HostileStrings, MarkupAndJsonAreValidWhateverTheBytes) {
  Report report = test::failingReport();
  std::string bytes;
  for (int c = 1; c < 256; ++c) bytes += static_cast<char>(c);
  report.path_file = "prog" + bytes + ".nc";
  report.part_file = "part\xC3.stl";
  report.source_lines[1042] = "G1 X1 (" + bytes + ")";
  report.warnings.push_back({report.path_file, 3, "comment " + bytes});
  for (const ReportFormat format : {ReportFormat::Junit, ReportFormat::Html}) {
    const std::string markup = written(report, format);
    EXPECT_TRUE(validUtf8(markup));
    EXPECT_EQ(test::markupProblem(markup, {"meta", "!DOCTYPE"}), "");
    for (const char c : markup) {
      const bool allowed_control = c == '\t' || c == '\n' || c == '\r';
      EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 || allowed_control) << int(c);
    }
  }
  for (const ReportFormat format :
       {ReportFormat::Json, ReportFormat::Sarif, ReportFormat::CodeQuality}) {
    const std::string json = written(report, format);
    EXPECT_TRUE(validUtf8(json)) << reportFormatName(format);
    EXPECT_TRUE(nlohmann::json::accept(json)) << reportFormatName(format);
  }
}

TEST(HostileNumbers, FixedDecimalPrintsTheWholeNumber) {
  // Beyond the old 64-byte buffer: every character must be a digit of the number.
  const std::string text = fixedDecimal(1e300, 3);
  EXPECT_EQ(text.size(), 301u + 4u);
  EXPECT_TRUE(text.starts_with("1000000000000000052504760255204420248704468581108159154"));
  EXPECT_TRUE(text.ends_with(".000"));
  EXPECT_EQ(text.find_first_not_of("0123456789."), std::string::npos) << text;
  EXPECT_EQ(fixedDecimal(-1.7976931348623157e308, 6).size(), 1u + 309u + 7u);
  EXPECT_EQ(fixedDecimal(-0.0001, 3), "0.000");
}

TEST(HostileNumbers, JsonKeepsLargeNumbersAsNumbers) {
  Report report = test::failingReport();
  report.violations[0].depth = 1e305;
  report.violations[0].at = {-1e308, 2e307, 12345678901.25};
  const nlohmann::json json = nlohmann::json::parse(written(report, ReportFormat::Json));
  EXPECT_EQ(json["violations"][0]["depth"], 1e305);
  EXPECT_EQ(json["violations"][0]["at"], nlohmann::json({-1e308, 2e307, 12345678901.25}));
  EXPECT_EQ(json["summary"]["max_depth"], 1e305);
  EXPECT_EQ(roundToMicron(0.1234564), 0.123456);
  EXPECT_EQ(roundToMicron(-0.0000001), 0.0);
}

// Found by fuzzing: the decimals of depths follow the tolerance, and an infinite (or huge, or
// tiny) tolerance must still give a number of decimals rather than an undefined conversion.
TEST(HostileNumbers, AnyToleranceGivesDepthsWithThreeToSixDecimals) {
  Report report = test::failingReport();
  report.violations.resize(1);
  report.violations[0].depth = 0.5;
  const auto depthText = [&report](double tolerance) {
    report.tolerance = tolerance;
    const std::string text = written(report, ReportFormat::Text);
    const std::size_t at = text.find(": gouge ");
    return at == std::string::npos ? std::string()
                                   : text.substr(at + 8, text.find(' ', at + 8) - at - 8);
  };
  EXPECT_EQ(depthText(1e-4), "0.50000");
  EXPECT_EQ(depthText(std::numeric_limits<double>::infinity()), "0.500");
  EXPECT_EQ(depthText(1e300), "0.500");
  EXPECT_EQ(depthText(1e-300), "0.500000");
}

}  // namespace
}  // namespace gougechek
