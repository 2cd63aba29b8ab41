#include "verify/depth_accuracy.hpp"

#include <algorithm>
#include <cmath>

namespace gougechek {
DepthAccuracy::DepthAccuracy(double tolerance, const DepthLimits& limits, double margin)
    : limits_(limits), margin_(margin), absolute_(std::max(0.15 * 0.1 * tolerance, 1e-6)) {
  severe_floor_ = limits.severe_from - measuredTo(limits.severe_from) - kBoundSlack;
}

double DepthAccuracy::measuredTo(double depth) const {
  return std::max(absolute_, kRelative * depth);
}

bool DepthAccuracy::cannotMatter(double bound, const DeepestSoFar& best) const {
  bound += kBoundSlack;
  const bool shallow = bound <= limits_.relevant_above && bound < limits_.severe_from &&
                       (!limits_.natural_skin || bound < margin_);
  if (shallow || !best.found) return shallow;
  if (!best.severe && severe(bound)) return false;
  if (bound < best.depth + beaten(best.depth)) return true;
  return best.depth > margin_ && (best.severe || !limits_.natural_skin) && bound <= floor(best);
}

double DepthAccuracy::irrelevantUpTo(const DeepestSoFar& best) const {
  if (!best.found) return -INFINITY;
  // cannotMatter adds kBoundSlack and asks for a bound strictly below the deepest finding by
  // what beats it.
  const double depth = best.depth + beaten(best.depth) - 2 * kBoundSlack;
  return cannotMatter(depth, best) ? depth : -INFINITY;
}

double DepthAccuracy::floor(const DeepestSoFar& best) const {
  return best.found ? std::max(limits_.relevant_above, best.depth + allowance(best.depth))
                    : limits_.relevant_above;
}

double DepthAccuracy::stopBelow(double bound, const DeepestSoFar& best) const {
  const bool may_turn_severe =
      !best.severe && (limits_.natural_skin || severe(bound + kBoundSlack));
  if (!may_turn_severe) return floor(best);
  return limits_.natural_skin ? -INFINITY : std::min(floor(best), severe_floor_);
}

}  // namespace gougechek
