#pragma once
// Classic drop-cutter for a ball-end mill (as in OpenCAMLib): the lowest tip height at (x, y)
// where the ball touches the triangulated part but does not enter it, taken over every
// triangle's facet, edges and vertices. Triangles are binned in a grid of buckets over x, y;
// a bucket, then a triangle, whose highest vertex cannot lift the ball above the best contact
// found so far is skipped.
#include <cstdint>
#include <vector>

#include "gougechek/mesh.hpp"

namespace gougechek::samplegen {

class BallDropCutter {
 public:
  /// Indexes `part`, a closed solid that must outlive this object, for a ball of `radius`.
  BallDropCutter(const Mesh& part, double radius);

  /// The tip height at which the ball standing over (x, y) touches the part, or -infinity if
  /// no part lies under the ball. Safe to call from several threads at once.
  double tipHeight(double x, double y) const;

 private:
  /// Axis-aligned bounds in x, y and the highest z of a triangle or a bucket's triangles.
  struct Box {
    double lo_x, lo_y, hi_x, hi_y, top;
  };
  struct Bucket {
    std::uint32_t first = 0;  ///< into filed_
    std::uint32_t count = 0;
    double top = 0;  ///< highest vertex of its triangles
  };

  /// The highest tip any point of `box` could hold the ball at, over (x, y).
  double tipBound(const Box& box, double x, double y) const;
  double tipOnTriangle(std::uint32_t upward, double x, double y) const;

  const Mesh& part_;
  double radius_;
  std::vector<std::uint32_t> upward_;  ///< the triangles facing up, indices into the part
  std::vector<Box> boxes_;             ///< per upward triangle
  std::vector<Vec3> normals_;          ///< per upward triangle, unit length
  double origin_x_ = 0, origin_y_ = 0, bucket_size_ = 1;
  int columns_ = 0, rows_ = 0;
  std::vector<Bucket> buckets_;       ///< row-major
  std::vector<std::uint32_t> filed_;  ///< indices into upward_, grouped by bucket
};

}  // namespace gougechek::samplegen
