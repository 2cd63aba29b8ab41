#include "io/file_bytes.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <istream>
#include <memory>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {
struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

[[noreturn]] void throwSystemError(const std::string& path, const std::string& what) {
  throw InputError(path, 0, 0, what + ": " + std::strerror(errno));
}

/// The cap as people read it: "16 MiB", "1048576 bytes" below a MiB.
std::string capText(std::size_t bytes) {
  return bytes % (std::size_t{1} << 20) == 0 ? std::to_string(bytes >> 20) + " MiB"
                                             : std::to_string(bytes) + " bytes";
}

[[noreturn]] void throwTooLong(const std::string& path, const FileKind& kind, bool regular) {
  if (!regular)
    throw InputError(path, 0, 0,
                     std::string("not a regular file and longer than ") + capText(kind.max_bytes) +
                         ", the most read of a " + kind.what +
                         " from a pipe or device; save it to a file");
  throw InputError(path, 0, 0,
                   std::string("longer than ") + capText(kind.max_bytes) + ", the most read of a " +
                       kind.what + ": is it the right file?");
}
}  // namespace

std::string readFileBytes(const std::string& path, const FileKind& kind) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) throwSystemError(path, std::string("cannot open the ") + kind.what);
  struct stat status {};
  if (::fstat(::fileno(file.get()), &status) != 0)
    throwSystemError(path, std::string("cannot read the ") + kind.what);
  if (S_ISDIR(status.st_mode))
    throw InputError(path, 0, 0, std::string("is a directory, not a ") + kind.what);
  const bool regular = S_ISREG(status.st_mode);
  const bool capped = !(regular && kind.only_streams_capped);
  // A regular file over the cap is refused before a byte is read.
  if (capped && regular && static_cast<std::size_t>(status.st_size) > kind.max_bytes)
    throwTooLong(path, kind, true);
  // The size of a regular file only sizes the first read (the file may change under us);
  // reading goes on until end of file, which also serves pipes and devices, up to the cap.
  std::size_t capacity =
      regular ? static_cast<std::size_t>(status.st_size) + 1 : std::size_t{1} << 16;
  if (capped) capacity = std::min(capacity, kind.max_bytes + 1);
  std::string bytes;
  std::size_t used = 0;
  while (true) {
    bytes.resize(capacity);
    used += std::fread(bytes.data() + used, 1, capacity - used, file.get());
    if (used < capacity) break;
    if (capped && used > kind.max_bytes) throwTooLong(path, kind, regular);
    capacity = capped ? std::min(2 * capacity, kind.max_bytes + 1) : 2 * capacity;
  }
  if (std::ferror(file.get())) throwSystemError(path, std::string("cannot read the ") + kind.what);
  bytes.resize(used);
  return bytes;
}

// A CR alone ends a line too: getline would read a whole old Mac file as one line.
bool readTextLine(std::istream& in, std::string& line) {
  line.clear();
  for (int c = in.get(); c != std::char_traits<char>::eof(); c = in.get()) {
    if (c == '\n') return true;
    if (c == '\r') {
      if (in.peek() == '\n') in.get();
      return true;
    }
    line.push_back(static_cast<char>(c));
  }
  return !line.empty();
}

}  // namespace gougechek
