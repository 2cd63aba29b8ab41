#pragma once
// Whole-file reads: inputs are parsed from memory, so the parsers never wait on I/O per token.
// Every file a run reads whole comes through here, with the cap of its kind
// (docs/checking-rules.md, "Limits": sizes of the other inputs), so that no mistaken path (a 1 GB
// STL given as the tool table, /dev/zero) can take all memory.
#include <cstddef>
#include <istream>
#include <string>

namespace gougechek {

/// What a file is to the user and the most of it that is read.
struct FileKind {
  const char* what;       ///< "tool table": names the file in messages
  std::size_t max_bytes;  ///< a longer file is refused
  /// A part: a regular file is read whole, its size is its bound; max_bytes caps only pipes and
  /// devices, whose size is not known beforehand.
  bool only_streams_capped = false;
};

/// Part files (STL, STEP, IGES).
inline constexpr FileKind kPartFile{"part file", std::size_t{256} << 20, true};
/// LinuxCNC tool tables: thousands of tools are a few hundred kB.
inline constexpr FileKind kToolTableFile{"tool table", std::size_t{16} << 20};
/// Tool libraries (Fusion 360 JSON, FreeCAD .fctl): the largest real Fusion library seen (Haas
/// VM3, 255 tools with holders) is 0.8 MB.
inline constexpr FileKind kToolLibraryFile{"tool library", std::size_t{64} << 20};
/// A FreeCAD ToolBit (.fctb): a few hundred bytes.
inline constexpr FileKind kToolBitFile{"FreeCAD ToolBit", std::size_t{1} << 20};
/// Holder profiles (text or .fcholder): tens of segments.
inline constexpr FileKind kHolderProfileFile{"holder profile", std::size_t{4} << 20};
/// LinuxCNC parameter files (--work-offsets): LinuxCNC's own is a few kilobytes.
inline constexpr FileKind kWorkOffsetsFile{"work offsets file", std::size_t{1} << 20};
/// Batch manifests: a job is a few lines.
inline constexpr FileKind kManifestFile{"batch manifest", std::size_t{16} << 20};
/// Batch summaries (--baseline, merge's shards): every check's report, with its listed
/// violations, is in it.
inline constexpr FileKind kSummaryFile{"batch summary", std::size_t{512} << 20};

/// The contents of `path`, a `kind` file. Throws InputError naming the file when it cannot be
/// opened or read, is a directory, or is longer than the kind's cap.
std::string readFileBytes(const std::string& path, const FileKind& kind = kPartFile);

/// Reads the next line of a text file into `line`, without its end: LF, CR LF, or a CR alone
/// (old Mac files). False at the end of `in`.
bool readTextLine(std::istream& in, std::string& line);

}  // namespace gougechek
