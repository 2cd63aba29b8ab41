// STEP and IGES through OpenCASCADE: generated parts of known geometry, and every B-rep file of
// the shared corpus.
#include <gtest/gtest.h>

#include <BRepBndLib.hxx>
#include <BRepBuilderAPI_MakeVertex.hxx>
#include <Bnd_Box.hxx>
#include <STEPControl_Reader.hxx>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "brep_test_parts.hpp"
#include "io/exact_surfaces.hpp"
#include "io/part_reader.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

ImportOptions withDeflection(double deflection) {
  ImportOptions options;
  options.deflection = deflection;
  return options;
}

void expectBoundsNear(const ImportedPart& part, const Vec3& lo, const Vec3& hi, double tolerance) {
  const auto [mesh_lo, mesh_hi] = bounds(part.mesh);
  for (int axis = 0; axis < 3; ++axis) {
    EXPECT_NEAR(mesh_lo[axis], lo[axis], tolerance) << "axis " << axis;
    EXPECT_NEAR(mesh_hi[axis], hi[axis], tolerance) << "axis " << axis;
  }
}

TEST(BrepReader, SphericalCavityIsAClosedMeshWithinTheDeflection) {
  test::ScratchDir dir;
  const std::string path = dir.file("cavity.step");
  test::writeStep(test::blockWithSphericalCavity(), path);
  const double deflection = 0.01;
  const ImportedPart part = importPart(path, withDeflection(deflection));
  EXPECT_EQ(part.format, "step");
  EXPECT_EQ(part.units, "mm");
  EXPECT_EQ(part.solids, 1u);
  EXPECT_EQ(part.faces, 7u);  // six block faces (the top one holed) and the cavity
  EXPECT_EQ(part.diagnostics.boundary_edges, 0u);
  EXPECT_EQ(part.diagnostics.misoriented_edges, 0u);
  expectBoundsNear(part, {0, 0, 0}, {100, 80, 30}, 1e-9);
  ASSERT_EQ(part.face_of_triangle.size(), part.mesh.triangles.size());
  ASSERT_NE(part.exact, nullptr);
  EXPECT_EQ(part.exact->size(), part.faces);
  std::set<std::uint32_t> faces_seen(part.face_of_triangle.begin(), part.face_of_triangle.end());
  EXPECT_EQ(faces_seen.size(), part.faces);

  // Cavity triangles: corners on the sphere, centroids inside it by at most the deflection.
  const Vec3 centre{50, 40, 55};
  std::size_t cavity_triangles = 0;
  double deepest_sag = 0;
  for (const Triangle& t : part.mesh.triangles) {
    const Vec3 a = part.mesh.vertices[t[0]], b = part.mesh.vertices[t[1]],
               c = part.mesh.vertices[t[2]];
    if (std::abs(norm(a - centre) - 40) > 1e-9 || std::abs(norm(b - centre) - 40) > 1e-9 ||
        std::abs(norm(c - centre) - 40) > 1e-9)
      continue;
    ++cavity_triangles;
    deepest_sag = std::max(deepest_sag, 40 - norm((a + b + c) / 3.0 - centre));
    // Outward (material side away): the normal points into the cavity, towards the centre.
    EXPECT_GT(dot(cross(b - a, c - a), centre - a), 0);
  }
  EXPECT_GT(cavity_triangles, 1000u);
  EXPECT_LE(deepest_sag, deflection * 1.05);
  EXPECT_GT(deepest_sag, deflection * 0.2);  // the deflection was used, not a far finer mesh
}

TEST(BrepReader, FinerDeflectionGivesMoreTriangles) {
  test::ScratchDir dir;
  const std::string path = dir.file("cavity.stp");
  test::writeStep(test::blockWithSphericalCavity(), path);
  const std::size_t coarse = importPart(path, withDeflection(0.1)).mesh.triangles.size();
  const std::size_t fine = importPart(path, withDeflection(0.001)).mesh.triangles.size();
  EXPECT_GT(fine, 10 * coarse);
}

