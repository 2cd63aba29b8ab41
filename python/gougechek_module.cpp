// The Python module: gougechek.check() runs one check as the command line does, and Part,
// Program, Tools, Settings and verify() check many programs against one part. Both describe a
// job of the job layer (gougechek/job.hpp) and run it there, the keywords named as the command
// line's options in snake case: the reports are the CLI's, byte for byte.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/error.hpp"
#include "gougechek/job.hpp"
#include "gougechek/step.hpp"
#include "gougechek/version.hpp"

namespace py = pybind11;

namespace gougechek {
namespace {

using Clock = std::chrono::steady_clock;

/// The least time between two calls of a Python progress callback: each call takes the GIL
/// from the worker threads, so it must stay rare.
constexpr auto kProgressInterval = std::chrono::milliseconds(100);

/// Millimetres per inch, for part_units="in".
constexpr double kMmPerInch = 25.4;

PyObject* input_error_type = nullptr;  ///< gougechek.InputError, created at import

/// A path given as str or os.PathLike.
std::string pathText(const py::handle& path) {
  return py::module_::import("os").attr("fspath")(path).cast<std::string>();
}

std::optional<std::string> optionalPath(const py::object& path) {
  if (path.is_none()) return std::nullopt;
  return pathText(path);
}

/// The values of a repeatable option: one path, or a sequence of them.
std::vector<std::string> pathList(const py::object& paths) {
  std::vector<std::string> list;
  if (paths.is_none()) return list;
  if (py::isinstance<py::str>(paths) || py::hasattr(paths, "__fspath__")) return {pathText(paths)};
  for (const py::handle item : paths) list.push_back(pathText(item));
  return list;
}

/// STL units: "mm", "in", or millimetres per file unit.
double unitScale(const py::object& units) {
  if (py::isinstance<py::str>(units)) {
    const auto name = units.cast<std::string>();
    if (name == "mm") return 1;
    if (name == "in") return kMmPerInch;
    throw py::value_error("part_units must be 'mm', 'in' or millimetres per unit, not '" + name +
                          "'");
  }
  return units.cast<double>();
}

std::optional<Vec3> point(const std::optional<std::array<double, 3>>& xyz) {
  if (!xyz) return std::nullopt;
  return Vec3{(*xyz)[0], (*xyz)[1], (*xyz)[2]};
}

/// The numbers of a sequence `value` of `count` of them, else InputError saying what `name`
/// wants.
std::vector<double> numbersOf(const py::object& value, std::size_t count, const std::string& name,
                              const std::string& wants) {
  std::vector<double> numbers;
  const auto refuse = [&]() -> std::vector<double> {
    throw InputError(
        "", 0, 0, name + " wants " + wants + " (mm), got " + py::repr(value).cast<std::string>());
  };
  if (py::isinstance<py::str>(value) || !py::isinstance<py::sequence>(value)) return refuse();
  for (const py::handle item : value) {
    try {
      numbers.push_back(item.cast<double>());
    } catch (const py::cast_error&) {
      return refuse();
    }
  }
  if (numbers.size() != count) return refuse();
  return numbers;
}

/// The raw stock's keywords (docs/python.md): stock_box a sequence X0,Y0,Z0,X1,Y1,Z1 or "auto"
/// or "auto:MARGIN", stock_cylinder X,Y,Z0,DIAMETER,HEIGHT, the files, the resolution.
struct StockKeywords {
  py::object box = py::none(), cylinder = py::none(), model = py::none(), in = py::none();
  std::optional<double> resolution;
};

void setStock(CheckJob& job, const StockKeywords& stock) {
  constexpr const char* kBoxWants = "X0,Y0,Z0,X1,Y1,Z1 or 'auto[:MARGIN]'";
  if (py::isinstance<py::str>(stock.box)) {
    const auto text = stock.box.cast<std::string>();
    if (text == "auto") {
      job.stock_box_margin = kDefaultStockMargin;
    } else if (text.starts_with("auto:")) {
      try {
        std::size_t used = 0;
        job.stock_box_margin = std::stod(text.substr(5), &used);
        if (used != text.size() - 5) throw std::invalid_argument(text);
      } catch (const std::logic_error&) {
        throw InputError("", 0, 0,
                         std::string("stock_box wants ") + kBoxWants + " (mm), got '" + text + "'");
      }
    } else {
      numbersOf(stock.box, 6, "stock_box", kBoxWants);
    }
  } else if (!stock.box.is_none()) {
    const std::vector<double> v = numbersOf(stock.box, 6, "stock_box", kBoxWants);
    job.stock_box = std::array<Vec3, 2>{Vec3{v[0], v[1], v[2]}, Vec3{v[3], v[4], v[5]}};
  }
  if (!stock.cylinder.is_none()) {
    const std::vector<double> v =
        numbersOf(stock.cylinder, 5, "stock_cylinder", "X,Y,Z0,DIAMETER,HEIGHT");
    job.stock_cylinder = StockCylinder{{v[0], v[1], v[2]}, v[3], v[4]};
  }
  job.stock_model = optionalPath(stock.model);
  job.stock_in = optionalPath(stock.in);
  job.stock_resolution = stock.resolution;
}

/// The excess's keywords (docs/checking-rules.md "Excess"): excess, excess_spacing,
/// excess_tolerance, fail_on_excess. checkJob holds them to the CLI's rules (a setting without
/// excess=True is refused, as --excess-spacing without --excess).
struct ExcessKeywords {
  bool excess = false;
  std::optional<double> spacing, tolerance, fail_above;
};

void setExcess(CheckJob& job, const ExcessKeywords& excess) {
  job.excess = excess.excess;
  job.excess_spacing = excess.spacing;
  job.excess_tolerance = excess.tolerance;
  job.fail_on_excess = excess.fail_above;
}

/// The stock to leave, as `stock` or `stock_to_leave` gives it (not both).
double stockToLeave(double stock, std::optional<double> stock_to_leave) {
  if (!stock_to_leave) return stock;
  if (stock != 0)
    throw InputError("", 0, 0, "stock and stock_to_leave both give the stock to leave: give one");
  checkSetting("stock-to-leave", *stock_to_leave, SettingNames::Identifier);
  return *stock_to_leave;
}

/// A program as Python names it: the program part of a job, read when a check runs.
struct ProgramSpec {
  CheckJob job;
};

/// The tools part of a job; `library` is what they read to, for `numbers` and to refuse a
/// wrong tool at once.
struct ToolsSpec {
  CheckJob job;
  ToolLibrary library;
};

/// The settings part of a job.
struct SettingsSpec {
  CheckJob job;
};

ProgramSpec makeProgram(std::string name, std::optional<std::string> text,
                        const std::string& dialect, const py::object& work_offsets,
                        std::optional<double> arc_tolerance, const py::object& subroutine_path,
                        const py::object& subprogram_dir) {
  ProgramSpec program;
  program.job.path_file = std::move(name);
  program.job.path_text = std::move(text);
  program.job.dialect = dialectNamed(dialect, SettingNames::Identifier);
  program.job.work_offsets = optionalPath(work_offsets);
  program.job.arc_tolerance = arc_tolerance;
  program.job.subroutine_path = pathList(subroutine_path);
  program.job.subprogram_dirs = pathList(subprogram_dir);
  checkJob(program.job);
  return program;
}

ToolsSpec makeTools(std::optional<std::string> tool, const py::object& tool_table,
                    const py::object& tool_library, std::optional<std::string> holder) {
  ToolsSpec tools;
  tools.job.tool = std::move(tool);
  tools.job.tool_table = optionalPath(tool_table);
  tools.job.tool_libraries = pathList(tool_library);
  tools.job.holder = std::move(holder);
  tools.library = loadTools(tools.job, SettingNames::Identifier);
  return tools;
}

/// The machine's keywords (fixture=, fixture_transform=, fixture_clearance=, rapid_path=,
/// rapid_rates=) into `job`; checkJob holds them to the CLI's rules.
void setMachine(CheckJob& job, const py::object& fixture, const py::object& fixture_transform,
                double fixture_clearance, const std::string& rapid_path,
                std::optional<std::array<double, 3>> rapid_rates) {
  job.fixtures = pathList(fixture);
  job.fixture_transforms = pathList(fixture_transform);
  job.fixture_clearance = fixture_clearance;
  job.rapid_path = rapidPathNamed(rapid_path, SettingNames::Identifier);
  job.rapid_rates = point(rapid_rates);
}

SettingsSpec makeSettings(
    double tolerance, double stock, double rapid_clearance, double holder_clearance,
    std::optional<std::array<double, 3>> start, std::optional<int> initial_tool, int threads,
    const py::object& fixture, const py::object& fixture_transform, double fixture_clearance,
    const std::string& rapid_path, std::optional<std::array<double, 3>> rapid_rates,
    std::optional<double> stock_to_leave, const py::object& stock_box,
    const py::object& stock_cylinder, const py::object& stock_model, const py::object& stock_in,
    std::optional<double> stock_resolution, bool excess, std::optional<double> excess_spacing,
    std::optional<double> excess_tolerance, std::optional<double> fail_on_excess) {
  SettingsSpec settings;
  setMachine(settings.job, fixture, fixture_transform, fixture_clearance, rapid_path, rapid_rates);
  settings.job.tolerance = tolerance;
  settings.job.stock = stockToLeave(stock, stock_to_leave);
  setStock(settings.job, {stock_box, stock_cylinder, stock_model, stock_in, stock_resolution});
  setExcess(settings.job, {excess, excess_spacing, excess_tolerance, fail_on_excess});
  settings.job.rapid_clearance = rapid_clearance;
  settings.job.holder_clearance = holder_clearance;
  settings.job.start = point(start);
  settings.job.initial_tool = initial_tool;
  settings.job.threads = threads;
  checkJob(settings.job);
  return settings;
}

/// The outputs of a job: report files (format from the extension), the HTML table's rows,
/// the mesh, and whether to draw the HTML page's pictures.
void setOutputs(CheckJob& job, const py::object& report, std::size_t html_violations,
                const py::object& export_mesh, bool pictures) {
  for (std::string& file : pathList(report)) {
    const std::optional<ReportFormat> format = reportFormatOfFile(file);
    if (!format)
      throw py::value_error("report: cannot tell the format of '" + file +
                            "' from its extension (.txt .json .csv .xml .html)");
    job.reports.push_back({std::move(file), *format});
  }
  job.html_violations = html_violations;
  job.export_mesh = optionalPath(export_mesh);
  // An HTML report file draws them whatever `pictures` says, so the report can show its page.
  job.pictures = pictures || std::any_of(job.reports.begin(), job.reports.end(),
                                         [](const ReportTarget& target) {
                                           return target.format == ReportFormat::Html;
                                         });
}

/// `progress(done, total)` called from the check's worker threads, at most every
/// kProgressInterval, with the GIL taken. An exception it raises stops the check.
std::function<void(std::size_t, std::size_t)> throttled(py::object progress) {
  if (progress.is_none()) return {};
  struct Throttle {
    py::object callback;
    std::mutex calling;
    Clock::time_point next = Clock::now();
    ~Throttle() {
      py::gil_scoped_acquire gil;
      callback = py::object();
    }
  };
  auto throttle = std::make_shared<Throttle>();
  throttle->callback = std::move(progress);
  return [throttle](std::size_t done, std::size_t total) {
    std::unique_lock lock(throttle->calling, std::try_to_lock);
    if (!lock.owns_lock() || Clock::now() < throttle->next) return;
    throttle->next = Clock::now() + kProgressInterval;
    py::gil_scoped_acquire gil;
    throttle->callback(done, total);
  };
}

/// What a Python check returns: the report, and its findings as NumPy arrays.
class PyReport {
 public:
  PyReport(Report report, bool pictures) : report_(std::move(report)), pictures_(pictures) {
    for (const Violation& violation : report_.violations) tally_.add(violation);
    tally_ += report_.unlisted;
  }

