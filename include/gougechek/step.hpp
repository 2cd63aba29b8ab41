#pragma once
// STEP and IGES parts: the step component (CMake gougechek::step, pkg-config gougechek-step),
// which brings OpenCASCADE. Everything else is gougechek::core's.
#include <string>

#include "gougechek/export.hpp"
#include "gougechek/job.hpp"
#include "gougechek/part.hpp"

namespace gougechek::step {

/// Reads `path` as gougechek::readPart does, and STEP (.step/.stp) and IGES (.iges/.igs) files
/// as well, by extension: every solid and free surface (assemblies included), in mm whatever
/// the file's unit, healed, tessellated within options.deflection, the exact faces kept so
/// that findings near the tolerance are measured on them. Throws InputError for unreadable
/// files, files with no solid or surface, and faces that fail to tessellate.
GOUGECHEK_API Part readPart(const std::string& path, const PartOptions& options = {});

/// gougechek::runJob with STEP and IGES parts read by readPart above (unless hooks.read_part
/// gives the part).
GOUGECHEK_API Report runJob(const CheckJob& job, JobHooks hooks = {});

}  // namespace gougechek::step
