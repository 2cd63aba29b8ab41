#pragma once
// A temporary file that is removed when it goes out of scope.
#include <string>
#include <string_view>

namespace gougechek {

class TemporaryFile {
 public:
  /// Creates an empty file in the system's temporary folder, its name ending in `suffix`.
  /// Throws InputError when none can be created.
  explicit TemporaryFile(const std::string& suffix);
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }

  /// Replaces the file's contents with `bytes`. Throws InputError on a write error.
  void write(std::string_view bytes) const;

 private:
  std::string path_;
};

}  // namespace gougechek