  const Report& report() const { return report_; }
  const ViolationTally& tally() const { return tally_; }
  /// No violation, no error, and no excess above fail_on_excess (the JSON's status "pass").
  bool passed() const {
    return tally_.total() == 0 && !report_.error && !(report_.excess && report_.excess->fails());
  }

  /// The report in `format`; the HTML page only when its pictures were drawn, since a page
  /// without them would not be the command line's.
  std::string text(const std::string& name) const {
    const std::optional<ReportFormat> format = reportFormatFromName(name);
    if (!format)
      throw py::value_error(
          "format must be 'text', 'json', 'csv', 'junit', 'html', 'sarif' or "
          "'codequality', not '" +
          name + "'");
    if (*format == ReportFormat::Html && !pictures_)
      throw py::value_error(
          "the HTML report needs the pictures, drawn while the part is in memory: check with "
          "pictures=True");
    std::ostringstream out;
    writeReport(report_, *format, out);
    return out.str();
  }

  template <class T, class Field>
  py::array_t<T> column(Field field) const {
    py::array_t<T> values(static_cast<py::ssize_t>(report_.violations.size()));
    auto view = values.template mutable_unchecked<1>();
    for (std::size_t i = 0; i < report_.violations.size(); ++i) {
      view(static_cast<py::ssize_t>(i)) = static_cast<T>(field(report_.violations[i]));
    }
    return values;
  }

