#include "verify/exact_confirmation.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <set>

#include "geom/arc_sweep.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {

namespace {

// The tool-tip position along a move, t in [0, 1]: straight, or along the arc's sweep.
class MovePath {
 public:
  explicit MovePath(const Move& move) : move_(move) {
    if (move.kind == MoveKind::Arc) arc_.emplace(move);
  }

  Vec3 at(double t) const { return arc_ ? arc_->at(t) : move_.from + (move_.to - move_.from) * t; }

  /// Length of the tip's path, mm.
  double length() const { return arc_ ? arc_->length() : norm(move_.to - move_.from); }

 private:
  const Move& move_;
  std::optional<ArcSweep> arc_;
};

// Faces of the triangles within `reach` of the axis-aligned box of `points`.
std::vector<std::uint32_t> facesNear(const ExactPart& part, const std::vector<Vec3>& points,
                                     double reach) {
  std::array<double, 3> lo{points[0].x, points[0].y, points[0].z}, hi = lo;
  for (const Vec3& p : points) {
    for (int axis = 0; axis < 3; ++axis) {
      lo[axis] = std::min(lo[axis], p[axis]);
      hi[axis] = std::max(hi[axis], p[axis]);
    }
  }
  std::set<std::uint32_t> faces;
  for (std::size_t t = 0; t < part.mesh.triangles.size(); ++t) {
    bool apart = false;
    for (int axis = 0; axis < 3 && !apart; ++axis) {
      double tri_lo = part.mesh.vertices[part.mesh.triangles[t][0]][axis], tri_hi = tri_lo;
      for (std::uint32_t corner : part.mesh.triangles[t]) {
        tri_lo = std::min(tri_lo, part.mesh.vertices[corner][axis]);
        tri_hi = std::max(tri_hi, part.mesh.vertices[corner][axis]);
      }
      apart = tri_hi < lo[axis] - reach || tri_lo > hi[axis] + reach;
    }
    if (!apart) faces.insert(part.face_of_triangle[t]);
  }
  return {faces.begin(), faces.end()};
}

struct ExactFinding {
  double distance;
  double t;
};

// Least core distance along the path: samples a few per millimetre, then narrows the best
// bracket by golden section (the distance is smooth and unimodal that close to its minimum).
ExactFinding closestApproach(const MovePath& path, const FrustumCore& core,
                             const std::vector<std::uint32_t>& faces, const ExactPart& part) {
  const auto distanceAt = [&](double t) { return part.distance(core, path.at(t), faces); };
  const int samples = std::clamp(static_cast<int>(path.length() * 4), 8, 256);
  ExactFinding best{distanceAt(0), 0};
  for (int i = 1; i <= samples; ++i) {
    const double t = static_cast<double>(i) / samples;
    const double d = distanceAt(t);
    if (d < best.distance) best = {d, t};
  }
  double a = std::max(0.0, best.t - 1.0 / samples), b = std::min(1.0, best.t + 1.0 / samples);
  const double ratio = (std::sqrt(5.0) - 1) / 2;
  double c = b - ratio * (b - a), d = a + ratio * (b - a);
  double fc = distanceAt(c), fd = distanceAt(d);
  while ((b - a) * path.length() > 1e-6) {
    if (fc < fd) {
      b = d, d = c, fd = fc;
      c = b - ratio * (b - a), fc = distanceAt(c);
    } else {
      a = c, c = d, fc = fd;
      d = a + ratio * (b - a), fd = distanceAt(d);
    }
  }
  for (const ExactFinding candidate : {ExactFinding{fc, c}, ExactFinding{fd, d}})
    if (candidate.distance < best.distance) best = candidate;
  return best;
}

}  // namespace

void confirmOnExactSurfaces(std::vector<Violation>& violations, const ExactPart& part,
                            const ToolLibrary& tools, const VerifySettings& settings,
                            double deflection) {
  const double tolerance = settings.tolerance;
  std::erase_if(violations, [&](Violation& v) {
    // Rapids with a clearance are judged by distance, not depth; holders have no exact depth.
    const bool by_depth =
        v.kind == ViolationKind::Gouge ||
        (v.kind == ViolationKind::RapidCollision && settings.rapid_clearance == 0);
    if (!by_depth || v.severe || std::abs(v.depth - tolerance) > deflection) return false;
    const ToolSpec* spec = tools.find(v.tool);
    if (!spec) return false;
    const CutterModel cutter = makeCutterModel(*spec, settings.stock, tolerance);
    if (v.segment >= cutter.sections.size() || !cutter.sections[v.segment].natural_skin)
      return false;
    const FrustumCore& core = cutter.sections[v.segment].core;
    const MovePath path(v.path);
    std::vector<Vec3> points;
    for (int i = 0; i <= 16; ++i) points.push_back(path.at(i / 16.0));
    const double reach = core.outerRadius() + std::max(core.z_top, 0.0) + deflection;
    const std::vector<std::uint32_t> faces = facesNear(part, points, reach);
    if (faces.empty()) return false;
    const ExactFinding closest = closestApproach(path, core, faces, part);
    if (closest.distance <= 0) return false;  // the core meets the surface: not an exact case
    const double depth = core.margin - closest.distance;
    if (depth <= tolerance) return true;
    v.depth = depth;
    v.at = path.at(closest.t);
    v.exact = true;
    return false;
  });
}

}  // namespace gougechek
