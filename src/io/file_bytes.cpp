#include "io/file_bytes.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

[[noreturn]] void throwSystemError(const std::string& path, const char* what) {
  throw InputError(path, 0, 0, std::string(what) + ": " + std::strerror(errno));
}
}  // namespace

std::string readFileBytes(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) throwSystemError(path, "cannot open file");
  struct stat status {};
  if (::fstat(::fileno(file.get()), &status) != 0) throwSystemError(path, "cannot read file");
  if (S_ISDIR(status.st_mode)) throw InputError(path, 0, 0, "is a directory, not a part file");
  // The size of a regular file only sizes the first read (the file may change under us);
  // reading goes on until end of file, which also serves pipes and devices, up to their cap.
  const bool regular = S_ISREG(status.st_mode);
  std::size_t capacity = regular ? static_cast<std::size_t>(status.st_size) + 1 : 1 << 16;
  std::string bytes;
  std::size_t used = 0;
  while (true) {
    bytes.resize(capacity);
    used += std::fread(bytes.data() + used, 1, capacity - used, file.get());
    if (used < capacity) break;
    if (!regular && used > kMaxStreamedPartBytes)
      throw InputError(path, 0, 0,
                       "not a regular file and longer than " +
                           std::to_string(kMaxStreamedPartBytes >> 20) +
                           " MiB, the most read from a pipe or device; save it to a file");
    capacity = regular ? 2 * capacity : std::min(2 * capacity, kMaxStreamedPartBytes + 1);
  }
  if (std::ferror(file.get())) throwSystemError(path, "cannot read file");
  bytes.resize(used);
  return bytes;
}

}  // namespace gougechek
