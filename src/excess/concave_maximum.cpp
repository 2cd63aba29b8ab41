#include "excess/concave_maximum.hpp"

#include <algorithm>
#include <limits>

namespace gougechek {
namespace {

using Barycentric = std::array<double, 3>;

double valueAt(const std::array<double, 3>& f, const Barycentric& b) {
  return f[0] * b[0] + f[1] * b[1] + f[2] * b[2];
}

// Where f − g is zero on the plane's three conditions Σb = 1, (f−g)·b = 0, (f−h)·b = 0; false
// when the creases are parallel or meet outside the triangle.
bool creaseMeeting(const std::array<double, 3>& d, const std::array<double, 3>& e, Barycentric& b) {
  // Rows: (1,1,1), d, e; right-hand side (1, 0, 0). Cramer's rule.
  const double det =
      (d[1] * e[2] - d[2] * e[1]) - (d[0] * e[2] - d[2] * e[0]) + (d[0] * e[1] - d[1] * e[0]);
  if (det == 0) return false;
  b = {(d[1] * e[2] - d[2] * e[1]) / det, (d[2] * e[0] - d[0] * e[2]) / det,
       (d[0] * e[1] - d[1] * e[0]) / det};
  return b[0] >= 0 && b[1] >= 0 && b[2] >= 0;
}

}  // namespace

ConcaveMaximum maximumOfMinimum(std::span<const std::array<double, 3>> functions) {
  ConcaveMaximum best;
  best.value = -std::numeric_limits<double>::infinity();
  auto consider = [&](const Barycentric& b) {
    double lowest = std::numeric_limits<double>::infinity();
    for (const auto& f : functions) lowest = std::min(lowest, valueAt(f, b));
    if (lowest > best.value) best = {lowest, b};
  };
  for (int corner = 0; corner < 3; ++corner) {
    Barycentric b{};
    b[static_cast<std::size_t>(corner)] = 1;
    consider(b);
  }
  const std::size_t n = functions.size();
  std::array<double, 3> d{};
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      for (std::size_t k = 0; k < 3; ++k) d[k] = functions[i][k] - functions[j][k];
      for (std::size_t a = 0; a < 3; ++a) {  // the crease f_i = f_j across edge (a, a+1)
        const std::size_t c = (a + 1) % 3;
        if ((d[a] < 0 && d[c] > 0) || (d[a] > 0 && d[c] < 0)) {
          Barycentric b{};
          b[a] = d[c] / (d[c] - d[a]);
          b[c] = 1 - b[a];
          consider(b);
        }
      }
      for (std::size_t k = j + 1; k < n; ++k) {
        std::array<double, 3> e{};
        for (std::size_t m = 0; m < 3; ++m) e[m] = functions[i][m] - functions[k][m];
        if (Barycentric b; creaseMeeting(d, e, b)) consider(b);
      }
    }
  return best;
}

}  // namespace gougechek
