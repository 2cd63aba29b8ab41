#pragma once
// `--baseline PREVIOUS/summary.json`: what changed since an earlier batch run. Each check is
// compared with the check of the same job and program file name in the baseline; a violation
// is the same finding when its kind, tool and program line are (a line that gouges twice,
// say in a canned cycle, matches as many times as it did before). Each listed violation is
// then "new" or "unchanged", and each baseline violation that is gone is "fixed".
//
// In the summary, a compared check gets
//   "baseline": {"previous": "pass" | "fail" | "error" | "absent",
//                "new": N, "unchanged": N, "fixed": N,
//                "changes": ["new", "unchanged", ...],   one per violation of its report
//                "fixed_violations": [ ...the baseline's violations that are gone... ]}
// A check in error now is not compared ("previous" only): nothing is claimed fixed. When the
// check was absent or in error in the baseline, all its violations are new.
#include "batch/batch_outputs.hpp"

namespace gougechek {

/// Marks every check of `summary` against `baseline` (both gougechek-batch/1 summaries) and
/// records in the summary which baseline it was compared with (`baseline_file`).
void markChanges(BatchJson& summary, const BatchJson& baseline, const std::string& baseline_file);

}  // namespace gougechek
