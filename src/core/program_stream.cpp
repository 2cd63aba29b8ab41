#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "core/program_input.hpp"
#include "gcode/control_flow.hpp"
#include "gcode/parameter_file.hpp"
#include "gcode/program_reader.hpp"
#include "geom/arc_sweep.hpp"
#include "geom/did_you_mean.hpp"
#include "gougechek/error.hpp"
#include "gougechek/program.hpp"
#include "gougechek/verify.hpp"
#include "io/file_bytes.hpp"

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

/// Largest distance between an arc and its chords in the path kept for pictures, mm: a
/// fraction of a pixel on a whole-part picture, a fine line on a zoom.
constexpr double kChordError = 0.05;

/// Calls emit(a, b) for each chord of the arc `move`, from `move.from` to exactly `move.to`.
template <class Emit>
void splitArc(const Move& move, Emit emit) {
  const ArcSweep arc(move);
  const int chords =
      static_cast<int>(std::clamp(std::ceil(arc.angle / arc.chordStep(kChordError)), 1.0, 4096.0));
  Vec3 previous = move.from;
  for (int i = 1; i <= chords; ++i) {
    const Vec3 next = i == chords ? move.to : arc.at(static_cast<double>(i) / chords);
    emit(previous, next);
    previous = next;
  }
}

/// The path kept for pictures within `cap` pieces: feed chords are joined `join` at a time,
/// and `join` doubles (the kept feed pieces joined in pairs) whenever the pieces reach the cap.
class PathSampler {
 public:
  explicit PathSampler(std::size_t cap) : cap_(cap) {}

  void add(const Move& move) {
    if (cap_ == 0 || !isFinite(move.from) || !isFinite(move.to)) return;
    if (move.kind == MoveKind::Arc) {
      splitArc(move, [this](const Vec3& a, const Vec3& b) { addChord(a, b, false); });
    } else {
      addChord(move.from, move.to, move.kind == MoveKind::Rapid);
    }
  }

  /// Keeps the feed chords not yet joined: at the end of the program.
  void flush() {
    if (pending_ == 0) return;
    push({pending_from_, pending_to_, false});
    pending_ = 0;
  }

  const std::vector<PathChord>& pieces() const { return pieces_; }
  std::size_t join() const { return join_; }

 private:
  void addChord(const Vec3& a, const Vec3& b, bool rapid) {
    if (rapid) {
      flush();
      push({a, b, true});
      return;
    }
    if (pending_ > 0 && !(a == pending_to_)) flush();
    if (pending_ == 0) pending_from_ = a;
    pending_to_ = b;
    if (++pending_ >= join_) flush();
  }

  void push(const PathChord& chord) {
    pieces_.push_back(chord);
    if (pieces_.size() >= cap_) thin();
  }

  void thin() {
    join_ *= 2;
    std::vector<PathChord> kept;
    kept.reserve(pieces_.size());
    for (std::size_t i = 0; i < pieces_.size(); ++i) {
      const PathChord& piece = pieces_[i];
      if (!piece.rapid && i + 1 < pieces_.size() && !pieces_[i + 1].rapid &&
          pieces_[i + 1].from == piece.to) {
        kept.push_back({piece.from, pieces_[i + 1].to, false});
        ++i;
      } else {
        kept.push_back(piece);
      }
    }
    // Mostly rapids or disjoint pieces: every other piece goes, so the sample stays bounded.
    if (kept.size() * 4 > cap_ * 3) {
      std::vector<PathChord> halved;
      for (std::size_t i = 0; i < kept.size(); i += 2) halved.push_back(kept[i]);
      kept = std::move(halved);
    }
    pieces_ = std::move(kept);
  }

  std::size_t cap_;
  std::size_t join_ = 1;
  std::vector<PathChord> pieces_;
  std::size_t pending_ = 0;  ///< feed chords joined into the piece being built
  Vec3 pending_from_, pending_to_;
};

}  // namespace

struct ProgramStream::State {
  explicit State(std::unique_ptr<ProgramInput> program) : input(std::move(program)) {}

  std::unique_ptr<ProgramInput> input;
  ProgramReader* reader = nullptr;
  std::size_t moves = 0;
  std::set<int> tools;
  int last_tool = -1;
  std::atomic<std::uint64_t> bytes_read{0};
  PathSampler path{0};
};

ProgramStream::ProgramStream(std::unique_ptr<State> state) : state_(std::move(state)) {}
ProgramStream::ProgramStream(ProgramStream&&) noexcept = default;
ProgramStream& ProgramStream::operator=(ProgramStream&&) noexcept = default;
ProgramStream::~ProgramStream() = default;

Dialect dialectNamed(std::string_view name, SettingNames names) {
  // In any case: Fanuc is fanuc.
  std::string lowered(name);
  for (char& c : lowered) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (const std::optional<Dialect> dialect = dialectFromName(lowered)) return *dialect;
  // Controllers whose G-code one of the dialects reads: Mach3/4 and EMC follow RS274/NGC as
  // LinuxCNC does, grblHAL and FluidNC are grbl's.
  static const Synonyms kins{{"mach3", {"linuxcnc"}}, {"mach4", {"linuxcnc"}},
                             {"mach", {"linuxcnc"}},  {"emc", {"linuxcnc"}},
                             {"emc2", {"linuxcnc"}},  {"ngc", {"linuxcnc"}},
                             {"grblhal", {"grbl"}},   {"fluidnc", {"grbl"}},
                             {"fanuc-0i", {"fanuc"}}, {"haas-ngc", {"haas"}}};
  const std::vector<std::string> known = {"linuxcnc", "fanuc", "haas", "grbl"};
  throw InputError("", 0, 0,
                   settingName("dialect", names) + ": unknown dialect '" + std::string(name) + "'" +
                       didYouMean(name, known, kins) + "; the dialects are linuxcnc, fanuc, " +
                       "haas, grbl");
}

namespace {

/// The settings among `options` that every front end checks alike (gougechek/verify.hpp).
void checkProgramOptions(const ProgramOptions& options) {
  if (options.arc_tolerance_mm)
    checkSetting("arc-tolerance", *options.arc_tolerance_mm, SettingNames::Identifier);
}

}  // namespace

ProgramStream ProgramStream::open(const std::string& path, const ProgramOptions& options) {
  checkProgramOptions(options);
  auto state = std::make_unique<State>(std::make_unique<ProgramInput>(path));
  ProgramOptions with_own_directory = options;
  with_own_directory.subroutine_path = subroutinePath(path, options);
  state->reader = &state->input->open(with_own_directory);
  state->path = PathSampler(options.path_sample_pieces);
  return ProgramStream(std::move(state));
}

ProgramStream ProgramStream::fromText(std::string text, std::string name,
                                      const ProgramOptions& options) {
  checkProgramOptions(options);
  auto state =
      std::make_unique<State>(std::make_unique<ProgramInput>(std::move(text), std::move(name)));
  state->reader = &state->input->open(options);
  state->path = PathSampler(options.path_sample_pieces);
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
    state_->path.add(out[i]);
  }
  if (!more) state_->path.flush();
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

const std::vector<PathChord>& ProgramStream::pathSample() const {
  return state_->path.pieces();
}
std::size_t ProgramStream::pathSampleJoin() const {
  return state_->path.join();
}

std::map<std::uint32_t, std::string> ProgramStream::sourceLines(
    const std::set<std::uint32_t>& wanted) const {
  return state_->input->lines(wanted);
}

std::map<int, double> readWorkOffsets(const std::string& path) {
  std::istringstream text(readFileBytes(path, kWorkOffsetsFile));
  return readParameterFile(text, path);
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
