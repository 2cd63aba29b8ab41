// Issue 21: a wrong tool must be caught as fast as the right one. A face mill far wider than the
// part, run along a finish of it, holds every triangle within its reach at once; the check
// must not test each of them for every run of moves. Held to a bound on the tree's node tests a
// move (triangle by triangle, as before whole nodes: 582 here; node by node: 4), and the
// depths to the face mill's exact ones: its flat end, level, cuts the terrain's highest point
// under it (the whole top lies within its radius), as deep as that stands above the tip.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "bvh/mesh_fixtures.hpp"
#include "gougechek/verify.hpp"
#include "verify/tuning.hpp"

namespace gougechek {
namespace {

/// One of the check's work counters, averaged over its moves.
template <class Count>
double perMove(Count count, std::size_t moves) {
  return static_cast<double>(count) / static_cast<double>(moves);
}

/// `moves` through `part` checked with `tool` for every tool number, on one thread.
CountedResult checkWith(const ToolSpec& tool, const Mesh& part, const std::vector<Move>& moves) {
  ToolLibrary tools;
  tools.fallback = tool;
  TunedSettings settings;
  settings.threads = 1;
  settings.start = moves.front().from;
  return verify(part, moves, tools, settings, "wrong_tool.nc");
}

TEST(WrongTool, FaceMillOverTheWholePartIsBoundedNodeByNode) {
  const double size = 16;
  const Mesh part = test::terrainBlock(64, size);
  double top = -INFINITY;
  for (const Vec3& v : part.vertices) top = std::max(top, v.z);
  // A raster 0.3 below the highest point, 0.25 mm steps: every move cuts, by top - z.
  std::vector<Move> moves;
  const double z = top - 0.3;
  for (int line = 0; line < 4; ++line) {
    const double y = 2 + 4 * line;
    for (int step = 0; step < 64; ++step) {
      Move move;
      move.kind = MoveKind::Feed;
      move.from = {0.25 * step, y, z};
      move.to = {0.25 * (step + 1), y, z};
      move.tool = 1;
      move.line = static_cast<int>(moves.size()) + 1;
      moves.push_back(move);
    }
  }
  const CountedResult result = checkWith({CutterType::Flat, 100, 0, 0, 12, 100, 0}, part, moves);
  ASSERT_EQ(result.violations.size(), moves.size());
  for (const Violation& v : result.violations) EXPECT_NEAR(v.depth, top - z, 0.01 * (top - z));
  const double per_move = perMove(result.stats.node_tests, moves.size());
  RecordProperty("node_tests_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 50);
}

/// A closed prism: a regular polygon of `sides` corners of radius `radius` about the Z axis,
/// from z = 0 to `height`, each wall a quad of two triangles as tall as the prism.
Mesh prism(int sides, double radius, double height) {
  Mesh mesh;
  for (int i = 0; i < sides; ++i) {
    const double a = 2 * std::numbers::pi * i / sides;
    mesh.vertices.push_back({radius * std::cos(a), radius * std::sin(a), 0});
    mesh.vertices.push_back({radius * std::cos(a), radius * std::sin(a), height});
  }
  const auto bottom_centre = static_cast<std::uint32_t>(mesh.vertices.size());
  mesh.vertices.push_back({0, 0, 0});
  mesh.vertices.push_back({0, 0, height});
  for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(sides); ++i) {
    const std::uint32_t j = (i + 1) % sides;
    mesh.triangles.push_back({2 * i, 2 * j, 2 * j + 1});
    mesh.triangles.push_back({2 * i, 2 * j + 1, 2 * i + 1});
    mesh.triangles.push_back({bottom_centre, 2 * j, 2 * i});
    mesh.triangles.push_back({bottom_centre + 1, 2 * i + 1, 2 * j + 1});
  }
  return mesh;
}

/// Eight 1 mm feed moves at Z 4 across the prism's middle.
std::vector<Move> straightPass() {
  std::vector<Move> moves;
  for (int step = 0; step < 8; ++step) {
    Move move;
    move.kind = MoveKind::Feed;
    move.from = {-4.0 + step, 0.5, 4};
    move.to = {-3.0 + step, 0.5, 4};
    move.tool = 1;
    move.line = step + 1;
    moves.push_back(move);
  }
  return moves;
}

/// A 100 mm face mill with `flutes` mm flutes along `moves` through `part`, on one thread:
/// every move a gouge half the flutes deep, within `within` of that.
CountedResult buriedFaceMill(const Mesh& part, const std::vector<Move>& moves, double flutes,
                             double within) {
  CountedResult result = checkWith({CutterType::Flat, 100, 0, 0, flutes, 0, 0}, part, moves);
  EXPECT_EQ(result.violations.size(), moves.size());
  const double half = flutes / 2;
  for (const Violation& v : result.violations) EXPECT_NEAR(v.depth, half, within * half);
  return result;
}

TEST(WrongTool, FaceMillBuriedAcrossTallWallsMeasuresOneOfThem) {
  // A face mill whose 12.7 mm flutes pass wholly inside a 20 mm tall prism (a hole's wall or a
  // boss, as on a corpus bracket): every wall triangle within its radius is as deep as half
  // the flutes' height, which each triangle's own cuts (highest at its corners, 20 mm apart)
  // do not show. The half height bounds them all, so one measured wall settles the move
  // (before: every one of the 2 × 128 walls measured on each move). Its depth is measured to
  // 0.15·ε however many walls tie there.
  const double flutes = 12.7;
  const Mesh part = prism(128, 10, 20);
  const std::vector<Move> moves = straightPass();
  const CountedResult result = buriedFaceMill(part, moves, flutes, 0.0015);
  const double per_move = perMove(result.stats.deep_tests, moves.size());
  RecordProperty("deep_tests_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 10);
}

/// Full turns of a helix about the Z axis, radius `radius`, from height `z` down by `pitch` a
/// turn, each turn one arc move.
std::vector<Move> helixDown(double radius, double z, double pitch, int turns) {
  std::vector<Move> moves;
  for (int turn = 0; turn < turns; ++turn) {
    Move move;
    move.kind = MoveKind::Arc;
    move.from = {radius, 0, z - pitch * turn};
    move.to = {radius, 0, z - pitch * (turn + 1)};
    move.center = {0, 0, move.from.z};
    move.axis = {0, 0, 1};
    move.tool = 1;
    move.line = static_cast<std::uint32_t>(turn + 1);
    moves.push_back(move);
  }
  return moves;
}

TEST(WrongTool, FaceMillHelixAcrossTallWallsBoundsFewPairs) {
  // The same buried face mill on a helix down inside the prism, 3 mm a turn: each of a turn's
  // pieces descends a few hundredths, so no wall point lies deeper than half the flutes plus
  // half that; but a group of pieces spans eight times the drop, and its half width (its
  // hull's) stood above every piece's by more than the allowance: every wall triangle was
  // bounded fully on every move before the first piece's half height showed it could not
  // matter (3,848 pairs bounded a move; 261 once a group was bounded by its deepest piece's
  // half height, all of them tied there and bounded before the first came off; 6 now that a
  // tied triangle bounded fully comes off first).
  const double flutes = 12.7;
  const Mesh part = prism(128, 10, 20);
  const std::vector<Move> moves = helixDown(3, 7, 3, 2);
  const CountedResult result = buriedFaceMill(part, moves, flutes, 0.01);
  const double per_move = perMove(result.stats.bounded_pairs, moves.size());
  RecordProperty("bounded_pairs_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 20);
}

TEST(WrongTool, FaceMillOverTallWallsTakesTheirNodesWhole) {
  // Nodes holding the prism's 20 mm walls are far larger than a tenth of the face mill's
  // radius, yet small beside the cutter: they are gathered whole (the depth search bounds
  // them as nodes), not judged triangle by triangle in each run's tree query.
  const Mesh part = prism(128, 10, 20);
  const std::vector<Move> moves = straightPass();
  const CountedResult result = buriedFaceMill(part, moves, 12.7, 0.0015);
  const double per_move = perMove(result.stats.node_tests, moves.size());
  RecordProperty("node_tests_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 20);
  const double bounded = perMove(result.stats.bounded_pairs, moves.size());
  RecordProperty("bounded_pairs_per_move", std::to_string(bounded));
}

/// A 25.4 mm drill with a 175° point and 80 mm flutes: its point is a cone 0.55 mm tall.
ToolSpec drill() {
  ToolSpec tool;
  tool.type = CutterType::Drill;
  tool.diameter = 25.4;
  tool.flute_length = 80;
  tool.point_angle_deg = 175;
  return tool;
}

/// The point's height: the radius over the tangent of half the point angle.
double drillPointHeight(const ToolSpec& tool) {
  return tool.diameter / 2 / std::tan(tool.point_angle_deg / 2 * std::numbers::pi / 180);
}

/// straightPass() with its tip at height `z`.
std::vector<Move> straightPassAt(double z) {
  std::vector<Move> moves = straightPass();
  for (Move& move : moves) move.from.z = move.to.z = z;
  return moves;
}

TEST(WrongTool, DrillBuriedToItsFlutesLeavesItsPointUnmeasured) {
  // A drill 1 mm into the top of a prism narrower than it: its flutes' flat bottom lies
  // 1 − 0.55 mm under the top face, the deepest of the move; its point, as wide and only
  // 0.55 mm tall, reaches no deeper than half that anywhere. It is searched after the flutes,
  // for what could beat them: nothing, so none of the walls it crosses is measured (before:
  // 245 depth searches a move, every wall triangle within its radius, each bounded by the
  // point's half height, above the tolerance).
  const ToolSpec tool = drill();
  const Mesh part = prism(128, 10, 20);
  const std::vector<Move> moves = straightPassAt(19);
  const CountedResult result = checkWith(tool, part, moves);
  ASSERT_EQ(result.violations.size(), moves.size());
  const double depth = 1 - drillPointHeight(tool);
  for (const Violation& v : result.violations) {
    EXPECT_NEAR(v.depth, depth, 0.01 * depth);  // ε
    EXPECT_EQ(v.segment, 1u);                   // the flutes
    EXPECT_FALSE(v.severe);
  }
  const double per_move = perMove(result.stats.deep_tests, moves.size());
  RecordProperty("deep_tests_per_move", std::to_string(per_move));
  EXPECT_LT(per_move, 10);
}

TEST(WrongTool, DrillOverTerrainTakesItsPointsNodesWhole) {
  // The drill 1 mm under the highest point of a terrain: its flutes are deepest (the highest
  // point 1 − 0.55 mm above their flat bottom), its point crosses the slopes below. The point,
  // a cone, has no inner cylinder: its tree query took no node whole, and judged the terrain
  // under it triangle by triangle in every run (before: 4,330 node tests a move). Small
  // beside the cone's radius, its nodes are now bounded whole by the depth search. Whether it
  // touched anything is then found depth first, one node at a time: any triangle within
  // reach will do, and the queue's order split every node tied at the point's half width
  // before its first triangle (1,995 pairs bounded a move; before: 2,842).
  const Mesh part = test::terrainBlock(64, 8);
  double top = -INFINITY;
  for (const Vec3& v : part.vertices) top = std::max(top, v.z);
  std::vector<Move> moves = straightPassAt(top - 1);
  for (Move& move : moves) move.from.x += 6, move.to.x += 6, move.from.y += 3.5, move.to.y += 3.5;
  const ToolSpec tool = drill();
  const CountedResult result = checkWith(tool, part, moves);
  ASSERT_EQ(result.violations.size(), moves.size());
  const double depth = 1 - drillPointHeight(tool);
  for (const Violation& v : result.violations) {
    EXPECT_NEAR(v.depth, depth, 0.01 * depth);  // ε
    EXPECT_EQ(v.segment, 1u);                   // the flutes
  }
  const double nodes = perMove(result.stats.node_tests, moves.size());
  const double bounded = perMove(result.stats.bounded_pairs, moves.size());
  RecordProperty("node_tests_per_move", std::to_string(nodes));
  RecordProperty("bounded_pairs_per_move", std::to_string(bounded));
  EXPECT_LT(nodes, 20);
  EXPECT_LT(bounded, 50);
}

TEST(WrongTool, BullNoseInABowlMeasuresFewTriangles) {
  // A bowl z = 10 + ρ²/100 (ρ from its centre, 0.5 mm quads) finished across its bottom with the
  // tip on the surface, as a ball's finish has it, but with a bull-nosed cutter 20 mm across
  // (corner radius 2): its torus cuts the rising wall all round, about 1 mm deep, where the
  // depths of hundreds of triangles under it are close together. Each move's depth is found
  // exactly (the skin's depth, no allowance), so the bounds must rule out nearly all of them
  // before they are measured (2 distance queries a move) or even fully bounded: pairs fully
  // bounded a move 290 on 7a60232, 68 with the rim cuts (DepthBounds::rimCut).
  const int n = 80;
  auto height = [](double x, double y) {
    return 10 + ((x - 20) * (x - 20) + (y - 20) * (y - 20)) / 100;
  };
  const Mesh part = test::latticeBox(n, [&](int i, int j, int k) {
    const double x = 0.5 * i, y = 0.5 * j;
    return Vec3{x, y, height(x, y) * k / n};
  });
  std::vector<Move> moves;
  for (int step = 0; step < 40; ++step) {
    Move move;
    move.kind = MoveKind::Feed;
    const double x0 = 17 + 0.15 * step, x1 = x0 + 0.15;
    move.from = {x0, 20.1, height(x0, 20.1)};
    move.to = {x1, 20.1, height(x1, 20.1)};
    move.tool = 1;
    move.line = step + 1;
    moves.push_back(move);
  }
  const CountedResult result = checkWith({CutterType::Bull, 20, 2, 0, 20, 0, 0}, part, moves);
  ASSERT_EQ(result.violations.size(), moves.size());
  // The torus's own depths (below its corner radius): exact findings of the skin.
  for (const Violation& v : result.violations) {
    EXPECT_GT(v.depth, 0.3);
    EXPECT_LT(v.depth, 2.0);
  }
  const double tests = perMove(result.stats.triangle_tests, moves.size());
  const double bounded = perMove(result.stats.bounded_pairs, moves.size());
  RecordProperty("triangle_tests_per_move", std::to_string(tests));
  RecordProperty("bounded_pairs_per_move", std::to_string(bounded));
  EXPECT_LT(tests, 10);
  EXPECT_LT(bounded, 120);
}

}  // namespace
}  // namespace gougechek
