// libFuzzer harness: the report writers with hostile contents: file names, warnings and G-code
// lines of arbitrary bytes (invalid UTF-8, control characters, markup), and numbers of any bit
// pattern (NaN, infinities, 1e300). Every format must be written without a crash, and stay
// valid: JSON parses back, JUnit and HTML are well-formed, and all three are valid UTF-8.
#include <fuzzer/FuzzedDataProvider.h>

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "gougechek/report.hpp"
#include "report/markup_checker.hpp"

namespace {

using namespace gougechek;

/// Elements the HTML writer writes without a closing tag.
const std::vector<std::string> kHtmlVoidElements = {"meta"};
/// Bounds on what one input builds, so that an input's cost stays proportional to its size.
constexpr std::size_t kMaxItems = 8;
constexpr std::size_t kMaxStringBytes = 256;

/// Numbers that break formatting: non-finite, huge (longer than any fixed-size buffer when
/// printed with decimals), tiny, negative zero.
constexpr double kHostileNumbers[] = {std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity(),
                                      -std::numeric_limits<double>::infinity(),
                                      std::numeric_limits<double>::max(),
                                      -1e300,
                                      1e60,
                                      std::numeric_limits<double>::denorm_min(),
                                      -0.0,
                                      0.0};

/// A double of any bit pattern; one input byte picks one of the hostile numbers, so that they
/// come up often.
double anyDouble(FuzzedDataProvider& in) {
  switch (in.ConsumeIntegralInRange<int>(0, 2)) {
    case 0:
      return in.PickValueInArray(kHostileNumbers);
    case 1:
      return in.ConsumeFloatingPoint<double>();
    default:
      return std::bit_cast<double>(in.ConsumeIntegral<std::uint64_t>());
  }
}

Vec3 anyVec3(FuzzedDataProvider& in) {
  const double x = anyDouble(in);
  const double y = anyDouble(in);
  return {x, y, anyDouble(in)};
}

std::string anyString(FuzzedDataProvider& in) {
  return in.ConsumeRandomLengthString(kMaxStringBytes);
}

ToolSpec anyTool(FuzzedDataProvider& in) {
  ToolSpec spec;
  spec.type = in.PickValueInArray(
      {CutterType::Ball, CutterType::Flat, CutterType::Bull, CutterType::Taper});
  spec.diameter = anyDouble(in);
  spec.corner_radius = anyDouble(in);
  spec.taper_angle_deg = anyDouble(in);
  spec.flute_length = anyDouble(in);
  spec.shank_diameter = anyDouble(in);
  spec.overall_length = anyDouble(in);
  return spec;
}

Violation anyViolation(FuzzedDataProvider& in) {
  Violation v;
  v.kind = in.PickValueInArray(
      {ViolationKind::Gouge, ViolationKind::RapidCollision, ViolationKind::HolderCollision});
  v.line = in.ConsumeIntegral<std::uint32_t>();
  v.move = in.ConsumeIntegral<std::uint32_t>();
  v.tool = in.ConsumeIntegral<int>();
  v.depth = anyDouble(in);
  v.at = anyVec3(in);
  v.severe = in.ConsumeBool();
  v.exact = in.ConsumeBool();
  v.path.from = anyVec3(in);
  v.path.to = v.at;
  v.path.line = v.line;
  return v;
}

Report anyReport(FuzzedDataProvider& in) {
  Report report;
  report.part_file = anyString(in);
  report.part_format = anyString(in);
  report.part_units = anyString(in);
  if (in.ConsumeBool()) report.part_faces = in.ConsumeIntegral<std::size_t>();
  if (in.ConsumeBool()) report.part_solids = in.ConsumeIntegral<std::size_t>();
  report.triangles = in.ConsumeIntegral<std::size_t>();
  report.bounds = {anyVec3(in), anyVec3(in)};
  report.path_file = anyString(in);
  report.path_lines = in.ConsumeIntegral<std::size_t>();
  report.moves = in.ConsumeIntegral<std::size_t>();
  report.tolerance = anyDouble(in);
  report.stock = anyDouble(in);
  report.rapid_clearance = anyDouble(in);
  for (std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, kMaxItems); i > 0; --i) {
    report.tools.emplace_back(in.ConsumeIntegral<int>(), anyTool(in));
  }
  for (std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, kMaxItems); i > 0; --i) {
    const bool about_program = in.ConsumeBool();
    const std::uint32_t line = in.ConsumeIntegral<std::uint32_t>();
    report.warnings.push_back(
        {about_program ? report.path_file : report.part_file, line, anyString(in)});
  }
  for (std::size_t i = in.ConsumeIntegralInRange<std::size_t>(0, kMaxItems); i > 0; --i) {
    report.violations.push_back(anyViolation(in));
    report.source_lines[report.violations.back().line] = anyString(in);
  }
  report.elapsed_s = anyDouble(in);
  return report;
}

std::string written(const Report& report, ReportFormat format) {
  std::ostringstream out;
  writeReport(report, format, out);
  return out.str();
}

/// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
/// U+10FFFF).
bool isValidUtf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t code = 0;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xc2 && lead <= 0xdf) {
      length = 2, code = lead & 0x1fu;
    } else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3, code = lead & 0x0fu;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4, code = lead & 0x07u;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xc0u) != 0x80u) return false;
      code = code << 6 | (next & 0x3fu);
    }
    constexpr std::uint32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    const bool surrogate = code >= 0xd800 && code <= 0xdfff;
    if (code < kSmallest[length] || surrogate || code > 0x10ffff) return false;
    i += length;
  }
  return true;
}

/// Aborts, naming what does not hold, so that a finding says which format broke and how.
void check(bool holds, const char* what) {
  if (holds) return;
  std::fprintf(stderr, "fuzz_report: %s\n", what);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const Report report = anyReport(in);

  (void)written(report, ReportFormat::Text);
  (void)written(report, ReportFormat::Csv);

  const std::string json = written(report, ReportFormat::Json);
  check(isValidUtf8(json), "JSON is not valid UTF-8");
  check(nlohmann::json::accept(json), "JSON does not parse");

  const std::string junit = written(report, ReportFormat::Junit);
  check(isValidUtf8(junit), "JUnit is not valid UTF-8");
  check(test::markupProblem(junit).empty(), "JUnit is not well-formed");

  const std::string html = written(report, ReportFormat::Html);
  check(isValidUtf8(html), "HTML is not valid UTF-8");
  check(test::markupProblem(html, kHtmlVoidElements).empty(), "HTML is not well-formed");
  return 0;
}
