#pragma once
// The check in its two halves, for callers that build the part's tree once and check several
// programs (or several settings, as the benchmarks do). verify() is these two in a row.
#include <map>
#include <string>
#include <vector>

#include "bvh/kdop_tree.hpp"
#include "gougechek/verify.hpp"
#include "verify/cutter_model.hpp"

namespace gougechek {

/// The cutter of every tool number the moves use. Throws InputError for an unknown tool,
/// naming the first line that uses it.
std::map<int, CutterModel> cutterModels(const std::vector<Move>& moves, const ToolLibrary& tools,
                                        const VerifySettings& settings,
                                        const std::string& program_file);

/// Checks the moves against a part whose tree is built (settings.kdop must equal K; the
/// caller's settings.threads is not applied here).
template <int K>
VerifyResult verifyWithTree(const Mesh& part, const KdopTree<K>& tree,
                            const std::vector<Move>& moves,
                            const std::map<int, CutterModel>& cutters,
                            const VerifySettings& settings);

}  // namespace gougechek
