#pragma once
// A job's excess (issue 24; docs/checking-rules.md "Excess"): the moves kept as the check reads
// them (TunedSettings::moves_read), then, once the program is checked, every cutting piece swept
// along them, the design measured against those sweeps (excess/design_excess) and the regions
// put into the report with their moves, lines, tools and operations.
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "gougechek/job.hpp"
#include "report/excess_pictures.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

/// Throws InputError (no file) naming the setting as `names` spell it: an excess setting out of
/// range (checkSetting), or given without `excess`.
void checkExcess(const CheckJob& job, SettingNames names);

/// The excess of one check.
class JobExcess {
 public:
  explicit JobExcess(const CheckJob& job) : job_(job) {}

  /// Throws InputError naming the part when its design would take more lattice samples than
  /// kMaxExcessSamples at the spacing asked: before the check, so that no time is spent first.
  void refuseTooManySamples(const Part& part, SettingNames names) const;

  /// Lets `settings`' check hand this every block of moves it reads, after whatever it was
  /// handed to before (the raw stock's stage).
  void watch(TunedSettings& settings);

  /// After the check: measures the design of `part` against the moves read, each ray capped
  /// by `stock_box` (the raw stock's box) or the part's box grown by kDefaultStockMargin, and
  /// sets report.excess; with `pictures`, the excess map's too (after report.violations).
  void finish(Report& report, const Part& part, const ToolLibrary& tools,
              const ProgramStream& program, const std::optional<std::array<Vec3, 2>>& stock_box,
              const std::function<void()>& check_stop, bool pictures);
  /// The excess map the pictures were drawn from (null without pictures), for the 3D view.
  const ExcessMap* map() const { return map_ ? &*map_ : nullptr; }

 private:
  const CheckJob& job_;
  std::optional<ExcessMap> map_;  ///< with pictures, once finished
  std::vector<Move> moves_;
  std::vector<std::uint32_t> ordinals_;  ///< the program's ordinal of each of moves_
};

/// At most this many lattice samples over the design (before refinement): a spacing that asks
/// for more is refused rather than run for hours.
inline constexpr double kMaxExcessSamples = 4e8;

}  // namespace gougechek
