#pragma once
// verify() of a Part with the check's tuning (verify/tuning.hpp): for the command line's
// benchmark options --kdop and --no-front-tracking, batch manifests' kdop, and benchmarks.
#include "gougechek/check.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

/// verify() of gougechek/check.hpp with `settings`' tuning, counting the work.
CountedResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                     const TunedSettings& settings);
/// The same with the fixtures and the rapid path of `setup`.
CountedResult verify(const Part& part, ProgramStream& program, const ToolLibrary& tools,
                     const TunedSettings& settings, const MachineSetup& setup);

}  // namespace gougechek
