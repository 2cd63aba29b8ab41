// Tool assemblies against a brute-force reference: random stacks of rounded flutes, a sharp
// shank and cylinders and cones above it (sharp or rounded, cutting or not) over random parts
// and moves, rapids included. The reference measures every piece against every triangle with
// the golden-section oracle of the convex tests (no tree, no GJK) and decides inside/outside by
// a solid-angle winding number. docs/checking-rules.md: depths exact (1e-6 mm) for rounded
// pieces whose core stays outside, within ε = max(0.1·tolerance, 1% of the depth) otherwise;
// one violation per move and kind, carrying the deepest piece's depth.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bvh/mesh_fixtures.hpp"
#include "convex/brute_force_distance.hpp"
#include "gougechek/verify.hpp"

namespace gougechek {
namespace {
using test::latticeBox;
using test::solidAngleWinding;

constexpr double kTolerance = 0.01;
// docs/checking-rules.md's ε for the depths these moves reach (at most a few mm): 1% of the
// depth where that is more than 0.1·tolerance.
double epsilon(double depth) {
  return std::max(0.1 * kTolerance, 0.01 * std::abs(depth));
}

// A closed block 36 × 36 mm whose top is flat (z = 40) for x ≤ 12 and random bumps elsewhere.
Mesh makePart(std::mt19937& rng) {
  constexpr int n = 6;
  std::uniform_real_distribution<double> bump(-2.5, 2.5);
  std::vector<double> top((n + 1) * (n + 1));
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j <= n; ++j) top[i * (n + 1) + j] = i * 6.0 <= 12 ? 40 : 40 + bump(rng);
  return latticeBox(n, [&](int i, int j, int k) {
    const double z = top[i * (n + 1) + j];
    return Vec3{i * 6.0, j * 6.0, k == n ? z : k * (z / n)};
  });
}

// A ball or bull cutter, a sharp shank, and one to three pieces above it: cylinders and cones,
// sharp or rounded; now and then a rounded piece that cuts (a second cutting edge).
ToolSpec makeTool(std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  auto in = [&](double lo, double hi) { return lo + (hi - lo) * unit(rng); };
  ToolSpec tool;
  tool.type = unit(rng) < 0.5 ? CutterType::Ball : CutterType::Bull;
  tool.diameter = in(4, 8);
  tool.corner_radius = tool.type == CutterType::Ball ? tool.diameter / 2 : in(0.5, 1.5);
  tool.flute_length = in(8, 14);
  tool.shank_diameter = in(3, 9);
  tool.overall_length = tool.flute_length + in(4, 10);
  double z = tool.overall_length;
  const int pieces = 1 + static_cast<int>(unit(rng) * 3);
  for (int i = 0; i < pieces; ++i) {
    ToolSegment piece;
    piece.name = "holder " + std::to_string(i);
    piece.rounding = unit(rng) < 0.5 ? 0.0 : in(0.3, 1.5);
    piece.cutting = piece.rounding > 0 && unit(rng) < 0.25;
    piece.z_bottom = z + piece.rounding;
    piece.z_top = piece.z_bottom + in(3, 9);
    piece.radius_bottom = in(2, 12);
    piece.radius_top = unit(rng) < 0.5 ? piece.radius_bottom : in(1, 14);
    z = piece.z_top + piece.rounding;
    tool.holder.push_back(piece);
  }
  return tool;
}

std::vector<Move> makeProgram(std::mt19937& rng, int random_moves) {
  std::vector<Move> moves;
  Vec3 at{18, 18, 90};
  auto go = [&](MoveKind kind, const Vec3& to) {
    Move m;
    m.kind = kind;
    m.from = at;
    m.to = to;
    m.tool = 1;
    m.line = static_cast<std::uint32_t>(moves.size() + 10);
    moves.push_back(m);
    at = to;
  };
  // Plunges beside the block and along its top: the shank and holder come down on its edges
  // and faces while the flutes are in the air or cutting.
  std::uniform_real_distribution<double> unit(0, 1);
  for (int i = 0; i < random_moves; ++i) {
    const double x = -16 + 68 * unit(rng), y = -16 + 68 * unit(rng);
    const double z = 18 + 36 * unit(rng);
    go(i % 4 == 0 ? MoveKind::Rapid : MoveKind::Feed, {x, y, z});
  }
  // Through the block deep enough to bury pieces, then out.
  go(MoveKind::Rapid, {18, 18, 90});
  go(MoveKind::Feed, {18, 18, 5});
  go(MoveKind::Feed, {22, 20, 6});
  go(MoveKind::Feed, {18, 18, 90});
  return moves;
}

// What the reference knows of one kind (cutting or not) on one move.
struct KindReference {
  double known = -INFINITY;  // deepest depth measured by the oracle (rounded core outside,
                             // sharp piece apart), or R where buried
  bool severe = false;       // a rounded core reached the part, or a piece is buried
  bool unknown = false;      // a sharp piece reaches into the part: depth ≥ 0, not measured
};

struct Reference {
  KindReference cutting, holder;
};

double boxGap(const Vec3& lo_a, const Vec3& hi_a, const Vec3& lo_b, const Vec3& hi_b) {
  double gap2 = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const double gap = std::max({lo_a[axis] - hi_b[axis], lo_b[axis] - hi_a[axis], 0.0});
    gap2 += gap * gap;
  }
  return std::sqrt(gap2);
}

