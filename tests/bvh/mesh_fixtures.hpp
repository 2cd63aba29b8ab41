#pragma once
// Meshes for the bvh tests: random triangle soups, closed welded lattice boxes (a cube, a
// terrain block), a closed octahedral sphere, and the brute-force references the tree is
// compared with.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <numbers>
#include <random>
#include <vector>

#include "geom/kdop.hpp"
#include "gougechek/mesh.hpp"

namespace gougechek::test {

/// n small triangles scattered in the unit cube, each with its own three vertices.
inline Mesh randomSoup(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<double> unit(0, 1), offset(-0.04, 0.04);
  Mesh mesh;
  for (std::size_t t = 0; t < n; ++t) {
    const Vec3 centre{unit(rng), unit(rng), unit(rng)};
    const auto first = static_cast<std::uint32_t>(mesh.vertices.size());
    for (int k = 0; k < 3; ++k)
      mesh.vertices.push_back(centre + Vec3{offset(rng), offset(rng), offset(rng)});
    mesh.triangles.push_back({first, first + 1, first + 2});
  }
  return mesh;
}

/// The closed surface of the lattice box [0,n]^3 (n×n quads per face, two triangles each,
/// vertices shared), outward-oriented, with lattice point (i,j,k) placed at position(i,j,k).
inline Mesh latticeBox(int n, const std::function<Vec3(int, int, int)>& position) {
  Mesh mesh;
  std::map<std::array<int, 3>, std::uint32_t> index;
  auto vertex = [&](std::array<int, 3> lattice) {
    auto [it, inserted] = index.try_emplace(lattice, mesh.vertices.size());
    if (inserted) mesh.vertices.push_back(position(lattice[0], lattice[1], lattice[2]));
    return it->second;
  };
  for (int axis = 0; axis < 3; ++axis) {
    const int u = (axis + 1) % 3, v = (axis + 2) % 3;  // e_u × e_v = e_axis
    for (const int side : {0, n})
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
          std::array<std::uint32_t, 4> quad;
          const int du[4] = {0, 1, 1, 0}, dv[4] = {0, 0, 1, 1};
          for (int c = 0; c < 4; ++c) {
            std::array<int, 3> lattice{};
            lattice[axis] = side;
            lattice[u] = a + du[c];
            lattice[v] = b + dv[c];
            quad[c] = vertex(lattice);
          }
          if (side == 0) std::swap(quad[1], quad[3]);  // outward is -e_axis there
          mesh.triangles.push_back({quad[0], quad[1], quad[2]});
          mesh.triangles.push_back({quad[0], quad[2], quad[3]});
        }
  }
  return mesh;
}

/// The cube [0,1]^3 with n×n quads per face.
inline Mesh subdividedCube(int n) {
  return latticeBox(n, [n](int i, int j, int k) {
    return Vec3{i / double(n), j / double(n), k / double(n)};
  });
}

/// Smooth height of the test terrains.
inline double terrainHeight(double x, double y) {
  return 0.3 * std::sin(0.9 * x) * std::cos(0.7 * y) + 0.1 * std::sin(2.3 * x + 1.1 * y);
}

/// A closed block on [0,size]^2 with the terrain as its top, walls down to z = -1 and a flat
/// bottom; vertex coordinates are dyadic so midpoints of grid edges are exact.
inline Mesh terrainBlock(int n, double size) {
  return latticeBox(n, [n, size](int i, int j, int k) {
    const double x = i * (size / n), y = j * (size / n);
    const double top = std::ldexp(std::round(std::ldexp(terrainHeight(x, y), 20)), -20);
    return Vec3{x, y, k == n ? top : -1.0 + k * ((top + 1.0) / n)};
  });
}

/// A closed sphere of radius 1: the octahedron with each face split into n² triangles,
/// vertices pushed onto the sphere.
inline Mesh octahedralSphere(int n) {
  Mesh mesh;
  std::map<std::array<int, 3>, std::uint32_t> index;
  auto vertex = [&](std::array<int, 3> lattice) {
    auto [it, inserted] = index.try_emplace(lattice, mesh.vertices.size());
    if (inserted)
      mesh.vertices.push_back(
          normalized(Vec3{double(lattice[0]), double(lattice[1]), double(lattice[2])}));
    return it->second;
  };
  for (const int sx : {-1, 1})
    for (const int sy : {-1, 1})
      for (const int sz : {-1, 1}) {
        // Face x+y+z = n (signed); lattice points (i, j, n-i-j) with ccw order seen outside.
        const bool flip = sx * sy * sz < 0;
        auto at = [&](int i, int j) { return vertex({sx * i, sy * j, sz * (n - i - j)}); };
        auto add = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
          mesh.triangles.push_back(flip ? Triangle{a, c, b} : Triangle{a, b, c});
        };
        for (int i = 0; i < n; ++i)
          for (int j = 0; i + j < n; ++j) {
            add(at(i, j), at(i + 1, j), at(i, j + 1));
            if (i + j + 1 < n) add(at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
          }
      }
  return mesh;
}

/// Generalized winding number (solid angles, Van Oosterom–Strackee); not robust on the
/// surface, exact enough off it to round.
inline double solidAngleWinding(const Mesh& mesh, const Vec3& p) {
  double total = 0;
  for (const Triangle& t : mesh.triangles) {
    const Vec3 a = mesh.vertices[t[0]] - p, b = mesh.vertices[t[1]] - p,
               c = mesh.vertices[t[2]] - p;
    const double la = norm(a), lb = norm(b), lc = norm(c);
    const double numerator = dot(a, cross(b, c));
    const double denominator = la * lb * lc + dot(a, b) * lc + dot(a, c) * lb + dot(b, c) * la;
    total += 2 * std::atan2(numerator, denominator);
  }
  return total / (4 * std::numbers::pi);
}

/// Every triangle whose own k-DOP overlaps `box`, in increasing order.
template <int K>
std::vector<std::uint32_t> bruteForceOverlaps(const Mesh& mesh, const Kdop<K>& box) {
  std::vector<std::uint32_t> hits;
  for (std::uint32_t t = 0; t < mesh.triangles.size(); ++t) {
    Kdop<K> tri = Kdop<K>::empty();
    for (const std::uint32_t v : mesh.triangles[t]) tri.add(mesh.vertices[v]);
    if (tri.overlaps(box)) hits.push_back(t);
  }
  return hits;
}

/// The k-DOP of a ball of radius r swept from a to b.
template <int K>
Kdop<K> sweptBall(const Vec3& a, const Vec3& b, double r) {
  Kdop<K> box = Kdop<K>::empty();
  box.add(a);
  box.add(b);
  box.grow(r);
  return box;
}

}  // namespace gougechek::test
