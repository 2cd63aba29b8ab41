#include <gtest/gtest.h>

#include <cmath>

#include "gougechek/part.hpp"
#include "io/file_bytes.hpp"
#include "io/part_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

// A closed surface with coordinates that floats hold exactly: a cube moved and scaled.
Mesh floatExactPart() {
  std::vector<test::Corners> triangles;
  for (const test::Corners& t : test::cubeTriangles()) {
    test::Corners moved;
    for (int k = 0; k < 3; ++k) moved[k] = t[k] * 12.5 + Vec3(-3.25, 100, 0.125);
    triangles.push_back(moved);
  }
  return test::soupMesh(triangles);
}

TEST(StlWriter, WriteThenReadGivesTheSameTriangles) {
  test::ScratchDir dir;
  const Mesh original = floatExactPart();
  const std::string path = dir.file("round_trip.stl");
  writeStlBinary(original, path);
  const ImportedPart part = importPart(path, 1.0);
  EXPECT_EQ(part.format, "stl-binary");
  EXPECT_TRUE(part.diagnostics.warnings.empty());
  ASSERT_EQ(part.mesh.triangles.size(), original.triangles.size());
  EXPECT_EQ(part.mesh.vertices.size(), 8u);
  for (std::size_t t = 0; t < original.triangles.size(); ++t)
    for (int k = 0; k < 3; ++k)
      EXPECT_EQ(part.mesh.vertices[part.mesh.triangles[t][k]],
                original.vertices[original.triangles[t][k]]);
}

TEST(StlWriter, WritesTheBinaryLayoutWithUnitNormalsAndAHeaderNotStartingWithSolid) {
  test::ScratchDir dir;
  const std::string path = dir.file("layout.stl");
  writeStlBinary(floatExactPart(), path);
  const std::string bytes = readFileBytes(path);
  ASSERT_EQ(bytes.size(), 84u + 50u * 12u);
  EXPECT_NE(bytes.substr(0, 5), "solid");
  EXPECT_EQ(static_cast<unsigned char>(bytes[80]), 12u);
  // The first triangle lies on the bottom face: its normal is (0, 0, -1).
  float normal[3];
  std::memcpy(normal, bytes.data() + 84, sizeof normal);
  EXPECT_EQ(normal[0], 0.0f);
  EXPECT_EQ(normal[1], 0.0f);
  EXPECT_EQ(normal[2], -1.0f);
}

TEST(StlWriter, UnwritablePathIsAnInputError) {
  test::ScratchDir dir;
  const std::string path = dir.file("no_such_folder/part.stl");
  test::expectInputError([&] { writeStlBinary(floatExactPart(), path); }, path,
                         "cannot create file: No such file or directory");
}

}  // namespace
}  // namespace gougechek