  py::array_t<double> positions() const {
    const auto count = static_cast<py::ssize_t>(report_.violations.size());
    py::array_t<double> values({count, py::ssize_t{3}});
    auto view = values.mutable_unchecked<2>();
    for (py::ssize_t i = 0; i < count; ++i) {
      const Vec3& at = report_.violations[static_cast<std::size_t>(i)].at;
      for (int axis = 0; axis < 3; ++axis) view(i, axis) = at[axis];
    }
    return values;
  }

 private:
  Report report_;
  bool pictures_ = false;
  ViolationTally tally_;
};

/// Runs `job` through the job layer with the GIL released; `part`, when given, is checked
/// instead of reading job.part_file.
PyReport run(const CheckJob& job, const Part* part, py::object progress) {
  JobHooks hooks;
  hooks.progress = throttled(std::move(progress));
  if (part) hooks.read_part = [part](const std::string&, const PartOptions&) { return *part; };
  const bool pictures = job.pictures;
  py::gil_scoped_release released;
  Report report = step::runJob(job, hooks);
  return PyReport(std::move(report), pictures);
}

py::tuple xyz(const Vec3& at) {
  return py::make_tuple(at.x, at.y, at.z);
}

py::dict violationDict(const Report& report, const Violation& v) {
  py::dict entry;
  entry["kind"] = violationKindName(v.kind);
  entry["line"] = v.line;
  entry["move"] = v.move;
  entry["tool"] = v.tool;
  entry["depth"] = v.depth;
  entry["at"] = xyz(v.at);
  entry["severe"] = v.severe;
  entry["exact"] = v.exact;
  entry["segment"] = segmentName(report, v);
  if (v.kind == ViolationKind::FixtureCollision) entry["fixture"] = fixtureName(report, v);
  entry["cause"] = v.kind == ViolationKind::StockCollision
                       ? py::object(py::str(stockCauseName(v.cause)))
                       : py::object(py::none());
  return entry;
}

py::list airCutsList(const std::vector<AirCuts>& totals, bool with_operation) {
  py::list list;
  for (const AirCuts& air : totals) {
    py::dict entry;
    if (with_operation) entry["operation"] = air.operation;
    entry["tool"] = air.tool;
    entry["moves"] = air.moves;
    entry["length"] = air.length;
    entry["time_s"] = air.time;
    list.append(entry);
  }
  return list;
}

/// The raw stock's summary as the JSON report's "stock" holds it; None without a stock.
py::object stockDict(const Report& report) {
  if (!report.raw_stock) return py::none();
  const StockReport& stock = *report.raw_stock;
  py::dict entry;
  entry["shape"] = stock.shape;
  entry["resolution"] = stock.resolution;
  entry["columns"] = stock.columns;
  entry["bytes"] = stock.bytes;
  entry["volume_before"] = stock.volume_before;
  entry["volume_removed"] = stock.volume_removed;
  py::dict air;
  air["by_tool"] = airCutsList(stock.by_tool, false);
  air["by_operation"] = airCutsList(stock.by_operation, true);
  entry["air_cuts"] = air;
  return entry;
}

/// A region of the excess as the JSON report's "excess" holds it: the bracket [lo, hi] of its
/// largest excess unrounded; face only on a STEP/IGES part, the move only when machined.
py::dict excessRegionDict(const ExcessRegion& region) {
  py::dict entry;
  entry["lo"] = region.lo;
  entry["hi"] = region.hi;
  entry["certified"] = region.certified();
  entry["area"] = region.area;
  entry["facets"] = region.facets;
  entry["at"] = xyz(region.at);
  if (region.face) entry["face"] = *region.face;
  if (region.machined) {
    entry["move"] = region.move;
    entry["line"] = region.line;
    entry["tool"] = region.tool;
    entry["operation"] = region.operation;
  }
  return entry;
}

/// The excess as the JSON report's "excess" holds it (to None for the last band); None when
/// the check did not measure it.
py::object excessDict(const Report& report) {
  if (!report.excess || report.error) return py::none();
  const ExcessReport& excess = *report.excess;
  py::dict entry;
  entry["spacing"] = excess.spacing;
  entry["tolerance"] = excess.tolerance;
  entry["stock_to_leave"] = excess.stock_to_leave;
  if (excess.fail_above) entry["fail_above"] = *excess.fail_above;
  entry["fails"] = excess.fails();
  entry["cap"] = excess.cap;
  entry["samples"] = excess.samples;
  entry["area"] = excess.area;
  py::dict max;
  max["lo"] = excess.max_lo;
  max["hi"] = excess.max_hi;
  entry["max"] = max;
  py::list bands;
  for (const ExcessBand& band : excess.bands) {
    py::dict item;
    item["from"] = band.from;
    item["to"] = std::isinf(band.to) ? py::object(py::none()) : py::object(py::float_(band.to));
    item["area"] = band.area;
    bands.append(item);
  }
  entry["bands"] = bands;
  entry["not_machined_area"] = excess.not_machined_area;
  py::list regions, not_machined;
  for (const ExcessRegion& region : excess.regions) regions.append(excessRegionDict(region));
  for (const ExcessRegion& region : excess.not_machined)
    not_machined.append(excessRegionDict(region));
  entry["regions"] = regions;
  entry["not_machined"] = not_machined;
  return entry;
}

py::dict traceDict(const Trace& trace) {
  py::dict entry;
  entry["command"] = trace.command;
  entry["checked_at"] = trace.checked_at;
  entry["dialect"] = trace.dialect;
  py::list inputs;
  for (const TracedInput& input : trace.inputs) {
    py::dict item;
    item["role"] = input.role;
    item["file"] = input.file;
    item["sha256"] = input.sha256;
    inputs.append(item);
  }
  entry["inputs"] = inputs;
  return entry;
}

void translateInputError(std::exception_ptr error) {
  try {
    if (error) std::rethrow_exception(error);
  } catch (const InputError& input) {
    py::object raised = py::reinterpret_borrow<py::object>(input_error_type)(input.what());
    raised.attr("file") = input.file();
    raised.attr("line") = input.line();
    raised.attr("column") = input.column();
    raised.attr("message") = input.message();
    PyErr_SetObject(input_error_type, raised.ptr());
  }
}

}  // namespace
}  // namespace gougechek

