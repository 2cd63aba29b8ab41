#include "geom/patch_box.hpp"

#include <algorithm>

namespace gougechek {

// Where the processor has AVX2 the lanes go four doubles to an instruction instead of two (the
// loader picks the version once). Each lane's arithmetic is the same scalar multiplications and
// additions in either version (AVX2 brings no fused multiply-add), so the box is too. GCC's
// clones only: clang 14 names them so that callers in other files do not link. Not under
// ThreadSanitizer, which instruments the loader's resolver, run before its runtime starts.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_THREAD__)
__attribute__((target_clones("avx2", "default")))
#endif
void PatchBox::Builder::add(const double* x, const double* y, const double* z, std::size_t count) {
  constexpr std::size_t kLanes = 8;
  std::array<std::array<double, kLanes>, 3> lo, hi;
  for (int a = 0; a < 3; ++a) {
    lo[a].fill(slabs_[a].lo);
    hi[a].fill(slabs_[a].hi);
  }
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes)
    for (int a = 0; a < 3; ++a) {
      const Vec3& n = slabs_[a].normal;
      for (std::size_t l = 0; l < kLanes; ++l) {
        const double s = n.x * x[i + l] + n.y * y[i + l] + n.z * z[i + l];
        lo[a][l] = std::min(lo[a][l], s);
        hi[a][l] = std::max(hi[a][l], s);
      }
    }
  for (int a = 0; a < 3; ++a)
    for (std::size_t l = 0; l < kLanes; ++l) {
      slabs_[a].lo = std::min(slabs_[a].lo, lo[a][l]);
      slabs_[a].hi = std::max(slabs_[a].hi, hi[a][l]);
    }
  for (; i < count; ++i) add(Vec3{x[i], y[i], z[i]});
}

}  // namespace gougechek
