#pragma once
// Output files that never leave a partial file behind and never overwrite an input.
#include <optional>
#include <string>
#include <vector>

namespace gougechek {

/// A file replaced whole or not at all: written under a temporary name in the target's folder
/// and renamed over the target by commit(), so a crash or kill leaves the previous file whole.
/// The temporary is removed when the file is dropped without commit(). A symbolic link stays:
/// the file it names is replaced. A target that exists and is not a regular file (a pipe), or
/// that is or leads into /dev or /proc (/dev/stdout), cannot be replaced: it is written directly.
/// A FIFO is written only when a process reads it: it is refused at once otherwise.
class ReplacedFile {
 public:
  /// Creates the temporary. `what` names the content in messages ("the report"). Throws
  /// InputError naming the target when the folder cannot take it.
  ReplacedFile(std::string target, std::string what);
  ~ReplacedFile();
  ReplacedFile(const ReplacedFile&) = delete;
  ReplacedFile& operator=(const ReplacedFile&) = delete;

  /// Where to write.
  const std::string& path() const { return path_; }

  /// Puts the written file in the target's place. Throws InputError naming the target.
  void commit();

  /// Throws the InputError of a failed write to path(), with errno's reason ("No space left on
  /// device").
  [[noreturn]] void fail() const;

 private:
  std::string target_;       ///< as the user named it, for messages
  std::string destination_;  ///< the file renamed over: the target, symbolic links followed
  std::string what_;
  std::string path_;
  bool temporary_ = false;  ///< path_ is a temporary still to be renamed or removed
  int fifo_ = -1;           ///< the target when it is a FIFO, open while it is written

  void openFifo();
};

/// Removes the file a ReplacedFile of `target` would replace (a regular file, symbolic links
/// followed), when a new one cannot be written: an earlier run's file must not stay looking
/// like this run's. Returns whether one was removed.
bool removeReplaceable(const std::string& target);

/// A file the run reads, with what it is to the user: "the program file".
struct InputFile {
  std::string path;
  std::string role;
};

/// The role of the input that `output` is (the same device and inode: hard and symbolic links
/// included), if any. "-" as an input's path stands for standard input.
std::optional<std::string> inputAt(const std::string& output, const std::vector<InputFile>& inputs);

/// Whether two output paths name the same file, existing or not.
bool sameOutput(const std::string& first, const std::string& second);

}  // namespace gougechek
