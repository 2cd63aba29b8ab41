#include "bvh/exact_predicates.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>

namespace gougechek {
namespace {

constexpr double kHalfUlp = std::numeric_limits<double>::epsilon() / 2;
constexpr double kOrient2dBound = (3.0 + 16.0 * kHalfUlp) * kHalfUlp;
constexpr double kOrient3dBound = (7.0 + 56.0 * kHalfUlp) * kHalfUlp;

int sign(double v) {
  return (v > 0) - (v < 0);
}

/// An exact sum of doubles kept as a nonoverlapping expansion in increasing magnitude
/// (Shewchuk's Grow-Expansion with zero elimination). Capacity covers orient3d's 96 terms.
class ExactSum {
 public:
  void add(double b) {
    double q = b;
    std::size_t kept = 0;
    for (std::size_t i = 0; i < size_; ++i) {
      const double sum = q + terms_[i];
      const double b_virtual = sum - q;
      const double a_virtual = sum - b_virtual;
      const double error = (q - a_virtual) + (terms_[i] - b_virtual);
      q = sum;
      if (error != 0) terms_[kept++] = error;
    }
    if (q != 0) terms_[kept++] = q;
    size_ = kept;
  }
  /// Adds s·x·y exactly.
  void addProduct(double s, double x, double y) {
    const double p = x * y;
    add(s * p);
    add(s * std::fma(x, y, -p));
  }
  /// Adds s·x·y·z exactly.
  void addProduct(double s, double x, double y, double z) {
    const double p = x * y;
    const double e = std::fma(x, y, -p);
    addProduct(s, p, z);
    addProduct(s, e, z);
  }
  /// The largest component carries the sign of the whole sum.
  int sign() const { return size_ == 0 ? 0 : gougechek::sign(terms_[size_ - 1]); }

 private:
  std::array<double, 128> terms_{};
  std::size_t size_ = 0;
};

/// a·(b×c) accumulated exactly with weight s.
void addTripleProduct(ExactSum& sum, double s, const Vec3& a, const Vec3& b, const Vec3& c) {
  sum.addProduct(s, a.x, b.y, c.z);
  sum.addProduct(-s, a.x, b.z, c.y);
  sum.addProduct(s, a.y, b.z, c.x);
  sum.addProduct(-s, a.y, b.x, c.z);
  sum.addProduct(s, a.z, b.x, c.y);
  sum.addProduct(-s, a.z, b.y, c.x);
}

}  // namespace

int orient2dSign(double au, double av, double bu, double bv, double cu, double cv) {
  const double left = (au - cu) * (bv - cv);
  const double right = (av - cv) * (bu - cu);
  const double det = left - right;
  double magnitude;
  if (left > 0) {
    if (right <= 0) return sign(det);
    magnitude = left + right;
  } else if (left < 0) {
    if (right >= 0) return sign(det);
    magnitude = -left - right;
  } else {
    return sign(det);
  }
  if (std::abs(det) >= kOrient2dBound * magnitude) return sign(det);
  // Expanded in raw coordinates so that no rounded difference enters the exact sum.
  ExactSum exact;
  exact.addProduct(1, au, bv);
  exact.addProduct(-1, au, cv);
  exact.addProduct(1, bu, cv);
  exact.addProduct(-1, bu, av);
  exact.addProduct(1, cu, av);
  exact.addProduct(-1, cu, bv);
  return exact.sign();
}

int planeSideSign(const Vec3& a, const Vec3& b, const Vec3& c, const Vec3& p) {
  // Shewchuk's orient3d(a,b,c,p) = det[a-p; b-p; c-p] = -((b-a)×(c-a))·(p-a).
  const Vec3 ap = a - p, bp = b - p, cp = c - p;
  const double bc = bp.x * cp.y, cb = cp.x * bp.y;
  const double ca = cp.x * ap.y, ac = ap.x * cp.y;
  const double ab = ap.x * bp.y, ba = bp.x * ap.y;
  const double det = ap.z * (bc - cb) + bp.z * (ca - ac) + cp.z * (ab - ba);
  const double permanent = (std::abs(bc) + std::abs(cb)) * std::abs(ap.z) +
                           (std::abs(ca) + std::abs(ac)) * std::abs(bp.z) +
                           (std::abs(ab) + std::abs(ba)) * std::abs(cp.z);
  if (std::abs(det) > kOrient3dBound * permanent) return -sign(det);
  // det[[a,1],[b,1],[c,1],[p,1]] by cofactors of the column of ones; it equals
  // -((b-a)×(c-a))·(p-a) and uses raw coordinates only.
  ExactSum exact;
  addTripleProduct(exact, -1, b, c, p);
  addTripleProduct(exact, 1, a, c, p);
  addTripleProduct(exact, -1, a, b, p);
  addTripleProduct(exact, 1, a, b, c);
  return -exact.sign();
}

}  // namespace gougechek
