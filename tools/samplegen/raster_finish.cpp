#include "raster_finish.hpp"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gougechek::samplegen {

namespace {

// Raising a move's ends by exactly its dip would leave it touching to rounding: a hair more.
constexpr double kLiftMargin = 1e-6;

double onPrintGrid(double value) {
  return std::round(value * 1e4) / 1e4;
}

/// 0, step, 2·step, … up to and including `length`.
std::vector<double> stations(double length, double step) {
  const auto intervals = static_cast<long>(std::ceil(length / step - 1e-9));
  std::vector<double> values;
  for (long i = 0; i <= intervals; ++i)
    values.push_back(onPrintGrid(std::min(static_cast<double>(i) * step, length)));
  return values;
}

double droppedTip(const BallDropCutter& cutter, double x, double y) {
  const double z = cutter.tipHeight(x, y);
  if (!std::isfinite(z))
    throw std::invalid_argument("the raster leaves the part: nothing under the ball at x=" +
                                std::to_string(x) + " y=" + std::to_string(y));
  return z;
}

/// How far the ball sinks into the part below the straight move from `a` to `b`, at the
/// worst of samples spaced at most `spacing` apart inside it (0 if it stays clear).
double deepestDip(const BallDropCutter& cutter, const Vec3& a, const Vec3& b, double spacing) {
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  const auto intervals = static_cast<int>(std::ceil(length / spacing - 1e-9));
  double dip = 0;
  for (int s = 1; s < intervals; ++s) {
    const Vec3 p = a + (b - a) * (static_cast<double>(s) / intervals);
    dip = std::max(dip, droppedTip(cutter, p.x, p.y) - p.z);
  }
  return dip;
}

}  // namespace

std::vector<Vec3> ballRasterFinish(const BallDropCutter& cutter, const RasterSettings& raster) {
  if (!(raster.stepover > 0 && raster.step > 0 && raster.length_x > 0 && raster.width_y > 0))
    throw std::invalid_argument("the raster needs positive stepover, step and extent");
  if (raster.substeps < 1) throw std::invalid_argument("the raster needs at least 1 substep");
  const std::vector<double> xs = stations(raster.length_x, raster.step);
  const std::vector<double> ys = stations(raster.width_y, raster.stepover);

  std::vector<Vec3> tips;
  tips.reserve(xs.size() * ys.size());
  for (std::size_t line = 0; line < ys.size(); ++line) {
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const double x = line % 2 == 0 ? xs[i] : xs[xs.size() - 1 - i];
      tips.emplace_back(x, ys[line], 0);
    }
  }
  tbb::parallel_for(std::size_t{0}, tips.size(),
                    [&](std::size_t k) { tips[k].z = droppedTip(cutter, tips[k].x, tips[k].y); });

  // lift[k]: how far move k (tips[k−1] → tips[k]) must rise; both its ends take it. Raising a
  // point never makes a neighbouring move dip deeper, so each end takes the larger of its two.
  // Step-over moves are longer than the step: sampled as finely.
  const double spacing = raster.step / raster.substeps;
  std::vector<double> lift(tips.size(), 0);
  tbb::parallel_for(std::size_t{1}, tips.size(), [&](std::size_t k) {
    const double dip = deepestDip(cutter, tips[k - 1], tips[k], spacing);
    lift[k] = dip > 0 ? dip + kLiftMargin : 0;
  });
  std::vector<Vec3> lifted = tips;
  for (std::size_t k = 1; k < tips.size(); ++k) {
    lifted[k - 1].z = std::max(lifted[k - 1].z, tips[k - 1].z + lift[k]);
    lifted[k].z = std::max(lifted[k].z, tips[k].z + lift[k]);
  }
  return lifted;
}

}  // namespace gougechek::samplegen
