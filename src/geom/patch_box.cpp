#include "geom/patch_box.hpp"

#include <algorithm>

namespace gougechek {

namespace {

using Slabs = std::array<NormalSlab, 3>;

/// Widens `slabs` to the points (x[i], y[i], z[i]), i < count, eight at a time in independent
/// lanes that the compiler turns into vector instructions. Inlined into each version below, so
/// that each is compiled for its own instruction set.
[[gnu::always_inline]] inline void addPoints(Slabs& slabs, const double* x, const double* y,
                                             const double* z, std::size_t count) {
  constexpr std::size_t kLanes = 8;
  std::array<std::array<double, kLanes>, 3> lo, hi;
  for (int a = 0; a < 3; ++a) {
    lo[a].fill(slabs[a].lo);
    hi[a].fill(slabs[a].hi);
  }
  std::size_t i = 0;
  for (; i + kLanes <= count; i += kLanes)
    for (int a = 0; a < 3; ++a) {
      const Vec3& n = slabs[a].normal;
      for (std::size_t l = 0; l < kLanes; ++l) {
        const double s = n.x * x[i + l] + n.y * y[i + l] + n.z * z[i + l];
        lo[a][l] = std::min(lo[a][l], s);
        hi[a][l] = std::max(hi[a][l], s);
      }
    }
  for (int a = 0; a < 3; ++a)
    for (std::size_t l = 0; l < kLanes; ++l) {
      slabs[a].lo = std::min(slabs[a].lo, lo[a][l]);
      slabs[a].hi = std::max(slabs[a].hi, hi[a][l]);
    }
  for (; i < count; ++i)
    for (NormalSlab& slab : slabs) slab.add(Vec3{x[i], y[i], z[i]});
}

// Where the processor has AVX2 the lanes go four doubles to an instruction instead of two.
// Each lane's arithmetic is the same scalar multiplications and additions in either version
// (AVX2 brings no fused multiply-add), so the box is too. Chosen by hand, not by GCC's
// target_clones: their resolver is exported from a shared library whatever its visibility
// says, and clang 14 names the clones so that callers in other files do not link.
#if defined(__x86_64__) && defined(__GNUC__)
#define GOUGECHEK_PATCH_BOX_AVX2 1
[[gnu::target("avx2")]] void addPointsAvx2(Slabs& slabs, const double* x, const double* y,
                                           const double* z, std::size_t count) {
  addPoints(slabs, x, y, z, count);
}
#endif

}  // namespace

void PatchBox::Builder::add(const double* x, const double* y, const double* z, std::size_t count) {
#ifdef GOUGECHEK_PATCH_BOX_AVX2
  static const bool avx2 = __builtin_cpu_supports("avx2");
  if (avx2) return addPointsAvx2(slabs_, x, y, z, count);
#endif
  addPoints(slabs_, x, y, z, count);
}

}  // namespace gougechek
