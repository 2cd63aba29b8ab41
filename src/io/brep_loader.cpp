#include "io/brep_loader.hpp"

#include <BRepBndLib.hxx>
#include <BRepBuilderAPI_Sewing.hxx>
#include <BRepMesh_IncrementalMesh.hxx>
#include <Bnd_Box.hxx>
#include <IGESControl_Reader.hxx>
#include <IGESData_GlobalSection.hxx>
#include <IGESData_IGESModel.hxx>
#include <Interface_InterfaceModel.hxx>
#include <Interface_Static.hxx>
#include <Message.hxx>
#include <Message_Messenger.hxx>
#include <Message_PrinterOStream.hxx>
#include <STEPControl_Reader.hxx>
#include <ShapeFix_Shape.hxx>
#include <Standard_Failure.hxx>
#include <TColStd_SequenceOfAsciiString.hxx>
#include <TCollection_HAsciiString.hxx>
#include <TopExp_Explorer.hxx>
#include <XSControl_Reader.hxx>
#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>

#include "gougechek/error.hpp"
#include "io/part_range.hpp"

namespace gougechek {

namespace {

// Gaps up to this are closed when a surface model is sewn into shells: far below any tolerance
// a part is checked at, far above the 1e-7 mm rounding of exported coordinates.
constexpr double kSewingTolerance = 1e-3;

std::string lowerCase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// STEP names units in words ("MILLIMETRE", "INCH"), IGES in abbreviations ("MM", "IN"); the
// report uses the short forms of the CLI's --part-units.
std::string shortUnitName(const std::string& name) {
  const std::string unit = lowerCase(name);
  if (unit == "millimetre" || unit == "millimeter" || unit == "mm") return "mm";
  if (unit == "inch" || unit == "in") return "in";
  if (unit == "metre" || unit == "meter" || unit == "m") return "m";
  if (unit == "centimetre" || unit == "centimeter" || unit == "cm") return "cm";
  if (unit == "foot" || unit == "ft") return "ft";
  return unit.empty() ? "mm" : unit;
}

// An entity OCCT could not parse (a damaged statement) or whose type it does not know (a
// misspelt ADVANCED_FACE, an IGES type 999) is skipped by the transfer without failing it: the
// part would be read without that face, and gouges against it missed.
void refuseUnreadEntities(const Interface_InterfaceModel& model, const std::string& what,
                          const std::string& path) {
  for (int i = 1; i <= model.NbEntities(); ++i) {
    const bool damaged = model.IsErrorEntity(i);
    if (!damaged && !model.IsUnknownEntity(i)) continue;
    const Handle(TCollection_HAsciiString) label = model.StringLabel(model.Value(i));
    throw InputError(path, 0, 0,
                     what + " " + (label.IsNull() ? std::to_string(i) : label->ToCString()) +
                         (damaged ? " could not be read (it is damaged, or refers to an "
                                    "entity of an unknown or wrong type)"
                                  : " has a type OpenCASCADE does not know") +
                         ": the part would be read without it");
  }
}

// Turns the file's root entities into shapes. A root that fails to transfer would leave its
// faces out of the part, unchecked: an error, not a smaller part.
void transferEveryRoot(XSControl_Reader& reader, const std::string& path) {
  const int roots = reader.NbRootsForTransfer();
  const int transferred = reader.TransferRoots();
  if (transferred < roots)
    throw InputError(path, 0, 0,
                     "OpenCASCADE could convert only " + std::to_string(transferred) + " of the " +
                         std::to_string(roots) + " root entities into shapes");
}

LoadedBrep loadStep(const std::string& path) {
  STEPControl_Reader reader;
  if (reader.ReadFile(path.c_str()) != IFSelect_RetDone)
    throw InputError(path, 0, 0, "not a readable STEP file (the STEP parser rejected it)");
  refuseUnreadEntities(*reader.Model(), "STEP entity", path);
  TColStd_SequenceOfAsciiString lengths, angles, solid_angles;
  reader.FileUnits(lengths, angles, solid_angles);
  transferEveryRoot(reader, path);
  return {reader.OneShape(), "step",
          lengths.IsEmpty() ? "mm" : shortUnitName(lengths.First().ToCString())};
}

LoadedBrep loadIges(const std::string& path) {
  IGESControl_Reader reader;
  if (reader.ReadFile(path.c_str()) != IFSelect_RetDone)
    throw InputError(path, 0, 0, "not a readable IGES file (the IGES parser rejected it)");
  refuseUnreadEntities(*reader.Model(), "IGES entity", path);
  const Handle(TCollection_HAsciiString) unit = reader.IGESModel()->GlobalSection().UnitName();
  transferEveryRoot(reader, path);
  return {reader.OneShape(), "iges", shortUnitName(unit.IsNull() ? "" : unit->ToCString())};
}

bool hasSubShape(const TopoDS_Shape& shape, TopAbs_ShapeEnum kind) {
  return TopExp_Explorer(shape, kind).More();
}

TopoDS_Shape healed(const TopoDS_Shape& shape) {
  ShapeFix_Shape fixer(shape);
  fixer.Perform();
  TopoDS_Shape result = fixer.Shape();
  // A surface model (IGES mostly) is a heap of faces; sewn into shells it gets consistent
  // orientation and shared edges, which the mesh needs to be closed.
  if (!hasSubShape(result, TopAbs_SOLID) && hasSubShape(result, TopAbs_FACE)) {
    BRepBuilderAPI_Sewing sewing(kSewingTolerance);
    sewing.Add(result);
    sewing.Perform();
    if (!sewing.SewedShape().IsNull()) result = sewing.SewedShape();
  }
  return result;
}

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
  double x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0;
  box.Get(x0, y0, z0, x1, y1, z1);
  if (!withinPartRange(Vec3{x0, y0, z0}) || !withinPartRange(Vec3{x1, y1, z1}))
    throw InputError(path, 0, 0, "the part has coordinates " + partRangeText() + " (in mm)");
  const double size = std::sqrt(box.SquareExtent());
  if (size / deflection <= kMaxSizeInDeflections) return;
  throw InputError(path, 0, 0,
                   "the part is " + std::to_string(static_cast<long>(size)) +
                       " mm across: tessellating it at a deflection of " +
                       std::to_string(deflection) +
                       " mm would need too many triangles; pass --deflection " +
                       std::to_string(size / kMaxSizeInDeflections) +
                       " or more (with a --tolerance of at least 5 times that)");
}

}  // namespace

