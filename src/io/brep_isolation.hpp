#pragma once
// OpenCASCADE's STEP/IGES readers crash on some damaged files (a truncated IGES file made the
// IGES reader SIGSEGV). They run in a child process: it reads, heals and tessellates, and hands
// the shape back, triangulation included, as an OCCT binary BRep (BinTools) in a temporary
// file. A crash, abort or kill of the child is then an input error naming the file, and the
// parent still gets the exact faces for exact confirmation.
#include <functional>
#include <string>

#include "io/brep_loader.hpp"

namespace gougechek {

/// loadBrep(`occt_path`) and a tessellation at `deflection` mm, in a child process. Errors name
/// `file` (the user's name for the part; `occt_path` may be a temporary copy of it): the
/// child's InputError, or "OpenCASCADE failed reading it (signal N)" when the child dies.
/// `check_stop` (if set) is called about every kStopPollMs while the child works; an exception
/// from it kills the child and propagates.
LoadedBrep loadAndTessellateIsolated(const std::string& occt_path, const std::string& file,
                                     double deflection,
                                     const std::function<void()>& check_stop = {});

}  // namespace gougechek
