#pragma once
// Whole-file reads: part files are parsed from memory, so the parsers never wait on I/O per token.
#include <cstddef>
#include <string>

namespace gougechek {

/// Largest part read from a pipe, a device or any other file that is not a regular file
/// (/dev/stdin, a FIFO, /dev/zero): its size is not known beforehand, and a source without
/// end must not take all memory. A regular file is read whole: its size is its bound.
inline constexpr std::size_t kMaxStreamedPartBytes = std::size_t{256} << 20;

/// The contents of `path`. Throws InputError naming the file when it cannot be opened or read,
/// is a directory, or is not a regular file and holds more than kMaxStreamedPartBytes.
std::string readFileBytes(const std::string& path);

}  // namespace gougechek
