// An independent reference model of a corpus part, for computing expected gouge depths without
// gougechek's own code: a binary STL read here, binned on a 2D grid, with the part's top height
// at a point (the corpus parts have no undercuts, so the top height describes them) and the
// exact distance from a point to the triangles.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <vector>

namespace gougechek::e2e {

struct Point3 {
  double x = 0, y = 0, z = 0;
};
inline Point3 operator+(Point3 a, Point3 b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
inline Point3 operator-(Point3 a, Point3 b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
inline Point3 operator*(Point3 a, double s) {
  return {a.x * s, a.y * s, a.z * s};
}
inline double dot(Point3 a, Point3 b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline double norm(Point3 a) {
  return std::sqrt(dot(a, a));
}

using Triangle = std::array<Point3, 3>;

/// The point of triangle abc closest to p (Ericson, Real-Time Collision Detection, 5.1.5).
inline Point3 closestPointOnTriangle(Point3 p, const Triangle& t) {
  const Point3 &a = t[0], &b = t[1], &c = t[2];
  const Point3 ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const Point3 bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + ab * (d1 / (d1 - d3));
  const Point3 cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + ac * (d2 / (d2 - d6));
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  }
  const double scale = 1 / (va + vb + vc);
  return a + ab * (vb * scale) + ac * (vc * scale);
}

class ReferenceMesh {
 public:
  /// Reads a binary STL (all corpus STLs are binary); degenerate facets are dropped.
  explicit ReferenceMesh(const std::filesystem::path& stl) {
    std::ifstream in(stl, std::ios::binary);
    char header[80];
    std::uint32_t count = 0;
    in.read(header, sizeof header);
    in.read(reinterpret_cast<char*>(&count), sizeof count);
    for (std::uint32_t i = 0; i < count && in; ++i) {
      char record[50];
      in.read(record, sizeof record);
      float values[12];
      std::memcpy(values, record, sizeof values);
      Triangle t;
      for (int v = 0; v < 3; ++v) t[v] = {values[3 + 3 * v], values[4 + 3 * v], values[5 + 3 * v]};
      if (norm(cross(t[1] - t[0], t[2] - t[0])) > 1e-12) triangles_.push_back(t);
    }
    if (!in || triangles_.empty()) throw std::runtime_error("cannot read " + stl.string());
    bin();
  }

  const std::vector<Triangle>& triangles() const { return triangles_; }

  /// Heights of the part's upward-facing horizontal facets (its floors and flat tops).
  std::vector<double> floorHeights() const {
    std::vector<double> heights;
    for (const Triangle& t : triangles_) {
      const Point3 n = cross(t[1] - t[0], t[2] - t[0]);
      if (t[0].z == t[1].z && t[1].z == t[2].z && n.z > 0) heights.push_back(t[0].z);
    }
    std::sort(heights.begin(), heights.end());
    heights.erase(std::unique(heights.begin(), heights.end()), heights.end());
    return heights;
  }

  /// Highest point of the part surface above (x, y); -infinity where there is no part.
  double topHeight(double x, double y) const {
    double top = -std::numeric_limits<double>::infinity();
    if (!insideGrid(x, y)) return top;
    for (int index : cells_[cellIndex(column(x), row(y))]) {
      const Triangle& t = triangles_[index];
      // Barycentric coordinates of (x, y) in the triangle's projection.
      const double det =
          (t[1].x - t[0].x) * (t[2].y - t[0].y) - (t[2].x - t[0].x) * (t[1].y - t[0].y);
      if (std::abs(det) < 1e-12) continue;  // vertical facet
      const double u = ((x - t[0].x) * (t[2].y - t[0].y) - (t[2].x - t[0].x) * (y - t[0].y)) / det;
      const double v = ((t[1].x - t[0].x) * (y - t[0].y) - (x - t[0].x) * (t[1].y - t[0].y)) / det;
      if (u < -1e-9 || v < -1e-9 || u + v > 1 + 1e-9) continue;
      top = std::max(top, t[0].z + u * (t[1].z - t[0].z) + v * (t[2].z - t[0].z));
    }
    return top;
  }

  /// Distance from p to the part surface, exact for this mesh, capped at `reach` (the capped
  /// distance is still 1-Lipschitz in p).
  double distance(Point3 p, double reach) const {
    double best = reach;
    const int c0 = std::max(0, column(p.x - reach)),
              c1 = std::min(columns_ - 1, column(p.x + reach));
    const int r0 = std::max(0, row(p.y - reach)), r1 = std::min(rows_ - 1, row(p.y + reach));
    for (int r = r0; r <= r1; ++r) {
      for (int c = c0; c <= c1; ++c) {
        for (int index : cells_[cellIndex(c, r)]) {
          best = std::min(best, norm(p - closestPointOnTriangle(p, triangles_[index])));
        }
      }
    }
    return best;
  }

 private:
  static constexpr double kCell = 1.0;  // mm

  static Point3 cross(Point3 a, Point3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
  }
  int column(double x) const { return static_cast<int>(std::floor((x - min_x_) / kCell)); }
  int row(double y) const { return static_cast<int>(std::floor((y - min_y_) / kCell)); }
  int cellIndex(int c, int r) const { return r * columns_ + c; }
  bool insideGrid(double x, double y) const {
    return column(x) >= 0 && column(x) < columns_ && row(y) >= 0 && row(y) < rows_;
  }

  void bin() {
    double max_x = -1e300, max_y = -1e300;
    min_x_ = min_y_ = 1e300;
    for (const Triangle& t : triangles_) {
      for (const Point3& v : t) {
        min_x_ = std::min(min_x_, v.x), max_x = std::max(max_x, v.x);
        min_y_ = std::min(min_y_, v.y), max_y = std::max(max_y, v.y);
      }
    }
    columns_ = column(max_x) + 1;
    rows_ = row(max_y) + 1;
    cells_.assign(static_cast<std::size_t>(columns_) * rows_, {});
    for (int i = 0; i < static_cast<int>(triangles_.size()); ++i) {
      const Triangle& t = triangles_[i];
      const auto [x0, x1] = std::minmax({t[0].x, t[1].x, t[2].x});
      const auto [y0, y1] = std::minmax({t[0].y, t[1].y, t[2].y});
      for (int r = row(y0); r <= row(y1); ++r) {
        for (int c = column(x0); c <= column(x1); ++c) cells_[cellIndex(c, r)].push_back(i);
      }
    }
  }

  std::vector<Triangle> triangles_;
  double min_x_ = 0, min_y_ = 0;
  int columns_ = 0, rows_ = 0;
  std::vector<std::vector<int>> cells_;
};

}  // namespace gougechek::e2e