Reference reference(const Mesh& part, const std::vector<ToolSegment>& pieces, const Vec3& from,
                    const Vec3& to, double holder_clearance) {
  Reference ref;
  for (const ToolSegment& piece : pieces) {
    const FrustumCore core{piece.z_bottom, piece.z_top, piece.radius_bottom, piece.radius_top,
                           piece.rounding};
    const double m = piece.rounding;
    const double outer = std::max(piece.radius_bottom, piece.radius_top);
    const Vec3 lo{std::min(from.x, to.x) - outer, std::min(from.y, to.y) - outer,
                  std::min(from.z, to.z) + piece.z_bottom};
    const Vec3 hi{std::max(from.x, to.x) + outer, std::max(from.y, to.y) + outer,
                  std::max(from.z, to.z) + piece.z_top};
    // Triangles nearest the swept core's box first; the rest once their box is farther than
    // the least distance found, or than anything that can matter.
    std::vector<std::pair<double, std::size_t>> order;
    for (std::size_t t = 0; t < part.triangles.size(); ++t) {
      Vec3 tlo = part.vertices[part.triangles[t][0]], thi = tlo;
      for (const std::uint32_t v : part.triangles[t]) {
        const Vec3& p = part.vertices[v];
        tlo = {std::min(tlo.x, p.x), std::min(tlo.y, p.y), std::min(tlo.z, p.z)};
        thi = {std::max(thi.x, p.x), std::max(thi.y, p.y), std::max(thi.z, p.z)};
      }
      order.push_back({boxGap(lo, hi, tlo, thi), t});
    }
    std::sort(order.begin(), order.end());
    const double matters = m + holder_clearance + 1;
    double distance = INFINITY;
    for (const auto& [gap, t] : order) {
      if (gap >= std::min(distance, matters)) break;
      const Triangle& tri = part.triangles[t];
      distance =
          std::min(distance, test::distanceToSweptCore(
                                 core, from, to,
                                 std::array<Vec3, 3>{part.vertices[tri[0]], part.vertices[tri[1]],
                                                     part.vertices[tri[2]]}));
    }
    KindReference& kind = piece.cutting ? ref.cutting : ref.holder;
    if (distance < m || distance <= 1e-9) {
      if (distance > 1e-9) {
        kind.known = std::max(kind.known, m - distance);
      } else if (m > 0) {  // a rounded core reached the part: severe, at least m deep
        kind.known = std::max(kind.known, m);
        kind.severe = true;
      } else {
        kind.unknown = true;
      }
      continue;
    }
    // Nothing touched: the piece is wholly outside, or buried.
    if (std::round(solidAngleWinding(part, from + Vec3{0, 0, piece.z_bottom})) != 0) {
      kind.known = std::max(kind.known, outer + m);
      kind.severe = true;
    } else if (std::isfinite(distance)) {
      kind.known = std::max(kind.known, m - distance);
    }
  }
  return ref;
}

// A kind's violation (or none) against the reference, with `clearance` (0: only depth beyond
// the tolerance counts).
void expectKind(const Violation* found, const KindReference& ref, double clearance) {
  const double threshold = clearance > 0 ? -clearance : kTolerance;
  const bool must =
      ref.severe || ref.known > threshold + epsilon(ref.known) || (ref.unknown && clearance > 0);
  const bool must_not = !ref.severe && !ref.unknown && ref.known < threshold - epsilon(ref.known);
  if (must) {
    ASSERT_NE(found, nullptr) << "missed: reference depth " << ref.known;
  } else if (must_not) {
    EXPECT_EQ(found, nullptr) << "reported " << found->depth << ", reference " << ref.known;
    return;
  }
  if (found == nullptr) return;
  if (ref.unknown) {  // a sharp piece's penetration is not measured: at least the rest
    EXPECT_GE(found->depth, std::max(ref.known, -epsilon(0)) - epsilon(ref.known));
    return;
  }
  EXPECT_EQ(found->severe, ref.severe);
  if (ref.severe)
    EXPECT_GE(found->depth, ref.known - epsilon(ref.known));
  else
    EXPECT_NEAR(found->depth, ref.known, epsilon(ref.known));
}

