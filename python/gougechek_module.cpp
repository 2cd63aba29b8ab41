// The Python module: gougechek.check() for one part and program, and Part, Program, Tools,
// Settings and verify() for pipelines that check many programs against one part. A thin layer
// over the C++ API (gougechek::step): reports are the CLI's, byte for byte.
#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "gougechek/check.hpp"
#include "gougechek/error.hpp"
#include "gougechek/step.hpp"
#include "gougechek/version.hpp"

namespace py = pybind11;

namespace gougechek {
namespace {

using Clock = std::chrono::steady_clock;

/// The least time between two calls of a Python progress callback: each call takes the GIL
/// from the worker threads, so it must stay rare.
constexpr auto kProgressInterval = std::chrono::milliseconds(100);

/// Millimetres per inch, for units="in".
constexpr double kMmPerInch = 25.4;

PyObject* input_error_type = nullptr;  ///< gougechek.InputError, created at import

/// A program as Python names it: read when a check runs, so one Program serves many checks.
struct ProgramSpec {
  std::optional<std::string> path;  ///< a file, or
  std::optional<std::string> text;  ///< the program itself
  std::string name;                 ///< what reports call it
  ProgramOptions options;

  ProgramStream open(const ToolLibrary& tools) const {
    ProgramOptions with_tools = options;
    addToolOffsets(with_tools, tools);
    return path ? ProgramStream::open(*path, with_tools)
                : ProgramStream::fromText(*text, name, with_tools);
  }
};

ProgramOptions programOptions(const std::string& dialect,
                              const std::optional<std::string>& work_offsets,
                              std::optional<double> arc_tolerance,
                              const std::vector<std::string>& subroutine_path,
                              const std::vector<std::string>& subprogram_dirs) {
  ProgramOptions options;
  options.dialect = dialectNamed(dialect, SettingNames::Identifier);
  if (work_offsets) options.parameters = readWorkOffsets(*work_offsets);
  if (arc_tolerance) checkSetting("arc-tolerance", *arc_tolerance, SettingNames::Identifier);
  options.arc_tolerance_mm = arc_tolerance;
  options.subroutine_path = subroutine_path;
  options.subprogram_dirs = subprogram_dirs;
  return options;
}

ToolLibrary makeTools(const std::optional<std::string>& tool,
                      const std::optional<std::string>& tool_table,
                      const std::vector<std::string>& tool_library) {
  ToolLibrary tools;
  if (tool_table) tools = readToolTable(*tool_table);
  for (const std::string& file : tool_library) mergeToolLibrary(tools, readToolLibrary(file));
  if (tool) tools.fallback = parseToolSpec(*tool, "tool");
  return tools;
}

/// STL units: "mm", "in", or millimetres per file unit.
double unitScale(const py::object& units) {
  if (py::isinstance<py::str>(units)) {
    const auto name = units.cast<std::string>();
    if (name == "mm") return 1;
    if (name == "in") return kMmPerInch;
    throw py::value_error("units must be 'mm', 'in' or millimetres per unit, not '" + name + "'");
  }
  return units.cast<double>();
}

Part loadPart(const std::filesystem::path& path, const py::object& units,
              std::optional<double> deflection, int threads) {
  PartOptions options;
  options.unit_scale = unitScale(units);
  options.deflection = deflection;
  options.threads = threads;
  py::gil_scoped_release released;
  return step::readPart(path.string(), options);
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
  explicit PyReport(Report report) : report_(std::move(report)) {
    for (const Violation& violation : report_.violations) tally_.add(violation);
    tally_ += report_.unlisted;
  }

  const Report& report() const { return report_; }
  const ViolationTally& tally() const { return tally_; }
  bool passed() const { return tally_.total() == 0; }

  std::string text(ReportFormat format) const {
    std::ostringstream out;
    writeReport(report_, format, out);
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
  ViolationTally tally_;
};

ReportFormat formatOf(const std::string& name) {
  if (const auto format = reportFormatFromName(name)) return *format;
  throw py::value_error("format must be 'text', 'json', 'csv', 'junit' or 'html', not '" + name +
                        "'");
}

PyReport runCheck(const Part& part, const ProgramSpec& program, const ToolLibrary& tools,
                  VerifySettings settings, py::object progress) {
  settings.progress = throttled(std::move(progress));
  py::gil_scoped_release released;
  ProgramStream stream = program.open(tools);
  return PyReport(check(part, stream, tools, settings));
}

py::tuple point(const Vec3& at) {
  return py::make_tuple(at.x, at.y, at.z);
}

VerifySettings makeSettings(double tolerance, double stock, double rapid_clearance,
                            double holder_clearance, std::optional<std::array<double, 3>> start,
                            std::optional<int> initial_tool, int threads) {
  VerifySettings settings;
  settings.tolerance = tolerance;
  settings.stock = stock;
  settings.rapid_clearance = rapid_clearance;
  settings.holder_clearance = holder_clearance;
  if (start) settings.start = Vec3{(*start)[0], (*start)[1], (*start)[2]};
  settings.initial_tool = initial_tool;
  settings.threads = threads;
  // The library's rules, as the CLI applies them; then, as the CLI does, a finer tolerance than
  // reports can show is raised to what they show.
  checkSettings(settings, SettingNames::Identifier);
  settings.tolerance = std::max(tolerance, kFinestTolerance);
  return settings;
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

PYBIND11_MODULE(gougechek, m) {
  using namespace gougechek;
  m.doc() =
      "gougechek: checks NC programs against the part they machine (gouges, rapid and "
      "holder collisions).";
  m.attr("__version__") = version();

  input_error_type = PyErr_NewExceptionWithDoc(
      "gougechek.InputError",
      "An input file is unreadable or wrong; .file, .line, .column (1-based, 0: not "
      "applicable) and .message say where and what.",
      PyExc_ValueError, nullptr);
  m.add_object("InputError", py::handle(input_error_type));
  py::register_exception_translator(&translateInputError);

  py::class_<ToolLibrary>(m, "Tools", "The cutters: one for every tool number, or a tool table.")
      .def(py::init(&makeTools), py::arg("tool") = py::none(), py::arg("tool_table") = py::none(),
           py::arg("tool_library") = std::vector<std::string>{},
           "tool: a cutter spec ('ball:6', 'bull:8:1,flute=25'); tool_table: a LinuxCNC tool "
           "table file; tool_library: tool library files (FreeCAD .fctl, Fusion 360 .json, "
           "LinuxCNC table). The spec serves tool numbers the others do not describe.")
      .def_property_readonly("numbers", [](const ToolLibrary& tools) {
        std::vector<int> numbers;
        for (const auto& entry : tools.by_number) numbers.push_back(entry.first);
        return numbers;
      });

  py::class_<VerifySettings>(m, "Settings", "How strictly to check.")
      .def(py::init(&makeSettings), py::arg("tolerance") = 0.01, py::arg("stock") = 0.0,
           py::arg("rapid_clearance") = 0.0, py::arg("holder_clearance") = 0.0,
           py::arg("start") = py::none(), py::arg("initial_tool") = py::none(),
           py::arg("threads") = 0,
           "Raises InputError with the CLI's message for a value it refuses (stock=-0.05: "
           "'stock must be >= 0, got -0.05').")
      .def_readonly("tolerance", &VerifySettings::tolerance)
      .def_readonly("stock", &VerifySettings::stock)
      .def_readonly("rapid_clearance", &VerifySettings::rapid_clearance)
      .def_readonly("holder_clearance", &VerifySettings::holder_clearance)
      .def_readonly("initial_tool", &VerifySettings::initial_tool)
      .def_readonly("threads", &VerifySettings::threads);

  py::class_<Part>(m, "Part",
                   "A part, read once; its search tree is built at the first check "
                   "and kept for the next.")
      .def_static("load", &loadPart, py::arg("path"), py::arg("units") = "mm",
                  py::arg("deflection") = py::none(), py::arg("threads") = 0,
                  "Reads an STL, STEP or IGES part. units: STL only, 'mm', 'in' or mm per "
                  "unit. deflection: STEP/IGES tessellation, mm (default 0.002).")
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

  py::class_<ProgramSpec>(m, "Program", "A G-code program, read each time it is checked.")
      .def_static(
          "load",
          [](const std::filesystem::path& path, const std::string& dialect,
             const std::optional<std::string>& work_offsets, std::optional<double> arc_tolerance,
             const std::vector<std::string>& subroutine_path,
             const std::vector<std::string>& subprogram_dirs) {
            return ProgramSpec{path.string(), std::nullopt, path.string(),
                               programOptions(dialect, work_offsets, arc_tolerance, subroutine_path,
                                              subprogram_dirs)};
          },
          py::arg("path"), py::arg("dialect") = "linuxcnc", py::arg("work_offsets") = py::none(),
          py::arg("arc_tolerance") = py::none(),
          py::arg("subroutine_path") = std::vector<std::string>{},
          py::arg("subprogram_dirs") = std::vector<std::string>{},
          "A program file. dialect: 'linuxcnc', 'fanuc', 'haas' or 'grbl'; work_offsets: a "
          "LinuxCNC .var file; arc_tolerance: mm.")
      .def_static(
          "from_string",
          [](std::string text, std::string name, const std::string& dialect,
             const std::optional<std::string>& work_offsets, std::optional<double> arc_tolerance) {
            return ProgramSpec{std::nullopt, std::move(text), std::move(name),
                               programOptions(dialect, work_offsets, arc_tolerance, {}, {})};
          },
          py::arg("text"), py::arg("name") = "<string>", py::arg("dialect") = "linuxcnc",
          py::arg("work_offsets") = py::none(), py::arg("arc_tolerance") = py::none(),
          "A program given as text; name stands for it in reports and errors.")
      .def_readonly("name", &ProgramSpec::name);

  py::class_<PyReport>(m, "Report", "The result of a check, as the CLI reports it.")
      .def_property_readonly("status",
                             [](const PyReport& r) { return r.passed() ? "pass" : "fail"; })
      .def_property_readonly("passed", &PyReport::passed)
      .def_property_readonly("counts",
                             [](const PyReport& r) {
                               const ViolationTally& t = r.tally();
                               py::dict counts;
                               counts["gouges"] = t.gouges;
                               counts["rapid_collisions"] = t.rapid_collisions;
                               counts["holder_collisions"] = t.holder_collisions;
                               counts["total"] = t.total();
                               counts["listed"] = r.report().violations.size();
                               counts["max_depth"] = t.max_depth;
                               return counts;
                             })
      .def_property_readonly("moves", [](const PyReport& r) { return r.report().moves; })
      .def_property_readonly("program_lines",
                             [](const PyReport& r) { return r.report().path_lines; })
      .def_property_readonly("elapsed_s", [](const PyReport& r) { return r.report().elapsed_s; })
      .def_property_readonly("warnings",
                             [](const PyReport& r) {
                               py::list warnings;
                               for (const InputWarning& w : r.report().warnings) {
                                 py::dict entry;
                                 entry["file"] = w.file;
                                 entry["line"] = w.line;
                                 entry["message"] = w.message;
                                 warnings.append(entry);
                               }
                               return warnings;
                             })
      .def_property_readonly(
          "violations",
          [](const PyReport& r) {
            py::list violations;
            for (const Violation& v : r.report().violations) {
              py::dict entry;
              entry["kind"] = violationKindName(v.kind);
              entry["line"] = v.line;
              entry["move"] = v.move;
              entry["tool"] = v.tool;
              entry["depth"] = v.depth;
              entry["at"] = point(v.at);
              entry["severe"] = v.severe;
              entry["exact"] = v.exact;
              violations.append(entry);
            }
            return violations;
          },
          "The listed violations in program order, as dicts.")
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
          "to_json", [](const PyReport& r) { return r.text(ReportFormat::Json); },
          "The report as `gougechek --format json` writes it (schema gougechek-report/1).")
      .def(
          "to_string",
          [](const PyReport& r, const std::string& format) { return r.text(formatOf(format)); },
          py::arg("format") = "text", "The report in 'text', 'json', 'csv', 'junit' or 'html'.");

  m.def(
      "verify",
      [](const Part& part, const ProgramSpec& program, const ToolLibrary& tools,
         std::optional<VerifySettings> settings, py::object progress) {
        return runCheck(part, program, tools, settings.value_or(VerifySettings{}),
                        std::move(progress));
      },
      py::arg("part"), py::arg("program"), py::arg("tools"), py::arg("settings") = py::none(),
      py::arg("progress") = py::none(),
      "Checks program against part. progress(done, total) is called now and then (total 0 "
      "while the program's length is unknown). The GIL is released meanwhile.");

  m.def(
      "check",
      [](const std::filesystem::path& part, const std::filesystem::path& program,
         std::optional<std::string> tool, std::optional<std::string> tool_table,
         const std::vector<std::string>& tool_library, double tolerance, double stock,
         double rapid_clearance, double holder_clearance,
         std::optional<std::array<double, 3>> start, std::optional<int> initial_tool,
         const py::object& units, std::optional<double> deflection, const std::string& dialect,
         std::optional<std::string> work_offsets, std::optional<double> arc_tolerance, int threads,
         py::object progress) {
        const VerifySettings settings = makeSettings(
            tolerance, stock, rapid_clearance, holder_clearance, start, initial_tool, threads);
        // As the CLI: a deflection coarser than the tolerance allows is refused before the
        // part is read.
        if (deflection) {
          checkSetting("deflection", *deflection, SettingNames::Identifier);
          checkDeflection(*deflection, settings.tolerance, SettingNames::Identifier);
        }
        const ToolLibrary tools = makeTools(tool, tool_table, tool_library);
        const ProgramSpec spec{program.string(), std::nullopt, program.string(),
                               programOptions(dialect, work_offsets, arc_tolerance, {}, {})};
        const Part loaded =
            loadPart(part.string(), units,
                     deflection.value_or(largestDeflection(settings.tolerance)), threads);
        return runCheck(loaded, spec, tools, settings, std::move(progress));
      },
      py::arg("part"), py::arg("program"), py::kw_only(), py::arg("tool") = py::none(),
      py::arg("tool_table") = py::none(), py::arg("tool_library") = std::vector<std::string>{},
      py::arg("tolerance") = 0.01, py::arg("stock") = 0.0, py::arg("rapid_clearance") = 0.0,
      py::arg("holder_clearance") = 0.0, py::arg("start") = py::none(),
      py::arg("initial_tool") = py::none(), py::arg("units") = "mm",
      py::arg("deflection") = py::none(), py::arg("dialect") = "linuxcnc",
      py::arg("work_offsets") = py::none(), py::arg("arc_tolerance") = py::none(),
      py::arg("threads") = 0, py::arg("progress") = py::none(),
      "gougechek PART PROGRAM with the CLI's options, as keywords: returns the Report "
      "(report.to_json() is the CLI's JSON). Raises InputError on bad input, and with the "
      "CLI's message on a setting the CLI refuses.");
}
