#pragma once
// Whole-file reads: part files are parsed from memory, so the parsers never wait on I/O per token.
#include <string>

namespace gougechek {

/// The contents of `path`. Throws InputError naming the file when it cannot be opened or read.
std::string readFileBytes(const std::string& path);

}  // namespace gougechek
