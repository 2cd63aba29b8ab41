#pragma once
// A job's raw stock through its check (issue 23; docs/checking-rules.md "Stock"): made from the
// job's stock options before the program is read, cut by every block of moves as the check
// reads them (TunedSettings::moves_read), then finished into the report: stock collisions as
// violations, the stock's summary and air cuts, and the stock written where --stock-out says.
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "gougechek/job.hpp"
#include "report/report_pictures.hpp"
#include "stock/stock_check.hpp"
#include "verify/tuning.hpp"

namespace gougechek {

/// Reads a solid (STL, and STEP/IGES where the caller can): JobHooks::read_solid.
using ReadSolid = std::function<Part(const std::string& file, const PartOptions& options)>;

/// The stage's settings for `job`: its shape (an automatic box grown from `part_bounds`, a
/// model read by `read_solid` with `options`), resolution, tolerance and threads.
stock::StockSettings stockSettings(const CheckJob& job, const std::array<Vec3, 2>& part_bounds,
                                   const ReadSolid& read_solid, const PartOptions& options);

/// The stock as the reports name it: "box 0,0,0,100,80,28", "box auto:1 (-1,-1,-1,101,81,26)",
/// "cylinder 50,40,0,120,30", "model casting.step", "stock-in rough.gcstock".
std::string stockShapeName(const CheckJob& job, const stock::StockShape& shape);

/// The stage's collisions as violations of kind StockCollision, merged into `result` (ordered by
/// line, then kind; those beyond the listed maximum counted in result.unlisted).
void addStockCollisions(VerifyResult& result, const stock::StockOutcome& outcome,
                        std::size_t max_listed);

/// The operation of each of `lines` (ascending), read from the program's comments before it
/// (operationBefore). The program is read a window at a time, so that memory stays bounded
/// however many lines ask.
std::map<std::uint32_t, std::string> operationsOf(const std::set<std::uint32_t>& lines,
                                                  const ProgramStream& program);

/// The air cuts of `outcome` per tool and per operation, the operation of each named by the
/// program's comments before it (operationBefore).
void addAirCuts(StockReport& stock, const stock::StockOutcome& outcome,
                const ProgramStream& program);

/// The raw stock of one check: made before the program is read (a model or stock file read
/// then), cut as the check reads the moves, finished into the result and the report.
class JobStock {
 public:
  /// Throws InputError for a stock that cannot be made (StockStage), or a model that cannot be
  /// read.
  JobStock(const CheckJob& job, const Part& part, const ToolLibrary& tools,
           const ReadSolid& read_solid, const PartOptions& options);

  /// Lets `settings`' check feed this stock every block of moves it reads, and leave a program
  /// that never reaches the part to finish().
  void watch(TunedSettings& settings);

  /// After the check: the stock collisions into `result`, the reach judged (judgeReach), the
  /// stock's summary into `report` (with `pictures`, the stock's pictures for the HTML page),
  /// and the stock after the program written to job.stock_out.
  void finish(VerifyResult& result, Report& report, const ProgramStream& program,
              std::size_t max_listed, bool pictures);

  /// After finish() with pictures: the stock after the program for the regions' sections and
  /// the 3D view; else null.
  const PicturedStock* pictured() const { return pictured_ ? &*pictured_ : nullptr; }

  /// The box around the stock before the program (the excess's cap); unknown for --stock-in.
  const std::optional<std::array<Vec3, 2>>& box() const { return box_; }

 private:
  const CheckJob& job_;
  StockReport summary_;  ///< before stage_: its shape is named as the stage is made
  std::optional<std::array<Vec3, 2>> box_;  ///< before stage_, set as it is made
  std::size_t feed_moves_ = 0;  ///< feed moves and arcs read: a program of rapids cuts nothing
  stock::StockStage stage_;
  std::optional<PicturedStock> pictured_;
};

/// What a program that never reached the part means with a raw stock: nothing when it cut the
/// stock (a warning says it stayed away from the part), an InputError naming the program when it
/// cut neither and nothing else failed (it is misplaced), else a warning.
void judgeReach(VerifyResult& result, const stock::StockOutcome& outcome, bool had_feed_moves,
                const std::string& program_name);

}  // namespace gougechek
