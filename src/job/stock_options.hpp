#pragma once
// A job's raw stock (issue 23; docs/checking-rules.md "Stock"): its options read from text as the
// command line and a manifest give them, and the rules every front end's stock obeys, stated once.
#include <optional>
#include <string>

#include "gougechek/job.hpp"

namespace gougechek {

/// Whether `job` gives a raw stock (a box, its automatic box, a cylinder, a model or a stock
/// file): only then is the stock checked.
bool hasStock(const CheckJob& job);

/// How a stock file is written and read, by its extension: .stl a mesh for people, .gcstock
/// the native file that keeps every column exactly.
enum class StockFileFormat { Stl, Native };
std::optional<StockFileFormat> stockFileFormat(const std::string& file);

/// Sets job.stock_box from "X0,Y0,Z0,X1,Y1,Z1", or job.stock_box_margin from "auto" or
/// "auto:MARGIN". Throws UsageError for text that is neither, naming the option as `names`
/// spell it; the values themselves are checked by checkStock.
void setStockBox(CheckJob& job, const std::string& text, SettingNames names);

/// Sets job.stock_cylinder from "X,Y,Z0,DIAMETER,HEIGHT". Throws UsageError as setStockBox.
void setStockCylinder(CheckJob& job, const std::string& text, SettingNames names);

/// Throws InputError (no file) when the stock of `job` cannot be used: two stocks given, a
/// box with a side of no length, a cylinder with no diameter or height, a coordinate out of
/// range, a resolution or stock output without a stock, a stock file of no known format. The
/// one rule of every front end (checkJob calls it), naming the options as `names` spell them.
void checkStock(const CheckJob& job, SettingNames names);

}  // namespace gougechek
