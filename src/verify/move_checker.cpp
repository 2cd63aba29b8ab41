#include "verify/move_checker.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "convex/core_distance.hpp"
#include "convex/surface_depth.hpp"
#include "verify/move_path.hpp"

namespace gougechek {
namespace {

// Core distances below this count as contact: the core itself reached the surface.
constexpr double kTouch = 1e-9;
// GJK stops when its bounds agree this closely: SPEC.md's exact depths are good to 1e-6 mm.
constexpr double kGjkTolerance = 1e-9;
// k-DOPs are widened by this much so rounding in the support values never culls a contact.
constexpr double kBoxSlack = 1e-7;

}  // namespace

template <int K>
bool SweptCoreQuery<K>::overlaps(const Kdop<K>& node) const {
  if (!box_.overlaps(node)) return false;
  std::array<Vec3, 8> corners;
  for (int i = 0; i < 8; ++i)
    corners[i] = {i & 1 ? node.hi[0] : node.lo[0], i & 2 ? node.hi[1] : node.lo[1],
                  i & 4 ? node.hi[2] : node.lo[2]};
  GjkQuery query;
  query.initial_direction = axis_;
  query.stop_above = reach_;
  query.tolerance = 1e-3 * reach_;
  const GjkResult r = gjkDistance(sweep_, corners.data(), 8, query);
  if (r.far) axis_ = r.axis;
  return !r.far;
}

template <int K>
MoveChecker<K>::MoveChecker(const Mesh& part, const KdopTree<K>& tree,
                            const VerifySettings& settings)
    : part_(part), tree_(tree), settings_(settings) {}

template <int K>
void MoveChecker<K>::resetFronts() {
  cutting_front_.reset();
  shank_front_.reset();
}

template <int K>
std::array<Vec3, 3> MoveChecker<K>::triangle(std::uint32_t index) const {
  const Triangle& t = part_.triangles[index];
  return {part_.vertices[t[0]], part_.vertices[t[1]], part_.vertices[t[2]]};
}

template <int K>
Kdop<K> MoveChecker<K>::sweptBox(const SweptCore& sweep, double grow) const {
  Kdop<K> box;
  for (int j = 0; j < Kdop<K>::kSlabs; ++j) {
    const Vec3& d = KdopDirections<K>::kDirs[j];
    box.hi[j] = dot(d, sweep.support(d).point);
    box.lo[j] = dot(d, sweep.support(-d).point);
  }
  box.grow(grow + kBoxSlack);
  return box;
}

template <int K>
typename MoveChecker<K>::Finding MoveChecker<K>::deepest(const FrustumCore& core,
                                                         double report_below, bool natural_skin,
                                                         double radius, Front& front) {
  const double stop_above = std::max(report_below, kTouch);
  Finding best;
  auto consider = [&](const Finding& f) {
    if (!best.found || f.depth > best.depth ||
        (f.depth == best.depth && f.triangle < best.triangle))
      best = f;
  };
  cores_reached_.clear();
  for (std::size_t p = 0; p < pieces_.size(); ++p) {
    const PathPiece& piece = pieces_[p];
    const SweptCore sweep{&core, &piece};
    const SweptCoreQuery<K> box(sweep, sweptBox(sweep, stop_above), stop_above + kBoxSlack);
    auto on_triangle = [&](std::uint32_t index) {
      ++stats.triangle_tests;
      const auto tri = triangle(index);
      GjkQuery query;
      query.initial_direction = warm_axis_;
      query.stop_above = stop_above;
      query.tolerance = kGjkTolerance;
      GjkResult r = coreDistance(core, piece, tri.data(), 3, query);
      if (r.far) {
        warm_axis_ = r.axis;
        return;
      }
      // Measured again from a start that depends only on the move and the triangle, so the
      // answer does not depend on what this worker measured before.
      query.initial_direction = sweep.interiorPoint() - (tri[0] + tri[1] + tri[2]) / 3;
      r = coreDistance(core, piece, tri.data(), 3, query);
      if (r.far) return;
      if (r.distance > kTouch) {
        consider({true, core.margin - r.distance, piece.at(r.s), false, index});
      } else {
        cores_reached_.push_back({depthBound(sweep, tri), index, static_cast<std::uint32_t>(p)});
      }
    };
    if (settings_.front_tracking)
      tree_.query(box, front, on_triangle, stats.node_tests);
    else
      tree_.query(box, on_triangle, stats.node_tests);
  }
  measureCoresReached(core, natural_skin, radius, best, consider);
  return best;
}

template <int K>
double MoveChecker<K>::depthBound(const SweptCore& sweep, const std::array<Vec3, 3>& tri) const {
  // A point of the triangle's plane lies no deeper in S than S reaches past the plane on
  // either side: min(h_S(n) − n·a, h_S(−n) + n·a). Tight for a cutter cutting into a face.
  const Vec3 n = cross(tri[1] - tri[0], tri[2] - tri[0]);
  const double length = norm(n);
  if (length == 0) return INFINITY;
  const Vec3 u = n / length;
  const double offset = dot(u, tri[0]);
  const double above = dot(u, sweep.support(u).point) - offset;
  const double below = offset - dot(u, sweep.support(-u).point);
  return std::min(above, below) + sweep.core->margin;
}

template <int K>
template <class Consider>
void MoveChecker<K>::measureCoresReached(const FrustumCore& core, bool natural_skin,
                                         double radius, const Finding& best,
                                         Consider&& consider) {
  // Most promising first; stop once no triangle can beat the deepest finding, or once the
  // finding is severe (SPEC.md: there the depth may be a lower bound).
  std::sort(cores_reached_.begin(), cores_reached_.end(),
            [](const CoreContact& a, const CoreContact& b) {
              return a.bound != b.bound ? a.bound > b.bound : a.triangle < b.triangle;
            });
  const double tolerance = std::max(0.05 * settings_.tolerance, 1e-5);
  for (const CoreContact& c : cores_reached_) {
    if (best.found && (best.severe || c.bound <= best.depth)) break;
    ++stats.deep_tests;
    const SweptCore sweep{&core, &pieces_[c.piece]};
    const SurfaceDepth d = deepestPointOnTriangle(sweep, core.margin, triangle(c.triangle), tolerance);
    const double depth = natural_skin ? std::max(d.depth, core.margin) : d.depth;
    consider({true, depth, pieces_[c.piece].at(d.s), natural_skin || depth >= radius, c.triangle});
  }
}

template <int K>
bool MoveChecker<K>::buried(const FrustumCore& core, Front& front) {
  const Vec3 probe = pieces_.front().start() + Vec3{0, 0, core.z_bottom};
  const Kdop<K>& root = tree_.rootBox();
  for (int axis = 0; axis < 3; ++axis)
    if (probe[axis] < root.lo[axis] || probe[axis] > root.hi[axis]) return false;
  if (tree_.windingNumber(probe, stats.node_tests) == 0) return false;
  // Inside the material: buried only if the cutter touches no surface at all.
  return !deepest(core, core.margin, false, 0, front).found;
}

template <int K>
void MoveChecker<K>::check(const Move& move, const Vec3& from, std::uint32_t ordinal,
                           const CutterModel& cutter, std::vector<Violation>& out) {
  splitMovePath(move, from, settings_.tolerance, pieces_);
  const double tolerance = settings_.tolerance;
  const bool rapid = move.kind == MoveKind::Rapid;
  const double clearance = rapid ? settings_.rapid_clearance : 0.0;
  auto report = [&](ViolationKind kind, const Finding& f) {
    Violation v;
    v.kind = kind;
    v.line = move.line;
    v.move = ordinal;
    v.tool = move.tool;
    v.depth = f.depth;
    v.at = f.at;
    v.severe = f.severe;
    out.push_back(v);
  };

  // The cutting part: a gouge (feed) or a rapid collision. With a rapid clearance c, a rapid
  // must keep its skin c away: core distance below margin + c counts.
  const FrustumCore& cutting = cutter.cutting;
  const double report_below =
      clearance > 0 ? cutting.margin + clearance : cutting.margin - tolerance;
  Finding f = deepest(cutting, report_below, cutter.natural_skin, cutter.radius, cutting_front_);
  const bool violates = f.found && (f.depth > tolerance || (clearance > 0 && f.depth > -clearance));
  if (!f.found && buried(cutting, cutting_front_)) {
    f = {true, cutter.radius, from, true, 0};
  }
  if (f.found && (violates || f.severe))
    report(rapid ? ViolationKind::RapidCollision : ViolationKind::Gouge, f);

  if (cutter.shank) {
    const FrustumCore& shank = *cutter.shank;
    Finding h = deepest(shank, shank.margin - tolerance, false, shank.outerRadius(), shank_front_);
    if (!h.found && buried(shank, shank_front_)) h = {true, shank.outerRadius(), from, true, 0};
    if (h.found && (h.depth > tolerance || h.severe)) report(ViolationKind::HolderCollision, h);
  }
}

template class SweptCoreQuery<6>;
template class SweptCoreQuery<14>;
template class SweptCoreQuery<18>;
template class SweptCoreQuery<26>;
template class MoveChecker<6>;
template class MoveChecker<14>;
template class MoveChecker<18>;
template class MoveChecker<26>;

}  // namespace gougechek
