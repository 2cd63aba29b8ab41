// Holder families by name and holder profile files (docs/tools.md "Holders"). The family
// dimensions are typical catalogue values, not any maker's: a close check needs the real
// profile (a Fusion 360 library holder or a profile file).
#include "tool/holder_family.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numbers>
#include <sstream>
#include <string_view>
#include <system_error>

#include "gougechek/error.hpp"
#include "io/file_bytes.hpp"

namespace gougechek {

namespace {

// ER collet chucks (DIN 6499 / ISO 15488 collets): the clamping nut's diameter and length, then
// the body, widening upward from the nut's diameter at kBodyHalfAngleDeg.
struct ColletChuck {
  std::string_view name;
  double nut_diameter, nut_length, body_length;
};
constexpr ColletChuck kColletChucks[] = {
    {"ER16", 32, 19, 30}, {"ER20", 35, 21, 30}, {"ER25", 42, 24, 35},
    {"ER32", 50, 27, 40}, {"ER40", 63, 31, 45},
};
constexpr double kBodyHalfAngleDeg = 8;

// Shrink-fit chucks with the common 4.5° nose (DIN 69882-8 style): nose diameter at the face by
// the shank size, the taper kShrinkTaperLength long.
struct ShankSize {
  double shank, diameter;
};
constexpr ShankSize kShrinkNoses[] = {{3, 15},  {4, 15},  {5, 15},  {6, 21},  {8, 21},
                                      {10, 24}, {12, 24}, {14, 27}, {16, 27}, {18, 33},
                                      {20, 33}, {25, 44}, {32, 44}};
constexpr double kShrinkHalfAngleDeg = 4.5;
constexpr double kShrinkTaperLength = 50;

// Side-lock (Weldon, DIN 1835-B shanks; DIN 69882-5 style) holders: a cylindrical body.
constexpr ShankSize kSideLockBodies[] = {{6, 25},  {8, 28},  {10, 35}, {12, 42}, {14, 44},
                                         {16, 48}, {18, 50}, {20, 52}, {25, 65}, {32, 72}};
constexpr double kSideLockLength = 50;

double tangent(double degrees) {
  return std::tan(degrees * std::numbers::pi / 180);
}

std::string sizesOf(const auto& table) {
  std::string text;
  for (const ShankSize& size : table) {
    if (!text.empty()) text.append(", ");
    text.append(formatNumber(size.shank));
  }
  return text;
}

const ShankSize* findSize(const auto& table, std::string_view size_text, std::string_view family,
                          const ToolOrigin& origin) {
  double size = 0;
  const auto [end, error] =
      std::from_chars(size_text.data(), size_text.data() + size_text.size(), size);
  for (const ShankSize& entry : table) {
    if (error == std::errc() && end == size_text.data() + size_text.size() && entry.shank == size)
      return &entry;
  }
  throwToolError(origin, concat("holder '", family, ":", size_text, "': no typical ", family,
                                " holder for that shank; sizes (mm): ", sizesOf(table),
                                ", or give a holder profile file"));
}

ToolSegment piece(const char* name, double z, double height, double lower, double upper) {
  return {name, false, z, z + height, lower / 2, upper / 2, 0};
}

void requireSize(double value, std::string_view what, const ToolOrigin& origin) {
  if (!(std::isfinite(value) && value >= 0 && value <= kMaxCutterSize)) {
    throwToolError(origin, concat("holder ", what, " ", formatNumber(value),
                                  " must be between 0 and ", formatNumber(kMaxCutterSize), " mm"));
  }
}

// A profile file: `name TEXT` once, then per line `HEIGHT LOWER_D UPPER_D` (mm), tool end
// first; `#` starts a comment.
std::vector<ToolSegment> readProfileText(const std::string& path, double stickout,
                                         std::string* holder_name) {
  std::istringstream text(readFileBytes(path, kHolderProfileFile));
  std::vector<HolderFrustum> frustums;
  std::string line;
  std::size_t number = 0;
  *holder_name = std::filesystem::path(path).stem().string();
  while (readTextLine(text, line)) {
    ++number;
    const ToolOrigin at{path, number};
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string first;
    if (!(words >> first)) continue;
    if (first == "name") {
      std::getline(words >> std::ws, *holder_name);
      continue;
    }
    HolderFrustum frustum;
    const std::string_view whats[] = {"height", "lower diameter", "upper diameter"};
    double* slots[] = {&frustum.height, &frustum.lower_diameter, &frustum.upper_diameter};
    std::string word = first;
    for (std::size_t i = 0; i < 3; ++i) {
      if (i > 0 && !(words >> word)) {
        throwToolError(at, "expected HEIGHT LOWER_DIAMETER UPPER_DIAMETER (mm) or name TEXT");
      }
      *slots[i] = parseToolNumber(word, whats[i], at);
      requireSize(*slots[i], whats[i], at);
    }
    if (words >> word) throwToolError(at, concat("unexpected '", word, "' after the segment"));
    frustums.push_back(frustum);
  }
  if (frustums.empty()) throwToolError({path, 0}, "holder profile has no segment");
  return stackHolder(frustums, stickout);
}

// A FreeCAD holder (`.fcholder`): an outline of (radius, height) points in mm above the exit
// face, from the axis at the bottom out, up and back to the axis; each rising edge is a frustum.
std::vector<ToolSegment> readFreeCadHolder(const std::string& path, double stickout,
                                           std::string* holder_name) {
  const ToolOrigin origin{path, 0};
  nlohmann::json holder;
  try {
    holder = nlohmann::json::parse(readFileBytes(path, kHolderProfileFile));
    if (holder.value("units", "mm") != "mm") {
      throwToolError(origin, "FreeCAD holder units must be mm (as FreeCAD requires)");
    }
    *holder_name = holder.value("name", std::filesystem::path(path).stem().string());
    std::vector<ToolSegment> segments;
    const nlohmann::json& profile = holder.at("profile");
    for (std::size_t i = 1; i < profile.size(); ++i) {
      const double r0 = profile[i - 1].at(0).get<double>(), z0 = profile[i - 1].at(1).get<double>();
      const double r1 = profile[i].at(0).get<double>(), z1 = profile[i].at(1).get<double>();
      for (double value : {r0, z0, r1, z1}) requireSize(value, "profile point", origin);
      if (z1 < z0) throwToolError(origin, "FreeCAD holder profile goes down; expected it to rise");
      if (z1 == z0) continue;  // a flat face
      segments.push_back({concat("holder segment ", std::to_string(segments.size() + 1)), false,
                          stickout + z0, stickout + z1, r0, r1, 0});
    }
    if (segments.empty()) throwToolError(origin, "FreeCAD holder profile has no height");
    return segments;
  } catch (const nlohmann::json::exception& error) {
    throwToolError(origin, concat("not a FreeCAD holder: ", error.what()));
  }
}

}  // namespace

std::vector<ToolSegment> stackHolder(const std::vector<HolderFrustum>& frustums, double stickout) {
  std::vector<ToolSegment> segments;
  double z = stickout;
  for (const HolderFrustum& frustum : frustums) {
    segments.push_back({concat("holder segment ", std::to_string(segments.size() + 1)), false, z,
                        z + frustum.height, frustum.lower_diameter / 2, frustum.upper_diameter / 2,
                        0});
    z += frustum.height;
  }
  return segments;
}

std::vector<ToolSegment> holderSegmentsAt(const std::string& name, double stickout,
                                          const ToolOrigin& origin, std::string* holder_name) {
  for (const ColletChuck& chuck : kColletChucks) {
    if (name != chuck.name) continue;
    *holder_name = concat(chuck.name, " collet chuck (typical)");
    const double body_top = chuck.nut_diameter + 2 * chuck.body_length * tangent(kBodyHalfAngleDeg);
    return {
        piece("holder: nut", stickout, chuck.nut_length, chuck.nut_diameter, chuck.nut_diameter),
        piece("holder: body", stickout + chuck.nut_length, chuck.body_length, chuck.nut_diameter,
              body_top)};
  }
  const std::string_view text = name;
  if (text.starts_with("shrink:")) {
    const ShankSize* size = findSize(kShrinkNoses, text.substr(7), "shrink", origin);
    *holder_name = concat("shrink-fit chuck ", formatNumber(size->shank), " mm (typical)");
    const double top = size->diameter + 2 * kShrinkTaperLength * tangent(kShrinkHalfAngleDeg);
    return {piece("holder: nose", stickout, kShrinkTaperLength, size->diameter, top)};
  }
  if (text.starts_with("sidelock:")) {
    const ShankSize* size = findSize(kSideLockBodies, text.substr(9), "sidelock", origin);
    *holder_name = concat("side-lock holder ", formatNumber(size->shank), " mm (typical)");
    return {piece("holder: body", stickout, kSideLockLength, size->diameter, size->diameter)};
  }
  if (text.ends_with(".fcholder")) return readFreeCadHolder(name, stickout, holder_name);
  // A name no file can have (too long, say) is no file: the error below, not the file
  // system's exception.
  std::error_code no_file;
  if (std::filesystem::exists(name, no_file)) return readProfileText(name, stickout, holder_name);
  throwToolError(origin, concat("unknown holder '", name,
                                "' (ER16, ER20, ER25, ER32, ER40, shrink:D, sidelock:D, or a "
                                "holder profile file)"));
}

std::vector<ToolSegment> holderSegments(const std::string& name, double stickout,
                                        const std::string& origin, std::string* holder_name) {
  return holderSegmentsAt(name, stickout, {origin, 0}, holder_name);
}

}  // namespace gougechek
