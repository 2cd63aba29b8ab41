#include "io/file_bytes.hpp"

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
  // The size only sizes the first read (the file may change under us, or be a pipe): reading
  // goes on until end of file.
  std::size_t capacity = 1 << 16;
  if (std::fseek(file.get(), 0, SEEK_END) == 0) {
    const long size = std::ftell(file.get());
    if (size > 0) capacity = static_cast<std::size_t>(size) + 1;
    std::rewind(file.get());
  }
  std::string bytes;
  std::size_t used = 0;
  while (true) {
    bytes.resize(capacity);
    used += std::fread(bytes.data() + used, 1, capacity - used, file.get());
    if (used < capacity) break;
    capacity *= 2;
  }
  if (std::ferror(file.get())) throwSystemError(path, "cannot read file");
  bytes.resize(used);
  return bytes;
}

}  // namespace gougechek
