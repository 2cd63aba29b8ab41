#pragma once
// What ExactSurfaces keeps: the placed OCCT faces, indexed by face id. Internal to src/io/.
#include <TopoDS_Face.hxx>
#include <vector>

#include "io/exact_surfaces.hpp"

namespace gougechek {

struct ExactSurfaces::Faces {
  std::vector<TopoDS_Face> faces;
};

}  // namespace gougechek
