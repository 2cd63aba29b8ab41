#include "io/mesh_check.hpp"

#include <gtest/gtest.h>

#include <utility>

#include "io/mesh_builder.hpp"
#include "io_test_support.hpp"

namespace gougechek {
namespace {

Mesh weldedMesh(const std::vector<test::Corners>& triangles) {
  MeshBuilder builder;
  for (const test::Corners& t : triangles) builder.addTriangle(t[0], t[1], t[2]);
  return builder.take();
}

test::Corners reversed(test::Corners t) {
  std::swap(t[1], t[2]);
  return t;
}

TEST(MeshCheck, ClosedOutwardCubeHasNoFindings) {
  Mesh mesh = weldedMesh(test::cubeTriangles());
  const Mesh before = mesh;
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  EXPECT_EQ(diagnostics.boundary_edges, 0u);
  EXPECT_EQ(diagnostics.non_manifold_edges, 0u);
  EXPECT_EQ(diagnostics.misoriented_edges, 0u);
  EXPECT_TRUE(diagnostics.warnings.empty());
  EXPECT_EQ(mesh.triangles, before.triangles);
}

TEST(MeshCheck, MissingTriangleOpensTheSurface) {
  auto triangles = test::cubeTriangles();
  triangles.pop_back();
  Mesh mesh = weldedMesh(triangles);
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  EXPECT_EQ(diagnostics.boundary_edges, 3u);
  ASSERT_EQ(diagnostics.warnings.size(), 1u);
  EXPECT_EQ(diagnostics.warnings[0],
            "part surface is open: 3 boundary edges; inside/outside is judged by triangle "
            "orientation and may be wrong near the holes");
}

TEST(MeshCheck, OneReversedTriangleGivesThreeMisorientedEdgesAndNoFlip) {
  auto triangles = test::cubeTriangles();
  triangles[5] = reversed(triangles[5]);
  Mesh mesh = weldedMesh(triangles);
  const Mesh before = mesh;
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  EXPECT_EQ(diagnostics.boundary_edges, 0u);
  EXPECT_EQ(diagnostics.misoriented_edges, 3u);
  ASSERT_EQ(diagnostics.warnings.size(), 1u);
  EXPECT_NE(diagnostics.warnings[0].find("inconsistently oriented: 3 edges"), std::string::npos);
  EXPECT_EQ(mesh.triangles, before.triangles);
}

TEST(MeshCheck, FinOnAnEdgeIsNonManifold) {
  auto triangles = test::cubeTriangles();
  // Stands on the cube's bottom edge from (0,0,0) to (1,0,0), pointing away from the cube.
  triangles.push_back({Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0.5, -1, -1)});
  Mesh mesh = weldedMesh(triangles);
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  EXPECT_EQ(diagnostics.non_manifold_edges, 1u);
  EXPECT_EQ(diagnostics.boundary_edges, 2u);
  EXPECT_NE(diagnostics.warnings.back().find("non-manifold: 1 edges"), std::string::npos);
}

TEST(MeshCheck, InsideOutClosedSurfaceIsReversedWithAWarning) {
  std::vector<test::Corners> inside_out;
  for (const test::Corners& t : test::cubeTriangles()) inside_out.push_back(reversed(t));
  Mesh mesh = weldedMesh(inside_out);
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  ASSERT_EQ(diagnostics.warnings.size(), 1u);
  EXPECT_EQ(diagnostics.warnings[0],
            "part surface was inside out (negative volume): orientation reversed");
  // Every triangle now faces away from the cube's centre.
  const Vec3 centre(0.5, 0.5, 0.5);
  for (const Triangle& t : mesh.triangles) {
    const Vec3 a = mesh.vertices[t[0]], b = mesh.vertices[t[1]], c = mesh.vertices[t[2]];
    EXPECT_GT(dot(cross(b - a, c - a), a - centre), 0);
  }
}

TEST(MeshCheck, OpenInsideOutSurfaceIsLeftAsGiven) {
  std::vector<test::Corners> inside_out;
  for (const test::Corners& t : test::cubeTriangles()) inside_out.push_back(reversed(t));
  inside_out.pop_back();
  Mesh mesh = weldedMesh(inside_out);
  const Mesh before = mesh;
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  EXPECT_EQ(diagnostics.boundary_edges, 3u);
  EXPECT_EQ(mesh.triangles, before.triangles);
  EXPECT_EQ(diagnostics.warnings.size(), 1u);
}

TEST(MeshCheck, FarFromOriginInsideOutCubeIsStillRecognised) {
  std::vector<test::Corners> inside_out;
  const Vec3 offset(1e6, -2e6, 3e5);
  for (const test::Corners& t : test::cubeTriangles())
    inside_out.push_back(reversed({t[0] + offset, t[1] + offset, t[2] + offset}));
  Mesh mesh = weldedMesh(inside_out);
  MeshDiagnostics diagnostics;
  checkSurface(mesh, diagnostics);
  ASSERT_EQ(diagnostics.warnings.size(), 1u);
  EXPECT_NE(diagnostics.warnings[0].find("inside out"), std::string::npos);
}

}  // namespace
}  // namespace gougechek
