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

bool ExpandingPolytope::add(const Vec3& p) {
  // The faces that see p go and the edges around them (the horizon) are joined to p. In exact
  // arithmetic those faces are one patch bounded by one loop. Rounding can let a face nearly
  // coplanar with p see it apart from the rest (a long shank's generators are such points):
  // taking every face that sees p then leaves a ragged patch, faces overlap and multiply with
  // each point, and a query never ends. So the patch is grown across shared edges from the
  // face that sees p best, and one whose border is not a single loop adds nothing.
  constexpr double kVisible = 1e-12;
  patch_.clear();
  int seed = -1;
  double best = 0;
  for (std::size_t i = 0; i < faces_.size(); ++i) {
    const Face& f = faces_[i];
    const double height = dot(f.normal, p) - f.offset;
    if (height <= kVisible * std::max(1.0, std::abs(f.offset))) continue;
    patch_.push_back(static_cast<int>(i));
    if (height > best) best = height, seed = static_cast<int>(i);
  }
  if (seed < 0) return false;  // p is inside or on the polytope
  growPatch(seed);
  if (!horizonIsOneLoop()) return false;
  in_patch_.assign(faces_.size(), false);
  for (const int i : patch_) in_patch_[i] = true;
  kept_.clear();
  for (std::size_t i = 0; i < faces_.size(); ++i)
    if (!in_patch_[i]) kept_.push_back(faces_[i]);
  std::swap(faces_, kept_);
  const int index = static_cast<int>(vertices_.size());
  vertices_.push_back(p);
  for (const auto& [a, b] : horizon_) addFace(a, b, index);
  return true;
}

void ExpandingPolytope::growPatch(int seed) {
  // patch_ holds every face that sees p; it becomes those reached from `seed` across edges,
  // in the order reached.
  std::vector<int>& seeing = candidates_;
  seeing.assign(patch_.begin(), patch_.end());
  patch_.assign(1, seed);
  std::erase(seeing, seed);
  const auto shares_edge = [&](const Face& f, const Face& g) {
    for (int k = 0; k < 3; ++k)
      for (int l = 0; l < 3; ++l)
        if (f.v[k] == g.v[(l + 1) % 3] && f.v[(k + 1) % 3] == g.v[l]) return true;
    return false;
  };
  for (std::size_t next = 0; next < patch_.size(); ++next) {
    const Face& f = faces_[patch_[next]];
    std::erase_if(seeing, [&](int g) {
      if (!shares_edge(f, faces_[g])) return false;
      patch_.push_back(g);
      return true;
    });
  }
}

bool ExpandingPolytope::horizonIsOneLoop() {
  // The patch's edges whose twin lies outside it, then a walk along them from the first.
  std::vector<std::pair<int, int>>& all = patch_edges_;
  all.clear();
  for (const int i : patch_)
    for (int k = 0; k < 3; ++k) all.emplace_back(faces_[i].v[k], faces_[i].v[(k + 1) % 3]);
  std::vector<std::pair<int, int>>& edges = horizon_;
  edges.clear();
  for (const auto& [a, b] : all)
    if (std::find(all.begin(), all.end(), std::make_pair(b, a)) == all.end())
      edges.emplace_back(a, b);
  if (edges.size() < 3) return false;
  int at = edges.front().second;
  for (std::size_t steps = 1; steps < edges.size(); ++steps) {
    if (at == edges.front().first) return false;  // closed before every edge was walked
    const auto out = std::find_if(edges.begin(), edges.end(),
                                  [&](const std::pair<int, int>& e) { return e.first == at; });
    if (out == edges.end()) return false;
    at = out->second;
  }
  return at == edges.front().first;
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
