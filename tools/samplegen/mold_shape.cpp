#include "mold_shape.hpp"

#include <cmath>
#include <numbers>

namespace gougechek::samplegen {

namespace {
double gaussian(double x, double y, double cx, double cy, double sigma) {
  const double r2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
  return std::exp(-r2 / (2 * sigma * sigma));
}
}  // namespace

double moldTopHeight(double x, double y) {
  constexpr double kTwoPi = 2 * std::numbers::pi;
  // Slopes reach about 45° on the pocket's flank; the pocket's smallest concave radius (about
  // 5 mm) still admits a 6 mm ball, so a ball-end finish touches the surface everywhere.
  const double waves = 3.0 * std::sin(kTwoPi * x / 50) * std::cos(kTwoPi * y / 40) +
                       1.5 * std::sin(kTwoPi * (x + 2 * y) / 90);
  const double boss = 5.0 * gaussian(x, y, 25, 58, 9);
  const double pocket = 9.0 * gaussian(x, y, 68, 30, 7);
  return 20 + waves + boss - pocket;
}

}  // namespace gougechek::samplegen
