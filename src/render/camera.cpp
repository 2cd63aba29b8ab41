// Cameras and the projection they make with a layout.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "render/layout.hpp"
#include "render/render.hpp"

namespace gougechek::render {

namespace {

// The view's direction and up for each kind.
Camera basisOf(ViewKind kind) {
  Camera camera;
  switch (kind) {
    case ViewKind::Top:
      camera.direction = {0, 0, -1};
      camera.up = {0, 1, 0};
      break;
    case ViewKind::Front:
      camera.direction = {0, 1, 0};
      camera.up = {0, 0, 1};
      break;
    case ViewKind::Iso:
      camera.direction = {-1, 1, -1};
      camera.up = {0, 0, 1};
      break;
  }
  return camera;
}

void require(bool condition, const char* what) {
  if (!condition) throw std::invalid_argument(what);
}

}  // namespace

Camera viewOf(ViewKind kind, const std::array<Vec3, 2>& bounds) {
  require(isFinite(bounds[0]) && isFinite(bounds[1]), "render: the bounds are not finite");
  Camera camera = basisOf(kind);
  camera.centre = (bounds[0] + bounds[1]) * 0.5;
  const Vec3 direction = normalized(camera.direction);
  const Vec3 right = normalized(cross(direction, camera.up));
  const Vec3 up = cross(right, direction);
  double half_width = 0, half_height = 0;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3 p{bounds[corner & 1].x, bounds[(corner >> 1) & 1].y, bounds[corner >> 2].z};
    half_width = std::max(half_width, std::abs(dot(p - camera.centre, right)));
    half_height = std::max(half_height, std::abs(dot(p - camera.centre, up)));
  }
  // A part flat in the view (a plate seen edge-on) still gets a window of some height; a
  // single point gets a millimetre.
  const double larger = std::max({half_width, half_height, 0.5});
  constexpr double kMargin = 1.04;
  camera.half_width = std::max(half_width, 0.02 * larger) * kMargin;
  camera.half_height = std::max(half_height, 0.02 * larger) * kMargin;
  return camera;
}

Camera around(const Vec3& centre, double radius_mm, ViewKind kind) {
  require(std::isfinite(radius_mm) && radius_mm > 0, "render: the zoom radius must be > 0");
  Camera camera = basisOf(kind);
  camera.centre = centre;
  camera.half_width = camera.half_height = radius_mm;
  camera.near_clip = 2 * radius_mm;
  return camera;
}

Camera sectionView(const Plane& plane, double radius_mm) {
  require(std::isfinite(radius_mm) && radius_mm > 0, "render: the section radius must be > 0");
  require(isFinite(plane.normal) && norm2(plane.normal) > 0, "render: the plane has no normal");
  Camera camera;
  const Vec3 normal = normalized(plane.normal);
  camera.direction = -normal;
  // Z up unless the plane is (nearly) horizontal.
  camera.up = std::abs(normal.z) < 0.99 ? Vec3{0, 0, 1} : Vec3{0, 1, 0};
  camera.centre = plane.point;
  camera.half_width = camera.half_height = radius_mm;
  return camera;
}

Projection projectionOf(const Camera& camera, const RenderOptions& options) {
  const Layout layout = layoutOf(options);
  require(isFinite(camera.direction) && norm2(camera.direction) > 0,
          "render: the camera has no direction");
  require(isFinite(camera.up) && isFinite(camera.centre), "render: the camera is not finite");
  require(std::isfinite(camera.half_width) && camera.half_width > 0 &&
              std::isfinite(camera.half_height) && camera.half_height > 0,
          "render: the camera's window must be > 0");
  require(camera.near_clip > 0, "render: the camera's near clip must be > 0");
  Projection projection;
  projection.direction = normalized(camera.direction);
  const Vec3 side = cross(projection.direction, camera.up);
  require(norm(side) > 1e-9 * norm(camera.up), "render: the camera's up is along its direction");
  projection.right = normalized(side);
  projection.up = cross(projection.right, projection.direction);
  projection.centre = camera.centre;
  const double area_width = layout.area_x1 - layout.area_x0;
  const double area_height = layout.area_y1 - layout.area_y0;
  projection.px_per_mm =
      std::min(area_width / (2 * camera.half_width), area_height / (2 * camera.half_height));
  require(std::isfinite(projection.px_per_mm) && projection.px_per_mm > 0,
          "render: the camera's window is out of range");
  projection.cx = layout.area_x0 + area_width / 2;
  projection.cy = layout.area_y0 + area_height / 2;
  projection.near_depth = -camera.near_clip;
  return projection;
}

}  // namespace gougechek::render
