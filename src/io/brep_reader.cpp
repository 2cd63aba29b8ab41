#include "io/brep_reader.hpp"

#include <BRep_Tool.hxx>
#include <Poly_Triangulation.hxx>
#include <Standard_Failure.hxx>
#include <TopExp.hxx>
#include <TopLoc_Location.hxx>
#include <TopTools_IndexedMapOfShape.hxx>
#include <TopoDS.hxx>
#include <TopoDS_Face.hxx>
#include <cctype>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "io/brep_isolation.hpp"
#include "io/brep_structure.hpp"
#include "io/exact_surfaces_faces.hpp"
#include "io/file_bytes.hpp"
#include "io/mesh_builder.hpp"
#include "io/temporary_file.hpp"

namespace gougechek {

namespace {

bool isIgesFile(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".iges" || extension == ".igs";
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

ImportedPart readBrepPart(const std::string& path, double deflection,
                          const std::function<void()>& check_stop) {
  // The structure is checked on the bytes OCCT will read: a non-regular file (a pipe) is
  // read once, within its cap, and handed to OCCT as a temporary copy.
  const std::string bytes = readFileBytes(path);
  if (isIgesFile(path)) {
    checkIgesStructure(bytes, path);
  } else {
    checkStepStructure(bytes, path);
  }
  std::optional<TemporaryFile> copy;
  if (!std::filesystem::is_regular_file(path)) {
    copy.emplace();
    copy->write(bytes);
  }
  const LoadedBrep loaded =
      loadAndTessellateIsolated(copy ? copy->path() : path, path, deflection, check_stop);
  try {
    TopTools_IndexedMapOfShape faces, solids;
    TopExp::MapShapes(loaded.shape, TopAbs_FACE, faces);
    TopExp::MapShapes(loaded.shape, TopAbs_SOLID, solids);
    ImportedPart part;
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
    if (failed > 0 && loaded.memory_ran_out)
      throw std::runtime_error(
          path + ": memory ran out tessellating it: " + std::to_string(failed) + " of " +
          std::to_string(faces.Extent()) + " faces have no triangles");
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
