#include "ball_drop_cutter.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace gougechek::samplegen {

namespace {

constexpr double kEverywhere = std::numeric_limits<double>::infinity();
constexpr double kNowhere = -kEverywhere;

/// Tip height of the ball (radius r, centre above (x, y)) resting on point p.
double tipOnPoint(const Vec3& p, double x, double y, double r) {
  const double d2 = (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y);
  return d2 > r * r ? kNowhere : p.z + std::sqrt(r * r - d2) - r;
}

/// Tip height of the ball resting on the inside of edge ab. The vertical plane through the edge
/// cuts the ball in a circle of radius r' = sqrt(r² − d²), d the horizontal distance of the
/// axis from the edge's line; the circle rests on the edge's line at u_c, valid inside the edge.
double tipOnEdge(const Vec3& a, const Vec3& b, double x, double y, double r) {
  const double ex = b.x - a.x, ey = b.y - a.y;
  const double length2 = ex * ex + ey * ey;
  if (length2 == 0) return kNowhere;  // a vertical edge: its upper vertex holds the ball
  const double across = ex * (y - a.y) - ey * (x - a.x);
  const double d2 = across * across / length2;
  if (d2 > r * r) return kNowhere;
  const double length = std::sqrt(length2);
  const double u0 = ((x - a.x) * ex + (y - a.y) * ey) / length;
  const double slope = (b.z - a.z) / length;
  const double secant = std::sqrt(1 + slope * slope);
  const double circle_radius = std::sqrt(r * r - d2);
  const double u_contact = u0 + circle_radius * slope / secant;
  if (u_contact < 0 || u_contact > length) return kNowhere;
  return a.z + slope * u0 + circle_radius * secant - r;
}

double cross2(const Vec3& a, const Vec3& b, double x, double y) {
  return (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x);
}

/// Tip height of the ball touching the inside of the facet abc (unit normal n pointing up):
/// the centre lies r along n from the contact point, which must fall inside the triangle.
double tipOnFacet(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& n, double x, double y,
                  double r) {
  const double contact_x = x - r * n.x, contact_y = y - r * n.y;
  if (cross2(a, b, contact_x, contact_y) < 0 || cross2(b, c, contact_x, contact_y) < 0 ||
      cross2(c, a, contact_x, contact_y) < 0)
    return kNowhere;
  const double centre_z = a.z + (r - n.x * (x - a.x) - n.y * (y - a.y)) / n.z;
  return centre_z - r;
}

/// Per-thread marks so a triangle filed in several buckets is measured once per query.
struct QueryScratch {
  std::vector<std::uint32_t> seen;
  std::uint32_t stamp = 0;
  std::vector<std::pair<double, std::uint32_t>> candidates;  // (tip bound, bucket)

  std::uint32_t begin(std::size_t triangles) {
    if (seen.size() < triangles || ++stamp == 0) {
      seen.assign(std::max(seen.size(), triangles), 0);
      stamp = 1;
    }
    return stamp;
  }
};

}  // namespace

BallDropCutter::BallDropCutter(const Mesh& part, double radius) : part_(part), radius_(radius) {
  if (!(radius > 0)) throw std::invalid_argument("ball radius must be positive");
  // Whatever a cutter coming down from above meets first on a closed solid lies on a triangle
  // facing up, or on its edges and vertices: the others are not indexed.
  Box all{kEverywhere, kEverywhere, kNowhere, kNowhere, kNowhere};
  double extent_sum = 0;
  for (std::uint32_t t = 0; t < part.triangles.size(); ++t) {
    const auto& corners = part.triangles[t];
    const Vec3 n = cross(part.vertices[corners[1]] - part.vertices[corners[0]],
                         part.vertices[corners[2]] - part.vertices[corners[0]]);
    if (!(n.z > 1e-12 * norm(n))) continue;
    Box box{kEverywhere, kEverywhere, kNowhere, kNowhere, kNowhere};
    for (std::uint32_t v : corners) {
      const Vec3& p = part.vertices[v];
      box = {std::min(box.lo_x, p.x), std::min(box.lo_y, p.y), std::max(box.hi_x, p.x),
             std::max(box.hi_y, p.y), std::max(box.top, p.z)};
    }
    upward_.push_back(t);
    boxes_.push_back(box);
    normals_.push_back(n / norm(n));
    all = {std::min(all.lo_x, box.lo_x), std::min(all.lo_y, box.lo_y), std::max(all.hi_x, box.hi_x),
           std::max(all.hi_y, box.hi_y), std::max(all.top, box.top)};
    extent_sum += std::max(box.hi_x - box.lo_x, box.hi_y - box.lo_y);
  }
  if (upward_.empty()) throw std::invalid_argument("the part has no upward-facing triangle");
  // Buckets about twice a triangle's size hold a handful of triangles each.
  bucket_size_ = std::max(1 * extent_sum / static_cast<double>(upward_.size()), 1e-6);
  origin_x_ = all.lo_x, origin_y_ = all.lo_y;
  columns_ = static_cast<int>((all.hi_x - all.lo_x) / bucket_size_) + 1;
  rows_ = static_cast<int>((all.hi_y - all.lo_y) / bucket_size_) + 1;
  buckets_.assign(static_cast<std::size_t>(columns_) * rows_, Bucket{0, 0, kNowhere});

  // Two passes over the same bucket ranges: count, then file.
  auto for_each_bucket = [&](const Box& box, auto&& visit) {
    const int i0 = static_cast<int>((box.lo_x - origin_x_) / bucket_size_);
    const int i1 = std::min(static_cast<int>((box.hi_x - origin_x_) / bucket_size_), columns_ - 1);
    const int j0 = static_cast<int>((box.lo_y - origin_y_) / bucket_size_);
    const int j1 = std::min(static_cast<int>((box.hi_y - origin_y_) / bucket_size_), rows_ - 1);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i) visit(buckets_[static_cast<std::size_t>(j) * columns_ + i]);
  };
  for (const Box& box : boxes_) {
    for_each_bucket(box, [&](Bucket& b) { ++b.count, b.top = std::max(b.top, box.top); });
  }
  std::uint32_t next = 0;
  for (Bucket& b : buckets_) b.first = next, next += b.count, b.count = 0;
  filed_.resize(next);
  for (std::uint32_t k = 0; k < upward_.size(); ++k) {
    for_each_bucket(boxes_[k], [&](Bucket& b) { filed_[b.first + b.count++] = k; });
  }
}