namespace gougechek {
namespace {

/// The job of verify(): the program's, the tools' and the settings' parts of it together.
CheckJob jobOf(const ProgramSpec& program, const ToolsSpec& tools, const SettingsSpec& settings) {
  CheckJob job = settings.job;
  job.path_file = program.job.path_file;
  job.path_text = program.job.path_text;
  job.dialect = program.job.dialect;
  job.work_offsets = program.job.work_offsets;
  job.arc_tolerance = program.job.arc_tolerance;
  job.subroutine_path = program.job.subroutine_path;
  job.subprogram_dirs = program.job.subprogram_dirs;
  job.tool = tools.job.tool;
  job.tool_table = tools.job.tool_table;
  job.tool_libraries = tools.job.tool_libraries;
  job.holder = tools.job.holder;
  return job;
}

void bindTools(py::module_& m) {
  py::class_<ToolsSpec>(m, "Tools",
                        "The cutters, as check()'s tool, tool_table, tool_library and holder "
                        "describe them.")
      .def(py::init(&makeTools), py::arg("tool") = py::none(), py::arg("tool_table") = py::none(),
           py::arg("tool_library") = py::none(), py::arg("holder") = py::none(),
           "tool: a cutter spec ('ball:6', 'bull:8:1,flute=25') for the tool numbers nothing "
           "else describes; tool_table: a LinuxCNC tool table; tool_library: tool library "
           "files (FreeCAD .fctl, Fusion 360 .json, LinuxCNC table), one or a list; holder: "
           "'ER16'..'ER40', 'shrink:D', 'sidelock:D' or a holder profile file, for the tools "
           "without their own. Raises InputError for a file or spec that is wrong.")
      .def_property_readonly(
          "numbers",
          [](const ToolsSpec& tools) {
            std::vector<int> numbers;
            for (const auto& entry : tools.library.by_number) numbers.push_back(entry.first);
            return numbers;
          },
          "The tool numbers the table and libraries describe, ascending.");
}

void bindSettings(py::module_& m) {
  py::class_<SettingsSpec>(m, "Settings", "How strictly to check, as check()'s keywords say.")
      .def(py::init(&makeSettings), py::arg("tolerance") = 0.01, py::arg("stock") = 0.0,
           py::arg("rapid_clearance") = 0.0, py::arg("holder_clearance") = 0.0,
           py::arg("start") = py::none(), py::arg("initial_tool") = py::none(),
           py::arg("threads") = 0, py::arg("fixture") = py::none(),
           py::arg("fixture_transform") = py::none(), py::arg("fixture_clearance") = 0.0,
           py::arg("rapid_path") = "linear", py::arg("rapid_rates") = py::none(), py::kw_only(),
           py::arg("stock_to_leave") = py::none(), py::arg("stock_box") = py::none(),
           py::arg("stock_cylinder") = py::none(), py::arg("stock_model") = py::none(),
           py::arg("stock_in") = py::none(), py::arg("stock_resolution") = py::none(),
           py::arg("excess") = false, py::arg("excess_spacing") = py::none(),
           py::arg("excess_tolerance") = py::none(), py::arg("fail_on_excess") = py::none(),
           "Raises InputError with the CLI's message for a value it refuses (stock=-0.05: "
           "'stock must be >= 0, got -0.05'). fixture: fixture files (STL, STEP, IGES), one or "
           "a list, each placed by the fixture_transform of its place ('translate X,Y,Z', "
           "'rotate-z DEG', ...); rapid_path 'dogleg' with rapid_rates (X, Y, Z) mm/min. "
           "stock_to_leave: the same as stock. The raw stock (check()'s keywords of that name): "
           "stock_box (X0,Y0,Z0,X1,Y1,Z1), 'auto' or 'auto:MARGIN'; stock_cylinder "
           "(X,Y,Z0,DIAMETER,HEIGHT); stock_model (STL, STEP, IGES); stock_in (.gcstock); "
           "stock_resolution (mm). The excess (check()'s keywords of that name): excess=True "
           "measures it; excess_spacing, excess_tolerance, fail_on_excess (mm) need it.")
      .def_property_readonly("tolerance", [](const SettingsSpec& s) { return s.job.tolerance; })
      .def_property_readonly("stock", [](const SettingsSpec& s) { return s.job.stock; })
      .def_property_readonly("rapid_clearance",
                             [](const SettingsSpec& s) { return s.job.rapid_clearance; })
      .def_property_readonly("holder_clearance",
                             [](const SettingsSpec& s) { return s.job.holder_clearance; })
      .def_property_readonly("initial_tool",
                             [](const SettingsSpec& s) { return s.job.initial_tool; })
      .def_property_readonly("threads", [](const SettingsSpec& s) { return s.job.threads; })
      .def_property_readonly("fixtures", [](const SettingsSpec& s) { return s.job.fixtures; })
      .def_property_readonly("fixture_clearance",
                             [](const SettingsSpec& s) { return s.job.fixture_clearance; })
      .def_property_readonly("rapid_path",
                             [](const SettingsSpec& s) { return rapidPathName(s.job.rapid_path); })
      .def_property_readonly("excess", [](const SettingsSpec& s) { return s.job.excess; });
}

void bindPart(py::module_& m) {
  py::class_<Part>(m, "Part",
                   "A part, read once; its search tree is built at the first check "
                   "and kept for the next.")
      .def_static(
          "load",
          [](const py::object& path, const py::object& units, std::optional<double> deflection,
             int threads) {
            PartOptions options;
            options.unit_scale = unitScale(units);
            options.deflection = deflection;
            options.threads = threads;
            const std::string file = pathText(path);
            py::gil_scoped_release released;
            return step::readPart(file, options);
          },
          py::arg("path"), py::arg("units") = "mm", py::arg("deflection") = py::none(),
          py::arg("threads") = 0,
          "Reads an STL, STEP or IGES part. units: STL only, 'mm', 'in' or mm per unit. "
          "deflection: STEP/IGES tessellation, mm (default 0.002).")
      .def_property_readonly("file", &Part::file)
      .def_property_readonly("format", &Part::format)
      .def_property_readonly("units", &Part::units)
      .def_property_readonly("faces", &Part::faces)
      .def_property_readonly("solids", &Part::solids)
      .def_property_readonly("deflection", &Part::deflection)
      .def_property_readonly("triangle_count",
                             [](const Part& part) { return part.mesh().triangles.size(); })
      .def_property_readonly("warnings",
                             [](const Part& part) { return part.diagnostics().warnings; });
}

void bindProgram(py::module_& m) {
  py::class_<ProgramSpec>(m, "Program", "A G-code program, read each time it is checked.")
      .def_static(
          "load",
          [](const py::object& path, const std::string& dialect, const py::object& work_offsets,
             std::optional<double> arc_tolerance, const py::object& subroutine_path,
             const py::object& subprogram_dir) {
            return makeProgram(pathText(path), std::nullopt, dialect, work_offsets, arc_tolerance,
                               subroutine_path, subprogram_dir);
          },
          py::arg("path"), py::arg("dialect") = "linuxcnc", py::arg("work_offsets") = py::none(),
          py::arg("arc_tolerance") = py::none(), py::arg("subroutine_path") = py::none(),
          py::arg("subprogram_dir") = py::none(),
          "A program file. dialect: 'linuxcnc', 'fanuc', 'haas' or 'grbl'; work_offsets: a "
          "LinuxCNC .var file; arc_tolerance: mm; subroutine_path, subprogram_dir: directories "
          "searched for called subprograms, one or a list.")
      .def_static(
          "from_string",
          [](std::string text, std::string name, const std::string& dialect,
             const py::object& work_offsets, std::optional<double> arc_tolerance) {
            return makeProgram(std::move(name), std::move(text), dialect, work_offsets,
                               arc_tolerance, py::none(), py::none());
          },
          py::arg("text"), py::arg("name") = "<string>", py::arg("dialect") = "linuxcnc",
          py::arg("work_offsets") = py::none(), py::arg("arc_tolerance") = py::none(),
          "A program given as text; name stands for it in reports and errors.")
      .def_property_readonly("name", [](const ProgramSpec& p) { return p.job.path_file; });
}

}  // namespace
}  // namespace gougechek