// The worker process is a new program, not a fork: a fork copies the locks other threads hold
// at that moment, and under AddressSanitizer every import hung on its allocator's lock while
// other threads allocated (CI once hung 900 s on FinerDeflectionGivesMoreTriangles).
TEST(BrepReader, PartsAreReadWhileOtherThreadsAllocate) {
  test::ScratchDir dir;
  const std::string path = dir.file("cavity.stp");
  test::writeStep(test::blockWithSphericalCavity(), path);
  std::atomic<bool> done{false};
  std::vector<std::thread> allocating;
  for (int thread = 0; thread < 3; ++thread)
    allocating.emplace_back([&done] {
      while (!done) std::vector<std::vector<int>>(64, std::vector<int>(16));
    });
  // A hung worker ends the test as a failure instead of hanging it.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  ImportOptions options = withDeflection(0.1);
  options.check_stop = [deadline] {
    if (std::chrono::steady_clock::now() > deadline) throw std::runtime_error("import hung");
  };
  constexpr int kImports = 10;
  int imported = 0;
  try {
    for (; imported < kImports; ++imported) importPart(path, options);
  } catch (const std::runtime_error& error) {
    ADD_FAILURE() << error.what() << " after " << imported << " imports";
  }
  done = true;
  for (std::thread& thread : allocating) thread.join();
  EXPECT_EQ(imported, kImports);
}

TEST(BrepReader, InchFilesAreConvertedToMillimetres) {
  test::ScratchDir dir;
  const std::string path = dir.file("cavity_in.step");
  test::writeStepInInches(test::blockWithSphericalCavity(), path);
  const ImportedPart part = importPart(path, withDeflection(0.01));
  EXPECT_EQ(part.units, "in");
  expectBoundsNear(part, {0, 0, 0}, {100, 80, 30}, 1e-6);
}

TEST(BrepReader, IgesGivesTheSameShape) {
  test::ScratchDir dir;
  const std::string path = dir.file("cavity.igs");
  test::writeIges(test::blockWithSphericalCavity(), path);
  const ImportedPart part = importPart(path, withDeflection(0.01));
  EXPECT_EQ(part.format, "iges");
  EXPECT_EQ(part.units, "mm");
  EXPECT_EQ(part.faces, 7u);
  EXPECT_EQ(part.diagnostics.boundary_edges, 0u);
  expectBoundsNear(part, {0, 0, 0}, {100, 80, 30}, 1e-6);
}

TEST(BrepReader, EverySolidOfAnAssemblyIsRead) {
  test::ScratchDir dir;
  const std::string path = dir.file("grid.step");
  test::writeStep(test::cylinderGrid(3), path);
  const ImportedPart part = importPart(path, withDeflection(0.01));
  EXPECT_EQ(part.solids, 9u);
  EXPECT_EQ(part.faces, 27u);
  EXPECT_EQ(part.diagnostics.boundary_edges, 0u);
  expectBoundsNear(part, {-2, -2, 0}, {12, 12, 5}, 0.01);
}

TEST(BrepReader, UnreadableAndEmptyFilesAreInputErrors) {
  test::ScratchDir dir;
  const std::string garbage = dir.write("garbage.step", "this is not ISO-10303-21\n");
  test::expectInputError([&] { importPart(garbage, 1.0); }, garbage, "not a readable STEP file");
  const std::string stl_named_iges = dir.write("cube.IGS", test::binaryStl(test::cubeTriangles()));
  test::expectInputError([&] { importPart(stl_named_iges, 1.0); }, stl_named_iges,
                         "not a readable IGES file");
  const std::string point_only = dir.file("point.step");
  test::writeStep(BRepBuilderAPI_MakeVertex(gp_Pnt(1, 2, 3)).Shape(), point_only);
  test::expectInputError([&] { importPart(point_only, 1.0); }, point_only,
                         "holds no solid or surface");
  const std::string missing = dir.file("missing.stp");
  test::expectInputError([&] { importPart(missing, 1.0); }, missing, "cannot open the part file");
}