void expectMatchesReference(int seed, double holder_clearance) {
  std::mt19937 rng(seed);
  const Mesh part = makePart(rng);
  const ToolSpec tool = makeTool(rng);
  const std::vector<Move> moves = makeProgram(rng, 36);
  ToolLibrary tools;
  tools.fallback = tool;
  VerifySettings settings;
  settings.tolerance = kTolerance;
  settings.holder_clearance = holder_clearance;
  settings.start = moves.front().from;
  settings.threads = 1;
  const VerifyResult one = verify(part, moves, tools, settings, "assembly.nc");
  settings.threads = 2;
  const VerifyResult two = verify(part, moves, tools, settings, "assembly.nc");
  ASSERT_EQ(one.violations.size(), two.violations.size());
  for (std::size_t i = 0; i < one.violations.size(); ++i) {
    EXPECT_EQ(one.violations[i].move, two.violations[i].move);
    EXPECT_EQ(one.violations[i].kind, two.violations[i].kind);
    EXPECT_EQ(one.violations[i].depth, two.violations[i].depth);
    EXPECT_EQ(one.violations[i].at, two.violations[i].at);
    EXPECT_EQ(one.violations[i].segment, two.violations[i].segment);
  }

  const std::vector<ToolSegment> pieces = toolAssembly(tool);
  std::size_t holder_reported = 0, cut_reported = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Reference ref = reference(part, pieces, moves[i].from, moves[i].to, holder_clearance);
    const Violation *cut = nullptr, *holder = nullptr;
    for (const Violation& v : one.violations) {
      if (v.move != i + 1) continue;
      (v.kind == ViolationKind::HolderCollision ? holder : cut) = &v;
      // The piece named is of the violation's kind.
      ASSERT_LT(v.segment, pieces.size());
      EXPECT_EQ(pieces[v.segment].cutting, v.kind != ViolationKind::HolderCollision);
    }
    SCOPED_TRACE("seed " + std::to_string(seed) + " move " + std::to_string(i + 1));
    if (cut) {
      EXPECT_EQ(cut->kind, moves[i].kind == MoveKind::Rapid ? ViolationKind::RapidCollision
                                                            : ViolationKind::Gouge);
    }
    {
      SCOPED_TRACE("cutting pieces");
      expectKind(cut, ref.cutting, 0);
    }
    {
      SCOPED_TRACE("non-cutting pieces");
      expectKind(holder, ref.holder, holder_clearance);
    }
    cut_reported += cut != nullptr;
    holder_reported += holder != nullptr;
  }
  EXPECT_GT(cut_reported, 3u);
  EXPECT_GT(holder_reported, 3u);
}

class AssemblyReference : public ::testing::TestWithParam<int> {};

TEST_P(AssemblyReference, EveryPieceOfEveryMoveMatchesTheReference) {
  expectMatchesReference(GetParam(), 0);
}

TEST_P(AssemblyReference, HolderClearanceMatchesTheReference) {
  expectMatchesReference(GetParam(), 1.5);
}

INSTANTIATE_TEST_SUITE_P(Seeds, AssemblyReference, ::testing::Values(1, 2, 3, 4, 5, 6));

// A holder collision names the piece that touched: here the nut, whose face comes down on the
// block's top while the flutes and shank are in the air beside it.
TEST(AssemblyReference, AHolderCollisionNamesItsPiece) {
  std::mt19937 rng(1);
  const Mesh part = makePart(rng);
  ToolSpec tool{CutterType::Ball, 6, 3, 0, 20, 6, 40};
  tool.holder = {{"holder: nut", false, 40, 60, 25, 25, 0},
                 {"holder: flange", false, 60, 76, 31.5, 31.5, 0}};
  ToolLibrary tools;
  tools.fallback = tool;
  Move move;
  move.kind = MoveKind::Feed;
  move.from = {-20, 18, 90};
  move.to = {-20, 18, -0.5};  // the nut's face, 40 mm above the tip, 0.5 mm into the top
  move.tool = 1;
  move.line = 7;
  VerifySettings settings;
  settings.start = move.from;
  const VerifyResult result = verify(part, {move}, tools, settings, "nut.nc");
  ASSERT_EQ(result.violations.size(), 1u);
  const Violation& v = result.violations[0];
  EXPECT_EQ(v.kind, ViolationKind::HolderCollision);
  EXPECT_EQ(toolAssembly(tool)[v.segment].name, "holder: nut");
  EXPECT_NEAR(v.depth, 0.5, epsilon(0.5));
  // With a clearance of 2 mm, 1.5 mm above the top is a collision: depth −1.5.
  move.to.z = 1.5;
  settings.holder_clearance = 2;
  const VerifyResult near = verify(part, {move}, tools, settings, "nut.nc");
  ASSERT_EQ(near.violations.size(), 1u);
  EXPECT_EQ(toolAssembly(tool)[near.violations[0].segment].name, "holder: nut");
  EXPECT_NEAR(near.violations[0].depth, -1.5, epsilon(1.5));
  EXPECT_FALSE(near.violations[0].severe);
  settings.holder_clearance = 1;
  EXPECT_TRUE(verify(part, {move}, tools, settings, "nut.nc").violations.empty());
}

}  // namespace
}  // namespace gougechek
