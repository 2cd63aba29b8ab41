#pragma once
// The library's version, as `gougechek --version` and every report state it.
#include "gougechek/export.hpp"

namespace gougechek {

/// "MAJOR.MINOR.PATCH" of the library linked, which may differ from the headers compiled with.
GOUGECHEK_API const char* version();

}  // namespace gougechek
