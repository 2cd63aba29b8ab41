#include "cli/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

// Temporaries already in the folder (left by a killed run) are stepped over, up to this many.
constexpr int kTemporaryAttempts = 100;

bool existsAsNonRegular(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && !S_ISREG(status.st_mode);
}

/// `dir/.name.<pid>.<n>.tmp`: hidden, and unique to this process.
std::string temporaryName(const std::string& target, int attempt) {
  const std::filesystem::path path(target);
  std::string name = ".";
  name.append(path.filename().string()).append(".").append(std::to_string(::getpid()));
  name.append(".").append(std::to_string(attempt)).append(".tmp");
  return (path.parent_path() / name).string();
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

/// Devices (/dev/null) are no files an output could destroy.
bool sameRegularFile(const struct stat& a, const struct stat& b) {
  return S_ISREG(a.st_mode) && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

}  // namespace

ReplacedFile::ReplacedFile(std::string target, std::string what)
    : target_(std::move(target)), what_(std::move(what)) {
  if (existsAsNonRegular(target_)) {
    path_ = target_;
    return;
  }
  for (int attempt = 0; attempt < kTemporaryAttempts; ++attempt) {
    path_ = temporaryName(target_, attempt);
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
}

void ReplacedFile::commit() {
  if (!temporary_) return;
  if (std::rename(path_.c_str(), target_.c_str()) != 0)
    throw InputError(target_, 0, 0, "cannot write " + what_ + ": " + std::strerror(errno));
  temporary_ = false;
}

std::optional<std::string> inputAt(const std::string& output,
                                   const std::vector<InputFile>& inputs) {
  const std::optional<struct stat> out = statOf(output);
  if (!out) return std::nullopt;
  for (const InputFile& input : inputs) {
    const std::optional<struct stat> in = statOfInput(input.path);
    if (in && sameRegularFile(*in, *out)) return input.role;
  }
  return std::nullopt;
}

bool sameOutput(const std::string& first, const std::string& second) {
  const std::optional<struct stat> a = statOf(first), b = statOf(second);
  if (a && b) return sameRegularFile(*a, *b);
  // Not both there yet: compare where the names lead.
  const auto resolved = [](const std::string& path) {
    std::error_code error;
    const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, error);
    return error ? std::filesystem::absolute(path).lexically_normal() : canonical;
  };
  return resolved(first) == resolved(second);
}

}  // namespace gougechek