namespace gougechek {
namespace {

py::dict countsOf(const PyReport& r) {
  const ViolationTally& t = r.tally();
  py::dict counts;
  counts["gouges"] = t.gouges;
  counts["rapid_collisions"] = t.rapid_collisions;
  counts["holder_collisions"] = t.holder_collisions;
  counts["stock_collisions"] = t.stock_collisions;
  counts["fixture_collisions"] = t.fixture_collisions;
  counts["total"] = t.total();
  counts["listed"] = r.report().violations.size();
  counts["max_depth"] = t.max_depth;
  return counts;
}

py::list warningsOf(const PyReport& r) {
  py::list warnings;
  for (const InputWarning& w : r.report().warnings) {
    py::dict entry;
    entry["file"] = w.file;
    entry["line"] = w.line;
    entry["message"] = w.message;
    warnings.append(entry);
  }
  return warnings;
}

/// The summary and the listed findings of a report, as Python values.
void bindReportFindings(py::class_<PyReport>& report) {
  report
      .def_property_readonly("status",
                             [](const PyReport& r) { return r.passed() ? "pass" : "fail"; })
      .def_property_readonly("passed", &PyReport::passed, "No violation was found.")
      .def_property_readonly("counts", &countsOf,
                             "gouges, rapid_collisions, holder_collisions, stock_collisions, "
                             "fixture_collisions, total, listed and max_depth (mm), as a dict.")
      .def_property_readonly(
          "stock", [](const PyReport& r) { return stockDict(r.report()); },
          "The raw stock, when one was given (else None): shape, resolution (mm), columns, "
          "bytes, volume_before and volume_removed (mm³), air_cuts by_tool and by_operation.")
      .def_property_readonly(
          "excess", [](const PyReport& r) { return excessDict(r.report()); },
          "The excess, when measured (excess=True; else None), as the JSON report's: spacing, "
          "tolerance, stock_to_leave, fail_above, fails, cap, samples, area (mm²), max {lo, hi} "
          "(mm, the largest excess proven within), bands (from, to, area), not_machined_area, "
          "regions and not_machined (lo, hi, area, facets, at, face; move, line, tool and "
          "operation for a machined region).")
      .def_property_readonly("moves", [](const PyReport& r) { return r.report().moves; })
      .def_property_readonly("program_lines",
                             [](const PyReport& r) { return r.report().path_lines; })
      .def_property_readonly("elapsed_s", [](const PyReport& r) { return r.report().elapsed_s; })
      .def_property_readonly("warnings", &warningsOf,
                             "What the inputs' reading found, as dicts of file, line, message.")
      .def_property_readonly(
          "trace", [](const PyReport& r) { return traceDict(*r.report().trace); },
          "What was checked, by what, when: command (the CLI command line that runs the same "
          "check), checked_at, dialect and the inputs with their SHA-256.")
      .def_property_readonly(
          "violations",
          [](const PyReport& r) {
            py::list violations;
            for (const Violation& v : r.report().violations)
              violations.append(violationDict(r.report(), v));
            return violations;
          },
          "The listed violations in program order, as dicts (segment: the assembly piece a "
          "holder, stock or fixture collision touched; cause: why a stock collision is one, "
          "'rapid', 'non_cutting', 'above_flutes' or 'centre_plunge', else None; fixture: the "
          "file of the fixture a fixture collision came near).");
}

/// The listed findings as NumPy columns, and the report in every format.
void bindReportArrays(py::class_<PyReport>& report) {
  report
      .def_property_readonly(
          "depths",
          [](const PyReport& r) {
            return r.column<double>([](const Violation& v) { return v.depth; });
          },
          "Depth of each listed violation, mm (NumPy float64).")
      .def_property_readonly(
          "lines",
          [](const PyReport& r) {
            return r.column<std::uint32_t>([](const Violation& v) { return v.line; });
          },
          "Program line of each listed violation (NumPy uint32).")
      .def_property_readonly(
          "move_numbers",
          [](const PyReport& r) {
            return r.column<std::uint32_t>([](const Violation& v) { return v.move; });
          },
          "1-based move of each listed violation (NumPy uint32).")
      .def_property_readonly(
          "severe",
          [](const PyReport& r) {
            return r.column<bool>([](const Violation& v) { return v.severe; });
          },
          "Whether each listed violation is severe (NumPy bool).")
      .def_property_readonly("positions", &PyReport::positions,
                             "Tool tip at the deepest point of each listed violation, mm "
                             "(NumPy float64, n × 3).")
      .def(
          "to_json", [](const PyReport& r) { return r.text("json"); },
          "The report as `gougechek --format json` writes it (schema gougechek-report/1).")
      .def("to_string", &PyReport::text, py::arg("format") = "text",
           "The report in 'text', 'json', 'csv', 'junit', 'html', 'sarif' or 'codequality', as "
           "the CLI writes it ('html' "
           "needs a check with pictures=True, the default).");
}

void bindVerify(py::module_& m) {
  m.def(
      "verify",
      [](const Part& part, const ProgramSpec& program, const ToolsSpec& tools,
         const std::optional<SettingsSpec>& settings, py::object progress, const py::object& report,
         std::size_t html_violations, bool pictures, const py::object& stock_out) {
        CheckJob job = jobOf(program, tools, settings.value_or(SettingsSpec{}));
        job.stock_out = optionalPath(stock_out);
        job.part_file = part.file();
        // The trace's command reads the part as it was read: a deflection other than the
        // tolerance's default is named (and held to the tolerance, as the CLI holds it).
        const double tolerance = std::max(job.tolerance, kFinestTolerance);
        if (part.deflection() && *part.deflection() != largestDeflection(tolerance))
          job.deflection = part.deflection();
        setOutputs(job, report, html_violations, py::none(), pictures);
        return run(job, &part, std::move(progress));
      },
      py::arg("part"), py::arg("program"), py::arg("tools"), py::arg("settings") = py::none(),
      py::arg("progress") = py::none(), py::kw_only(), py::arg("report") = py::none(),
      py::arg("html_violations") = kDefaultHtmlViolations, py::arg("pictures") = true,
      py::arg("stock_out") = py::none(),
      "Checks program against part, read once for many programs, as check() does. "
      "progress(done, total) is called now and then (total 0 while the program's length is "
      "unknown); an exception it raises stops the check. The GIL is released meanwhile.");
}

}  // namespace
}  // namespace gougechek

