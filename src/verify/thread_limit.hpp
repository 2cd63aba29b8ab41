#pragma once
// The thread count a run asks for (--threads, VerifySettings::threads), as a limit on TBB.
#include <tbb/global_control.h>
#include <tbb/info.h>

#include <algorithm>
#include <cstddef>
#include <optional>

namespace gougechek {

/// Limits TBB to `threads` threads while `limit` lives; 0 (all cores) sets none. A limit above
/// the machine's cores is lowered to them: TBB's default arena never runs more, but sizes its
/// bookkeeping by the limit (--threads 1000000000 took 7.6 GB before a single thread ran).
inline void limitTbbThreads(int threads, std::optional<tbb::global_control>& limit) {
  if (threads <= 0) return;
  const int cores = std::max(1, tbb::info::default_concurrency());
  limit.emplace(tbb::global_control::max_allowed_parallelism,
                static_cast<std::size_t>(std::min(threads, cores)));
}

}  // namespace gougechek
