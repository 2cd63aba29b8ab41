#pragma once
// The part as an indexed triangle surface. Material is on the side the triangles' normals
// (counter-clockwise winding) point away from.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gougechek/export.hpp"
#include "gougechek/vec3.hpp"

namespace gougechek {

/// A triangle as three indices into Mesh::vertices.
using Triangle = std::array<std::uint32_t, 3>;

/// An indexed triangle surface, in mm.
struct Mesh {
  std::vector<Vec3> vertices;       ///< welded: each position stored once
  std::vector<Triangle> triangles;  ///< indices into vertices, counter-clockwise seen from outside
};

/// What the importer found and did, for the report's warnings.
struct MeshDiagnostics {
  std::size_t degenerate_dropped = 0;  ///< zero-area triangles removed
  std::size_t boundary_edges = 0;      ///< edges used by one triangle: the surface is open
  std::size_t non_manifold_edges = 0;  ///< edges used by more than two triangles
  std::size_t misoriented_edges = 0;   ///< edges whose two triangles run the same way
  std::vector<std::string> warnings;   ///< human-readable, one per finding
};

/// Axis-aligned bounds of the mesh's vertices: {min, max}.
GOUGECHEK_API std::array<Vec3, 2> bounds(const Mesh& mesh);

}  // namespace gougechek
