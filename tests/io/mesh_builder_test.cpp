// The parallel weld against a plain reference: a map from each position's bits to the index it
// first took, in the order corners come. The mesh must be the reference's whatever the number
// of threads, and large enough inputs that the work is really shared out.
#include "io/mesh_builder.hpp"

#include <gtest/gtest.h>
#include <tbb/global_control.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <map>
#include <random>
#include <span>
#include <tuple>

#include "io/io_test_support.hpp"
#include "io/stl_binary_layout.hpp"
#include "io/stl_reader.hpp"

namespace gougechek {
namespace {

using test::Corners;
using Bits = std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>;

Bits bitsOf(const Vec3& p) {
  // +0.0 and −0.0 are one position.
  return {std::bit_cast<std::uint64_t>(p.x + 0.0), std::bit_cast<std::uint64_t>(p.y + 0.0),
          std::bit_cast<std::uint64_t>(p.z + 0.0)};
}

Mesh referenceWeld(const std::vector<Corners>& triangles) {
  Mesh mesh;
  std::map<Bits, std::uint32_t> index;
  for (const Corners& t : triangles) {
    if (bitsOf(t[0]) == bitsOf(t[1]) || bitsOf(t[1]) == bitsOf(t[2]) ||
        bitsOf(t[2]) == bitsOf(t[0]) || cross(t[1] - t[0], t[2] - t[0]) == Vec3{})
      continue;
    Triangle welded;
    for (int i = 0; i < 3; ++i) {
      const auto [at, inserted] =
          index.try_emplace(bitsOf(t[i]), static_cast<std::uint32_t>(mesh.vertices.size()));
      if (inserted) mesh.vertices.push_back(t[i] + Vec3{});
      welded[i] = at->second;
    }
    mesh.triangles.push_back(welded);
  }
  return mesh;
}

// A grid of `side` × `side` points (some at −0.0), triangulated in shuffled order, with some
// zero-area triangles and some corners a floating-point step off their grid point. With
// `floats`, every coordinate is a float exactly, as a binary STL's are (the builder then keeps
// its corners in single precision), and so is the step.
std::vector<Corners> shuffledGrid(int side, std::mt19937& rng, bool floats = false) {
  auto rounded = [&](double v) { return floats ? double(float(v)) : v; };
  auto point = [&](int i, int j) {
    return Vec3{i == 0 ? -0.0 : i * 0.5, j * 0.25, rounded(std::sin(i * 0.3) * std::cos(j * 0.2))};
  };
  std::vector<Corners> triangles;
  for (int i = 0; i + 1 < side; ++i)
    for (int j = 0; j + 1 < side; ++j) {
      triangles.push_back({point(i, j), point(i + 1, j), point(i + 1, j + 1)});
      triangles.push_back({point(i, j), point(i + 1, j + 1), point(i, j + 1)});
    }
  std::shuffle(triangles.begin(), triangles.end(), rng);
  std::uniform_int_distribution<std::size_t> pick(0, triangles.size() - 1);
  for (int k = 0; k < side; ++k) {
    Corners& t = triangles[pick(rng)];
    t[2] = t[0];  // zero area
    Corners& nudged = triangles[pick(rng)];
    // a distinct position
    nudged[1].x = floats ? double(std::nextafter(float(nudged[1].x), INFINITY))
                         : std::nextafter(nudged[1].x, INFINITY);
  }
  return triangles;
}

Mesh weldInBulk(const std::vector<Corners>& triangles, std::size_t threads) {
  const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
  MeshBuilder builder;
  builder.addTriangles(triangles);
  return builder.take();
}

void expectSameMesh(const Mesh& actual, const Mesh& expected) {
  ASSERT_EQ(actual.vertices.size(), expected.vertices.size());
  ASSERT_EQ(actual.triangles.size(), expected.triangles.size());
  for (std::size_t v = 0; v < expected.vertices.size(); ++v)
    ASSERT_EQ(bitsOf(actual.vertices[v]), bitsOf(expected.vertices[v])) << "vertex " << v;
  EXPECT_EQ(actual.triangles, expected.triangles);
}

TEST(MeshBuilder, WeldsAsTheReferenceWhateverTheThreadCount) {
  std::mt19937 rng(17);
  const std::vector<Corners> triangles = shuffledGrid(300, rng);  // 178k triangles
  const Mesh expected = referenceWeld(triangles);
  ASSERT_GT(triangles.size(), expected.triangles.size()) << "some triangles are degenerate";
  for (const std::size_t threads : {1, 2, 4}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    expectSameMesh(weldInBulk(triangles, threads), expected);
  }
}

TEST(MeshBuilder, AFloatSoupWeldsAsTheReferenceWhateverTheThreadCount) {
  std::mt19937 rng(19);
  const std::vector<Corners> triangles = shuffledGrid(300, rng, true);
  const Mesh expected = referenceWeld(triangles);
  ASSERT_GT(triangles.size(), expected.triangles.size()) << "some triangles are degenerate";
  // Given in single precision, as the binary STL reader gives them.
  std::vector<MeshBuilder::FloatCorners> as_floats(triangles.size());
  for (std::size_t t = 0; t < triangles.size(); ++t)
    for (int k = 0; k < 3; ++k)
      as_floats[t][k] = {float(triangles[t][k].x), float(triangles[t][k].y),
                         float(triangles[t][k].z)};
  for (const std::size_t threads : {1, 2, 4}) {
    SCOPED_TRACE(std::to_string(threads) + " threads");
    expectSameMesh(weldInBulk(triangles, threads), expected);
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    MeshBuilder builder;
    builder.addTriangles(as_floats);
    expectSameMesh(builder.take(), expected);
  }
}

// Corners that are floats, then one that is not: the soup turns double precision without
// losing a position, and 0.1 stays apart from the float nearest it.
TEST(MeshBuilder, ASoupLeavingFloatsMidwayKeepsEveryPosition) {
  std::mt19937 rng(31);
  std::vector<Corners> triangles = shuffledGrid(80, rng, true);
  const Vec3 tenth{0.1, 0, 0}, float_tenth{double(0.1f), 0, 0};
  ASSERT_NE(tenth, float_tenth);
  const std::size_t floats = triangles.size();
  triangles.push_back({tenth, Vec3{1, 0, 0}, Vec3{0, 1, 0}});
  triangles.push_back({float_tenth, Vec3{0, 1, 0}, Vec3{1, 0, 0}});
  triangles.push_back({Vec3{0.5, 0, 0}, tenth, Vec3{0, 0, 1}});
  const Mesh expected = referenceWeld(triangles);
  for (const std::size_t threads : {1, 2}) {
    const tbb::global_control limit(tbb::global_control::max_allowed_parallelism, threads);
    MeshBuilder in_bulk;
    in_bulk.addTriangles(std::span(triangles).first(floats));
    in_bulk.addTriangles(std::span(triangles).subspan(floats));
    expectSameMesh(in_bulk.take(), expected);
  }
  MeshBuilder one_at_a_time;
  for (const Corners& t : triangles) one_at_a_time.addTriangle(t[0], t[1], t[2]);
  expectSameMesh(one_at_a_time.take(), expected);
}

TEST(MeshBuilder, OneAtATimeAndInBulkGiveTheSameMesh) {
  std::mt19937 rng(23);
  const std::vector<Corners> triangles = shuffledGrid(60, rng);
  MeshBuilder one_at_a_time;
  for (const Corners& t : triangles) one_at_a_time.addTriangle(t[0], t[1], t[2]);
  const std::size_t dropped = one_at_a_time.degenerateDropped();
  expectSameMesh(one_at_a_time.take(), referenceWeld(triangles));
  MeshBuilder in_bulk;
  in_bulk.addTriangles(std::span(triangles).first(100));
  in_bulk.addTriangles(std::span(triangles).subspan(100));
  EXPECT_EQ(in_bulk.degenerateDropped(), dropped);
  expectSameMesh(in_bulk.take(), referenceWeld(triangles));
}

TEST(MeshBuilder, ASoupWithNoSharedCornersOutgrowsTheFirstTable) {
  // Three vertices per triangle, six times the table's first guess.
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> coordinate(-100, 100);
  std::vector<Corners> triangles(50000);
  for (Corners& t : triangles)
    for (Vec3& p : t) p = {coordinate(rng), coordinate(rng), coordinate(rng)};
  const Mesh mesh = weldInBulk(triangles, 2);
  EXPECT_EQ(mesh.vertices.size(), 3 * triangles.size());
  expectSameMesh(mesh, referenceWeld(triangles));
}

TEST(StlBinaryFile, ReadBlockByBlockItIsTheWholeFileRead) {
  // More triangles than one block, so the streamed read crosses block boundaries.
  std::mt19937 rng(31);
  std::vector<Corners> triangles = shuffledGrid(200, rng);
  for (Corners& t : triangles)
    for (Vec3& p : t) p = {float(p.x), float(p.y), float(p.z)};
  ASSERT_GT(triangles.size(), kStlBinaryBlockTriangles);
  const test::ScratchDir dir;
  const std::string bytes = test::binaryStl(triangles);
  const std::string path = dir.write("grid.stl", bytes);
  const ImportedPart streamed = readStlFile(path, 25.4);
  const ImportedPart whole = readStl(bytes, path, 25.4);
  EXPECT_EQ(streamed.format, "stl-binary");
  EXPECT_EQ(streamed.diagnostics.degenerate_dropped, whole.diagnostics.degenerate_dropped);
  EXPECT_EQ(streamed.diagnostics.warnings, whole.diagnostics.warnings);
  expectSameMesh(streamed.mesh, whole.mesh);
}

TEST(StlBinaryFile, ABadCoordinateInALaterBlockNamesItsTriangle) {
  std::vector<Corners> triangles(kStlBinaryBlockTriangles + 500,
                                 Corners{Vec3{0, 0, 0}, Vec3{1, 0, 0}, Vec3{0, 1, 0}});
  triangles[kStlBinaryBlockTriangles + 300][1].y = NAN;
  triangles[kStlBinaryBlockTriangles + 400][2].z = 2e6;
  const test::ScratchDir dir;
  const std::string path = dir.write("bad.stl", test::binaryStl(triangles));
  const std::string number = std::to_string(kStlBinaryBlockTriangles + 301);
  test::expectInputError([&] { readStlFile(path, 1.0); }, path,
                         "triangle " + number + " of " + std::to_string(triangles.size()) +
                             " has a non-finite coordinate");
}

}  // namespace
}  // namespace gougechek
