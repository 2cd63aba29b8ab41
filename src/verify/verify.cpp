#include "gougechek/verify.hpp"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <memory>
#include <optional>

#include "gougechek/error.hpp"
#include "verify/move_checker.hpp"
#include "verify/thread_limit.hpp"
#include "verify/tuning.hpp"
#include "verify/verifier.hpp"

namespace gougechek {
namespace {

// Consecutive moves per task: long enough for fronts and warm starts to pay off, short enough
// to balance two or more workers.
constexpr std::size_t kTaskMoves = 512;
// Moves taken from a MoveSource at a time: enough tasks for every core.
constexpr std::size_t kStreamMoves = 1 << 16;

}  // namespace

void ViolationTally::add(const Violation& violation) {
  switch (violation.kind) {
    case ViolationKind::Gouge:
      ++gouges;
      break;
    case ViolationKind::RapidCollision:
      ++rapid_collisions;
      break;
    case ViolationKind::HolderCollision:
      ++holder_collisions;
      break;
    case ViolationKind::StockCollision:
      ++stock_collisions;
      break;
    case ViolationKind::FixtureCollision:
      ++fixture_collisions;
      break;
  }
  max_depth = std::max(max_depth, violation.depth);
}

ViolationTally& ViolationTally::operator+=(const ViolationTally& other) {
  gouges += other.gouges;
  rapid_collisions += other.rapid_collisions;
  holder_collisions += other.holder_collisions;
  stock_collisions += other.stock_collisions;
  fixture_collisions += other.fixture_collisions;
  max_depth = std::max(max_depth, other.max_depth);
  return *this;
}

template <int K>
Verifier<K>::Verifier(const Mesh& part, const KdopTree<K>& tree, const ToolLibrary& tools,
                      const TunedSettings& settings, std::string program_file)
    : part_(part),
      tree_(tree),
      tools_(tools),
      settings_(settings),
      program_file_(std::move(program_file)),
      reach_(part, tree, settings.tolerance) {}

template <int K>
const CutterModel& Verifier<K>::cutterFor(const Move& move) {
  auto it = cutters_.find(move.tool);
  if (it != cutters_.end()) return it->second;
  const ToolSpec* spec = tools_.find(move.tool);
  if (!spec)
    throw InputError(program_file_, move.line, 0,
                     move.tool == 0 ? "no cutter known for tool 0: the program loads no tool "
                                      "before this move (give --initial-tool N or --tool)"
                                    : "no cutter known for tool " + std::to_string(move.tool) +
                                          " (give --tool or a --tool-table entry)");
  return cutters_.emplace(move.tool, makeCutterModel(*spec, settings_.stock, settings_.tolerance))
      .first->second;
}

template <int K>
void Verifier<K>::check(const std::vector<Move>& block) {
  // Tools first: an unknown one stops the run before any work on the block.
  for (const Move& move : block) cutterFor(move);

  // Where the tool comes from before the first move is unknown unless given: then the first
  // move is checked where it ends, the tool standing there. After a probe the tool stands where
  // the probe touched, somewhere along the probe's path, which it travelled in the air: the next
  // straight move is checked from the probe's start, which covers every such place it leaves.
  // The registration looks at each move from there, in program order.
  starts_.resize(block.size());
  for (std::size_t i = 0; i < block.size(); ++i) {
    const Move& move = block[i];
    const Move* previous = i > 0 ? &block[i - 1] : (previous_ ? &*previous_ : nullptr);
    starts_[i] = move.from;
    if (previous && previous->kind == MoveKind::Probe && move.kind != MoveKind::Arc)
      starts_[i] = previous->from;
    if (checked_ + i == 0 && move.kind != MoveKind::Arc)
      starts_[i] = settings_.start.value_or(move.to);
    reach_.add(move, starts_[i], checked_ + i + 1, cutters_.at(move.tool));
  }
  if (!block.empty()) previous_ = block.back();

  // Each move's violations land in its own slot, so nothing depends on the thread count.
  found_.assign(block.size(), {});
  tbb::combinable<VerifyStats> stats;
  std::atomic<std::size_t> done{checked_};
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, block.size(), kTaskMoves),
      [&](const tbb::blocked_range<std::size_t>& range) {
        MoveChecker<K> checker(part_, tree_, settings_);
        checker.checkBlock(block, starts_, range.begin(), range.end(), cutters_, found_);
        stats.local() += checker.stats;
        const std::size_t now = done += range.size();
        if (settings_.progress) settings_.progress(now, 0);
      },
      tbb::simple_partitioner());

  // Blocks arrive in program order, so the violations kept are the first ones of the program.
  for (auto& violations : found_)
    for (Violation& v : violations) {
      v.move += static_cast<std::uint32_t>(checked_);
      if (result_.violations.size() < settings_.max_listed_violations)
        result_.violations.push_back(v);
      else
        result_.unlisted.add(v);
    }
  stats.combine_each([&](const VerifyStats& s) { result_.stats += s; });
  checked_ += block.size();
}

