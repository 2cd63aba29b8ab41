// zoomOn(): a zoom from a side that sees its point, for violations on walls that face away
// from the standard iso view.
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "render/render.hpp"

namespace gougechek::render {

namespace {

struct Segment {
  Vec3 a, b, lo, hi;
  Segment(const Vec3& from, const Vec3& to)
      : a(from),
        b(to),
        lo{std::min(from.x, to.x), std::min(from.y, to.y), std::min(from.z, to.z)},
        hi{std::max(from.x, to.x), std::max(from.y, to.y), std::max(from.z, to.z)} {}
};

bool boxesMeet(const Vec3& lo, const Vec3& hi, const Vec3& p, const Vec3& q, const Vec3& r) {
  return std::max({p.x, q.x, r.x}) >= lo.x && std::min({p.x, q.x, r.x}) <= hi.x &&
         std::max({p.y, q.y, r.y}) >= lo.y && std::min({p.y, q.y, r.y}) <= hi.y &&
         std::max({p.z, q.z, r.z}) >= lo.z && std::min({p.z, q.z, r.z}) <= hi.z;
}

/// Whether the triangle p, q, r crosses the segment (Möller–Trumbore).
bool crosses(const Segment& segment, const Vec3& p, const Vec3& q, const Vec3& r) {
  const Vec3 along = segment.b - segment.a;
  const Vec3 e1 = q - p, e2 = r - p;
  const Vec3 h = cross(along, e2);
  const double det = dot(e1, h);
  if (det == 0) return false;  // the segment runs in the triangle's plane
  const Vec3 s = segment.a - p;
  const double u = dot(s, h) / det;
  if (u < 0 || u > 1) return false;
  const Vec3 k = cross(s, e1);
  const double v = dot(along, k) / det;
  if (v < 0 || u + v > 1) return false;
  const double t = dot(e2, k) / det;
  return t >= 0 && t <= 1;
}

}  // namespace

Camera zoomOn(const Mesh& mesh, const Vec3& centre, double radius_mm, double cutter_radius) {
  const Camera standard = around(centre, radius_mm, ViewKind::Iso);
  if (!isFinite(centre)) throw std::invalid_argument("render: the zoom's centre is not finite");
  if (!(std::isfinite(cutter_radius) && cutter_radius >= 0))
    throw std::invalid_argument("render: the cutter radius must be ≥ 0");
  // The iso view, the iso views from the other three sides, then the top view.
  constexpr std::array<Vec3, 5> kDirections{
      {{-1, 1, -1}, {1, 1, -1}, {1, -1, -1}, {-1, -1, -1}, {0, 0, -1}}};
  // The points looked for: the centre, and where the cutter's rim may touch.
  std::vector<Vec3> points{centre};
  if (cutter_radius > 0) {
    for (int k = 0; k < 8; ++k) {
      const double a = k * std::numbers::pi / 4;
      points.push_back(centre + Vec3{std::cos(a), std::sin(a), 0} * cutter_radius);
    }
  }
  // From each point towards the eye, up to the near clip (nothing beyond is drawn); not from
  // the point itself, which may lie on the surface it gouged, or just under it.
  std::vector<Segment> segments;
  Vec3 lo = centre, hi = centre;
  for (const Vec3& direction : kDirections) {
    const Vec3 towards_eye = -normalized(direction);
    for (const Vec3& point : points) {
      const Segment& s = segments.emplace_back(point + towards_eye * (0.05 * radius_mm),
                                               point + towards_eye * standard.near_clip);
      lo = {std::min(lo.x, s.lo.x), std::min(lo.y, s.lo.y), std::min(lo.z, s.lo.z)};
      hi = {std::max(hi.x, s.hi.x), std::max(hi.y, s.hi.y), std::max(hi.z, s.hi.z)};
    }
  }
  // One pass over the triangles for all of them: most are away from all.
  std::vector<bool> hidden(segments.size(), false);
  const std::size_t count = mesh.vertices.size();
  for (const Triangle& t : mesh.triangles) {
    if (t[0] >= count || t[1] >= count || t[2] >= count)
      throw std::invalid_argument("render: a triangle indexes no vertex");
    const Vec3& p = mesh.vertices[t[0]];
    const Vec3& q = mesh.vertices[t[1]];
    const Vec3& r = mesh.vertices[t[2]];
    if (!boxesMeet(lo, hi, p, q, r)) continue;
    for (std::size_t i = 0; i < segments.size(); ++i) {
      if (!hidden[i] && boxesMeet(segments[i].lo, segments[i].hi, p, q, r) &&
          crosses(segments[i], p, q, r)) {
        hidden[i] = true;
      }
    }
  }
  // The view seeing the most points; the earlier on a tie.
  std::size_t best = 0, best_seen = 0;
  for (std::size_t view = 0; view < kDirections.size(); ++view) {
    std::size_t seen = 0;
    for (std::size_t k = 0; k < points.size(); ++k) seen += !hidden[view * points.size() + k];
    if (seen > best_seen) {
      best = view;
      best_seen = seen;
    }
  }
  Camera camera = standard;
  camera.direction = kDirections[best];
  camera.up = kDirections[best].x == 0 ? Vec3{0, 1, 0} : Vec3{0, 0, 1};
  return camera;
}

}  // namespace gougechek::render
