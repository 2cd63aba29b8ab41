#pragma once
// What the formats for CI (SARIF, GitLab Code Quality, JUnit) say of each finding alike: its
// region, a message that names line, depth and tool, and a fingerprint that stays the same from
// run to run while the finding does.
#include <cstddef>
#include <string>
#include <vector>

#include "gougechek/report.hpp"

namespace gougechek {

/// The regions of `report`: Report::regions when the pictures grouped them, else groupRegions.
std::vector<ReportRegion> findingRegions(const Report& report);

/// The region number (1-based, deepest region first) of each violation, by index.
std::vector<std::size_t> regionNumbers(const Report& report,
                                       const std::vector<ReportRegion>& regions);

/// `line 1042: gouge 0.212 mm deep, tool 1 (ball D6 r3 flute 24), at (41.500, 20.000, 3.100)
/// [severe]`, with the assembly piece, the fixture and the waiver as describeViolation says them.
std::string findingMessage(const Report& report, const Violation& violation);

/// 32 hex digits of a stable hash of `key` (two 64-bit FNV-1a hashes): as long as an MD5.
std::string fingerprint(const std::string& key);

/// The fingerprint of each violation, by index: the fingerprint of what makes two
/// violations the same finding from night to night (batch/baseline.hpp): the program's file
/// name, the kind, the tool and the line, and how many such came before it.
std::vector<std::string> findingFingerprints(const Report& report);

/// `path` as a URI reference (RFC 3986): a relative path percent-encoded, an absolute one a
/// file:/// URI.
std::string fileUri(const std::string& path);

}  // namespace gougechek
