#pragma once
// The check's own knobs and counters: not the public API (gougechek/verify.hpp has what a user
// chooses), but what benchmarks measure and the tests of the internals compare. The command
// line keeps --kdop and --no-front-tracking for the benchmark scripts.
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "gougechek/verify.hpp"

namespace gougechek {

/// VerifySettings and the tuning of the part's tree and its queries.
struct TunedSettings : VerifySettings {
  TunedSettings() = default;
  /// `settings` with the default tuning.
  explicit TunedSettings(const VerifySettings& settings) : VerifySettings(settings) {}

  int kdop = 18;               ///< k of the part's k-DOP tree: 6, 14, 18 (fastest), 26
  bool front_tracking = true;  ///< start each query from the previous move's front
  /// verify() of a Part: called with each block of moves as it is read, in program order (the
  /// job layer's raw stock is cut by them as the part is checked), and the program's ordinal of
  /// each when they are not simply counted (the legs of dog-leg rapids share their rapid's;
  /// empty otherwise).
  std::function<void(std::span<const Move>, std::span<const std::uint32_t>)> moves_read;
  /// verify() of a Part: a program that never comes within reach of the part is left to the
  /// caller (VerifyResult::unreached), who knows what else it may cut (a raw stock).
  bool caller_judges_reach = false;
};

/// Counters for benchmarks: how much culling and narrow-phase work the check did.
struct VerifyStats {
  std::uint64_t node_tests = 0;          ///< node tests of the swept cutters' tree queries
  std::uint64_t ray_node_tests = 0;      ///< node tests of the inside/outside ray casts
  std::uint64_t certified_nodes = 0;     ///< front nodes kept disjoint on a certificate, untested
  std::uint64_t triangle_tests = 0;      ///< narrow-phase cutter–triangle tests
  std::uint64_t deep_tests = 0;          ///< triangles that needed the surface-depth search
  std::uint64_t depth_measurements = 0;  ///< points that search measured, in all
  std::uint64_t bounded_pairs = 0;       ///< (piece or group, triangle) pairs fully bounded
  std::uint64_t queue_steps = 0;         ///< entries taken off the depth searches' queues

  VerifyStats& operator+=(const VerifyStats& o) {
    node_tests += o.node_tests;
    ray_node_tests += o.ray_node_tests;
    certified_nodes += o.certified_nodes;
    triangle_tests += o.triangle_tests;
    deep_tests += o.deep_tests;
    depth_measurements += o.depth_measurements;
    bounded_pairs += o.bounded_pairs;
    queue_steps += o.queue_steps;
    return *this;
  }
};

/// VerifyResult and the work it took.
struct CountedResult : VerifyResult {
  VerifyStats stats;
};

/// checkSettings, and the tuning as checkSetting("kdop") allows it.
void checkSettings(const TunedSettings& settings, SettingNames names = SettingNames::Identifier);

/// verify() of gougechek/verify.hpp with the tuning, counting the work.
CountedResult verify(const Mesh& part, const MoveSource& source, const ToolLibrary& tools,
                     const TunedSettings& settings, const std::string& program_file);
CountedResult verify(const Mesh& part, const std::vector<Move>& moves, const ToolLibrary& tools,
                     const TunedSettings& settings, const std::string& program_file);

}  // namespace gougechek
