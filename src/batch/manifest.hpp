#pragma once
// A batch manifest (docs/batch.md): the jobs of a nightly run, written by hand in YAML.
//
//   defaults:                 # optional: every job starts from these
//     tolerance: 0.01
//   jobs:
//     - name: bracket-fanuc   # letters, digits, . _ - : it names the job's output folder
//       part: bracket/part.step
//       programs: [bracket/fanuc.nc]   # or program: one file
//       tool: flat:4,flute=25
//       dialect: fanuc
//
// A job's settings are the check options of the command line, spelled as its long options
// without "--" (tool, tool-table, work-offsets, dialect, arc-tolerance, subroutine-path,
// subprogram-dir, tolerance, stock, rapid-clearance, start, part-units, deflection) and checked
// by the same code. Files are relative to the manifest's folder.
#include <string>
#include <vector>

#include "batch/check_job.hpp"

namespace gougechek {

struct ManifestJob {
  std::string name;
  std::vector<std::string> programs;  ///< as resolved against the manifest's folder
  CheckJob settings;                  ///< part_file set, path_file empty
  std::size_t line = 0;               ///< where the job starts in the manifest, 1-based
};

struct Manifest {
  std::string file;
  std::vector<ManifestJob> jobs;  ///< in manifest order
};

/// Reads and checks the manifest `path`: YAML syntax, known keys, values as the command line
/// checks them, unique job names and program files. Throws InputError naming the manifest's
/// line and column.
Manifest readManifest(const std::string& path);

}  // namespace gougechek
