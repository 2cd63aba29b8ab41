#include "mold_mesh.hpp"

#include <cstdint>
#include <vector>

#include "mold_shape.hpp"

namespace gougechek::samplegen {

namespace {
double asStored(double value) {
  return static_cast<double>(static_cast<float>(value));
}

Vec3 storedPoint(double x, double y, double z) {
  return {asStored(x), asStored(y), asStored(z)};
}

/// The top grid's vertex indices around its boundary, counter-clockwise seen from above,
/// starting at (0, 0): along y = 0, then x = max, y = max and x = 0.
std::vector<std::uint32_t> boundaryLoop(int cells) {
  const auto index = [cells](int i, int j) {
    return static_cast<std::uint32_t>(j * (cells + 1) + i);
  };
  std::vector<std::uint32_t> loop;
  for (int i = 0; i < cells; ++i) loop.push_back(index(i, 0));
  for (int j = 0; j < cells; ++j) loop.push_back(index(cells, j));
  for (int i = cells; i > 0; --i) loop.push_back(index(i, cells));
  for (int j = cells; j > 0; --j) loop.push_back(index(0, j));
  return loop;
}
}  // namespace

Mesh makeMoldMesh(int cells) {
  Mesh mesh;
  const int side = cells + 1;
  mesh.vertices.reserve(static_cast<std::size_t>(side) * side + 4 * cells + 1);
  for (int j = 0; j < side; ++j) {
    for (int i = 0; i < side; ++i) {
      const double x = kMoldLengthX * i / cells, y = kMoldWidthY * j / cells;
      mesh.vertices.push_back(storedPoint(x, y, moldTopHeight(x, y)));
    }
  }
  for (int j = 0; j < cells; ++j) {
    for (int i = 0; i < cells; ++i) {
      const auto v00 = static_cast<std::uint32_t>(j * side + i);
      const std::uint32_t v10 = v00 + 1, v01 = v00 + side, v11 = v01 + 1;
      mesh.triangles.push_back({v00, v10, v11});
      mesh.triangles.push_back({v00, v11, v01});
    }
  }

  // Walls: along a counter-clockwise loop the material is on the left, so (bottom k,
  // bottom k+1, top k+1) and (bottom k, top k+1, top k) face outward.
  const std::vector<std::uint32_t> top_loop = boundaryLoop(cells);
  const auto first_bottom = static_cast<std::uint32_t>(mesh.vertices.size());
  for (std::uint32_t top : top_loop) {
    const Vec3& above = mesh.vertices[top];
    mesh.vertices.push_back({above.x, above.y, 0});
  }
  const auto loop_size = static_cast<std::uint32_t>(top_loop.size());
  const auto centre = static_cast<std::uint32_t>(mesh.vertices.size());
  mesh.vertices.push_back(storedPoint(kMoldLengthX / 2, kMoldWidthY / 2, 0));
  for (std::uint32_t k = 0; k < loop_size; ++k) {
    const std::uint32_t next = (k + 1) % loop_size;
    const std::uint32_t bottom = first_bottom + k, bottom_next = first_bottom + next;
    mesh.triangles.push_back({bottom, bottom_next, top_loop[next]});
    mesh.triangles.push_back({bottom, top_loop[next], top_loop[k]});
    mesh.triangles.push_back({centre, bottom_next, bottom});  // the bottom faces down
  }
  return mesh;
}

}  // namespace gougechek::samplegen
