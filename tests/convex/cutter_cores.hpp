#pragma once
// Cutter cores as docs/checking-rules.md "Cutters" defines them, written out by hand (tool frame:
// tip at the origin, axis +Z), plus two shapes no cutter has but FrustumCore allows: a cone
// widening downward and a flat disk.
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "convex/frustum_core.hpp"

namespace gougechek::test {

struct NamedCore {
  std::string name;
  FrustumCore core;
};

inline double tanDegrees(double degrees) {
  return std::tan(degrees * std::numbers::pi / 180);
}

/// The skin a sharp-edged cutter gets at tolerance 0.01 (0.2 · tolerance).
inline constexpr double kSharpSkin = 0.002;

/// ball:6 flute 12 — an axial segment from 3 to 12, skin 3.
inline FrustumCore ballCore() {
  return {3, 12, 0, 0, 3};
}
/// bull:10:1 flute 20 — a cylinder of radius 4 from 1 to 20, skin 1.
inline FrustumCore bullCore() {
  return {1, 20, 4, 4, 1};
}
/// flat:6 flute 12, shrunk by the sharp-edge skin.
inline FrustumCore flatCore() {
  return {kSharpSkin, 12 - kSharpSkin, 3 - kSharpSkin, 3 - kSharpSkin, kSharpSkin};
}
/// taper:1:0:10 flute 15 (sharp tip of radius 0.5, 10° flank), roughly shrunk by the skin.
inline FrustumCore sharpTaperCore() {
  return {kSharpSkin, 15 - kSharpSkin, 0.5 - kSharpSkin, 0.5 + 15 * tanDegrees(10) - kSharpSkin,
          kSharpSkin};
}
/// taper:4:1:5 flute 16 — corner radius 1 on a tip of radius 2, 5° flank.
inline FrustumCore roundTaperCore() {
  return {1, 16, 1, 1 + 15 * tanDegrees(5), 1};
}

inline std::vector<NamedCore> allCores() {
  return {{"ball", ballCore()},
          {"bull", bullCore()},
          {"flat", flatCore()},
          {"sharp taper", sharpTaperCore()},
          {"round taper", roundTaperCore()},
          {"inverted cone", {0, 5, 4, 1, 0.5}},
          {"disk", {2, 2, 3, 3, 0}}};
}

}  // namespace gougechek::test
