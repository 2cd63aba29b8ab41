// The swept k-DOP the move checker and the registration share (verify/move_path.hpp): each slab
// of a cutter core swept along a path piece lies on the sweep's extreme points, so the box holds
// the sweep and is no wider; and the triangle corners and GJK start both measure with.
#include <gtest/gtest.h>

#include <cmath>

#include "verify/move_path.hpp"

namespace gougechek {
namespace {

TEST(SweptKdop, SlabsTouchTheSweptCoreAlongEveryDirection) {
  // A flat cutter's core (a disk of radius 3 from z = 0 to 20) swept from (0, 0, 0) to (10, 5, 2).
  const FrustumCore core{0, 20, 3, 3, 0};
  const PathPiece piece = PathPiece::segment({0, 0, 0}, {10, 5, 2});
  const Kdop<18> box = sweptKdop<18>(SweptCore{&core, &piece});
  // Along x, y, z: the disk's rim past the ends, the top at the higher end.
  EXPECT_DOUBLE_EQ(box.lo[0], -3);
  EXPECT_DOUBLE_EQ(box.hi[0], 13);
  EXPECT_DOUBLE_EQ(box.lo[1], -3);
  EXPECT_DOUBLE_EQ(box.hi[1], 8);
  EXPECT_DOUBLE_EQ(box.lo[2], 0);
  EXPECT_DOUBLE_EQ(box.hi[2], 22);
  // Along every direction, the slab is the sweep's support value, which the ends' rims reach.
  for (int j = 0; j < Kdop<18>::kSlabs; ++j) {
    const Vec3& d = KdopDirections<18>::kDirs[j];
    double hi = -INFINITY, lo = INFINITY;
    for (const Vec3& end : {Vec3{0, 0, 0}, Vec3{10, 5, 2}}) {
      hi = std::max(hi, dot(d, end + core.support(d)));
      lo = std::min(lo, dot(d, end + core.support(-d)));
    }
    EXPECT_NEAR(box.hi[j], hi, 1e-12) << j;
    EXPECT_NEAR(box.lo[j], lo, 1e-12) << j;
  }
}

TEST(SweptKdop, TriangleCornersAndGjkStart) {
  Mesh mesh;
  mesh.vertices = {{0, 0, 0}, {3, 0, 0}, {0, 3, 0}, {9, 9, 9}};
  mesh.triangles = {{3, 3, 3}, {0, 1, 2}};
  const std::array<Vec3, 3> tri = triangleCorners(mesh, 1);
  EXPECT_EQ(tri[1], (Vec3{3, 0, 0}));
  EXPECT_EQ(tri[2], (Vec3{0, 3, 0}));
  // From the triangle's centre (1, 1, 0) toward the middle of the core's axis at the start.
  const FrustumCore core{0, 20, 3, 3, 0};
  const PathPiece piece = PathPiece::segment({5, 1, 2}, {10, 5, 2});
  EXPECT_EQ(gjkStart(core, piece, tri), (Vec3{4, 0, 12}));
}

}  // namespace
}  // namespace gougechek
