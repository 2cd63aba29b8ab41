#pragma once
// A brute-force stock for the tests, independent of the stage's column sweeps: a fine voxel grid
// whose voxels are tested one by one against each piece's exact geometry (the point's distance
// to the piece's core frustum, within its rounding) anywhere along a straight move, removals
// credited in program order, the same findings derived from it.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <vector>

#include "gougechek/move.hpp"
#include "gougechek/tool.hpp"
#include "stock/stock_check.hpp"
#include "tool/tool_assembly.hpp"

namespace gougechek::stock::test {

/// Distance from (u, w) (distance from the axis, height) to the section of a piece's core: the
/// trapezoid (0, zb), (rb, zb), (rt, zt), (0, zt).
inline double coreDistance(const ToolSegment& s, double u, double w) {
  const std::array<std::array<double, 2>, 4> v{
      {{0, s.z_bottom}, {s.radius_bottom, s.z_bottom}, {s.radius_top, s.z_top}, {0, s.z_top}}};
  // A core without area (a ball's axis, a disc) has no inside: the distance alone decides.
  bool inside = (s.z_top - s.z_bottom) * (s.radius_bottom + s.radius_top) > 0;
  double best = 1e300;
  for (int k = 0; k < 4; ++k) {
    const auto& a = v[k];
    const auto& b = v[(k + 1) % 4];
    const double ex = b[0] - a[0], ez = b[1] - a[1];
    const double px = u - a[0], pz = w - a[1];
    if (ex * pz - ez * px < 0) inside = false;
    const double len2 = ex * ex + ez * ez;
    const double t = len2 > 0 ? std::clamp((px * ex + pz * ez) / len2, 0.0, 1.0) : 0.0;
    best = std::min(best, std::hypot(px - t * ex, pz - t * ez));
  }
  return inside ? 0 : best;
}

/// Whether the point p lies in the piece swept along the straight move from a to b: its
/// distance to the moving core is convex in the move's parameter, so golden-section search
/// finds the least.
inline bool inSweep(const ToolSegment& s, const Vec3& a, const Vec3& b, const Vec3& p) {
  const auto distance = [&](double t) {
    const Vec3 d = p - (a + (b - a) * t);
    return coreDistance(s, std::hypot(d.x, d.y), d.z);
  };
  // Every value seen counts: where the distance is 0 on a whole range of the parameter, the
  // search closes in on that range's end, where it is only about 0.
  double lo = 0, hi = 1, least = std::min(distance(0), distance(1));
  for (int i = 0; i < 45 && least > s.rounding; ++i) {
    const double m1 = lo + (hi - lo) * 0.381966, m2 = hi - (hi - lo) * 0.381966;
    const double d1 = distance(m1), d2 = distance(m2);
    least = std::min({least, d1, d2});
    if (d1 <= d2)
      hi = m2;
    else
      lo = m1;
  }
  return least <= s.rounding;
}

struct OracleFinding {
  std::uint32_t move = 0;
  StockCollisionKind kind = StockCollisionKind::Rapid;
  double depth = 0;
};

/// The voxel stock: columns at the stage's column centres, voxels `dz` tall.
class VoxelStock {
 public:
  VoxelStock(Vec3 lo, Vec3 hi, double h, double dz)
      : lo_(lo),
        h_(h),
        dz_(dz),
        nx_(static_cast<std::size_t>(std::ceil((hi.x - lo.x) / h - 1e-9))),
        ny_(static_cast<std::size_t>(std::ceil((hi.y - lo.y) / h - 1e-9))),
        nz_(static_cast<std::size_t>(std::llround((hi.z - lo.z) / dz))),
        material_(nx_ * ny_ * nz_, 1) {}

