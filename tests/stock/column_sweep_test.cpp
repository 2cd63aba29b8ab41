// A piece's entry into a column along a straight move against brute force: the least of
// z(t) + low(ρ(t)) over dense samples of the path. The entry is a height the sweep reaches,
// so never below the least, and the least to within what the search allows.
#include "stock/column_sweep.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <sstream>

namespace gougechek::stock {
namespace {

constexpr int kSamples = 20'000;

// The least height of the piece's bottom in the column over samples of the path: dense ones,
// then denser ones either side of the least (a convex function's least value lies between the
// neighbours of its least sample).
double sampledEntry(const PieceProfile& piece, const Move& move, double x, double y) {
  const Vec3 delta = move.to - move.from;
  const auto height = [&](double t) {
    const Vec3 p = move.from + delta * t;
    const double low = piece.low(std::hypot(x - p.x, y - p.y));
    return low == kNoHeight ? kNoHeight : p.z + low;
  };
  double least = kNoHeight, at = 0;
  for (int i = 0; i <= kSamples; ++i) {
    const double t = static_cast<double>(i) / kSamples;
    if (const double z = height(t); z < least) least = z, at = t;
  }
  for (int i = -kSamples; i <= kSamples; ++i) {
    const double t = std::clamp(at + static_cast<double>(i) / kSamples / kSamples, 0.0, 1.0);
    least = std::min(least, height(t));
  }
  return least;
}

using Uniform = std::function<double(double, double)>;

// 300 pieces made by `make` (from the case's number and uniform draws), each along a line
// rising, falling or level through a column near it (most meet the sweep, some just miss):
// the entry is never below the least sampled height, and above it by at most `slack`.
void expectEntriesAsBruteForce(std::uint64_t seed,
                               const std::function<PieceProfile(int, const Uniform&)>& make,
                               const std::function<double(const PieceProfile&)>& slack) {
  std::mt19937_64 random(seed);
  const Uniform uniform = [&](double lo, double hi) {
    return std::uniform_real_distribution<>(lo, hi)(random);
  };
  int entered = 0;
  for (int i = 0; i < 300; ++i) {
    const PieceProfile piece = make(i, uniform);
    Move move;
    move.from = {uniform(-5, 5), uniform(-5, 5), uniform(-3, 3)};
    move.to = move.from + Vec3{uniform(-8, 8), uniform(-8, 8), i % 4 == 0 ? 0 : uniform(-6, 6)};
    const Vec3 near = move.from + (move.to - move.from) * uniform(-0.2, 1.2);
    const double reach = piece.outer;
    const double x = near.x + uniform(-1.2, 1.2) * reach, y = near.y + uniform(-1.2, 1.2) * reach;
    const Entry entry = sweepEntry(piece, SweepPath(move), x, y);
    const double truth = sampledEntry(piece, move, x, y);
    std::ostringstream what;
    what.precision(12);
    what << "case " << i << ": column (" << x << ", " << y << "), entry " << entry.z
         << ", least sample " << truth;
    if (truth == kNoHeight) continue;  // a footprint too thin for the samples to see
    ASSERT_NE(entry.z, kNoHeight) << what.str();
    ++entered;
    EXPECT_LE(entry.z, truth + slack(piece)) << what.str();
    EXPECT_GE(entry.z, truth - 1e-6) << what.str();
  }
  EXPECT_GT(entered, 150);
}

TEST(ColumnSweep, ASharpConeAlongASlopedLineEntersWhereBruteForceSays) {
  // Chamfer mills (a flat tip), drills and V-bits (none), steep and shallow: exact.
  expectEntriesAsBruteForce(
      23,
      [](int i, const Uniform& uniform) {
        const double tip = i % 3 == 0 ? 0 : uniform(0.1, 3);
        const PieceProfile cone =
            PieceProfile::of({0, uniform(0.2, 15), tip, tip + uniform(0.5, 10), 0});
        EXPECT_TRUE(cone.coneBottom());
        return cone;
      },
      [](const PieceProfile&) { return 1e-9; });
}

TEST(ColumnSweep, ARoundedPieceAlongASlopedLineEntersWhereBruteForceSays) {
  // Bull ends (a torus on a flat), tapers with a rounded tip and a bowl bit's near-ball, and the
  // same pieces upside down (their exits): a bull's entry is exact, a taper's search stops
  // within 2e-5.
  expectEntriesAsBruteForce(
      29,
      [](int i, const Uniform& uniform) {
        const double corner = uniform(0.05, 5), flat = i % 5 == 0 ? 0.001 : uniform(0, 8);
        const double widening = i % 2 == 0 ? 0 : uniform(0.1, 4);
        const FrustumCore core{corner, corner + uniform(0.5, 20), flat, flat + widening, corner};
        return i % 3 == 0 ? PieceProfile::of(core).mirrored() : PieceProfile::of(core);
      },
      [](const PieceProfile& piece) { return piece.torusBottom() ? 1e-9 : 2e-5; });
}

}  // namespace
}  // namespace gougechek::stock
