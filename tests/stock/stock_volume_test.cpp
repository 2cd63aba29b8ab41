// Removed volumes against their analytic values, the same outcome for any thread count, the
// native stock file read back exactly, the STL's enclosed volume, and stock from a closed mesh.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "stock/stock_check.hpp"
#include "stock_test_support.hpp"

namespace gougechek::stock {
namespace {

using std::numbers::pi;

std::string temporary(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("gougechek_stock_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::string bytesOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

StockSettings block(double h) {
  StockSettings settings = test::boxSettings({0, 0, 0}, {100, 80, 28});
  settings.resolution = h;
  return settings;
}

// Passes 3 mm apart with a 6 mm flat: the tool clears the rectangle [27, 53] × [27, 43] with its
// corners rounded to 3 mm, 2 mm deep.
TEST(StockVolume, PocketWithinTheColumnError) {
  const std::string program =
      "G21 G90\nT1 M6\nG0 Z40\nG0 X30 Y30\nG1 Z26 F300\nG1 X50\nG1 Y33\nG1 X30\nG1 Y36\n"
      "G1 X50\nG1 Y39\nG1 X30\nG1 Y40\nG1 X50\nG0 Z40\nM30\n";
  const double h = 0.1;
  const StockOutcome out = test::runProgram(program, block(h), "flat:6,flute=20");
  const double area = 26 * 16 - (4 - pi) * 9, perimeter = 2 * (20 + 10) + 2 * pi * 3;
  EXPECT_NEAR(out.volume_removed, area * 2, perimeter * h * 2);
  EXPECT_TRUE(out.collisions.empty());
  EXPECT_TRUE(out.air.empty());
}

// A helix down 4 mm in two turns of radius 2, then a full circle at the bottom: a 6 mm flat
// bores a flat-bottomed hole of radius 5.
TEST(StockVolume, HelixBoresTheHole) {
  const std::string program =
      "G21 G90 G17\nT1 M6\nG0 Z40\nG0 X52 Y40\nG0 Z29\nG1 Z28 F300\n"
      "G2 X52 Y40 Z24 I-2 J0 P2\nG2 X52 Y40 I-2 J0\nG0 Z40\nM30\n";
  const double h = 0.1;
  const StockOutcome out = test::runProgram(program, block(h), "flat:6,flute=20");
  EXPECT_NEAR(out.volume_removed, pi * 25 * 4, 2 * pi * 5 * h * 4);
  EXPECT_TRUE(out.collisions.empty());
}

// The same helix with a ball: what it leaves under the circle is a bowl, so the check is the
// depth at the centre column and that nothing is removed beyond the ball's reach.
TEST(StockVolume, BallHelixStaysWithinItsReach) {
  const std::string program =
      "G21 G90 G17\nT1 M6\nG0 Z40\nG0 X52 Y40\nG0 Z29\nG1 Z28 F300\n"
      "G3 X52 Y40 Z24 I-2 J0 P3\nG0 Z40\nM30\n";
  const double h = 0.1;
  const StockOutcome out = test::runProgram(program, block(h), "ball:6,flute=20");
  // Between the volume of the hole a flat of the same reach would bore and that of its ball-end
  // core: the swept ball lies within the cylinder of radius 5 from 24 to 28.
  EXPECT_LT(out.volume_removed, pi * 25 * 4 + 2 * pi * 5 * h * 4);
  EXPECT_GT(out.volume_removed, pi * 1 * 4);
}

std::string rasterProgram() {
  std::ostringstream program;
  program << "G21 G90\nT1 M6\nG0 Z40\nG0 X-5 Y2\nG0 Z25\n";
  for (int pass = 0; pass < 40; ++pass) {
    program << "G1 X" << (pass % 2 ? -5 : 105) << " Z" << 24 + 0.05 * (pass % 7) << " F1000\n";
    program << "G1 Y" << 4 + 2 * pass << "\n";
  }
  // A rapid through the block, a deep plunge that buries the shank, an arc.
  program << "G0 X50 Y40 Z20\nG1 Z5\nG2 X60 Y40 I5 J0\nG0 Z60\nM30\n";
  return program.str();
}

TEST(StockStage, OutcomeIsTheSameForAnyThreadCount) {
  const std::vector<Move> moves = test::movesOf(rasterProgram());
  const ToolLibrary tools = test::library("ball:6,flute=10,length=30,shank=8");
  std::vector<std::string> files;
  std::vector<StockOutcome> outcomes;
  for (const int threads : {1, 2, 0}) {
    StockSettings settings = block(0.1);
    settings.threads = threads;
    StockStage stage(settings, tools);
    // In blocks, as the job layer feeds it.
    for (std::size_t first = 0; first < moves.size(); first += 17)
      stage.run(std::span(moves).subspan(first, std::min<std::size_t>(17, moves.size() - first)));
    outcomes.push_back(stage.finish());
    files.push_back(temporary("threads" + std::to_string(threads)));
    stage.writeNative(files.back());
  }
  ASSERT_FALSE(outcomes[0].collisions.empty());
  for (std::size_t k = 1; k < outcomes.size(); ++k) {
    EXPECT_EQ(bytesOf(files[k]), bytesOf(files[0]));
    ASSERT_EQ(outcomes[k].collisions.size(), outcomes[0].collisions.size());
    for (std::size_t c = 0; c < outcomes[0].collisions.size(); ++c) {
      const StockCollision &a = outcomes[0].collisions[c], &b = outcomes[k].collisions[c];
      EXPECT_EQ(std::memcmp(&a.depth, &b.depth, sizeof(double)), 0);
      EXPECT_EQ(a.move, b.move);
      EXPECT_EQ(a.kind, b.kind);
      EXPECT_EQ(a.segment, b.segment);
      EXPECT_EQ(a.at, b.at);
    }
    EXPECT_EQ(outcomes[k].air.size(), outcomes[0].air.size());
    EXPECT_EQ(outcomes[k].volume_removed, outcomes[0].volume_removed);
  }
  for (const std::string& file : files) std::remove(file.c_str());
}

TEST(StockFile, NativeFileReadsBackExactly) {
  const std::vector<Move> moves = test::movesOf(rasterProgram());
  const ToolLibrary tools = test::library("lollipop:6,neck=3,flute=20");
  const std::string first = temporary("first.stock"), second = temporary("second.stock");
  StockStage stage(block(0.2), tools);
  stage.run(moves);
  const StockOutcome before = stage.finish();
  stage.writeNative(first);
  StockSettings again;
  again.shape.kind = StockShape::Kind::Native;
  again.shape.native_file = first;
  StockStage reread(again, tools);
  const StockOutcome after = reread.finish();
  reread.writeNative(second);
  EXPECT_EQ(bytesOf(first), bytesOf(second));
  EXPECT_EQ(after.resolution, 0.2);
  EXPECT_NEAR(after.volume_before, before.volume_before - before.volume_removed, 1e-6);
  // Damaged files are refused, naming the file.
  const std::string bytes = bytesOf(first);
  again.shape.native_file = second;
  for (const std::string& damaged : {bytes.substr(0, bytes.size() - 3), bytes + "x",
                                     std::string("not a stock file at all"), std::string()}) {
    std::ofstream(second, std::ios::binary) << damaged;
    EXPECT_THROW(StockStage(again, tools), InputError);
  }
  try {
    StockStage bad(again, tools);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.file(), second);
  }
  std::remove(first.c_str());
  std::remove(second.c_str());
}

/// The volume a binary STL encloses (the divergence theorem over its triangles).
double stlVolume(const std::string& path) {
  const std::string bytes = bytesOf(path);
  std::uint32_t count = 0;
  std::memcpy(&count, bytes.data() + 80, 4);
  EXPECT_EQ(bytes.size(), 84 + 50 * std::size_t{count});
  double volume = 0;
  for (std::uint32_t t = 0; t < count; ++t) {
    float v[9];
    std::memcpy(v, bytes.data() + 84 + 50 * std::size_t{t} + 12, sizeof v);
    const Vec3 a{v[0], v[1], v[2]}, b{v[3], v[4], v[5]}, c{v[6], v[7], v[8]};
    volume += dot(a, cross(b, c)) / 6;
  }
  return volume;
}

TEST(StockFile, StlEnclosesTheStock) {
  // A lollipop undercuts a slot's wall by 1.5 mm, its neck clear of it: columns of two intervals.
  const std::string program =
      "G21 G90\nT1 M6\nG0 Z40\nG0 X10 Y-10\nG0 Z20\nG1 Y90 F500\nG0 Z40\nT2 M6\nG0 X10 Y40\n"
      "G0 Z21\nG1 X12.5\nG1 Y60\nG1 X10\nG0 Z40\nM30\n";
  ToolLibrary tools;
  tools.by_number[1] = parseToolSpec("flat:8,flute=20", "t");
  tools.by_number[2] = parseToolSpec("lollipop:6,neck=2,flute=20", "t");
  StockStage stage(block(0.5), tools);
  stage.run(test::movesOf(program));
  const StockOutcome out = stage.finish();
  EXPECT_TRUE(out.collisions.empty()) << out.collisions[0].line;
  const std::string path = temporary("stock.stl");
  stage.writeStl(path);
  EXPECT_NEAR(stlVolume(path), out.volume_before - out.volume_removed, 1e-6 * out.volume_before);
  std::remove(path.c_str());
}

Mesh boxMesh(Vec3 lo, Vec3 hi, Mesh mesh = {}) {
  const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
  for (int k = 0; k < 8; ++k)
    mesh.vertices.push_back({k & 1 ? hi.x : lo.x, k & 2 ? hi.y : lo.y, k & 4 ? hi.z : lo.z});
  const std::uint32_t faces[12][3] = {{0, 2, 1}, {1, 2, 3}, {4, 5, 6}, {5, 7, 6},
                                      {0, 1, 4}, {1, 5, 4}, {2, 6, 3}, {3, 6, 7},
                                      {0, 4, 2}, {2, 4, 6}, {1, 3, 5}, {3, 7, 5}};
  for (const auto& f : faces) mesh.triangles.push_back({base + f[0], base + f[1], base + f[2]});
  return mesh;
}

TEST(StockShape, ModelStockKeepsItsOverhangs) {
  // Two slabs one above the other: every column holds two intervals.
  StockSettings settings;
  settings.shape.kind = StockShape::Kind::Model;
  settings.shape.model = boxMesh({0, 0, 10}, {20, 20, 15}, boxMesh({0, 0, 0}, {20, 20, 5}));
  settings.resolution = 0.25;
  // Its length given: without one a shank goes on above the flutes and meets the upper slab.
  const ToolLibrary tools = test::library("flat:4,flute=3,length=3.5");
  {
    StockStage stage(settings, tools);
    EXPECT_NEAR(stage.finish().volume_before, 20 * 20 * 10, 1e-6);
  }
  // A rapid through the gap meets nothing; one through the upper slab does.
  const std::string program = "G21 G90\nG0 X-5 Y10 Z6\nG0 X25\nG0 Z11\nG0 X-5\nM30\n";
  const StockOutcome out = test::runMoves(test::movesOf(program), settings, tools);
  ASSERT_EQ(out.collisions.size(), 1u);
  EXPECT_EQ(out.collisions[0].line, 5u);
  EXPECT_NEAR(out.collisions[0].depth, 3, 1e-3);  // the flutes, 11 to 14 inside 10 to 15
  // An open mesh is refused, a hole in a wall (which no vertical line crosses) as well.
  settings.shape.model.triangles.pop_back();
  EXPECT_THROW(StockStage(settings, tools), InputError);
}

}  // namespace
}  // namespace gougechek::stock
