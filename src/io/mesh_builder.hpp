#pragma once
// Builds a welded Mesh from a stream of triangles given by their corner positions (a "triangle
// soup", which is what STL stores). Welding is exact: corners with bit-identical coordinates
// become one vertex, nearly coincident ones stay apart. Merging within a tolerance would move
// the design surface by up to that tolerance, and gouges are reported to 1e-6 mm; a gap that
// exact welding leaves open shows up as boundary edges in the surface check instead.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gougechek/mesh.hpp"

namespace gougechek {

class MeshBuilder {
 public:
  /// Prepares for about `triangles` triangles (a hint; more may be added).
  void reserve(std::size_t triangles);

  /// Adds the triangle a, b, c (finite coordinates, in mm, counter-clockwise seen from outside).
  /// A zero-area triangle (two equal corners, or an exactly zero cross product) is dropped and
  /// counted instead; returns whether the triangle was kept.
  bool addTriangle(const Vec3& a, const Vec3& b, const Vec3& c);

  /// Zero-area triangles dropped so far.
  std::size_t degenerateDropped() const { return degenerate_dropped_; }

  /// Triangles kept so far.
  std::size_t triangleCount() const { return mesh_.triangles.size(); }

  /// Hands over the mesh built so far; degenerateDropped() keeps its count.
  Mesh take();

 private:
  std::uint32_t weld(const Vec3& position);
  void rehash(std::size_t slots);

  Mesh mesh_;
  std::vector<std::uint32_t> table_;  ///< open addressing: vertex index, or kEmpty
  std::size_t degenerate_dropped_ = 0;
};

}  // namespace gougechek
