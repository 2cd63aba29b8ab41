#include "convex/interior_depth.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace gougechek {

void ExpandingPolytope::addFace(int a, int b, int c) {
  Face f{{a, b, c}, cross(vertices_[b] - vertices_[a], vertices_[c] - vertices_[a]), 0};
  const double length = norm(f.normal);
  f.normal = length > 0 ? f.normal / length : Vec3{0, 0, 0};
  f.offset = dot(f.normal, vertices_[a]);
  faces_.push_back(f);
}

bool ExpandingPolytope::start(const std::vector<Vec3>& points) {
  vertices_.clear();
  faces_.clear();
  // A tetrahedron of extreme points: the farthest pair, the farthest from their line, the
  // farthest from their plane.
  double scale = 0;
  for (const Vec3& p : points) scale = std::max(scale, norm(p));
  const double flat = 1e-9 * std::max(scale, 1.0);
  int i0 = 0, i1 = 0;
  double best = -1;
  for (std::size_t i = 0; i < points.size(); ++i)
    for (std::size_t j = i + 1; j < points.size(); ++j)
      if (norm2(points[j] - points[i]) > best) best = norm2(points[j] - points[i]), i0 = i, i1 = j;
  const Vec3 e = points[i1] - points[i0];
  int i2 = -1;
  best = flat * norm(e);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double area = norm(cross(points[i] - points[i0], e));
    if (area > best) best = area, i2 = i;
  }
  if (i2 < 0) return false;
  const Vec3 n = cross(e, points[i2] - points[i0]);
  int i3 = -1;
  best = flat * norm(n);
  for (std::size_t i = 0; i < points.size(); ++i) {
    const double height = std::abs(dot(points[i] - points[i0], n));
    if (height > best) best = height, i3 = i;
  }
  if (i3 < 0) return false;
  vertices_ = {points[i0], points[i1], points[i2], points[i3]};
  if (dot(points[i3] - points[i0], n) > 0) std::swap(vertices_[1], vertices_[2]);
  addFace(0, 1, 2);
  addFace(0, 3, 1);
  addFace(1, 3, 2);
  addFace(2, 3, 0);
  for (std::size_t i = 0; i < points.size(); ++i)
    if (i != std::size_t(i0) && i != std::size_t(i1) && i != std::size_t(i2) &&
        i != std::size_t(i3))
      add(points[i]);
  return true;
}

void ExpandingPolytope::add(const Vec3& p) {
  // Faces that see p go; the edges between a going and a staying face (the horizon) are joined
  // to p. A point inside (or on) the polytope changes nothing.
  constexpr double kVisible = 1e-12;
  std::vector<std::pair<int, int>>& edges = horizon_;
  edges.clear();
  kept_.clear();
  for (const Face& f : faces_) {
    if (dot(f.normal, p) - f.offset > kVisible * std::max(1.0, std::abs(f.offset))) {
      for (int k = 0; k < 3; ++k) edges.emplace_back(f.v[k], f.v[(k + 1) % 3]);
    } else {
      kept_.push_back(f);
    }
  }
  if (edges.empty()) return;
  std::swap(faces_, kept_);
  const int index = static_cast<int>(vertices_.size());
  vertices_.push_back(p);
  for (const auto& [a, b] : edges) {
    const bool interior =
        std::find(edges.begin(), edges.end(), std::make_pair(b, a)) != edges.end();
    if (!interior) addFace(a, b, index);
  }
}

void ExpandingPolytope::nearestFace(const Vec3& x, Vec3& normal, double& distance) const {
  distance = std::numeric_limits<double>::infinity();
  for (const Face& f : faces_) {
    if (norm2(f.normal) == 0) continue;
    const double d = f.offset - dot(f.normal, x);
    if (d < distance) distance = d, normal = f.normal;
  }
}

}  // namespace gougechek
