// A piece's entry into a column along a straight move against brute force: the least of
// z(t) + low(ρ(t)) over dense samples of the path. The entry is a height the sweep reaches,
// so never below the least, and the least to within what the search allows.
#include "stock/column_sweep.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numbers>
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

TEST(ColumnSweep, EntriesNearTheAxisPathAreExact) {
  // Found in review: Q(t) in the form a·t² + b·t + c loses √(ε·c) of ρ near the axis's path,
  // which a steep cone's flank multiplies (a 20° V-bit on a 500 mm move entered 3e-5 mm too
  // high), and a bull's rim point found to 1e-10 mm left its height 7e-9 mm high.
  const auto entry = [](const FrustumCore& core, const Vec3& from, const Vec3& to, double x,
                        double y) {
    Move move;
    move.from = from;
    move.to = to;
    return sweepEntry(PieceProfile::of(core), SweepPath(move), x, y).z;
  };
  // The V-bit's tip crosses the column at t = 0.8475, where it is lowest.
  EXPECT_NEAR(entry({0, 3 / std::tan(10 * std::numbers::pi / 180), 0, 3, 0}, {0, 0, 0},
                    {300, 400, -1}, 254.25, 339),
              -0.8475, 1e-9);
  const FrustumCore needle{0, 1.4329651620526029, 0, 0.022740777176574849, 0};
  const Vec3 from{-9.3004704705577677, -0.17475301427033507, 7.7832326651731307};
  const Vec3 to{-31.062452428534627, 35.393250604332948, 7.7832327062743971};
  Move move;
  move.from = from;
  move.to = to;
  const double x = -28.871150518008537, y = 31.811762689776852;
  const double truth = sampledEntry(PieceProfile::of(needle), move, x, y);
  EXPECT_GE(entry(needle, from, to, x, y), truth - 1e-9);
  EXPECT_LE(entry(needle, from, to, x, y), truth + 1e-9);
  const double R0 = 4.3576542974491659;
  const FrustumCore bull{0, 10, R0, R0, 0.56622587142173086};
  move.from = {-0.82900083714284067, 0.40284215573858861, 0};
  move.to = {-0.8391428862843886, 0.3987344024336964, -100};
  const double bx = 4.0362072038331611, by = 1.0918239006476989;
  const double bull_truth = sampledEntry(PieceProfile::of(bull), move, bx, by);
  EXPECT_LE(entry(bull, move.from, move.to, bx, by), bull_truth + 1e-9);
  EXPECT_GE(entry(bull, move.from, move.to, bx, by), bull_truth - 1e-9);
}

}  // namespace
}  // namespace gougechek::stock
