#pragma once
// STEP and IGES parts through OpenCASCADE: read, heal, tessellate. The only door to OCCT for
// the rest of the program; its types stay behind it.
#include <functional>
#include <string>

#include "io/part_reader.hpp"

namespace gougechek {

/// Reads the STEP (.step/.stp) or IGES (.iges/.igs) file `path`, every solid and free surface
/// of it (assemblies included), in mm whatever the file's unit; heals small gaps; tessellates
/// so that no triangle lies farther than `deflection` mm from its face, keeping each triangle's
/// face. Throws InputError for unreadable files, files with no solid or surface, and faces that
/// fail to tessellate. `check_stop` (if set) is called while the file is read; see ImportOptions.
ImportedPart readBrepPart(const std::string& path, double deflection,
                          const std::function<void()>& check_stop = {});

}  // namespace gougechek
