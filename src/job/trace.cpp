#include "job/trace.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <memory>
#include <vector>

namespace gougechek {

namespace {

/// SHA-256 over bytes given in pieces.
class Sha256 {
 public:
  Sha256() : context_(EVP_MD_CTX_new(), &EVP_MD_CTX_free) {
    ok_ = context_ && EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr) == 1;
  }

  void add(const char* bytes, std::size_t size) {
    ok_ = ok_ && EVP_DigestUpdate(context_.get(), bytes, size) == 1;
  }

  /// The digest in lowercase hex; empty when hashing failed.
  std::string hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    if (!ok_ || EVP_DigestFinal_ex(context_.get(), digest.data(), &length) != 1) return "";
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (unsigned int i = 0; i < length; ++i) {
      text.push_back(kHex[digest[i] >> 4]);
      text.push_back(kHex[digest[i] & 0xf]);
    }
    return text;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context_;
  bool ok_ = false;
};

/// The SHA-256 of the bytes of `in`, in lowercase hex; empty when reading fails.
std::string sha256Of(std::istream& in) {
  Sha256 digest;
  // On the heap: a megabyte is all of the stack a thread may have (ulimit -s 1024).
  std::vector<char> buffer(std::size_t{1} << 20);
  while (in) {
    in.read(buffer.data(), buffer.size());
    if (in.gcount() > 0) digest.add(buffer.data(), static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) return "";
  return digest.hex();
}

void addInput(Trace& trace, const char* role, const std::string& file, const FileSha256& sha256) {
  trace.inputs.push_back({role, file, sha256(file)});
}

}  // namespace

std::string sha256OfBytes(std::string_view bytes) {
  Sha256 digest;
  digest.add(bytes.data(), bytes.size());
  return digest.hex();
}

std::string FileHashes::of(const std::string& path) {
  {
    const std::lock_guard lock(mutex_);
    if (const auto found = known_.find(path); found != known_.end()) return found->second;
  }
  std::error_code error;
  std::string digest;
  // Only a regular file can be read twice: hashing a pipe would take the check's input.
  if (std::filesystem::is_regular_file(path, error)) {
    std::ifstream in(path, std::ios::binary);
    if (in) digest = sha256Of(in);
  }
  const std::lock_guard lock(mutex_);
  return known_.emplace(path, digest).first->second;
}

std::string utcTimestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::array<char, 32> text{};
  const std::size_t length = std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text.data(), length);
}

Trace startTrace(const CheckJob& job, std::string command, const FileSha256& sha256) {
  Trace trace;
  trace.command = std::move(command);
  trace.checked_at = utcTimestamp();
  trace.dialect = dialectName(job.dialect);
  addInput(trace, "part", job.part_file, sha256);
  if (job.path_text) {
    trace.inputs.push_back({"program", job.path_file, sha256OfBytes(*job.path_text)});
  } else if (job.path_file == "-") {
    trace.inputs.push_back({"program", ProgramStream::displayName(job.path_file), ""});
  } else {
    addInput(trace, "program", job.path_file, sha256);
  }
  if (job.tool_table) addInput(trace, "tool_table", *job.tool_table, sha256);
  for (const std::string& file : job.tool_libraries) addInput(trace, "tool_library", file, sha256);
  if (job.work_offsets) addInput(trace, "work_offsets", *job.work_offsets, sha256);
  for (const std::string& file : job.fixtures) addInput(trace, "fixture", file, sha256);
  if (job.stock_model) addInput(trace, "stock_model", *job.stock_model, sha256);
  if (job.stock_in) addInput(trace, "stock_in", *job.stock_in, sha256);
  return trace;
}

void addSubprograms(Trace& trace, const ProgramStream& program, const FileSha256& sha256) {
  for (const std::string& file : program.subprogramFiles()) {
    const bool known =
        std::any_of(trace.inputs.begin(), trace.inputs.end(), [&file](const TracedInput& input) {
          return input.role == std::string("subprogram") && input.file == file;
        });
    if (!known) addInput(trace, "subprogram", file, sha256);
  }
}

}  // namespace gougechek
