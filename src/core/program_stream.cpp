#include <atomic>
#include <filesystem>
#include <fstream>

#include "core/program_input.hpp"
#include "gcode/control_flow.hpp"
#include "gcode/parameter_file.hpp"
#include "gcode/program_reader.hpp"
#include "gougechek/error.hpp"
#include "gougechek/program.hpp"

namespace gougechek {

namespace {

/// Where `o<name> call` looks for NAME.ngc: LinuxCNC searches SUBROUTINE_PATH, then
/// PROGRAM_PREFIX, where programs usually live: here the program's own directory.
std::vector<std::string> subroutinePath(const std::string& program_path,
                                        const ProgramOptions& options) {
  std::vector<std::string> path = options.subroutine_path;
  if (program_path != "-")
    path.push_back(std::filesystem::absolute(program_path).parent_path().string());
  return path;
}

}  // namespace

struct ProgramStream::State {
  explicit State(std::unique_ptr<ProgramInput> program) : input(std::move(program)) {}

  std::unique_ptr<ProgramInput> input;
  ProgramReader* reader = nullptr;
  std::size_t moves = 0;
  std::set<int> tools;
  int last_tool = -1;
  std::atomic<std::uint64_t> bytes_read{0};
};

ProgramStream::ProgramStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
ProgramStream::ProgramStream(ProgramStream&&) noexcept = default;
ProgramStream& ProgramStream::operator=(ProgramStream&&) noexcept = default;
ProgramStream::~ProgramStream() = default;

ProgramStream ProgramStream::open(const std::string& path, const ProgramOptions& options) {
  auto state = std::make_unique<State>(std::make_unique<ProgramInput>(path));
  ProgramOptions with_own_directory = options;
  with_own_directory.subroutine_path = subroutinePath(path, options);
  state->reader = &state->input->open(with_own_directory);
  return ProgramStream(std::move(state));
}

ProgramStream ProgramStream::fromText(std::string text, std::string name,
                                      const ProgramOptions& options) {
  auto state =
      std::make_unique<State>(std::make_unique<ProgramInput>(std::move(text), std::move(name)));
  state->reader = &state->input->open(options);
  return ProgramStream(std::move(state));
}

std::string ProgramStream::displayName(const std::string& path) {
  return ProgramInput(path).name();
}

const std::string& ProgramStream::name() const {
  return state_->input->name();
}

bool ProgramStream::read(std::vector<Move>& out, std::size_t max) {
  const std::size_t before = out.size();
  const bool more = state_->reader->read(out, max);
  for (std::size_t i = before; i < out.size(); ++i) {
    if (out[i].tool != state_->last_tool) state_->tools.insert(state_->last_tool = out[i].tool);
  }
  state_->moves += out.size() - before;
  state_->bytes_read.store(state_->reader->bytesRead(), std::memory_order_relaxed);
  return more;
}

std::size_t ProgramStream::moves() const {
  return state_->moves;
}
const std::set<int>& ProgramStream::toolsUsed() const {
  return state_->tools;
}
std::size_t ProgramStream::lines() const {
  return state_->reader->lines();
}
const std::vector<InputWarning>& ProgramStream::warnings() const {
  return state_->reader->warnings();
}
const std::vector<std::string>& ProgramStream::subprogramFiles() const {
  return state_->reader->filesRead();
}
std::uint64_t ProgramStream::bytesRead() const {
  return state_->bytes_read.load(std::memory_order_relaxed);
}
std::uint64_t ProgramStream::size() const {
  return state_->input->size();
}

std::map<std::uint32_t, std::string> ProgramStream::sourceLines(
    const std::set<std::uint32_t>& wanted) const {
  return state_->input->lines(wanted);
}

std::map<int, double> readWorkOffsets(const std::string& path) {
  // A directory opens, and reads as an empty file: no offsets, where the user gave some.
  if (std::filesystem::is_directory(path))
    throw InputError(path, 0, 0, "cannot open the work offsets file: is a directory");
  std::ifstream file(path, std::ios::binary);
  if (!file) throw InputError(path, 0, 0, "cannot open the work offsets file");
  return readParameterFile(file, path);
}

void addToolOffsets(ProgramOptions& options, const ToolLibrary& tools) {
  for (const auto& [number, spec] : tools.by_number) {
    options.tool_lengths_mm.emplace(number, spec.length_offset);
    options.tool_diameters_mm.emplace(number, spec.diameter);
  }
}

bool mayBeSubprogramFile(const std::string& file, const std::string& program_path,
                         const ProgramOptions& options) {
  return mayBeSubprogramFile(file, subroutinePath(program_path, options), options.subprogram_dirs);
}

}  // namespace gougechek
