#include "io/temporary_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek {

namespace {

/// $TMPDIR, when set and not empty: the folder for temporary files, as POSIX has it.
const char* tmpdirVariable() {
  const char* folder = std::getenv("TMPDIR");
  return folder != nullptr && *folder != '\0' ? folder : nullptr;
}

}  // namespace

TemporaryFile::TemporaryFile() {
  const char* const tmpdir = tmpdirVariable();
  const std::string folder = tmpdir != nullptr ? tmpdir : "/tmp";
  const std::string pattern = folder + "/gougechek-XXXXXX";
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  fd_ = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd_ < 0) {
    throw InputError(folder, 0, 0,
                     std::string("cannot create a temporary file in this folder") +
                         (tmpdir != nullptr ? " (TMPDIR)" : "") + ": " + std::strerror(errno));
  }
  ::unlink(name.data());
  // Through the process id, not "self": the worker process opens it by this name too.
  path_ = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd_);
}

TemporaryFile::~TemporaryFile() {
  ::close(fd_);
}

void TemporaryFile::write(std::string_view bytes) const {
  std::ofstream out(path_, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw InputError(path_, 0, 0, "cannot write the temporary file");
}

}  // namespace gougechek
