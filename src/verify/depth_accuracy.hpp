#pragma once
// The accuracy rules of the depth search (verify/depth_search): how exactly a triangle is
// measured, how far a finding may stay short of the deepest, when a depth is severe, and which
// bounds can no longer change the result. docs/checking-rules.md allows an error
// ε = max(0.1·tolerance, 1% of the depth) where a core reached the part, of which a sharp
// piece's artificial skin takes up to 0.083·tolerance: each triangle is measured to 0.15·ε.

#include <algorithm>

namespace gougechek {

/// A depth bound is raised by this much before it rules a triangle out, so that rounding in it
/// never drops a triangle that ties the deepest finding.
inline constexpr double kBoundSlack = 1e-7;

/// Core distances below this count as contact: the core itself reached the surface.
inline constexpr double kTouch = 1e-9;

/// Exact depths (a rounded core's skin) that differ by less than this are ties, the first found
/// kept: far below the 1e-6 mm they are reported to (docs/checking-rules.md), and a flat face
/// under a bull's flat end puts thousands of triangles at one depth.
inline constexpr double kExactTie = 2 * kBoundSlack;

/// What a check of one core along one move looks for.
struct DepthLimits {
  double report_below;    ///< core distances below this can matter
  double relevant_above;  ///< depths up to this change no result, only that the core came near
  double severe_from;     ///< depths from this on are severe
  bool natural_skin;      ///< the skin is the cutter's own (a ball's): any core contact is severe
};

/// The deepest finding so far, as far as the rules need it.
struct DeepestSoFar {
  bool found = false;
  double depth = 0;
  bool severe = false;
};

class DepthAccuracy {
 public:
  /// `margin`: the core's skin.
  DepthAccuracy(double tolerance, const DepthLimits& limits, double margin);

  /// 0.15 of the 1% of ε that grows with the depth, and 0.15 of the rest (at least 1e-6 mm).
  static constexpr double kRelative = 0.15 * 0.01;
  double absolute() const { return absolute_; }
  /// How exactly a triangle's depth is measured: 0.15·ε, the larger of those two.
  double measuredTo(double depth) const;
  /// How far the deepest finding may stay below a bound that is left unmeasured: what each
  /// triangle is measured to, so that the deepest finding lies within 0.15·ε of the deepest of
  /// all, in whatever order tied triangles come off the depth search's queue (a larger
  /// allowance would let that order move depths by as much).
  double allowance(double depth) const { return measuredTo(depth); }
  /// A sharp cutter's move is severe from R on, within what depths are measured to (a flat
  /// cutter plunged into material cuts exactly R, which the search finds a hair short of):
  /// finer than the allowance, so a triangle that may reach that far is measured even where it
  /// cannot beat the deepest finding by much, and until its severity is known.
  bool severe(double depth) const { return depth + measuredTo(depth) >= limits_.severe_from; }
  /// Where the skin is thinner than what matters (sharp cutters), only findings of the core
  /// itself can matter, and those are measured to the allowance; otherwise exact findings of
  /// the skin must come out exact, ties within kExactTie aside.
  bool onlyMeasuredFindingsMatter() const { return margin_ <= limits_.relevant_above; }
  /// How far a bound must reach above the deepest finding `depth` to change it: the allowance;
  /// or where findings are exact, kExactTie while the core stays outside (a distance), but
  /// never past the skin, where a bound may mean the core reached the part (a severity the
  /// tie would hide); beyond it nothing (a core that reached the part ties at its skin, and is
  /// reported where it first does along the move).
  double beaten(double depth) const {
    if (onlyMeasuredFindingsMatter()) return allowance(depth);
    return depth < margin_ ? std::min(kExactTie, margin_ - depth) : 0;
  }
  /// True if no triangle bounded this deep can change the result: too shallow to report and
  /// unable to make the move severe, or unable to beat `best` by the allowance. Nor can one up
  /// to the floor its search would start from (stopBelow), once `best` lies deeper than the
  /// skin (so no finding of the skin alone ties it) and is as severe as the move can be: that
  /// search would stop before its first measurement (many triangles tie under a buried
  /// cutter, all at its bound). Monotone: true for a bound, true for any lower one.
  bool cannotMatter(double bound, const DeepestSoFar& best) const;
  /// A depth no finding up to which can change the result (cannotMatter holds for it, so for
  /// every shallower one): just below the deepest finding by its allowance. −∞ while nothing
  /// is found or nothing below it is ruled out.
  double irrelevantUpTo(const DeepestSoFar& best) const;
  /// The depth below which the surface-depth search of a triangle bounded by `bound` may stop:
  /// no deeper than `best` by the allowance, nor relevant, nor (while it may) severe.
  double stopBelow(double bound, const DeepestSoFar& best) const;

 private:
  /// The floor of stopBelow: what a finding must exceed to change the result.
  double floor(const DeepestSoFar& best) const;

  DepthLimits limits_;
  double margin_;
  double absolute_;
  double severe_floor_;  // depths below this are not severe, however measured
};

}  // namespace gougechek
