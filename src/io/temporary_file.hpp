#pragma once
// A temporary file that no run leaves behind, however it ends.
#include <string>
#include <string_view>

namespace gougechek {

/// An empty file in the temporary folder ($TMPDIR, else /tmp) with no name there: it is removed
/// from the folder as soon as it is made and lives as long as this object holds it open, so
/// even a killed run (SIGKILL) leaves nothing behind.
class TemporaryFile {
 public:
  /// Throws InputError naming the folder when no file can be made there (TMPDIR naming no
  /// folder, no space, no permission).
  TemporaryFile();
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  /// A name that opens the file, in this process and in the ones it starts while this object
  /// lives: /proc/PID/fd/N.
  const std::string& path() const { return path_; }

  /// Replaces the file's contents with `bytes`. Throws InputError on a write error.
  void write(std::string_view bytes) const;

 private:
  int fd_ = -1;
  std::string path_;
};

}  // namespace gougechek