// The corpus's B-rep files, with what they hold. Triangle counts depend on OCCT's mesher: they
// are checked within ±20% of the counts measured with OCCT 7.6. The IGES files are surface
// models (no solid); the hammer is 38 m long, so it is read at a deflection of 3 mm.
struct CorpusBrep {
  const char* path;  ///< under ../shared/corpus/
  const char* format;
  std::size_t solids, faces, triangles;
  double deflection = 0.002;  ///< mm
};

void PrintTo(const CorpusBrep& model, std::ostream* out) {
  *out << model.path;
}

class CorpusBrepTest : public testing::TestWithParam<CorpusBrep> {
 protected:
  void SetUp() override {
    if (!std::filesystem::is_directory(test::corpusModel(""))) {
      if (std::getenv("CI")) FAIL() << "shared corpus not found";
      GTEST_SKIP() << "shared corpus not found";
    }
  }
};

// The exact bounds of the B-rep, from OCCT's own geometry rather than its mesh.
Bnd_Box exactBounds(const std::string& path) {
  STEPControl_Reader reader;
  reader.ReadFile(path.c_str());
  reader.TransferRoots();
  Bnd_Box box;
  BRepBndLib::AddOptimal(reader.OneShape(), box, false, false);
  return box;
}

TEST_P(CorpusBrepTest, LoadsWithItsSolidsFacesAndBounds) {
  const CorpusBrep& model = GetParam();
  const std::string path = std::string(GOUGECHEK_SHARED_DIR) + "/corpus/" + model.path;
  const double deflection = model.deflection;
  const ImportedPart part = importPart(path, withDeflection(deflection));
  EXPECT_EQ(part.format, model.format);
  EXPECT_EQ(part.solids, model.solids);
  EXPECT_EQ(part.faces, model.faces);
  EXPECT_GT(part.mesh.triangles.size(), model.triangles * 0.8);
  EXPECT_LT(part.mesh.triangles.size(), model.triangles * 1.2);
  EXPECT_EQ(part.face_of_triangle.size(), part.mesh.triangles.size());
  if (std::string(model.format) == "step") {
    double lo[3], hi[3];
    exactBounds(path).Get(lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]);
    expectBoundsNear(part, {lo[0], lo[1], lo[2]}, {hi[0], hi[1], hi[2]}, deflection);
  }
}

TEST_F(CorpusBrepTest, AHugePartAtAFineDeflectionAsksForACoarserOne) {
  const std::string path = test::corpusModel("occt_hammer.iges");
  test::expectInputError([&] { importPart(path, withDeflection(0.002)); }, path,
                         "would need too many triangles; pass --deflection 0.04");
}

INSTANTIATE_TEST_SUITE_P(
    SharedCorpus, CorpusBrepTest,
    testing::Values(CorpusBrep{"models/freecad-idflibs_SOT23.igs", "iges", 0, 73, 1088},
                    CorpusBrep{"models/freecad-idflibs_TCMT1107_4.stp", "step", 1, 70, 572},
                    CorpusBrep{"models/occt_hammer.iges", "iges", 0, 45, 55146, 3.0},
                    CorpusBrep{"models/occt_linkrods.step", "step", 1, 37, 11658},
                    CorpusBrep{"models/occt_screw.step", "step", 1, 10, 26546},
                    CorpusBrep{"cam/boss_block/part.step", "step", 1, 28, 18954},
                    CorpusBrep{"cam/chamfer_bracket/part.step", "step", 1, 46, 8174},
                    CorpusBrep{"cam/mold_cavity/part.step", "step", 1, 24, 68542},
                    CorpusBrep{"cam/mold_core/part.step", "step", 1, 6, 62552},
                    CorpusBrep{"cam/pocket_plate/part.step", "step", 1, 26, 5580}));

}  // namespace
}  // namespace gougechek
