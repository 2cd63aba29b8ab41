// Every STL of the shared corpus loads with the counts its README states. Edge counts are
// taken after degenerate triangles are dropped: the README's 20 non-manifold edges of Spider
// come from its 56 zero-area triangles (none is left once they are gone), while its 72
// boundary edges are the same before and after.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <optional>

#include "io/file_bytes.hpp"
#include "io/part_reader.hpp"
#include "io/stl_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

struct CorpusModel {
  const char* name;
  const char* format;
  std::size_t triangles;  ///< kept, after dropping degenerate ones
  std::size_t degenerate;
  std::optional<std::size_t> boundary_edges;      ///< where the README states it
  std::optional<std::size_t> non_manifold_edges;  ///< where the README states it
};

void PrintTo(const CorpusModel& model, std::ostream* out) {
  *out << model.name;
}

// The corpus lives in ../shared beside the repository. A clone on its own skips these tests;
// CI (environment variable CI set) must have the corpus, so there its absence fails them.
class SharedCorpus : public testing::Test {
 protected:
  void SetUp() override {
    const std::filesystem::path corpus = test::corpusModel("");
    if (std::filesystem::is_directory(corpus)) return;
    if (std::getenv("CI")) FAIL() << "shared corpus " << corpus << " not found";
    GTEST_SKIP() << "shared corpus " << corpus << " not found";
  }
};

class CorpusModelTest : public SharedCorpus, public testing::WithParamInterface<CorpusModel> {};

TEST_P(CorpusModelTest, LoadsWithTheStatedCounts) {
  const CorpusModel& model = GetParam();
  const ImportedPart part = importPart(test::corpusModel(model.name), 1.0);
  EXPECT_EQ(part.format, model.format);
  EXPECT_EQ(part.mesh.triangles.size(), model.triangles);
  EXPECT_EQ(part.diagnostics.degenerate_dropped, model.degenerate);
  if (model.boundary_edges) {
    EXPECT_EQ(part.diagnostics.boundary_edges, *model.boundary_edges);
  }
  if (model.non_manifold_edges) {
    EXPECT_EQ(part.diagnostics.non_manifold_edges, *model.non_manifold_edges);
  }
  for (const Triangle& t : part.mesh.triangles)
    for (std::uint32_t index : t) ASSERT_LT(index, part.mesh.vertices.size());
}

// "closed" in the README: no boundary edge.
INSTANTIATE_TEST_SUITE_P(
    SharedCorpus, CorpusModelTest,
    testing::Values(
        CorpusModel{"assimp_3DSMaxExport.STL", "stl-binary", 2000, 0, std::nullopt, 16},
        CorpusModel{"assimp_Spider_ascii.stl", "stl-ascii", 1312, 56, 72, 0},
        CorpusModel{"assimp_Spider_binary.stl", "stl-binary", 1312, 56, 72, 0},
        CorpusModel{"assimp_Wuson.stl", "stl-binary", 3732, 0, 412, std::nullopt},
        CorpusModel{"assimp_sphereWithHole.stl", "stl-ascii", 285, 0, 9, std::nullopt},
        CorpusModel{"assimp_triangle_with_two_solids.stl", "stl-ascii", 2, 0, std::nullopt,
                    std::nullopt},
        CorpusModel{"camotics_V1.stl", "stl-ascii", 4812, 0, 0, std::nullopt},
        CorpusModel{"occt_TR12J_OCC64K.stl", "stl-binary", 67498, 0, 6, std::nullopt},
        CorpusModel{"occt_head.stl", "stl-binary", 117694, 0, std::nullopt, std::nullopt},
        CorpusModel{"occt_propeller.stl", "stl-ascii", 7374, 1, std::nullopt, std::nullopt},
        CorpusModel{"opencamlib_demo.stl", "stl-ascii", 1894, 0, std::nullopt, std::nullopt},
        CorpusModel{"opencamlib_ktoolcav.stl", "stl-binary", 4090, 0, 0, std::nullopt},
        CorpusModel{"opencamlib_ktoolcor.stl", "stl-binary", 3802, 0, 0, std::nullopt},
        CorpusModel{"opencamlib_sphere_on_plate.stl", "stl-ascii", 7570, 0, 0, std::nullopt},
        CorpusModel{"opencamlib_wheel_in_box.stl", "stl-ascii", 6102, 0, 0, std::nullopt},
        CorpusModel{"openscad_bad-stl-tardis.stl", "stl-binary", 3636, 0, std::nullopt,
                    std::nullopt},
        CorpusModel{"openscad_bad-stl-wing.stl", "stl-ascii", 842, 0, std::nullopt, std::nullopt}));

TEST_F(SharedCorpus, SpiderAsciiAndBinaryTwinsGiveTheSameMesh) {
  const ImportedPart ascii = importPart(test::corpusModel("assimp_Spider_ascii.stl"), 1.0);
  const ImportedPart binary = importPart(test::corpusModel("assimp_Spider_binary.stl"), 1.0);
  ASSERT_EQ(ascii.mesh.triangles, binary.mesh.triangles);
  ASSERT_EQ(ascii.mesh.vertices.size(), binary.mesh.vertices.size());
  // The text holds 6 decimals, the binary floats: they agree to float precision.
  for (std::size_t v = 0; v < ascii.mesh.vertices.size(); ++v)
    EXPECT_LT(norm(ascii.mesh.vertices[v] - binary.mesh.vertices[v]), 1e-6) << "vertex " << v;
  EXPECT_EQ(ascii.diagnostics.boundary_edges, binary.diagnostics.boundary_edges);
  EXPECT_EQ(ascii.diagnostics.misoriented_edges, binary.diagnostics.misoriented_edges);
}

TEST_F(SharedCorpus, BinaryFilesWhoseHeaderStartsWithSolidAreReadAsBinary) {
  for (const char* name : {"opencamlib_ktoolcav.stl", "opencamlib_ktoolcor.stl"}) {
    const std::string path = test::corpusModel(name);
    const std::string bytes = readFileBytes(path);
    ASSERT_EQ(bytes.substr(0, 5), "solid") << name;
    EXPECT_EQ(detectStlEncoding(bytes, path), StlEncoding::binary) << name;
  }
}

TEST_F(SharedCorpus, TwoSolidBlocksInOneFileGiveBothTriangles) {
  const ImportedPart part =
      importPart(test::corpusModel("assimp_triangle_with_two_solids.stl"), 1.0);
  ASSERT_EQ(part.mesh.triangles.size(), 2u);
  const Mesh& mesh = part.mesh;
  EXPECT_EQ(mesh.vertices[mesh.triangles[0][0]], Vec3(1, 1, 0));
  EXPECT_EQ(mesh.vertices[mesh.triangles[1][2]], Vec3(0, 2, 0));
}

}  // namespace
}  // namespace gougechek
