#include "io/temporary_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include "gougechek/error.hpp"

namespace gougechek {

TemporaryFile::TemporaryFile(const std::string& suffix) {
  std::string pattern = (std::filesystem::temp_directory_path() / "gougechek-XXXXXX").string();
  pattern += suffix;
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemps(name.data(), static_cast<int>(suffix.size()));
  if (fd < 0)
    throw InputError(pattern, 0, 0,
                     std::string("cannot create a temporary file: ") + std::strerror(errno));
  ::close(fd);
  path_ = name.data();
}

TemporaryFile::~TemporaryFile() {
  ::unlink(path_.c_str());
}

void TemporaryFile::write(std::string_view bytes) const {
  std::ofstream out(path_, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw InputError(path_, 0, 0, "cannot write the temporary file");
}

}  // namespace gougechek
