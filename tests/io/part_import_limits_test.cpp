// Part files that must not become a partial or imprecise part (docs/checking-rules.md, fail
// closed): coordinates beyond the documented ±1e6 mm, a G-code program given as the part, and pipes
// or devices that never end.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <string>
#include <thread>

#include "io/file_bytes.hpp"
#include "io/io_test_support.hpp"
#include "io/part_reader.hpp"

namespace gougechek {
namespace {

std::vector<test::Corners> cubeScaledBy(double scale) {
  std::vector<test::Corners> triangles = test::cubeTriangles();
  for (test::Corners& triangle : triangles)
    for (Vec3& corner : triangle) corner = corner * scale;
  return triangles;
}

TEST(PartCoordinateRange, ACubeOfTheLargestSizeIsRead) {
  test::ScratchDir dir;
  const std::string path = dir.write("cube.stl", test::binaryStl(cubeScaledBy(1e6)));
  EXPECT_EQ(importPart(path, 1.0).mesh.triangles.size(), 12u);
}

TEST(PartCoordinateRange, BinaryCoordinatesBeyondTheRangeAreAnError) {
  test::ScratchDir dir;
  const std::string path = dir.write("big.stl", test::binaryStl(cubeScaledBy(2e6)));
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "triangle 1 of 12 has a coordinate beyond the accepted range of ±1e6 mm");
}

TEST(PartCoordinateRange, TheRangeAppliesAfterUnitConversion) {
  test::ScratchDir dir;
  // 50,000 inches are 1.27e6 mm.
  const std::string path = dir.write("inches.stl", test::binaryStl(cubeScaledBy(5e4)));
  EXPECT_NO_THROW(importPart(path, 1.0));
  test::expectInputError([&] { importPart(path, 25.4); }, path, "(after unit scaling)");
}

TEST(PartCoordinateRange, AsciiCoordinatesBeyondTheRangeAreAnErrorAtTheirColumn) {
  test::ScratchDir dir;
  const std::string path = dir.write("big.stl",
                                     "solid s\n"
                                     "facet normal 0 0 1\n"
                                     " outer loop\n"
                                     "  vertex 0 0 0\n"
                                     "  vertex 2e6 0 0\n"
                                     "  vertex 0 1 0\n"
                                     " endloop\n"
                                     "endfacet\n"
                                     "endsolid s\n");
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "vertex coordinate 2e6 is beyond the accepted range of ±1e6 mm", 5, 10);
}

TEST(PartSwapped, AGcodeProgramAsThePartSaysSo) {
  test::ScratchDir dir;
  const std::string path =
      dir.write("finish.nc", "%\nO1000 (FINISH)\nG90 G21 G17\nG0 X0 Y0 Z10\nG1 Z-1 F100\nM30\n%\n");
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "looks like a G-code program: are PART and PATH swapped?");
  const std::string short_program = dir.write("short.ngc", "G0 Z5\nM2\n");
  test::expectInputError([&] { importPart(short_program, 1.0); }, short_program,
                         "are PART and PATH swapped?");
}

TEST(PartSwapped, OtherTextIsNotAnStl) {
  test::ScratchDir dir;
  const std::string path = dir.write("notes.stl", std::string(200, 'x') + "\nsome notes\n");
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "not an STL file: a text file that does not begin with 'solid'");
}

TEST(StreamedPart, APipeIsReadToItsEnd) {
  test::ScratchDir dir;
  const std::string fifo = dir.file("part.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string stl = test::binaryStl(test::cubeTriangles());
  std::thread writer([&] { std::ofstream(fifo, std::ios::binary) << stl; });
  const ImportedPart part = importPart(fifo, 1.0);
  writer.join();
  EXPECT_EQ(part.mesh.triangles.size(), 12u);
}

TEST(StreamedPart, ADeviceWithoutEndStopsAtTheCap) {
  test::expectInputError([] { readFileBytes("/dev/zero"); }, "/dev/zero",
                         "not a regular file and longer than 256 MiB");
}

}  // namespace
}  // namespace gougechek