namespace gougechek {
namespace {

/// gougechek PART PROGRAM with the CLI's options as keywords, in its order (docs/cli.md).
PyReport checkFiles(const py::object& part, const py::object& program,
                    std::optional<std::string> tool, const py::object& tool_table,
                    const py::object& tool_library, std::optional<std::string> holder,
                    std::optional<int> initial_tool, const py::object& work_offsets,
                    const std::string& dialect, const py::object& subroutine_path,
                    const py::object& subprogram_dir, std::optional<double> arc_tolerance,
                    double tolerance, double stock, double rapid_clearance, double holder_clearance,
                    std::optional<std::array<double, 3>> start, const py::object& part_units,
                    std::optional<double> deflection, const py::object& fixture,
                    const py::object& fixture_transform, double fixture_clearance,
                    const std::string& rapid_path, std::optional<std::array<double, 3>> rapid_rates,
                    const py::object& export_mesh, const py::object& report,
                    std::size_t html_violations, int threads, bool pictures, py::object progress,
                    std::optional<double> stock_to_leave, const py::object& stock_box,
                    const py::object& stock_cylinder, const py::object& stock_model,
                    const py::object& stock_in, std::optional<double> stock_resolution,
                    const py::object& stock_out, bool excess, std::optional<double> excess_spacing,
                    std::optional<double> excess_tolerance, std::optional<double> fail_on_excess) {
  CheckJob job;
  setMachine(job, fixture, fixture_transform, fixture_clearance, rapid_path, rapid_rates);
  job.part_file = pathText(part);
  job.path_file = pathText(program);
  job.tool = std::move(tool);
  job.tool_table = optionalPath(tool_table);
  job.tool_libraries = pathList(tool_library);
  job.holder = std::move(holder);
  job.initial_tool = initial_tool;
  job.work_offsets = optionalPath(work_offsets);
  job.dialect = dialectNamed(dialect, SettingNames::Identifier);
  job.subroutine_path = pathList(subroutine_path);
  job.subprogram_dirs = pathList(subprogram_dir);
  job.arc_tolerance = arc_tolerance;
  job.tolerance = tolerance;
  job.stock = stockToLeave(stock, stock_to_leave);
  setStock(job, {stock_box, stock_cylinder, stock_model, stock_in, stock_resolution});
  job.stock_out = optionalPath(stock_out);
  setExcess(job, {excess, excess_spacing, excess_tolerance, fail_on_excess});
  job.rapid_clearance = rapid_clearance;
  job.holder_clearance = holder_clearance;
  job.start = point(start);
  job.part_unit_scale = unitScale(part_units);
  job.deflection = deflection;
  job.threads = threads;
  setOutputs(job, report, html_violations, export_mesh, pictures);
  return run(job, nullptr, std::move(progress));
}

void bindCheck(py::module_& m) {
  m.def("check", &checkFiles, py::arg("part"), py::arg("program"), py::kw_only(),
        py::arg("tool") = py::none(), py::arg("tool_table") = py::none(),
        py::arg("tool_library") = py::none(), py::arg("holder") = py::none(),
        py::arg("initial_tool") = py::none(), py::arg("work_offsets") = py::none(),
        py::arg("dialect") = "linuxcnc", py::arg("subroutine_path") = py::none(),
        py::arg("subprogram_dir") = py::none(), py::arg("arc_tolerance") = py::none(),
        py::arg("tolerance") = 0.01, py::arg("stock") = 0.0, py::arg("rapid_clearance") = 0.0,
        py::arg("holder_clearance") = 0.0, py::arg("start") = py::none(),
        py::arg("part_units") = "mm", py::arg("deflection") = py::none(),
        py::arg("fixture") = py::none(), py::arg("fixture_transform") = py::none(),
        py::arg("fixture_clearance") = 0.0, py::arg("rapid_path") = "linear",
        py::arg("rapid_rates") = py::none(), py::arg("export_mesh") = py::none(),
        py::arg("report") = py::none(), py::arg("html_violations") = kDefaultHtmlViolations,
        py::arg("threads") = 0, py::arg("pictures") = true, py::arg("progress") = py::none(),
        py::arg("stock_to_leave") = py::none(), py::arg("stock_box") = py::none(),
        py::arg("stock_cylinder") = py::none(), py::arg("stock_model") = py::none(),
        py::arg("stock_in") = py::none(), py::arg("stock_resolution") = py::none(),
        py::arg("stock_out") = py::none(), py::arg("excess") = false,
        py::arg("excess_spacing") = py::none(), py::arg("excess_tolerance") = py::none(),
        py::arg("fail_on_excess") = py::none(),
        "`gougechek PART PROGRAM [options]`: each keyword is the CLI's option in snake case "
        "(tool_library= for --tool-library, one file or a list; report= for --report, one "
        "file or a list, the format from the extension). Returns the Report, the CLI's in "
        "every format (report.to_json() is its JSON, report.to_string('html') its page; "
        "pictures=False skips the page's pictures, and the page). Raises InputError on bad "
        "input, with the CLI's message on a setting the CLI refuses. The raw stock: stock_box= "
        "(X0, Y0, Z0, X1, Y1, Z1), 'auto' or 'auto:MARGIN'; stock_cylinder=(X, Y, Z0, DIAMETER, "
        "HEIGHT); stock_model=, stock_in=, stock_out= files; stock_resolution= mm. The excess: "
        "excess=True measures the material left on the design (report.excess); "
        "excess_spacing=, excess_tolerance=, fail_on_excess= mm (a report with excess proven "
        "above fail_on_excess fails).");
}

}  // namespace
}  // namespace gougechek

