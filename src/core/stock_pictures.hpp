#pragma once
// The HTML report's pictures with the raw stock after the program (issue 23) and the excess map
// (issue 24), for the job layer, which runs those stages: the public addPictures of
// gougechek/check.hpp is this without either.
#include "gougechek/check.hpp"
#include "report/excess_pictures.hpp"
#include "report/report_pictures.hpp"

namespace gougechek {

/// addPictures(report, part, program) with `stock` (null: none): its material in each region's
/// section and its mesh in the 3D view; with `excess` (null: none), the design coloured by its
/// excess in the 3D view.
void addPictures(Report& report, const Part& part, const ProgramStream& program,
                 const PicturedStock* stock, const ExcessMap* excess = nullptr);

}  // namespace gougechek
