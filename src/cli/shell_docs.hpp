#pragma once
// The man page and the bash and zsh completions, made from the option tables the command line
// parses with (visibleOptions, batchOptions), so that they never disagree with it. The build
// writes them with `gougechek --generate man|bash|zsh` and installs them (CMakeLists.txt).
#include <string>

namespace gougechek {

/// The generated file `what` names ("man", "bash", "zsh"); throws UsageError for another name.
std::string generatedFile(const std::string& what);

}  // namespace gougechek