LoadedBrep loadBrep(const std::string& path, const std::string& name) {
  // The same words as for an STL, which goes through readFileBytes.
  if (!std::filesystem::exists(path))
    throw InputError(path, 0, 0, "cannot open the part file: No such file or directory");
  if (!std::filesystem::is_regular_file(path))
    throw InputError(path, 0, 0, "cannot read the part file");
  const std::string extension = lowerCase(std::filesystem::path(name).extension().string());
  try {
    // OCCT's readers print their statistics to stdout, where the report goes; what they say
    // about a bad file reaches the user through the exceptions and statuses below instead.
    Message::DefaultMessenger()->RemovePrinters(STANDARD_TYPE(Message_PrinterOStream));
    // The readers convert every length to this unit.
    Interface_Static::SetCVal("xstep.cascade.unit", "MM");
    LoadedBrep loaded =
        extension == ".iges" || extension == ".igs" ? loadIges(path) : loadStep(path);
    if (loaded.shape.IsNull() || !hasSubShape(loaded.shape, TopAbs_FACE))
      throw InputError(path, 0, 0,
                       "the " + loaded.format + " file holds no solid or surface to check against");
    loaded.shape = healed(loaded.shape);
    return loaded;
  } catch (const Standard_Failure& failure) {
    throw InputError(
        path, 0, 0,
        std::string("OpenCASCADE could not read the file: ") + failure.GetMessageString());
  }
}

void tessellate(const TopoDS_Shape& shape, double deflection, const std::string& path) {
  try {
    checkMeshable(shape, deflection, path);
    // Faces are independent once their edges are discretised: OCCT meshes them in parallel.
    const BRepMesh_IncrementalMesh mesher(shape, deflection, false, kAngularDeflection, true);
  } catch (const Standard_Failure& failure) {
    throw InputError(
        path, 0, 0,
        std::string("OpenCASCADE could not tessellate the part: ") + failure.GetMessageString());
  }
}

}  // namespace gougechek
