// gougechek-samplegen: makes the generated mold and its ball-end finishing programs, for
// samples/ and for the benchmarks.
//   gougechek-samplegen mold --grid N --out part.stl
//   gougechek-samplegen finish --grid N --tool-diameter D --stepover S --step T --out path.nc
//       [--substeps K] [--gouge MOVE:DEPTH]... [--rapid-through] [--buried-plunge]
#include <chrono>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "ball_drop_cutter.hpp"
#include "finish_program.hpp"
#include "gougechek/error.hpp"
#include "gougechek/part.hpp"
#include "mold_mesh.hpp"
#include "mold_shape.hpp"
#include "raster_finish.hpp"

namespace gougechek::samplegen {
namespace {

constexpr const char* kUsage =
    "usage: gougechek-samplegen mold --grid N --out part.stl\n"
    "       gougechek-samplegen finish --grid N --tool-diameter D --stepover S --step T\n"
    "           --out path.nc [--substeps K] [--gouge MOVE:DEPTH]... [--rapid-through]\n"
    "           [--buried-plunge]\n";

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The command's options: each --name with its values in order, and the flags given.
struct Arguments {
  std::map<std::string, std::vector<std::string>> values;
  std::set<std::string> flags;

  /// The last value of --name.
  const std::string& required(const std::string& name) const {
    const auto found = values.find(name);
    if (found == values.end()) throw UsageError("missing --" + name);
    return found->second.back();
  }
  std::vector<std::string> all(const std::string& name) const {
    const auto found = values.find(name);
    return found == values.end() ? std::vector<std::string>{} : found->second;
  }
};

Arguments parseArguments(int argc, char** argv, const std::set<std::string>& value_names,
                         const std::set<std::string>& flag_names = {}) {
  Arguments args;
  for (int i = 2; i < argc; ++i) {
    const std::string word = argv[i];
    const std::string name = word.starts_with("--") ? word.substr(2) : "";
    if (flag_names.contains(name)) {
      args.flags.insert(name);
    } else if (value_names.contains(name) && i + 1 < argc) {
      args.values[name].push_back(argv[++i]);
    } else {
      throw UsageError("unexpected argument '" + word + "'");
    }
  }
  return args;
}

double positiveNumber(const std::string& text, const std::string& what) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || !(value > 0))
    throw UsageError(what + ": '" + text + "' is not a positive number");
  return value;
}

int positiveInteger(const std::string& text, const std::string& what) {
  const double value = positiveNumber(text, what);
  if (value != static_cast<int>(value))
    throw UsageError(what + ": '" + text + "' is not an integer");
  return static_cast<int>(value);
}

InjectedGouge parseGouge(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw UsageError("--gouge '" + text + "': expected MOVE:DEPTH");
  return {static_cast<std::size_t>(positiveInteger(text.substr(0, colon), "--gouge move")),
          positiveNumber(text.substr(colon + 1), "--gouge depth")};
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int makeMold(int argc, char** argv) {
  const Arguments args = parseArguments(argc, argv, {"grid", "out"});
  const int grid = positiveInteger(args.required("grid"), "--grid");
  const auto start = std::chrono::steady_clock::now();
  const Mesh mold = makeMoldMesh(grid);
  writeStlBinary(mold, args.required("out"));
  std::cerr << "mold: " << mold.triangles.size() << " triangles, written in " << secondsSince(start)
            << " s\n";
  return 0;
}

int makeFinish(int argc, char** argv) {
  const Arguments args = parseArguments(
      argc, argv, {"grid", "tool-diameter", "stepover", "step", "substeps", "gouge", "out"},
      {"rapid-through", "buried-plunge"});
  const int grid = positiveInteger(args.required("grid"), "--grid");
  const double diameter = positiveNumber(args.required("tool-diameter"), "--tool-diameter");
  RasterSettings raster{kMoldLengthX, kMoldWidthY,
                        positiveNumber(args.required("stepover"), "--stepover"),
                        positiveNumber(args.required("step"), "--step"), 8};
  if (args.values.contains("substeps"))
    raster.substeps = positiveInteger(args.required("substeps"), "--substeps");
  FaultPlan faults;
  for (const std::string& gouge : args.all("gouge")) faults.gouges.push_back(parseGouge(gouge));
  faults.rapid_through = args.flags.contains("rapid-through");
  faults.buried_plunge = args.flags.contains("buried-plunge");
  const std::string& out_file = args.required("out");

  const auto start = std::chrono::steady_clock::now();
  const Mesh mold = makeMoldMesh(grid);
  const BallDropCutter cutter(mold, diameter / 2);
  const std::vector<Vec3> tips = ballRasterFinish(cutter, raster);
  const double raster_seconds = secondsSince(start);

  std::ofstream out(out_file);
  if (!out) throw InputError(out_file, 0, 0, "cannot create file");
  const std::string description = "gougechek-samplegen: ball D" + args.required("tool-diameter") +
                                  " raster finish of the mold, grid " + std::to_string(grid) +
                                  ", stepover " + args.required("stepover") + ", step " +
                                  args.required("step");
  const std::vector<WrittenFault> written = writeFinishProgram(out, tips, description, faults);
  out.close();
  if (!out) throw InputError(out_file, 0, 0, "cannot write file");
  std::cerr << "finish: " << tips.size() - 1 << " raster moves, dropped and checked in "
            << raster_seconds << " s, written in " << secondsSince(start) - raster_seconds
            << " s\n";
  for (const WrittenFault& fault : written)
    std::cerr << "  fault at line " << fault.line << ": " << fault.what << '\n';
  return 0;
}

}  // namespace
}  // namespace gougechek::samplegen

int main(int argc, char** argv) {
  using namespace gougechek::samplegen;
  try {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "mold") return makeMold(argc, argv);
    if (command == "finish") return makeFinish(argc, argv);
    throw UsageError(command.empty() ? "missing command" : "unknown command '" + command + "'");
  } catch (const UsageError& e) {
    std::cerr << "gougechek-samplegen: " << e.what() << '\n' << kUsage;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "gougechek-samplegen: " << e.what() << '\n';
    return 1;
  }
}