PYBIND11_MODULE(gougechek, m) {
  using namespace gougechek;
  m.doc() =
      "gougechek: checks NC programs against the part they machine (gouges, rapid and holder "
      "collisions).\n\n"
      "check(part, program, **options) runs one check as `gougechek PART PROGRAM [options]` "
      "does, each keyword the CLI's option in snake case. For many programs against one part: "
      "Part.load once, then verify(part, Program.load(path), Tools(...), Settings(...)) for "
      "each. Both return a Report: counts, violations (also as NumPy arrays), warnings, the "
      "trace, and the CLI's report in every format.";
  m.attr("__version__") = version();

  input_error_type = PyErr_NewExceptionWithDoc(
      "gougechek.InputError",
      "An input file is unreadable or wrong; .file, .line, .column (1-based, 0: not "
      "applicable) and .message say where and what.",
      PyExc_ValueError, nullptr);
  m.add_object("InputError", py::handle(input_error_type));
  py::register_exception_translator(&translateInputError);

  bindTools(m);
  bindSettings(m);
  bindPart(m);
  bindProgram(m);
  py::class_<PyReport> report(m, "Report", "The result of a check, as the CLI reports it.");
  bindReportFindings(report);
  bindReportArrays(report);
  bindVerify(m);
  bindCheck(m);
}
