#pragma once
// The exact B-rep faces of a STEP/IGES part, kept after tessellation so that findings near the
// tolerance can be measured on the true surface instead of the mesh. OCCT stays behind the
// pointer: users of this header see plain geometry.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "gougechek/vec3.hpp"

namespace gougechek {

/// A solid of revolution about the vertical through `tip`: the frustum between heights
/// tip.z + z_bottom and tip.z + z_top with those radii. A segment when both radii are 0.
struct AxialFrustum {
  Vec3 tip;
  double z_bottom = 0, z_top = 0, radius_bottom = 0, radius_top = 0;
};

class ExactSurfaces {
 public:
  struct Faces;  ///< the OCCT faces, defined where OCCT is included

  explicit ExactSurfaces(std::unique_ptr<Faces> faces);
  ~ExactSurfaces();
  ExactSurfaces(const ExactSurfaces&) = delete;
  ExactSurfaces& operator=(const ExactSurfaces&) = delete;

  /// Number of faces; face ids run from 0 to size() − 1.
  std::size_t size() const;

  /// Shortest distance, mm, between `body` and the union of the faces `face_ids` (0 when they
  /// meet). Exact up to OCCT's extrema precision (below 1e-7 mm on analytic and B-spline faces).
  double distance(const AxialFrustum& body, std::span<const std::uint32_t> face_ids) const;

 private:
  std::unique_ptr<Faces> faces_;
};

}  // namespace gougechek