double BallDropCutter::tipBound(const Box& box, double x, double y) const {
  const double dx = std::max({box.lo_x - x, x - box.hi_x, 0.0});
  const double dy = std::max({box.lo_y - y, y - box.hi_y, 0.0});
  const double d2 = dx * dx + dy * dy, r = radius_;
  return d2 > r * r ? kNowhere : box.top - r + std::sqrt(r * r - d2);
}

double BallDropCutter::tipOnTriangle(std::uint32_t upward, double x, double y) const {
  const auto& t = part_.triangles[upward_[upward]];
  const Vec3& a = part_.vertices[t[0]];
  const Vec3& b = part_.vertices[t[1]];
  const Vec3& c = part_.vertices[t[2]];
  const double r = radius_;
  return std::max({tipOnFacet(a, b, c, normals_[upward], x, y, r), tipOnEdge(a, b, x, y, r),
                   tipOnEdge(b, c, x, y, r), tipOnEdge(c, a, x, y, r), tipOnPoint(a, x, y, r),
                   tipOnPoint(b, x, y, r), tipOnPoint(c, x, y, r)});
}

double BallDropCutter::tipHeight(double x, double y) const {
  thread_local QueryScratch scratch;
  const std::uint32_t stamp = scratch.begin(upward_.size());
  double best = kNowhere;
  auto measure = [&](const Bucket& bucket) {
    for (std::uint32_t k = bucket.first; k < bucket.first + bucket.count; ++k) {
      const std::uint32_t t = filed_[k];
      if (scratch.seen[t] == stamp) continue;
      scratch.seen[t] = stamp;
      // The tip never rises above the contact point: a low triangle needs no closer look.
      if (boxes_[t].top > best && tipBound(boxes_[t], x, y) > best)
        best = std::max(best, tipOnTriangle(t, x, y));
    }
  };
  const auto column = [&](double u) {
    return static_cast<int>(std::floor((u - origin_x_) / bucket_size_));
  };
  const auto row = [&](double v) {
    return static_cast<int>(std::floor((v - origin_y_) / bucket_size_));
  };
  const auto bucket_box = [&](int i, int j) {
    const double lo_x = origin_x_ + i * bucket_size_, lo_y = origin_y_ + j * bucket_size_;
    const Bucket& bucket = buckets_[static_cast<std::size_t>(j) * columns_ + i];
    return Box{lo_x, lo_y, lo_x + bucket_size_, lo_y + bucket_size_, bucket.top};
  };

  // The bucket under the axis first: its contact is a good bound for pruning the others.
  const int centre_i = column(x), centre_j = row(y);
  if (centre_i >= 0 && centre_i < columns_ && centre_j >= 0 && centre_j < rows_)
    measure(buckets_[static_cast<std::size_t>(centre_j) * columns_ + centre_i]);

  scratch.candidates.clear();
  const double r = radius_;
  const int i0 = std::max(column(x - r), 0), i1 = std::min(column(x + r), columns_ - 1);
  const int j0 = std::max(row(y - r), 0), j1 = std::min(row(y + r), rows_ - 1);
  for (int j = j0; j <= j1; ++j) {
    for (int i = i0; i <= i1; ++i) {
      const std::size_t index = static_cast<std::size_t>(j) * columns_ + i;
      if (buckets_[index].count == 0 || (i == centre_i && j == centre_j)) continue;
      const double bound = tipBound(bucket_box(i, j), x, y);
      if (bound > best) scratch.candidates.emplace_back(bound, static_cast<std::uint32_t>(index));
    }
  }
  std::sort(scratch.candidates.begin(), scratch.candidates.end(),
            [](const auto& p, const auto& q) { return p.first > q.first; });
  for (const auto& [bound, index] : scratch.candidates) {
    if (bound <= best) break;
    measure(buckets_[index]);
  }
  return best;
}

}  // namespace gougechek::samplegen
