#pragma once
// The HTML report's pictures with the raw stock after the program (issue 23), for the job layer,
// which runs the stock stage: the public addPictures of gougechek/check.hpp is this without one.
#include "gougechek/check.hpp"
#include "report/report_pictures.hpp"

namespace gougechek {

/// addPictures(report, part, program) with `stock` (null: none): its material in each region's
/// section and its mesh in the 3D view.
void addPictures(Report& report, const Part& part, const ProgramStream& program,
                 const PicturedStock* stock);

}  // namespace gougechek
