#include "gougechek/verify.hpp"

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>

#include "gougechek/error.hpp"
#include "verify/cutter_model.hpp"
#include "verify/move_checker.hpp"
#include "verify/verify_with_tree.hpp"

namespace gougechek {
namespace {

// Consecutive moves per task: long enough for fronts and warm starts to pay off, short enough
// to balance two or more workers.
constexpr std::size_t kBlock = 512;

}  // namespace

std::map<int, CutterModel> cutterModels(const std::vector<Move>& moves, const ToolLibrary& tools,
                                        const VerifySettings& settings,
                                        const std::string& program_file) {
  // Every tool the program uses must be known before any work starts.
  std::map<int, CutterModel> cutters;
  for (const Move& move : moves) {
    if (cutters.count(move.tool)) continue;
    const ToolSpec* spec = tools.find(move.tool);
    if (!spec)
      throw InputError(program_file, move.line, 0,
                       "no cutter known for tool " + std::to_string(move.tool) +
                           " (give --tool or a --tool-table entry)");
    cutters.emplace(move.tool, makeCutterModel(*spec, settings.stock, settings.tolerance));
  }
  return cutters;
}

template <int K>
VerifyResult verifyWithTree(const Mesh& part, const KdopTree<K>& tree,
                            const std::vector<Move>& moves,
                            const std::map<int, CutterModel>& cutters,
                            const VerifySettings& settings) {
  // Each move's violations land in its own slot, so the order of the report never depends on
  // the thread count.
  std::vector<std::vector<Violation>> found(moves.size());
  tbb::combinable<VerifyStats> stats;
  std::atomic<std::size_t> done{0};

  // Where the tool comes from before the first move is unknown unless given: then the first
  // move is checked where it ends, the tool standing there.
  std::vector<Vec3> starts(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) starts[i] = moves[i].from;
  if (!moves.empty() && moves[0].kind != MoveKind::Arc)
    starts[0] = settings.start.value_or(moves[0].to);

  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, moves.size(), kBlock),
      [&](const tbb::blocked_range<std::size_t>& range) {
        MoveChecker<K> checker(part, tree, settings);
        checker.checkBlock(moves, starts, range.begin(), range.end(), cutters, found);
        VerifyStats& s = stats.local();
        s.node_tests += checker.stats.node_tests;
        s.triangle_tests += checker.stats.triangle_tests;
        s.deep_tests += checker.stats.deep_tests;
        const std::size_t now = done += range.size();
        if (settings.progress) settings.progress(now, moves.size());
      },
      tbb::simple_partitioner());

  VerifyResult result;
  for (auto& v : found) result.violations.insert(result.violations.end(), v.begin(), v.end());
  std::stable_sort(result.violations.begin(), result.violations.end(),
                   [](const Violation& a, const Violation& b) {
                     if (a.line != b.line) return a.line < b.line;
                     if (a.kind != b.kind) return a.kind < b.kind;
                     return a.move < b.move;
                   });
  stats.combine_each([&](const VerifyStats& s) {
    result.stats.node_tests += s.node_tests;
    result.stats.triangle_tests += s.triangle_tests;
    result.stats.deep_tests += s.deep_tests;
  });
  return result;
}

template VerifyResult verifyWithTree<6>(const Mesh&, const KdopTree<6>&, const std::vector<Move>&,
                                        const std::map<int, CutterModel>&, const VerifySettings&);
template VerifyResult verifyWithTree<14>(const Mesh&, const KdopTree<14>&,
                                         const std::vector<Move>&,
                                         const std::map<int, CutterModel>&, const VerifySettings&);
template VerifyResult verifyWithTree<18>(const Mesh&, const KdopTree<18>&,
                                         const std::vector<Move>&,
                                         const std::map<int, CutterModel>&, const VerifySettings&);
template VerifyResult verifyWithTree<26>(const Mesh&, const KdopTree<26>&,
                                         const std::vector<Move>&,
                                         const std::map<int, CutterModel>&, const VerifySettings&);

namespace {

template <int K>
VerifyResult buildAndVerify(const Mesh& part, const std::vector<Move>& moves,
                            const std::map<int, CutterModel>& cutters,
                            const VerifySettings& settings) {
  const KdopTree<K> tree(part);
  return verifyWithTree<K>(part, tree, moves, cutters, settings);
}

}  // namespace

VerifyResult verify(const Mesh& part, const std::vector<Move>& moves, const ToolLibrary& tools,
                    const VerifySettings& settings, const std::string& program_file) {
  const std::map<int, CutterModel> cutters = cutterModels(moves, tools, settings, program_file);
  std::unique_ptr<tbb::global_control> limit;
  if (settings.threads > 0)
    limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                  settings.threads);
  switch (settings.kdop) {
    case 6:
      return buildAndVerify<6>(part, moves, cutters, settings);
    case 14:
      return buildAndVerify<14>(part, moves, cutters, settings);
    case 18:
      return buildAndVerify<18>(part, moves, cutters, settings);
    case 26:
      return buildAndVerify<26>(part, moves, cutters, settings);
    default:
      throw std::invalid_argument("k-DOP k must be 6, 14, 18 or 26");
  }
}

}  // namespace gougechek
