#pragma once
// A batch manifest (docs/batch.md): the jobs of a nightly run, written by hand in YAML.
//
//   defaults:                 # optional: every job starts from these
//     tolerance: 0.01
//   jobs:
//     - name: bracket-fanuc   # letters, digits, . _ - : it names the job's output folder
//       part: bracket/part.step
//       programs: [bracket/fanuc.nc]   # or program: one file; or setup: (below)
//       tool: flat:4,flute=25
//       dialect: fanuc
//       waivers:              # findings a person accepted: listed as waived, not failing
//         - kind: gouge       # optional: gouge, rapid_collision, holder_collision
//           program: fanuc.nc # optional: one program of the job, by file name
//           lines: 119-167    # lines: A-B, or line: N, and/or region: {min: [x,y,z], max: [...]}
//           max_depth: 0.02   # mm: a deeper finding is not waived
//           by: A. Machinist
//           reason: arc-fit bulge, removed by the finishing pass
//
// A job's `setup: [rough.nc, rest.nc, finish.nc]` in place of programs lists the programs of
// one setup in the order the machine runs them: each is checked from the raw stock the one
// before it left (the job gives the stock), so they run one after another. `stock-out: stl` (or
// gcstock) writes the stock each program (a setup: its last) leaves beside its reports.
//
// A job's settings are the check options of the command line, spelled as its long options
// without "--" (tool, tool-table, tool-library, holder, work-offsets, dialect, arc-tolerance,
// subroutine-path, subprogram-dir, tolerance, stock, rapid-clearance, holder-clearance, start,
// part-units, deflection) and checked by the same code. Files are relative to the manifest's
// folder.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gougechek/report.hpp"
#include "job/job_options.hpp"
#include "job/stock_options.hpp"

namespace gougechek {

/// A job's waiver: the violations it matches are listed as waived by `waiver`.
struct WaiverRule {
  std::optional<ViolationKind> kind;                  ///< unset: any kind
  std::optional<std::string> program;                 ///< a program's file name; unset: any
  std::optional<std::array<std::uint32_t, 2>> lines;  ///< first and last program line
  std::optional<std::array<Vec3, 2>> region;          ///< box (min, max) holding the `at`
  double max_depth = 0;                               ///< mm
  Waiver waiver;
  std::size_t line = 0;  ///< where it starts in the manifest

  /// Whether the waiver names `violation` of the program `program_file`: its kind, program,
  /// lines and region, whatever its depth.
  bool names(const std::string& program_file, const Violation& violation) const;
  /// Whether the waiver accepts `violation`: names it, and it is no deeper than max_depth.
  bool matches(const std::string& program_file, const Violation& violation) const {
    return names(program_file, violation) && violation.depth <= max_depth;
  }
};

struct ManifestJob {
  std::string name;
  std::vector<std::string> programs;  ///< as resolved against the manifest's folder
  /// `setup:`: the programs run in order on one setup, each from the stock the one before left.
  bool setup = false;
  /// `stock-out:` the format of the stock each program (a setup: its last) leaves beside its
  /// reports, jobs/JOB/PROGRAM.stl or .gcstock; unset: none (a setup's others leave .gcstock).
  std::optional<StockFileFormat> stock_out;
  TunedJob settings;  ///< part_file set, path_file empty
  std::vector<WaiverRule> waivers;
  std::size_t line = 0;  ///< where the job starts in the manifest, 1-based
};

struct Manifest {
  std::string file;
  std::string sha256;             ///< of the bytes read, lowercase hex
  std::vector<ManifestJob> jobs;  ///< in manifest order
};

/// Reads and checks the manifest `path`: YAML syntax, known keys, values as the command line
/// checks them, unique job names and program files. Throws InputError naming the manifest's
/// line and column.
Manifest readManifest(const std::string& path);

}  // namespace gougechek
