// Damaged files must give an InputError, never a crash, a hang or another exception: every
// prefix of a valid file (a transfer cut short anywhere) and files with bytes overwritten.
#include <gtest/gtest.h>

#include <random>

#include "io/mesh_check.hpp"
#include "io/stl_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

std::string asciiCube() {
  std::string text = "solid cube\n";
  for (const test::Corners& t : test::cubeTriangles()) {
    text += " facet normal 0 0 0\n  outer loop\n";
    for (const Vec3& p : t)
      text += "   vertex " + std::to_string(p.x) + " " + std::to_string(p.y) + " " +
              std::to_string(p.z) + "\n";
    text += "  endloop\n endfacet\n";
  }
  return text + "endsolid cube\n";
}

// Reads `bytes` as an STL file's content and checks the surface, in memory (thousands of
// cases); returns whether it was accepted. Any exception other than InputError fails the test.
bool readsOrRefuses(const std::string& bytes) {
  const std::string name = "damaged.stl";
  try {
    ImportedPart part = readStl(bytes, name, 1.0);
    checkSurface(part.mesh, part.diagnostics);
    return true;
  } catch (const InputError& error) {
    EXPECT_EQ(error.file(), name);
    return false;
  }
}

TEST(StlRobustness, EveryPrefixOfAnAsciiFileIsReadOrRefused) {
  const std::string whole = asciiCube();
  std::size_t accepted = 0;
  for (std::size_t length = 0; length <= whole.size(); ++length)
    accepted += readsOrRefuses(whole.substr(0, length));
  // Complete are the prefixes that end at "endsolid" or inside the name after it.
  EXPECT_EQ(accepted, std::string(" cube\n").size() + 1);
}

TEST(StlRobustness, EveryPrefixOfABinaryFileButTheWholeIsRefused) {
  const std::string whole = test::binaryStl(test::cubeTriangles());
  for (std::size_t length = 0; length < whole.size(); ++length)
    EXPECT_FALSE(readsOrRefuses(whole.substr(0, length))) << "length " << length;
  EXPECT_TRUE(readsOrRefuses(whole));
}

TEST(StlRobustness, OverwrittenBytesAreReadOrRefused) {
  std::mt19937 random(12345);
  for (const std::string& original : {asciiCube(), test::binaryStl(test::cubeTriangles())}) {
    for (int trial = 0; trial < 300; ++trial) {
      std::string damaged = original;
      for (int k = 0; k < 4; ++k)
        damaged[random() % damaged.size()] = static_cast<char>(random() % 256);
      readsOrRefuses(damaged);
    }
  }
}

}  // namespace
}  // namespace gougechek
