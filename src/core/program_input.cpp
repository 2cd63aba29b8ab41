#include "core/program_input.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include "gougechek/error.hpp"
#include "gougechek/program.hpp"

namespace gougechek {

namespace {

std::map<std::uint32_t, std::string> pickLines(std::istream& in,
                                               const std::set<std::uint32_t>& wanted) {
  std::map<std::uint32_t, std::string> picked;
  std::string line;
  std::uint32_t number = 0;
  while (picked.size() < wanted.size() && std::getline(in, line)) {
    ++number;
    if (!wanted.contains(number)) continue;
    if (line.ends_with('\r')) line.pop_back();
    picked.emplace(number, line);
  }
  return picked;
}

std::string systemReason() {
  return std::strerror(errno);
}

/// A stream buffer over a file descriptor that can be read only once: what it reads is copied
/// to an unlinked temporary file, from which any part already read is read again after a seek.
/// Failures throw InputError (the istream over it must rethrow them: exceptions(badbit)).
class SpoolBuffer : public std::streambuf {
 public:
  /// Reads `source` (closed at the end when `owned`); `name` is used in messages.
  SpoolBuffer(int source, bool owned, std::string name)
      : source_(source), owned_(owned), name_(std::move(name)), spool_(std::tmpfile()) {
    if (!spool_) fail("cannot create a temporary file to hold the program: " + systemReason());
    setg(buffer_.data(), buffer_.data(), buffer_.data());
  }
  ~SpoolBuffer() override {
    if (spool_) std::fclose(spool_);
    if (owned_) ::close(source_);
  }
  SpoolBuffer(const SpoolBuffer&) = delete;
  SpoolBuffer& operator=(const SpoolBuffer&) = delete;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const std::uint64_t at = offset();
    const std::size_t got = at < spooled_ ? readSpool(at) : readSource();
    start_ = at;
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return got == 0 ? traits_type::eof() : traits_type::to_int_type(*gptr());
  }

  pos_type seekoff(off_type offset, std::ios_base::seekdir direction,
                   std::ios_base::openmode which) override {
    if (direction == std::ios_base::beg) return seekpos(pos_type(offset), which);
    if (direction == std::ios_base::cur)
      return seekpos(pos_type(static_cast<off_type>(this->offset()) + offset), which);
    return pos_type(off_type(-1));  // the end is not known before it is read
  }

  pos_type seekpos(pos_type position, std::ios_base::openmode) override {
    const off_type target = position;
    if (target < 0 || static_cast<std::uint64_t>(target) > spooled_) return pos_type(off_type(-1));
    start_ = static_cast<std::uint64_t>(target);
    setg(buffer_.data(), buffer_.data(), buffer_.data());
    return position;
  }

 private:
  [[noreturn]] void fail(const std::string& message) const {
    throw InputError(name_, 0, 0, message);
  }

  /// Stream offset of the next character.
  std::uint64_t offset() const { return start_ + static_cast<std::uint64_t>(gptr() - eback()); }

  std::size_t readSpool(std::uint64_t at) {
    const std::size_t want =
        static_cast<std::size_t>(std::min<std::uint64_t>(buffer_.size(), spooled_ - at));
    ssize_t got = 0;
    do got = ::pread(::fileno(spool_), buffer_.data(), want, static_cast<off_t>(at));
    while (got < 0 && errno == EINTR);
    if (got < 0) fail("cannot read the program back from its temporary file: " + systemReason());
    return static_cast<std::size_t>(got);
  }

  std::size_t readSource() {
    if (source_ended_) return 0;
    ssize_t got = 0;
    do got = ::read(source_, buffer_.data(), buffer_.size());
    while (got < 0 && errno == EINTR);
    if (got < 0) fail("read error: " + systemReason());
    if (got == 0) {
      source_ended_ = true;
      return 0;
    }
    const auto size = static_cast<std::size_t>(got);
    if (spooled_ + size > ProgramStream::kMaxSpooledBytes)
      fail("the program is longer than " + std::to_string(ProgramStream::kMaxSpooledBytes) +
           " bytes, the limit for a program read from standard input, a pipe or a device; "
           "save it to a file");
    for (std::size_t written = 0; written < size;) {
      const ssize_t put = ::pwrite(::fileno(spool_), buffer_.data() + written, size - written,
                                   static_cast<off_t>(spooled_ + written));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) fail("cannot copy the program to a temporary file: " + systemReason());
      written += static_cast<std::size_t>(put);
    }
    spooled_ += size;
    return size;
  }

  int source_;
  bool owned_;
  std::string name_;
  std::FILE* spool_;
  std::uint64_t spooled_ = 0;  ///< bytes of the source copied to the spool
  bool source_ended_ = false;
  std::uint64_t start_ = 0;  ///< stream offset of buffer_[0]
  std::array<char, 1 << 16> buffer_{};
};

}  // namespace

ProgramInput::ProgramInput(const std::string& path_file)
    : from_stdin_(path_file == "-"), name_(from_stdin_ ? "<stdin>" : path_file) {}

ProgramInput::ProgramInput(std::string text, std::string name)
    : text_(std::move(text)), name_(std::move(name)) {}

ProgramInput::~ProgramInput() = default;

ProgramReader& ProgramInput::open(const ProgramOptions& options) {
  if (text_) {
    size_ = text_->size();
    stream_ = std::make_unique<std::istringstream>(*text_);
  } else if (from_stdin_) {
    // Checked before the spool is made: with standard input closed, the spool's own file would
    // take descriptor 0 and be read as an empty program.
    if (::fcntl(STDIN_FILENO, F_GETFD) < 0)
      throw InputError(name_, 0, 0,
                       "standard input is closed: nothing to read the program from (give PATH as "
                       "a file)");
    spool_ = std::make_unique<SpoolBuffer>(STDIN_FILENO, false, name_);
  } else {
    const int fd = ::open(name_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw InputError(name_, 0, 0, "cannot open the program: " + systemReason());
    struct stat status {};
    if (::fstat(fd, &status) != 0 || S_ISDIR(status.st_mode)) {
      const std::string reason = S_ISDIR(status.st_mode) ? "is a directory" : systemReason();
      ::close(fd);
      throw InputError(name_, 0, 0, "cannot open the program: " + reason);
    }
    if (S_ISREG(status.st_mode)) {
      ::close(fd);
      auto file = std::make_unique<std::ifstream>(name_, std::ios::binary);
      if (!*file) throw InputError(name_, 0, 0, "cannot open the program: " + systemReason());
      size_ = static_cast<std::uint64_t>(status.st_size);
      stream_ = std::move(file);
    } else {
      spool_ = std::make_unique<SpoolBuffer>(fd, true, name_);
    }
  }
  if (spool_) {
    stream_ = std::make_unique<std::istream>(spool_.get());
    stream_->exceptions(std::ios::badbit);  // the spool's InputErrors reach the caller
  }
  reader_ = std::make_unique<ProgramReader>(*stream_, name_, options);
  return *reader_;
}

std::map<std::uint32_t, std::string> ProgramInput::lines(
    const std::set<std::uint32_t>& wanted) const {
  if (wanted.empty()) return {};
  if (spool_) {
    spool_->pubseekpos(0);
    std::istream in(spool_.get());
    in.exceptions(std::ios::badbit);
    return pickLines(in, wanted);
  }
  if (text_) {
    std::istringstream in(*text_);
    return pickLines(in, wanted);
  }
  std::ifstream in(name_, std::ios::binary);
  return pickLines(in, wanted);
}

}  // namespace gougechek
