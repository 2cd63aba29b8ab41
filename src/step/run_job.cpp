// gougechek::step::runJob: the job layer (gougechek/job.hpp) with STEP and IGES parts.
#include "gougechek/step.hpp"

namespace gougechek::step {

Report runJob(const CheckJob& job, JobHooks hooks) {
  if (!hooks.read_part) hooks.read_part = &step::readPart;
  if (!hooks.read_solid) hooks.read_solid = &step::readPart;
  return gougechek::runJob(job, hooks);
}

}  // namespace gougechek::step
