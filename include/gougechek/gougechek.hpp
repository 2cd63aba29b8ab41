#pragma once
// gougechek::core in one include: parts (STL), programs, tools, verify(), reports, jobs. STEP and
// IGES parts are gougechek::step's: gougechek/step.hpp.
#include "gougechek/check.hpp"
#include "gougechek/error.hpp"
#include "gougechek/fixture.hpp"
#include "gougechek/job.hpp"
#include "gougechek/mesh.hpp"
#include "gougechek/move.hpp"
#include "gougechek/part.hpp"
#include "gougechek/program.hpp"
#include "gougechek/report.hpp"
#include "gougechek/tool.hpp"
#include "gougechek/vec3.hpp"
#include "gougechek/verify.hpp"
#include "gougechek/version.hpp"
#include "gougechek/warning.hpp"
