#include "io/brep_loader.hpp"

#include <BRepBuilderAPI_Sewing.hxx>
#include <IGESControl_Reader.hxx>
#include <IGESData_GlobalSection.hxx>
#include <IGESData_IGESModel.hxx>
#include <Interface_Static.hxx>
#include <Message.hxx>
#include <Message_Messenger.hxx>
#include <Message_PrinterOStream.hxx>
#include <STEPControl_Reader.hxx>
#include <ShapeFix_Shape.hxx>
#include <Standard_Failure.hxx>
#include <TColStd_SequenceOfAsciiString.hxx>
#include <TopExp_Explorer.hxx>
#include <algorithm>
#include <cctype>
#include <filesystem>

#include "gougechek/error.hpp"

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

LoadedBrep loadStep(const std::string& path) {
  STEPControl_Reader reader;
  if (reader.ReadFile(path.c_str()) != IFSelect_RetDone)
    throw InputError(path, 0, 0, "not a readable STEP file (the STEP parser rejected it)");
  TColStd_SequenceOfAsciiString lengths, angles, solid_angles;
  reader.FileUnits(lengths, angles, solid_angles);
  reader.TransferRoots();
  return {reader.OneShape(), "step",
          lengths.IsEmpty() ? "mm" : shortUnitName(lengths.First().ToCString())};
}

LoadedBrep loadIges(const std::string& path) {
  IGESControl_Reader reader;
  if (reader.ReadFile(path.c_str()) != IFSelect_RetDone)
    throw InputError(path, 0, 0, "not a readable IGES file (the IGES parser rejected it)");
  const Handle(TCollection_HAsciiString) unit = reader.IGESModel()->GlobalSection().UnitName();
  reader.TransferRoots();
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

}  // namespace

LoadedBrep loadBrep(const std::string& path) {
  // The same words as for an STL, which goes through readFileBytes.
  if (!std::filesystem::exists(path))
    throw InputError(path, 0, 0, "cannot open file: No such file or directory");
  if (!std::filesystem::is_regular_file(path)) throw InputError(path, 0, 0, "cannot read file");
  const std::string extension = lowerCase(std::filesystem::path(path).extension().string());
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

}  // namespace gougechek
