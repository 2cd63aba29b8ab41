#include "cli/program_input.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "gougechek/error.hpp"

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

}  // namespace

ProgramInput::ProgramInput(const std::string& path_file)
    : from_stdin_(path_file == "-"), name_(from_stdin_ ? "<stdin>" : path_file) {}

ProgramInput::~ProgramInput() = default;

ProgramReader& ProgramInput::open(const ProgramOptions& options) {
  if (from_stdin_) {
    if (!stream_)
      stdin_text_.assign(std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>());
    stream_ = std::make_unique<std::istringstream>(stdin_text_);
    size_ = stdin_text_.size();
  } else {
    auto file = std::make_unique<std::ifstream>(name_, std::ios::binary | std::ios::ate);
    if (!*file) throw InputError(name_, 0, 0, "cannot open the program");
    size_ = static_cast<std::uint64_t>(std::max<std::streamoff>(0, file->tellg()));
    file->seekg(0);
    stream_ = std::move(file);
  }
  reader_ = std::make_unique<ProgramReader>(*stream_, name_, options);
  return *reader_;
}

std::map<std::uint32_t, std::string> ProgramInput::lines(
    const std::set<std::uint32_t>& wanted) const {
  if (wanted.empty()) return {};
  if (from_stdin_) {
    std::istringstream in(stdin_text_);
    return pickLines(in, wanted);
  }
  std::ifstream in(name_, std::ios::binary);
  return pickLines(in, wanted);
}

}  // namespace gougechek
