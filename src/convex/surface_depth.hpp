#pragma once
// docs/checking-rules.md's gouge depth for one triangle when the cutter's core reaches it: the
// largest distance from a point of the triangle inside the swept cutter S = K ⊕ sphere(m) to S's
// boundary, the maximum over the triangle of g(x) = m − sd(x, K), sd the signed distance to
// the convex swept core K.
//
// sd(x) = max over unit v of (v·x − h_K(v)) (h_K the support function), so every direction v
// gives an affine upper bound g(x) ≤ m + h_K(v) − v·x, exact where v is x's direction to (or,
// inside K, from) K's nearest boundary point. Kelley's cutting-plane method: the least of the
// bounds so far is highest at some point of the triangle, which bounds max g from above;
// measuring g there (GJK outside K, EPA inside) gives a lower bound and the cut that removes
// that point. A few cuts suffice where golden-section search over the triangle needed hundreds
// of measurements, and both bounds are certain at every step.
#include <array>

#include "convex/cut_envelope.hpp"
#include "convex/depth_bounds.hpp"
#include "convex/interior_depth.hpp"
#include "convex/swept_core.hpp"

namespace gougechek {

struct SurfaceDepth {
  double depth = 0;      ///< largest depth found: a lower bound on the triangle's depth
  double bound = 0;      ///< an upper bound on it
  Vec3 point;            ///< where on the triangle `depth` was found
  double s = 0;          ///< path parameter of a core position containing (or nearest to) `point`
  int measurements = 0;  ///< points at which g was measured
};

/// Depth searches of one swept core into many triangles: the polytope EPA grows inside the
/// core serves them all.
class SurfaceDepthSearch {
 public:
  /// `core` and `path` must outlive the search; `rounded`: its skin is the cutter's own
  /// rounding (DepthBounds).
  SurfaceDepthSearch(const FrustumCore& core, const PathPiece& path, bool rounded = false)
      : sweep_{&core, &path},
        bounds_(sweep_, core.margin, sweep_.interiorPoint(), sweep_.interiorEndPoint(), rounded),
        interior_(sweep_) {}

  /// An upper bound on the depth, from the search's first cuts alone (convex/depth_bounds):
  /// cheap, and tight for a cutter cutting into a face, or whose side crosses the triangle.
  /// Less tight where it lies below `floor`.
  double bound(const std::array<Vec3, 3>& triangle, double floor = -INFINITY) {
    return bounds_.bound(triangle, floor);
  }

  /// DepthBounds::halfHeight: no triangle lies deeper.
  double halfHeight() { return bounds_.halfHeight(); }

  /// DepthBounds::rimCut: the rim cut toward `target`, if any.
  std::optional<Cut> rimCut(const Vec3& target) const { return bounds_.rimCut(target); }

  /// DepthBounds::along: the cut along the unit direction v.
  Cut along(const Vec3& v) const { return bounds_.along(v); }

  /// The depth of the core swept along the path (skin core.margin) into `triangle`, to within
  /// max(tolerance, relative · depth) (then bound − depth is no more), or less exactly once the
  /// bound shows the depth is at most `floor` (a depth the caller has no use for).
  SurfaceDepth deepest(const std::array<Vec3, 3>& triangle, double tolerance, double relative = 0,
                       double floor = -INFINITY);

 private:
  /// The depth of x inside the swept core, bracketed to `tolerance`, with the direction of
  /// the bracket's upper bound.
  DepthBracket insideDepth(const Vec3& x, double tolerance);

  SweptCore sweep_;
  DepthBounds<SweptCore> bounds_;
  InteriorDepth<SweptCore> interior_;
};

}  // namespace gougechek
