#include "job/output_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

// Temporaries already in the folder (left by a killed run) are stepped over, up to this many.
constexpr int kTemporaryAttempts = 100;

// Symbolic links followed at most, as the kernel's own limit (a longer chain is a loop).
constexpr int kMaxLinkHops = 40;

/// Paths into /dev and /proc name streams the caller opened (/dev/stdout, /proc/self/fd/1).
bool isSystemPath(const std::filesystem::path& path) {
  const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
  return absolute.starts_with("/dev/") || absolute.starts_with("/proc/");
}

/// The file a rename must replace: `path` with its symbolic links followed, so a link stays and
/// what it names gets the new content, as writing through it would. Nothing when the path or a
/// link leads into /dev or /proc: a stream, written in place (a rename would put a plain file
/// where the device or the link was).
std::optional<std::string> replaceableTarget(const std::string& path) {
  std::filesystem::path current = path;
  for (int hop = 0; hop < kMaxLinkHops; ++hop) {
    if (isSystemPath(current)) return std::nullopt;
    std::error_code error;
    if (!std::filesystem::is_symlink(current, error)) break;
    const std::filesystem::path next = std::filesystem::read_symlink(current, error);
    if (error) break;
    current = next.is_absolute() ? next : current.parent_path() / next;
  }
  return current.string();
}

/// `dir/.name.<pid>.<n>.tmp`: hidden, and unique to this process. The name is cut so that the
/// whole stays within NAME_MAX, as the target's own name may be up to that long.
std::string temporaryName(const std::string& target, int attempt) {
  const std::filesystem::path path(target);
  std::string suffix = ".";
  suffix.append(std::to_string(::getpid())).append(".");
  suffix.append(std::to_string(attempt)).append(".tmp");
  std::string name = ".";
  name.append(path.filename().string());
  name.resize(std::min(name.size(), NAME_MAX - suffix.size()));
  return (path.parent_path() / name.append(suffix)).string();
}

std::optional<struct stat> statOf(const std::string& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return status;
}

std::optional<struct stat> statOfInput(const std::string& path) {
  struct stat status {};
  if (path != "-") return statOf(path);
  if (::fstat(STDIN_FILENO, &status) != 0) return std::nullopt;
  return status;
}

/// Whether two files are one that an output could destroy or lose itself in: a regular file,
/// or a pipe (a report written into the program's own stdin pipe is read by no one). Devices
/// (/dev/null, a terminal) are shared harmlessly.
bool sameFile(const struct stat& a, const struct stat& b) {
  const bool file_or_pipe = S_ISREG(a.st_mode) || S_ISFIFO(a.st_mode) || S_ISSOCK(a.st_mode);
  return file_or_pipe && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

ReplacedFile::ReplacedFile(std::string target, std::string what)
    : target_(std::move(target)), what_(std::move(what)) {
  const std::optional<std::string> destination = replaceableTarget(target_);
  const std::optional<struct stat> existing = statOf(target_);
  if (existing && S_ISFIFO(existing->st_mode)) {
    openFifo();
    return;
  }
  if (!destination || (existing && !S_ISREG(existing->st_mode))) {
    path_ = target_;
    return;
  }
  destination_ = *destination;
  for (int attempt = 0; attempt < kTemporaryAttempts; ++attempt) {
    path_ = temporaryName(destination_, attempt);
    // 0666 less the umask: the file gets the permissions a plain create would give it.
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0) {
      ::close(fd);
      temporary_ = true;
      return;
    }
    if (errno != EEXIST) break;
  }
  throw InputError(target_, 0, 0, "cannot write " + what_ + ": " + std::strerror(errno));
}

ReplacedFile::~ReplacedFile() {
  if (temporary_) ::unlink(path_.c_str());
  if (fifo_ >= 0) ::close(fifo_);
}

void ReplacedFile::openFifo() {
  // A blocking open would wait, for ever, for a reader that may never come: a FIFO no one reads
  // is refused at once (ENXIO).
  fifo_ = ::open(target_.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (fifo_ < 0) {
    const std::string reason = errno == ENXIO ? "no process reads the FIFO" : std::strerror(errno);
    throw InputError(target_, 0, 0, "cannot write " + what_ + ": " + reason);
  }
  // Written through a second opening of this one, which has a reader now, and held open until
  // the end so that the reader sees no end of file in between.
  path_ = "/proc/self/fd/" + std::to_string(fifo_);
}

void ReplacedFile::fail() const {
  const std::string reason = errno != 0 ? std::strerror(errno) : "write error";
  throw InputError(target_, 0, 0, "cannot write " + what_ + ": " + reason);
}

void ReplacedFile::commit() {
  if (!temporary_) return;
  if (std::rename(path_.c_str(), destination_.c_str()) != 0)
    throw InputError(target_, 0, 0, "cannot write " + what_ + ": " + std::strerror(errno));
  temporary_ = false;
}

bool removeReplaceable(const std::string& target) {
  const std::optional<std::string> destination = replaceableTarget(target);
  const std::optional<struct stat> existing = destination ? statOf(*destination) : std::nullopt;
  return existing && S_ISREG(existing->st_mode) && ::unlink(destination->c_str()) == 0;
}

std::optional<std::string> inputAt(const std::string& output,
                                   const std::vector<InputFile>& inputs) {
  const std::optional<struct stat> out = statOf(output);
  if (!out) return std::nullopt;
  for (const InputFile& input : inputs) {
    const std::optional<struct stat> in = statOfInput(input.path);
    if (in && sameFile(*in, *out)) return input.role;
  }
  return std::nullopt;
}

bool sameOutput(const std::string& first, const std::string& second) {
  const std::optional<struct stat> a = statOf(first), b = statOf(second);
  if (a && b) return sameFile(*a, *b);
  // Not both there yet: compare where the names lead. Made absolute first: weakly_canonical
  // leaves a relative name none of whose parts exists ("r.json") relative, but resolves
  // "./r.json" from the current folder, and the two would differ.
  const auto resolved = [](const std::string& path) {
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(path);
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(absolute, error);
    return error ? absolute.lexically_normal() : canonical;
  };
  return resolved(first) == resolved(second);
}

}  // namespace gougechek
