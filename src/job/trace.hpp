#pragma once
// The trace of a check (gougechek/report.hpp): its command, its inputs' SHA-256, its dialect
// and when it ran, as runJob() records it in every report.
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "gougechek/report.hpp"
#include "job/job_options.hpp"

namespace gougechek {

/// The lowercase hex SHA-256 of `bytes`.
std::string sha256OfBytes(std::string_view bytes);

/// SHA-256 digests of files, each file read once however many checks ask (a batch's part is
/// hashed once for all its programs). Safe to use from several threads.
class FileHashes {
 public:
  /// The lowercase hex SHA-256 of the regular file `path`; empty when it is not one (standard
  /// input, a pipe or a device, which hashing would consume) or cannot be read, in which case
  /// reading it for the check says what is wrong.
  std::string of(const std::string& path);

 private:
  std::mutex mutex_;
  std::map<std::string, std::string> known_;
};

/// The current time, UTC, ISO 8601 to the second: `2026-11-24T20:51:03Z`.
std::string utcTimestamp();

/// The SHA-256 of a file, as FileHashes::of gives it.
using FileSha256 = std::function<std::string(const std::string& file)>;

/// The trace of `job` as it starts: `command`, now, its dialect and its inputs hashed (a
/// program given as text by its text).
Trace startTrace(const CheckJob& job, std::string command, const FileSha256& sha256);

/// Adds the subprogram files `program` has read so far, hashed, to `trace`.
void addSubprograms(Trace& trace, const ProgramStream& program, const FileSha256& sha256);

}  // namespace gougechek
