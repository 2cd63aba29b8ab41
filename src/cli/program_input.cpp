#include "cli/program_input.hpp"

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

Program ProgramInput::read() {
  if (from_stdin_) {
    stdin_text_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    std::istringstream in(stdin_text_);
    return readProgram(in, name_);
  }
  std::ifstream in(name_, std::ios::binary);
  if (!in) throw InputError(name_, 0, 0, "cannot open the program");
  return readProgram(in, name_);
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
