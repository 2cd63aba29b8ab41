#pragma once
// Builds a welded Mesh from a stream of triangles given by their corner positions (a "triangle
// soup", which is what STL stores). Welding is exact: corners with bit-identical coordinates
// become one vertex, nearly coincident ones stay apart. Merging within a tolerance would move
// the design surface by up to that tolerance, and gouges are reported to 1e-6 mm; a gap that
// exact welding leaves open shows up as boundary edges in the surface check instead.
//
// The corners are gathered first and welded at the end on all cores; vertices are numbered in
// the order their positions first occur, so the mesh is the same whatever the thread count.
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "geom/huge_page_allocator.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek {

class MeshBuilder {
 public:
  using Corners = std::array<Vec3, 3>;
  /// A corner in single precision, as a binary STL stores it. While every coordinate given is
  /// a float exactly, the builder keeps its corners so: half as many bytes to write, read and
  /// weld.
  struct FloatPoint {
    float x, y, z;
    bool operator==(const FloatPoint&) const = default;
  };
  using FloatCorners = std::array<FloatPoint, 3>;

  /// Prepares for about `triangles` triangles (a hint; more may be added).
  void reserve(std::size_t triangles);

  /// Adds the triangle a, b, c (finite coordinates, in mm, counter-clockwise seen from outside).
  /// A zero-area triangle (two equal corners, or an exactly zero cross product) is dropped and
  /// counted instead; returns whether the triangle was kept.
  bool addTriangle(const Vec3& a, const Vec3& b, const Vec3& c);

  /// Adds `triangles` in order, as addTriangle does each, sharing the work out over the cores.
  void addTriangles(std::span<const Corners> triangles);
  void addTriangles(std::span<const FloatCorners> triangles);

  /// Zero-area triangles dropped so far.
  std::size_t degenerateDropped() const { return degenerate_dropped_; }

  /// Triangles kept so far.
  std::size_t triangleCount() const {
    return (all_floats_ ? float_soup_.size() : soup_.size()) / 3;
  }

  /// Welds the triangles kept so far into a mesh and hands it over; the builder is left empty
  /// but for degenerateDropped(). Throws std::length_error beyond 2^31 − 1 corners.
  Mesh take();

 private:
  /// addTriangles for either precision.
  template <class Triangle>
  void addAll(std::span<const Triangle> triangles);
  /// Makes the soup double precision, for corners that are no floats.
  void leaveFloats();
  /// Appends corners given in double precision to the soup.
  void append(const Vec3* corners, std::size_t count);

  // Three corners per kept triangle, −0.0 made +0.0: in float_soup_ while all_floats_, else in
  // soup_.
  HugePageVector<FloatPoint> float_soup_;
  HugePageVector<Vec3> soup_;
  bool all_floats_ = true;
  std::size_t degenerate_dropped_ = 0;
};

}  // namespace gougechek