template <int K>
CountedResult Verifier<K>::finish() {
  std::stable_sort(result_.violations.begin(), result_.violations.end(),
                   [](const Violation& a, const Violation& b) {
                     if (a.line != b.line) return a.line < b.line;
                     if (a.kind != b.kind) return a.kind < b.kind;
                     return a.move < b.move;
                   });
  result_.unreached = reach_.unreached(cutters_);
  if (auto warning = reach_.unitsWarning())
    result_.warnings.push_back({program_file_, 0, *warning});
  return std::move(result_);
}

template class Verifier<6>;
template class Verifier<14>;
template class Verifier<18>;
template class Verifier<26>;

namespace {

/// Runs `first` and `second` side by side. If either throws, `first`'s exception is rethrown
/// before `second`'s: the error reported is the one a sequential run meets first, whatever
/// the timing.
template <class First, class Second>
void sideBySide(First&& first, Second&& second) {
  std::exception_ptr first_error, second_error;
  tbb::parallel_invoke(
      [&] {
        try {
          first();
        } catch (...) {
          first_error = std::current_exception();
        }
      },
      [&] {
        try {
          second();
        } catch (...) {
          second_error = std::current_exception();
        }
      });
  if (first_error) std::rethrow_exception(first_error);
  if (second_error) std::rethrow_exception(second_error);
}

template <int K>
CountedResult verifyWithTree(const Mesh& part, PartTrees& trees, const MoveSource& source,
                             const ToolLibrary& tools, const TunedSettings& settings,
                             const std::string& program_file) {
  // Reading the program overlaps the rest: the first block is read while the tree is built (if
  // it is not yet), and each next block while the current one is checked.
  const KdopTree<K>* tree = nullptr;
  std::vector<Move> block, next;
  bool more = true;
  sideBySide([&] { tree = &trees.get<K>(); }, [&] { more = source(block, kStreamMoves); });
  Verifier<K> verifier(part, *tree, tools, settings, program_file);
  while (!block.empty()) {
    next.clear();
    if (more)
      sideBySide([&] { verifier.check(block); }, [&] { more = source(next, kStreamMoves); });
    else
      verifier.check(block);
    std::swap(block, next);
  }
  return verifier.finish();
}

}  // namespace

template <int K>
const KdopTree<K>& PartTrees::get() {
  Slot<K>* slot = nullptr;
  if constexpr (K == 6) slot = &k6_;
  if constexpr (K == 14) slot = &k14_;
  if constexpr (K == 18) slot = &k18_;
  if constexpr (K == 26) slot = &k26_;
  // Isolated: a thread waiting inside the build for its parallel work must not take up another
  // check of this part, which would wait in call_once for the build it sits on (a deadlock
  // when a batch checks one part against many programs at once).
  std::call_once(slot->built, [&] {
    tbb::this_task_arena::isolate([&] { slot->tree = std::make_shared<const KdopTree<K>>(part_); });
  });
  return *slot->tree;
}

CountedResult verify(const Mesh& part, PartTrees& trees, const MoveSource& source,
                     const ToolLibrary& tools, const TunedSettings& settings,
                     const std::string& program_file) {
  checkSettings(settings);
  std::optional<tbb::global_control> limit;
  limitTbbThreads(settings.threads, limit);
  switch (settings.kdop) {
    case 6:
      return verifyWithTree<6>(part, trees, source, tools, settings, program_file);
    case 14:
      return verifyWithTree<14>(part, trees, source, tools, settings, program_file);
    case 18:
      return verifyWithTree<18>(part, trees, source, tools, settings, program_file);
    case 26:
      return verifyWithTree<26>(part, trees, source, tools, settings, program_file);
    default:
      throw std::invalid_argument("k-DOP k must be 6, 14, 18 or 26");
  }
}

CountedResult verify(const Mesh& part, const MoveSource& source, const ToolLibrary& tools,
                     const TunedSettings& settings, const std::string& program_file) {
  PartTrees trees(part);
  return verify(part, trees, source, tools, settings, program_file);
}

CountedResult verify(const Mesh& part, const std::vector<Move>& moves, const ToolLibrary& tools,
                     const TunedSettings& settings, const std::string& program_file) {
  std::size_t next = 0;
  const MoveSource source = [&](std::vector<Move>& out, std::size_t max) {
    const std::size_t count = std::min(max, moves.size() - next);
    out.insert(out.end(), moves.begin() + next, moves.begin() + next + count);
    next += count;
    return next < moves.size();
  };
  // Here the total is known: tell the progress callback.
  TunedSettings with_total = settings;
  if (settings.progress)
    with_total.progress = [&](std::size_t done, std::size_t) {
      settings.progress(done, moves.size());
    };
  return verify(part, source, tools, with_total, program_file);
}

// The public entry points: the default tuning, the counts left out.
VerifyResult verify(const Mesh& part, const MoveSource& source, const ToolLibrary& tools,
                    const VerifySettings& settings, const std::string& program_file) {
  return verify(part, source, tools, TunedSettings(settings), program_file);
}

VerifyResult verify(const Mesh& part, const std::vector<Move>& moves, const ToolLibrary& tools,
                    const VerifySettings& settings, const std::string& program_file) {
  return verify(part, moves, tools, TunedSettings(settings), program_file);
}

}  // namespace gougechek
