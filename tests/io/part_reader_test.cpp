#include "io/part_reader.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

#include "io_test_support.hpp"

namespace gougechek {
namespace {

TEST(PartReader, StepAndIgesGoByExtensionWhateverTheCase) {
  test::ScratchDir dir;
  for (const char* name : {"a.step", "b.STP", "c.iges", "d.IGS"}) {
    // The content would be a valid STL: the extension decides for B-rep formats.
    const std::string path = dir.write(name, test::binaryStl(test::cubeTriangles()));
    const std::string format = name[2] == 'i' || name[2] == 'I' ? "IGES" : "STEP";
    test::expectInputError([&] { importPart(path, 1.0); }, path,
                           "not a readable " + format + " file");
  }
}

TEST(PartReader, AnyOtherNameIsReadAsStlByContent) {
  test::ScratchDir dir;
  const std::string path = dir.write("part.model", test::binaryStl(test::cubeTriangles()));
  EXPECT_EQ(importPart(path, 1.0).mesh.triangles.size(), 12u);
}

TEST(PartReader, MissingFileIsAnInputError) {
  test::ScratchDir dir;
  const std::string path = dir.file("missing.stl");
  test::expectInputError([&] { importPart(path, 1.0); }, path,
                         "cannot open the part file: No such file or directory");
}

TEST(PartReader, DirectoryIsAnInputError) {
  test::ScratchDir dir;
  const std::string path = dir.file("");
  test::expectInputError([&] { importPart(path, 1.0); }, path, "is a directory");
}

TEST(PartReader, RejectsAUnitScaleThatIsNotPositiveAndFinite) {
  test::ScratchDir dir;
  const std::string path = dir.write("cube.stl", test::binaryStl(test::cubeTriangles()));
  EXPECT_THROW(importPart(path, 0.0), std::invalid_argument);
  EXPECT_THROW(importPart(path, -25.4), std::invalid_argument);
  EXPECT_THROW(importPart(path, std::nan("")), std::invalid_argument);
}

}  // namespace
}  // namespace gougechek
