#include "report/ci_findings.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <tuple>

#include "report/report_pictures.hpp"
#include "report/report_summary.hpp"

namespace gougechek {

namespace {

/// 64-bit FNV-1a of `text` from `basis`: a stable hash, the same on every machine and run.
std::uint64_t fnv1a(const std::string& text, std::uint64_t basis) {
  constexpr std::uint64_t kPrime = 0x100000001b3ULL;
  std::uint64_t hash = basis;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= kPrime;
  }
  return hash;
}

std::string hex(std::uint64_t value) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string text(16, '0');
  for (std::size_t i = 16; i-- > 0; value >>= 4) text[i] = kDigits[value & 0xf];
  return text;
}

}  // namespace

std::vector<ReportRegion> findingRegions(const Report& report) {
  return report.regions.empty() ? groupRegions(report) : report.regions;
}

std::vector<std::size_t> regionNumbers(const Report& report,
                                       const std::vector<ReportRegion>& regions) {
  std::vector<std::size_t> numbers(report.violations.size(), 0);
  for (std::size_t r = 0; r < regions.size(); ++r)
    for (const std::size_t index : regions[r].violations) numbers.at(index) = r + 1;
  return numbers;
}

std::string findingMessage(const Report& report, const Violation& violation) {
  std::string text = "line " + std::to_string(violation.line) + ": ";
  text.append(violationKindLabel(violation.kind)).append(" ");
  text.append(fixedDecimal(violation.depth, depthDecimals(report.tolerance))).append(" mm deep");
  text.append(", tool ").append(std::to_string(violation.tool));
  if (const ToolSpec* tool = toolOf(report, violation.tool))
    text.append(" (").append(describeTool(*tool)).append(")");
  text.append(", at ").append(describePoint(violation.at));
  return text.append(violationDetails(report, violation));
}

std::string fingerprint(const std::string& key) {
  // FNV's basis and another one: two independent 64-bit hashes.
  return hex(fnv1a(key, 0xcbf29ce484222325ULL)) + hex(fnv1a(key, 0x84222325cbf29ce4ULL));
}

std::vector<std::string> findingFingerprints(const Report& report) {
  const std::string program = std::filesystem::path(report.path_file).filename().string();
  std::map<std::tuple<ViolationKind, int, std::uint32_t>, std::size_t> seen;
  std::vector<std::string> prints;
  for (const Violation& violation : report.violations) {
    const std::size_t occurrence = seen[{violation.kind, violation.tool, violation.line}]++;
    const std::string key = program + "\n" + violationKindName(violation.kind) + "\n" +
                            std::to_string(violation.tool) + "\n" + std::to_string(violation.line) +
                            "\n" + std::to_string(occurrence);
    prints.push_back(fingerprint(key));
  }
  return prints;
}

std::string fileUri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = !path.empty() && path.front() == '/' ? "file://" : "";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == '/';
    if (plain) {
      uri.push_back(c);
    } else {
      uri.append({'%', kHex[byte >> 4], kHex[byte & 0xf]});
    }
  }
  return uri;
}

}  // namespace gougechek
