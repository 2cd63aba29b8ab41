#pragma once
// OpenCASCADE's STEP/IGES readers crash on some damaged files (a truncated IGES file made the
// IGES reader SIGSEGV). They run in a worker process, gougechek-brep-worker: it reads, heals and
// tessellates, and hands the shape back, triangulation included, as an OCCT binary BRep
// (BinTools) in a temporary file that has no name in the folder (io/temporary_file.hpp): a
// run killed during the import leaves nothing behind. A crash or abort of the worker is then an
// input error naming the file, and the caller still gets the exact faces for exact confirmation;
// running out of memory (an allocation failed in it, or SIGKILL from the out-of-memory killer) is
// the machine's limit, not the file's: a std::runtime_error saying so.
//
// The worker is a program of its own, started afresh (posix_spawn), not a fork of the caller:
// a fork of a process with other threads holds copies of whatever locks those threads held at
// that moment (an allocator's, TBB's), and its first use of one waits forever. It is found
// beside the library or program holding this code (the build tree), or in the install tree's
// libexec folder relative to it.
#include <functional>
#include <string>

#include "io/brep_loader.hpp"

namespace gougechek {

/// loadBrep(`occt_path`, `file`) and a tessellation at `deflection` mm, in a worker process. Errors
/// name `file` (the user's name for the part; `occt_path` may be a temporary copy of it): the
/// worker's InputError, or "OpenCASCADE failed reading it (signal N)" when the worker dies.
/// Memory running out in the worker throws std::runtime_error naming `file`.
/// `check_stop` (if set) is called about every kStopPollMs while the worker works; an exception
/// from it kills the worker and propagates. Throws std::runtime_error when the worker program
/// is not installed or cannot be started.
LoadedBrep loadAndTessellateIsolated(const std::string& occt_path, const std::string& file,
                                     double deflection,
                                     const std::function<void()>& check_stop = {});

/// The worker's main: `gougechek-brep-worker OCCT_PATH FILE BREP_PATH DEFLECTION THREADS
/// PARENT_PID`, as loadAndTessellateIsolated starts it. Returns the process's exit code.
/// `memory_ran_out` says whether an allocation has failed in the process: a failure then is
/// the lack of memory's, not the file's, and the caller says so (std::runtime_error: an internal
/// error, not an input error), as it does for a worker killed by SIGKILL (the out-of-memory
/// killer).
int runBrepWorker(int argc, const char* const* argv, bool (*memory_ran_out)());

}  // namespace gougechek