  /// Runs the moves (straight only) in order; returns each (move, kind) with its deepest column.
  std::vector<OracleFinding> run(const std::vector<Move>& moves, const ToolLibrary& tools,
                                 double tolerance) {
    std::vector<OracleFinding> findings;
    for (std::size_t m = 0; m < moves.size(); ++m) {
      const Move& move = moves[m];
      const ToolSpec& spec = *tools.find(move.tool);
      const std::vector<ToolSegment> pieces = stockAssembly(spec);
      std::map<StockCollisionKind, double> deepest;
      const bool rapid = move.kind == MoveKind::Rapid;
      if (rapid)
        for (const ToolSegment& s : pieces)
          offer(deepest, StockCollisionKind::Rapid, meet(s, move));
      for (const ToolSegment& s : pieces)
        if (s.cutting) remove(s, move);
      if (!rapid)
        for (std::size_t k = 0; k < pieces.size(); ++k)
          if (!pieces[k].cutting) {
            const bool above = k > 0 && pieces[k - 1].cutting && pieces[k].name == "shank" &&
                               pieces[k].z_bottom == spec.flute_length;
            offer(deepest, above ? StockCollisionKind::AboveFlutes : StockCollisionKind::NonCutting,
                  meet(pieces[k], move));
          }
      for (const auto& [kind, depth] : deepest)
        if (depth > tolerance) findings.push_back({static_cast<std::uint32_t>(m + 1), kind, depth});
    }
    return findings;
  }

  double volume() const {
    return static_cast<double>(std::count(material_.begin(), material_.end(), 1)) * h_ * h_ * dz_;
  }

 private:
  static void offer(std::map<StockCollisionKind, double>& deepest, StockCollisionKind kind,
                    double depth) {
    if (depth > 0) deepest[kind] = std::max(deepest[kind], depth);
  }

  Vec3 voxel(std::size_t i, std::size_t j, std::size_t k) const {
    return {lo_.x + (static_cast<double>(i) + 0.5) * h_,
            lo_.y + (static_cast<double>(j) + 0.5) * h_,
            lo_.z + (static_cast<double>(k) + 0.5) * dz_};
  }

  /// Calls f(i, j, k) for each voxel of material within reach of the move's piece.
  template <typename F>
  void forReach(const ToolSegment& s, const Move& move, F&& f) {
    const double reach = std::max(s.radius_bottom, s.radius_top) + s.rounding;
    // The voxels between the piece's lowest and highest point along the move.
    const double bottom = std::min(move.from.z, move.to.z) + s.z_bottom - s.rounding - lo_.z;
    const double top = std::max(move.from.z, move.to.z) + s.z_top + s.rounding - lo_.z;
    const auto first =
        static_cast<std::size_t>(std::clamp(std::floor(bottom / dz_), 0.0, double(nz_)));
    const auto last = static_cast<std::size_t>(std::clamp(std::ceil(top / dz_), 0.0, double(nz_)));
    for (std::size_t j = 0; j < ny_; ++j)
      for (std::size_t i = 0; i < nx_; ++i) {
        const Vec3 c = voxel(i, j, 0);
        // Horizontal distance from the column to the path: beyond the reach, nothing to test.
        const double dx = move.to.x - move.from.x, dy = move.to.y - move.from.y;
        const double len2 = dx * dx + dy * dy;
        const double t =
            len2 > 0
                ? std::clamp(((c.x - move.from.x) * dx + (c.y - move.from.y) * dy) / len2, 0.0, 1.0)
                : 0.0;
        if (std::hypot(c.x - move.from.x - t * dx, c.y - move.from.y - t * dy) > reach) continue;
        for (std::size_t k = first; k < last; ++k)
          if (material_[(j * nx_ + i) * nz_ + k] && inSweep(s, move.from, move.to, voxel(i, j, k)))
            f(i, j, k);
      }
  }

  double meet(const ToolSegment& s, const Move& move) {
    std::vector<std::size_t> count(nx_ * ny_, 0);
    forReach(s, move, [&](std::size_t i, std::size_t j, std::size_t) { ++count[j * nx_ + i]; });
    return static_cast<double>(*std::max_element(count.begin(), count.end())) * dz_;
  }

  void remove(const ToolSegment& s, const Move& move) {
    forReach(s, move, [&](std::size_t i, std::size_t j, std::size_t k) {
      material_[(j * nx_ + i) * nz_ + k] = 0;
    });
  }

  Vec3 lo_;
  double h_, dz_;
  std::size_t nx_, ny_, nz_;
  std::vector<std::uint8_t> material_;
};

}  // namespace gougechek::stock::test
