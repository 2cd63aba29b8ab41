#pragma once
// The check for a part whose tree is built, fed the program's moves block by block as the
// interpreter produces them, so memory does not grow with the program. verify() builds the
// tree and runs one of these; benchmarks and pipelines that check several programs against
// one part keep the tree.
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "gougechek/verify.hpp"
#include "verify/cutter_model.hpp"
#include "verify/reach.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

template <int K>
class Verifier {
 public:
  Verifier(const Mesh& part, const KdopTree<K>& tree, const ToolLibrary& tools,
           const TunedSettings& settings, std::string program_file);

  /// Checks the next moves of the program, in program order, in parallel. Throws InputError
  /// at the first move whose tool has no known cutter.
  void check(const std::vector<Move>& block);

  /// The violations of every move checked, ordered by line, then kind, then move; whether the
  /// feed moves came within reach of the part, and the units warning; the work it took.
  CountedResult finish();

 private:
  const CutterModel& cutterFor(const Move& move);

  const Mesh& part_;
  const KdopTree<K>& tree_;
  const ToolLibrary& tools_;
  const TunedSettings& settings_;
  std::string program_file_;
  std::map<int, CutterModel> cutters_;
  std::size_t checked_ = 0;       // moves checked so far: ordinals continue across blocks
  std::optional<Move> previous_;  // the last move of the previous block
  std::vector<Vec3> starts_;
  std::vector<std::vector<Violation>> found_;
  ReachTracker<K> reach_;
  CountedResult result_;
};

extern template class Verifier<6>;
extern template class Verifier<14>;
extern template class Verifier<18>;
extern template class Verifier<26>;

/// The part's trees, one per k, each built the first time a check asks for it and kept for the
/// next checks (a pipeline checking many programs against one part). Thread-safe.
class PartTrees {
 public:
  /// `part` must outlive the trees.
  explicit PartTrees(const Mesh& part) : part_(part) {}
  PartTrees(Mesh&&) = delete;

  template <int K>
  const KdopTree<K>& get();

 private:
  template <int K>
  struct Slot {
    std::once_flag built;
    // Shared: its deleter is chosen where the tree is built (verify.cpp), so code that only
    // drops a part (gougechek::step, which makes parts) needs no tree code.
    std::shared_ptr<const KdopTree<K>> tree;
  };
  const Mesh& part_;
  Slot<6> k6_;
  Slot<14> k14_;
  Slot<18> k18_;
  Slot<26> k26_;
};

/// verify() with the trees of `part` kept in `trees`: a tree not yet built is built while the
/// first block of moves is read.
CountedResult verify(const Mesh& part, PartTrees& trees, const MoveSource& source,
                     const ToolLibrary& tools, const TunedSettings& settings,
                     const std::string& program_file);

}  // namespace gougechek
