#include "io/brep_reader.hpp"

#include <BRepBndLib.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <BRep_Tool.hxx>
#include <Bnd_Box.hxx>
#include <Poly_Triangulation.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopLoc_Location.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Face.hxx>
#include <cmath>
#include <vector>

#include "gougechek/error.hpp"
#include "io/brep_loader.hpp"
#include "io/exact_surfaces_faces.hpp"
#include "io/mesh_builder.hpp"

namespace gougechek {

namespace {

// Angular deflection, radians: loose, so that the linear deflection sets the mesh density, but
// bounded so that large flat-ish curved faces keep a sane shape.
constexpr double kAngularDeflection = 0.5;

// Largest part size, in deflections, that is tessellated: a metre-sized mold at 0.001 mm. Beyond
// it the mesh would run into the tens of millions of triangles (OCCT's mesher then needs many
// gigabytes); the user is asked for a coarser deflection instead.
constexpr double kMaxSizeInDeflections = 1e6;

void checkMeshable(const TopoDS_Shape& shape, double deflection, const std::string& path) {
  Bnd_Box box;
  BRepBndLib::Add(shape, box, false);
  if (box.IsVoid()) return;
  const double size = std::sqrt(box.SquareExtent());
  if (size / deflection <= kMaxSizeInDeflections) return;
  throw InputError(path, 0, 0,
                   "the part is " + std::to_string(static_cast<long>(size)) +
                       " mm across: tessellating it at a deflection of " +
                       std::to_string(deflection) +
                       " mm would need too many triangles; pass --deflection " +
                       std::to_string(size / kMaxSizeInDeflections) + " or more");
}

Vec3 toVec3(const gp_Pnt& p) {
  return {p.X(), p.Y(), p.Z()};
}

// Appends the triangles of `face` (in its placed position, outward-wound) to `builder`; returns
// false when the face has no triangulation.
bool addFaceTriangles(const TopoDS_Face& face, std::uint32_t face_id, MeshBuilder& builder,
                      std::vector<std::uint32_t>& face_of_triangle) {
  TopLoc_Location location;
  const Handle(Poly_Triangulation) triangulation = BRep_Tool::Triangulation(face, location);
  if (triangulation.IsNull()) return false;
  const gp_Trsf placement = location.Transformation();
  // A reversed face's material is on the other side of its surface's natural normal.
  const bool reversed = face.Orientation() == TopAbs_REVERSED;
  for (int t = 1; t <= triangulation->NbTriangles(); ++t) {
    int a = 0, b = 0, c = 0;
    triangulation->Triangle(t).Get(a, b, c);
    if (reversed) std::swap(b, c);
    if (builder.addTriangle(toVec3(triangulation->Node(a).Transformed(placement)),
                            toVec3(triangulation->Node(b).Transformed(placement)),
                            toVec3(triangulation->Node(c).Transformed(placement))))
      face_of_triangle.push_back(face_id);
  }
  return true;
}

}  // namespace

Part readBrepPart(const std::string& path, double deflection) {
  LoadedBrep loaded = loadBrep(path);
  try {
    TopTools_IndexedMapOfShape faces, solids;
    TopExp::MapShapes(loaded.shape, TopAbs_FACE, faces);
    TopExp::MapShapes(loaded.shape, TopAbs_SOLID, solids);
    checkMeshable(loaded.shape, deflection, path);
    // Faces are independent once their edges are discretised: OCCT meshes them in parallel.
    const BRepMesh_IncrementalMesh mesher(loaded.shape, deflection, false, kAngularDeflection,
                                          true);
    Part part;
    part.format = loaded.format;
    part.units = loaded.units;
    part.faces = static_cast<std::size_t>(faces.Extent());
    part.solids = static_cast<std::size_t>(solids.Extent());
    auto exact_faces = std::make_unique<ExactSurfaces::Faces>();
    MeshBuilder builder;
    std::size_t failed = 0;
    for (int i = 1; i <= faces.Extent(); ++i) {
      const TopoDS_Face& face = TopoDS::Face(faces(i));
      const auto face_id = static_cast<std::uint32_t>(i - 1);
      if (!addFaceTriangles(face, face_id, builder, part.face_of_triangle)) ++failed;
      exact_faces->faces.push_back(face);
    }
    if (failed > 0)
      throw InputError(path, 0, 0,
                       "tessellation failed on " + std::to_string(failed) + " of " +
                           std::to_string(faces.Extent()) + " faces at deflection " +
                           std::to_string(deflection) + " mm");
    part.diagnostics.degenerate_dropped = builder.degenerateDropped();
    part.mesh = builder.take();
    if (part.mesh.triangles.empty())
      throw InputError(path, 0, 0, "tessellation produced no triangle");
    part.exact = std::make_shared<const ExactSurfaces>(std::move(exact_faces));
    return part;
  } catch (const Standard_Failure& failure) {
    throw InputError(
        path, 0, 0,
        std::string("OpenCASCADE could not tessellate the part: ") + failure.GetMessageString());
  }
}

}  // namespace gougechek
