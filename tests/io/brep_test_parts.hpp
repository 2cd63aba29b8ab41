#pragma once
// B-rep parts made with OpenCASCADE for the STEP/IGES tests: known exact geometry, written in
// a chosen unit.
#include <BRepAlgoAPI_Cut.hxx>
#include <BRepBuilderAPI_Transform.hxx>
#include <BRepPrimAPI_MakeBox.hxx>
#include <BRepPrimAPI_MakeCylinder.hxx>
#include <BRepPrimAPI_MakeSphere.hxx>
#include <BRep_Builder.hxx>
#include <IGESControl_Controller.hxx>
#include <IGESControl_Writer.hxx>
#include <Interface_Static.hxx>
#include <STEPControl_Writer.hxx>
#include <TopoDS_Compound.hxx>
#include <fstream>
#include <gp_Ax2.hxx>
#include <iterator>
#include <stdexcept>
#include <string>

namespace gougechek::test {

/// A 100×80×30 mm block with a spherical cavity: sphere of `radius` centred at (50, 40, 30 +
/// radius − depth), so the cavity is `depth` deep, its floor at z = 30 − depth.
inline TopoDS_Shape blockWithSphericalCavity(double radius = 40, double depth = 15) {
  const TopoDS_Shape block = BRepPrimAPI_MakeBox(100, 80, 30).Shape();
  const TopoDS_Shape sphere =
      BRepPrimAPI_MakeSphere(gp_Pnt(50, 40, 30 + radius - depth), radius).Shape();
  return BRepAlgoAPI_Cut(block, sphere).Shape();
}

/// `columns`² separate cylinders (three faces each) of radius 2 and height 5 on a 5 mm grid: a
/// many-solid, many-face part.
inline TopoDS_Shape cylinderGrid(int columns) {
  TopoDS_Compound compound;
  BRep_Builder builder;
  builder.MakeCompound(compound);
  for (int i = 0; i < columns; ++i)
    for (int j = 0; j < columns; ++j)
      builder.Add(
          compound,
          BRepPrimAPI_MakeCylinder(gp_Ax2(gp_Pnt(5.0 * i, 5.0 * j, 0), gp::DZ()), 2, 5).Shape());
  return compound;
}

/// Writes `shape` (coordinates in mm) as STEP in mm.
inline void writeStep(const TopoDS_Shape& shape, const std::string& path) {
  STEPControl_Writer writer;
  if (writer.Transfer(shape, STEPControl_AsIs) != IFSelect_RetDone ||
      writer.Write(path.c_str()) != IFSelect_RetDone)
    throw std::runtime_error("cannot write STEP " + path);
}

/// Writes `shape` (coordinates in mm) as STEP in inches. OCCT 7.6's writer ignores
/// write.step.unit, so the shape is scaled and its millimetre unit entity rewritten into the
/// conversion-based inch that CAD systems write.
inline void writeStepInInches(const TopoDS_Shape& shape, const std::string& path) {
  gp_Trsf to_inches;
  to_inches.SetScale(gp_Pnt(0, 0, 0), 1 / 25.4);
  writeStep(BRepBuilderAPI_Transform(shape, to_inches, true).Shape(), path);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string millimetre = "( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) );";
  const std::size_t at = text.find(millimetre);
  if (at == std::string::npos) throw std::runtime_error("no mm unit in " + path);
  text.replace(at, millimetre.size(),
               "( CONVERSION_BASED_UNIT('INCH',#90001) LENGTH_UNIT() NAMED_UNIT(#90002) );\n"
               "#90001 = LENGTH_MEASURE_WITH_UNIT(LENGTH_MEASURE(25.4),#90003);\n"
               "#90002 = DIMENSIONAL_EXPONENTS(1.,0.,0.,0.,0.,0.,0.);\n"
               "#90003 = ( LENGTH_UNIT() NAMED_UNIT(*) SI_UNIT(.MILLI.,.METRE.) );");
  std::ofstream(path) << text;
}

/// Writes `shape` (coordinates in mm) as IGES with B-rep entities.
inline void writeIges(const TopoDS_Shape& shape, const std::string& path) {
  IGESControl_Controller::Init();
  IGESControl_Writer writer("MM", 1);
  if (!writer.AddShape(shape) || !writer.Write(path.c_str()))
    throw std::runtime_error("cannot write IGES " + path);
}

}  // namespace gougechek::test
