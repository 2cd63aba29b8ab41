#include "io/exact_surfaces.hpp"

#include <BRepBuilderAPI_MakeEdge.hxx>
#include <BRepBuilderAPI_MakeVertex.hxx>
#include <BRepExtrema_DistShapeShape.hxx>
#include <BRepPrimAPI_MakeCone.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRep_Builder.hxx>
#include <TopoDS_Compound.hxx>
#include <gp_Ax2.hxx>
#include <stdexcept>

#include "io/exact_surfaces_faces.hpp"

namespace gougechek {

namespace {

TopoDS_Shape bodyShape(const AxialFrustum& body) {
  const gp_Pnt bottom(body.tip.x, body.tip.y, body.tip.z + body.z_bottom);
  const gp_Pnt top(body.tip.x, body.tip.y, body.tip.z + body.z_top);
  const double height = body.z_top - body.z_bottom;
  if (body.radius_bottom == 0 && body.radius_top == 0) {
    if (height <= 0) return BRepBuilderAPI_MakeVertex(bottom).Shape();
    return BRepBuilderAPI_MakeEdge(bottom, top).Shape();
  }
  if (height <= 0) throw std::invalid_argument("AxialFrustum: a disk body needs a height");
  const gp_Ax2 axis(bottom, gp::DZ());
  if (body.radius_bottom == body.radius_top)
    return BRepPrimAPI_MakeCylinder(axis, body.radius_bottom, height).Shape();
  return BRepPrimAPI_MakeCone(axis, body.radius_bottom, body.radius_top, height).Shape();
}

}  // namespace

ExactSurfaces::ExactSurfaces(std::unique_ptr<Faces> faces) : faces_(std::move(faces)) {}

ExactSurfaces::~ExactSurfaces() = default;

std::size_t ExactSurfaces::size() const {
  return faces_->faces.size();
}

double ExactSurfaces::distance(const AxialFrustum& body,
                               std::span<const std::uint32_t> face_ids) const {
  TopoDS_Compound faces;
  BRep_Builder builder;
  builder.MakeCompound(faces);
  for (std::uint32_t id : face_ids) builder.Add(faces, faces_->faces.at(id));
  BRepExtrema_DistShapeShape extrema(bodyShape(body), faces);
  if (!extrema.IsDone()) throw std::runtime_error("OCCT distance computation failed");
  // A face passing through a solid body without meeting its boundary is at distance 0.
  return extrema.InnerSolution() ? 0.0 : extrema.Value();
}

}  // namespace gougechek
