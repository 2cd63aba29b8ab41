#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "io/part_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

TEST(StlBinary, ReadsAClosedCubeWeldedWithoutWarnings) {
  test::ScratchDir dir;
  const ImportedPart part =
      importPart(dir.write("cube.stl", test::binaryStl(test::cubeTriangles())), 1.0);
  EXPECT_EQ(part.format, "stl-binary");
  EXPECT_EQ(part.mesh.triangles.size(), 12u);
  EXPECT_EQ(part.mesh.vertices.size(), 8u);
  EXPECT_EQ(part.diagnostics.boundary_edges, 0u);
  EXPECT_TRUE(part.diagnostics.warnings.empty());
}

TEST(StlBinary, IsToldByContentNotByHeaderOrName) {
  test::ScratchDir dir;
  const auto cube = test::cubeTriangles();
  const std::string path = dir.write(
      "looks_ascii.txt", test::binaryStl(cube, 12, "solid cube exported by a careless writer"));
  EXPECT_EQ(importPart(path, 1.0).format, "stl-binary");
}

TEST(StlBinary, CoordinatesAreMultipliedByTheUnitScale) {
  test::ScratchDir dir;
  const ImportedPart part =
      importPart(dir.write("cube.stl", test::binaryStl(test::cubeTriangles())), 25.4);
  const auto [lo, hi] = bounds(part.mesh);
  EXPECT_EQ(lo, Vec3(0, 0, 0));
  EXPECT_EQ(hi, Vec3(25.4, 25.4, 25.4));
}

TEST(StlBinary, ZeroAreaTrianglesAreDroppedCountedAndWarnedAbout) {
  test::ScratchDir dir;
  auto triangles = test::cubeTriangles();
  triangles.push_back({Vec3(0, 0, 0), Vec3(0, 0, 0), Vec3(1, 1, 1)});        // repeated corner
  triangles.push_back({Vec3(0, 0, 0), Vec3(0.5, 0.5, 0.5), Vec3(1, 1, 1)});  // collinear
  const ImportedPart part = importPart(dir.write("cube.stl", test::binaryStl(triangles)), 1.0);
  EXPECT_EQ(part.mesh.triangles.size(), 12u);
  EXPECT_EQ(part.mesh.vertices.size(), 8u);  // no vertex left over from a dropped triangle
  EXPECT_EQ(part.diagnostics.degenerate_dropped, 2u);
  ASSERT_EQ(part.diagnostics.warnings.size(), 1u);
  EXPECT_EQ(part.diagnostics.warnings[0], "dropped 2 degenerate (zero-area) triangles");
}

TEST(StlBinary, WeldsOnlyExactlyEqualCoordinates) {
  test::ScratchDir dir;
  auto triangles = test::cubeTriangles();
  // -0 and +0 are the same position; the next float after 1 is not the same as 1.
  triangles[0][0] = Vec3(-0.0, -0.0, -0.0);
  const double just_above_one = std::nextafter(1.0f, 2.0f);
  for (Vec3& corner : triangles[1])
    if (corner == Vec3(1, 1, 0)) corner = Vec3(1, just_above_one, 0);
  const ImportedPart part = importPart(dir.write("cube.stl", test::binaryStl(triangles)), 1.0);
  EXPECT_EQ(part.mesh.vertices.size(), 9u);
  // The stray corner's two edges, and the two edges they should have matched.
  EXPECT_EQ(part.diagnostics.boundary_edges, 4u);
}

TEST(StlBinary, NonFiniteCoordinatesNameTheTriangle) {
  test::ScratchDir dir;
  for (const double bad :
       {std::numeric_limits<double>::quiet_NaN(), -std::numeric_limits<double>::infinity()}) {
    auto triangles = test::cubeTriangles();
    triangles[4][2] = Vec3(0, bad, 0);
    const std::string path = dir.write("bad.stl", test::binaryStl(triangles));
    test::expectInputError([&] { importPart(path, 1.0); }, path,
                           "triangle 5 of 12 has a non-finite coordinate");
  }
}

TEST(StlBinary, TruncatedFileSaysHowMuchIsMissing) {
  test::ScratchDir dir;
  const auto cube = test::cubeTriangles();
  const std::string path = dir.write("cut.stl", test::binaryStl(cube).substr(0, 84 + 50 * 7 + 20));
  test::expectInputError(
      [&] { importPart(path, 1.0); }, path,
      "truncated file: binary STL header says 12 triangles (684 bytes) but the file has 454 bytes");
}

TEST(StlBinary, TruncatedFileWithSolidHeaderIsStillReportedAsBinary) {
  test::ScratchDir dir;
  const std::string bytes = test::binaryStl(test::cubeTriangles(), 12, "solid cube");
  const std::string path = dir.write("cut.stl", bytes.substr(0, bytes.size() - 1));
  test::expectInputError([&] { importPart(path, 1.0); }, path, "truncated file: binary STL");
}

TEST(StlBinary, ExtraBytesAreACountMismatch) {
  test::ScratchDir dir;
  const std::string path =
      dir.write("long.stl", test::binaryStl(test::cubeTriangles(), 11) + std::string(3, '\0'));
  test::expectInputError(
      [&] { importPart(path, 1.0); }, path,
      "triangle count mismatch: binary STL header says 11 triangles (634 bytes) but the file has "
      "687 bytes");
}

TEST(StlBinary, ZeroTrianglesIsAnError) {
  test::ScratchDir dir;
  const std::string path = dir.write("none.stl", test::binaryStl({}));
  test::expectInputError([&] { importPart(path, 1.0); }, path, "part file contains no triangles");
}

TEST(StlBinary, TooShortForAHeaderIsNotAnStl) {
  test::ScratchDir dir;
  const std::string path = dir.write("short.stl", std::string(40, '\x01'));
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "not an STL file: shorter than a binary STL header (40 bytes)");
}

}  // namespace
}  // namespace gougechek
