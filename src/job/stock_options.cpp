#include "job/stock_options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string_view>
#include <vector>

#include "gougechek/error.hpp"
#include "job/job_options.hpp"
#include "report/report_summary.hpp"

namespace gougechek {

namespace {

[[noreturn]] void refuse(const std::string& message) {
  throw InputError("", 0, 0, message);
}

/// The numbers of "a,b,c", exactly `count` of them; nullopt when the text is not that.
std::optional<std::vector<double>> numbers(const std::string& list, std::size_t count) {
  std::vector<double> values;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t comma = list.find(',', begin);
    const std::string_view item =
        std::string_view(list).substr(begin, comma == std::string::npos ? comma : comma - begin);
    const char* first = item.data() + (item.starts_with('+') ? 1 : 0);
    double value = 0;
    const auto read = std::from_chars(first, item.data() + item.size(), value);
    if (first == item.data() + item.size() || read.ec != std::errc() ||
        read.ptr != item.data() + item.size())
      return std::nullopt;
    values.push_back(value);
    if (comma == std::string::npos) break;
    begin = comma + 1;
  }
  if (values.size() != count) return std::nullopt;
  return values;
}

std::string lowered(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// The options that give the raw stock, named, with whether `job` gives each.
std::vector<std::pair<const char*, bool>> stockSources(const CheckJob& job) {
  return {{"stock-box", job.stock_box || job.stock_box_margin},
          {"stock-cylinder", job.stock_cylinder.has_value()},
          {"stock-model", job.stock_model.has_value()},
          {"stock-in", job.stock_in.has_value()}};
}

void checkStockShape(const CheckJob& job, SettingNames names) {
  if (job.stock_box) {
    const std::string name = settingName("stock-box", names);
    const auto& [lo, hi] = *job.stock_box;
    for (int axis = 0; axis < 3; ++axis) {
      checkSetting("stock-box", lo[axis], names);
      checkSetting("stock-box", hi[axis], names);
    }
    if (!(lo.x < hi.x && lo.y < hi.y && lo.z < hi.z))
      refuse(name + " wants X0 < X1, Y0 < Y1 and Z0 < Z1, got " + shortestDecimal(lo.x) + "," +
             shortestDecimal(lo.y) + "," + shortestDecimal(lo.z) + "," + shortestDecimal(hi.x) +
             "," + shortestDecimal(hi.y) + "," + shortestDecimal(hi.z));
  }
  if (job.stock_box_margin) {
    const std::string name = settingName("stock-box", names);
    checkSetting("stock-box", *job.stock_box_margin, names);
    if (*job.stock_box_margin < 0)
      refuse(name + " auto margin must be >= 0, got " + shortestDecimal(*job.stock_box_margin));
  }
  if (job.stock_cylinder) {
    const std::string name = settingName("stock-cylinder", names);
    const StockCylinder& cylinder = *job.stock_cylinder;
    for (const double value :
         {cylinder.base.x, cylinder.base.y, cylinder.base.z, cylinder.diameter, cylinder.height})
      checkSetting("stock-cylinder", value, names);
    if (!(cylinder.diameter > 0))
      refuse(name + " diameter must be > 0, got " + shortestDecimal(cylinder.diameter));
    if (!(cylinder.height > 0))
      refuse(name + " height must be > 0, got " + shortestDecimal(cylinder.height));
  }
}

}  // namespace

bool hasStock(const CheckJob& job) {
  const auto sources = stockSources(job);
  return std::any_of(sources.begin(), sources.end(), [](const auto& s) { return s.second; });
}

std::optional<StockFileFormat> stockFileFormat(const std::string& file) {
  const std::string name = lowered(file);
  if (name.ends_with(".stl")) return StockFileFormat::Stl;
  if (name.ends_with(".gcstock")) return StockFileFormat::Native;
  return std::nullopt;
}

void setStockBox(CheckJob& job, const std::string& value, SettingNames names) {
  if (value == "auto") {
    job.stock_box_margin = kDefaultStockMargin;
    return;
  }
  if (value.starts_with("auto:")) {
    if (const auto margin = numbers(value.substr(5), 1)) {
      job.stock_box_margin = (*margin)[0];
      return;
    }
  } else if (const auto corners = numbers(value, 6)) {
    const std::vector<double>& v = *corners;
    job.stock_box = std::array<Vec3, 2>{Vec3{v[0], v[1], v[2]}, Vec3{v[3], v[4], v[5]}};
    return;
  }
  throw UsageError(settingName("stock-box", names) +
                   " wants X0,Y0,Z0,X1,Y1,Z1 or auto[:MARGIN] (mm), got '" + value + "'");
}

void setStockCylinder(CheckJob& job, const std::string& value, SettingNames names) {
  const auto v = numbers(value, 5);
  if (!v)
    throw UsageError(settingName("stock-cylinder", names) +
                     " wants X,Y,Z0,DIAMETER,HEIGHT (mm), got '" + value + "'");
  job.stock_cylinder = StockCylinder{{(*v)[0], (*v)[1], (*v)[2]}, (*v)[3], (*v)[4]};
}

void checkStock(const CheckJob& job, SettingNames names) {
  const char* given = nullptr;
  for (const auto& [option, set] : stockSources(job)) {
    if (!set) continue;
    if (given)
      refuse(settingName(given, names) + " and " + settingName(option, names) +
             " both give the raw stock: give one");
    given = option;
  }
  checkStockShape(job, names);
  const auto needs_stock = [&](const char* option) {
    if (!hasStock(job))
      refuse(settingName(option, names) + " needs a stock: give " +
             settingName("stock-box", names) + ", " + settingName("stock-cylinder", names) + ", " +
             settingName("stock-model", names) + " or " + settingName("stock-in", names));
  };
  if (job.stock_resolution) {
    checkSetting("stock-resolution", *job.stock_resolution, names);
    needs_stock("stock-resolution");
  }
  if (job.stock_out) {
    needs_stock("stock-out");
    if (!stockFileFormat(*job.stock_out))
      refuse(settingName("stock-out", names) + ": '" + *job.stock_out +
             "' is neither .stl (a mesh) nor .gcstock (the exact columns)");
  }
  if (job.stock_in && stockFileFormat(*job.stock_in) != StockFileFormat::Native)
    refuse(settingName("stock-in", names) + ": '" + *job.stock_in + "' is no .gcstock file of " +
           settingName("stock-out", names) + " (a mesh is read by " +
           settingName("stock-model", names) + ")");
}

}  // namespace gougechek
